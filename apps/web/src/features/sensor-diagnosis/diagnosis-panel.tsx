import type { DiagnosisTask } from '@lightwell/domain';
import { Button, Card, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDiagnosisListQuery, useDiagnosisMutations } from '../../api/sensor-diagnosis';
import { toast } from '../../app/feedback';
import { EmptyState, emptyLocale } from '../../components/empty-state';
import { actionsColumn, TABLE_SCROLL } from '../../components/table-columns';
import { useFormatInstant } from '../../hooks/use-format-instant';
import { useTablePagination } from '../../hooks/use-table-pagination';
import { useSession } from '../../stores/session';
import { DiagnosisDialog } from './diagnosis-dialog';
import { DiagnosisDrawer } from './diagnosis-drawer';
import { durationText, STATE_COLORS } from './diagnosis-format';

/**
 * Sensor trigger diagnosis tasks of network `nid` (sections 2-5): the tasks paged by the user's page size
 * with their state, results in a drawer, and (owners, installers) new tasks, cancel and delete.
 */
export function DiagnosisPanel({ nid, canEdit }: { nid: number; canEdit: boolean }) {
  const { t } = useTranslation();
  const pageSize = useSession((state) => state.pageNumber);
  const [page, setPage] = useState(1);
  const query = useDiagnosisListQuery(nid, page, pageSize);
  const { cancel, remove } = useDiagnosisMutations();
  const formatInstant = useFormatInstant();
  const pagination = useTablePagination({ page, total: query.data?.total ?? 0, onPageChange: setPage });
  const [creating, setCreating] = useState(false);
  const [open, setOpen] = useState<number | null>(null);
  const at = (seconds: number) => formatInstant(seconds, { precision: 'second' });

  return (
    <Card
      title={t('device.diagnosis.title')}
      data-testid="diagnosis-panel"
      extra={
        canEdit && (
          <Button type="primary" onClick={() => setCreating(true)}>
            {t('device.diagnosis.add')}
          </Button>
        )
      }
    >
      <Table<DiagnosisTask>
        rowKey="id"
        size="small"
        loading={query.isLoading}
        dataSource={query.data?.list ?? []}
        pagination={pagination}
        scroll={TABLE_SCROLL}
        locale={emptyLocale(
          query.isLoading,
          <EmptyState
            description={t(canEdit ? 'device.diagnosis.empty' : 'device.diagnosis.emptyReadOnly')}
            testId="diagnosis-empty"
          />,
        )}
        columns={[
          { title: t('device.diagnosis.columns.start'), key: 'start', render: (_, row) => at(row.startTime) },
          { title: t('device.diagnosis.columns.end'), key: 'end', render: (_, row) => at(row.endTime) },
          {
            title: t('device.diagnosis.columns.interval'),
            key: 'interval',
            render: (_, row) => durationText(t, row.interval),
          },
          {
            title: t('device.diagnosis.columns.sensors'),
            key: 'sensors',
            render: (_, row) =>
              t(row.allSensors ? 'device.diagnosis.allCount' : 'device.diagnosis.chosenCount', {
                count: row.sensorCount,
              }),
          },
          {
            title: t('device.diagnosis.columns.state'),
            key: 'state',
            render: (_, row) => (
              <Tag color={STATE_COLORS[row.state]} data-testid="diagnosis-state">
                {t(`device.diagnosis.states.${row.state}`)}
              </Tag>
            ),
          },
          { title: t('device.diagnosis.columns.createdBy'), key: 'by', render: (_, row) => row.createdBy ?? '—' },
          actionsColumn<DiagnosisTask>({
            title: t('device.diagnosis.columns.actions'),
            rowName: (row) => at(row.startTime),
            actions: (row) => [
              { key: 'results', label: t('device.diagnosis.actions.results'), onClick: () => setOpen(row.id) },
              {
                key: 'cancel',
                label: t('device.diagnosis.actions.cancel'),
                hidden: !canEdit || (row.state !== 'waiting' && row.state !== 'executing'),
                onClick: () =>
                  cancel.mutate(
                    { taskId: row.id },
                    { onSuccess: () => toast.saved(t('device.diagnosis.messages.canceled')) },
                  ),
                confirm: { title: t('device.diagnosis.actions.cancelConfirm') },
              },
              {
                key: 'delete',
                label: t('device.diagnosis.actions.delete'),
                danger: true,
                hidden: !canEdit,
                onClick: () =>
                  remove.mutate(
                    { taskId: row.id },
                    { onSuccess: () => toast.saved(t('device.diagnosis.messages.deleted')) },
                  ),
                confirm: { title: t('device.diagnosis.actions.deleteConfirm'), danger: true },
              },
            ],
          }),
        ]}
      />
      {creating && <DiagnosisDialog nid={nid} onClose={() => setCreating(false)} />}
      <DiagnosisDrawer taskId={open} onClose={() => setOpen(null)} />
    </Card>
  );
}
