import type { TaskDevice } from '@lightwell/domain';
import { Card, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { useTaskQuery } from '../../../api/control';
import { FAILURE_REASONS } from '../../../features/control/tally';
import { TaskStatusTag, TaskSummaryView } from '../../../features/control/task-progress';

/** The last action's task: its progress and tally, and the outcome of each fitting. */
export function LastTask({ taskId }: { taskId: number }) {
  const { t } = useTranslation();
  const task = useTaskQuery(taskId).data;
  if (!task) return null;
  return (
    <Card size="small" title={t('emergencyPages.actions.lastTask')} data-testid="emergency-task">
      <TaskSummaryView task={task} />
      <Table<TaskDevice>
        rowKey="deviceId"
        size="small"
        style={{ marginTop: 8 }}
        data-testid="task-fittings"
        dataSource={task.devices}
        pagination={false}
        columns={[
          { key: 'name', title: t('emergencyPages.fields.fitting'), render: (_, row) => row.name },
          {
            key: 'status',
            title: t('emergencyPages.fields.state'),
            render: (_, row) => <TaskStatusTag status={row.status} />,
          },
          {
            key: 'reason',
            title: t('emergencyPages.fields.reasons'),
            render: (_, row) =>
              row.reason === null
                ? ''
                : t(
                    `control.reasons.${(FAILURE_REASONS as readonly string[]).includes(row.reason) ? row.reason : 'fault'}`,
                  ),
          },
        ]}
      />
    </Card>
  );
}
