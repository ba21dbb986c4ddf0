import { AimOutlined } from '@ant-design/icons';
import { isTaskCancelable, type TaskSummary } from '@lightwell/domain';
import { Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useTaskCancelMutation, useTaskPageQuery } from '../../../../api/control';
import { EmptyState, emptyLocale } from '../../../../components/empty-state';
import { actionsColumn, TABLE_SCROLL } from '../../../../components/table-columns';
import { formatTaskTally } from '../../../../features/control/tally';
import { TaskStatusTag } from '../../../../features/control/task-progress';
import { useFormatInstant } from '../../../../hooks/use-format-instant';
import { builtPathOfIndex } from '../../../../route-table';
import { useSession } from '../../../../stores/session';

/**
 * The network's tasks, newest first, paged by the user's page size; running tasks can be canceled.
 * Without tasks it says how commands are sent and opens the plan.
 */
export function TaskTable({ nid }: { nid: number }) {
  const { t, i18n } = useTranslation();
  const pageNumber = useSession((state) => state.pageNumber);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(pageNumber);
  const tasks = useTaskPageQuery(nid, page, pageSize);
  const cancel = useTaskCancelMutation();
  const formatDate = useFormatInstant();
  const navigate = useNavigate();
  const planPath = builtPathOfIndex('4-1');
  return (
    <Table<TaskSummary>
      rowKey="id"
      size="small"
      loading={tasks.isLoading}
      dataSource={tasks.data?.list ?? []}
      locale={emptyLocale(
        tasks.isLoading,
        <EmptyState
          description={t('control.tasks.empty')}
          action={
            planPath
              ? { label: t('control.tasks.openPlan'), icon: <AimOutlined />, onClick: () => void navigate(planPath) }
              : undefined
          }
          testId="tasks-empty"
        />,
      )}
      scroll={TABLE_SCROLL}
      pagination={{
        current: page,
        pageSize,
        total: tasks.data?.total ?? 0,
        showSizeChanger: true,
        onChange: (next, size) => {
          setPage(next);
          setPageSize(size);
        },
      }}
      columns={[
        {
          title: t('control.tasks.time'),
          key: 'time',
          render: (_, task) => formatDate(task.createTime, { precision: 'second' }),
        },
        {
          title: t('control.tasks.target'),
          key: 'target',
          render: (_, task) => t(`control.targetKind.${task.targetKind}`, { defaultValue: task.targetKind }),
        },
        {
          title: t('control.tasks.status'),
          key: 'status',
          render: (_, task) => <TaskStatusTag status={task.status} />,
        },
        {
          title: t('control.tasks.outcome'),
          key: 'outcome',
          render: (_, task) => formatTaskTally(t, task, i18n.language),
        },
        actionsColumn<TaskSummary>({
          title: t('control.tasks.actions'),
          actions: (task) => [
            {
              key: 'cancel',
              label: t('control.tasks.cancel'),
              hidden: !isTaskCancelable(task.status),
              danger: true,
              loading: cancel.isPending && cancel.variables?.taskId === task.id,
              onClick: () => cancel.mutate({ taskId: task.id }),
            },
          ],
        }),
      ]}
    />
  );
}
