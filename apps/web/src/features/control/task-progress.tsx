import { isTaskEnded, TaskStatus, type TaskSummary } from '@lightwell/domain';
import { Progress, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useTaskQuery } from '../../api/control';
import { formatTaskTally } from './tally';

const STATUS_COLORS: Record<number, string> = {
  [TaskStatus.waiting]: 'default',
  [TaskStatus.nonExecution]: 'warning',
  [TaskStatus.executing]: 'processing',
  [TaskStatus.executed]: 'success',
  [TaskStatus.failed]: 'error',
  [TaskStatus.canceled]: 'default',
  [TaskStatus.canceling]: 'warning',
};

/** Section 4 task status as a coloured tag. */
export function TaskStatusTag({ status }: { status: number }) {
  const { t } = useTranslation();
  return <Tag color={STATUS_COLORS[status] ?? 'default'}>{t(`control.taskStatus.${status}`)}</Tag>;
}

/** A task's state, progress and per-device tally ("9 executed, 1 failed (device not online)"). */
export function TaskSummaryView({ task }: { task: TaskSummary }) {
  const { t, i18n } = useTranslation();
  const done = task.executed + task.failed;
  const percent = task.total > 0 ? Math.round((done / task.total) * 100) : 100;
  return (
    <Space orientation="vertical" size={4} style={{ width: '100%' }} data-testid="task-progress">
      <Space>
        <TaskStatusTag status={task.status} />
        <Typography.Text data-testid="task-tally">{formatTaskTally(t, task, i18n.language)}</Typography.Text>
      </Space>
      {!isTaskEnded(task.status) && <Progress percent={percent} size="small" status="active" />}
    </Space>
  );
}

/** Progress of the task with id `taskId`, kept current by live events (nothing before the first command). */
export function TaskProgress({ taskId }: { taskId: number | null }) {
  const query = useTaskQuery(taskId);
  if (taskId === null || !query.data) return null;
  return <TaskSummaryView task={query.data} />;
}
