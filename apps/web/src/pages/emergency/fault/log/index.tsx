import type { Fault } from '@lightwell/domain';
import { Button, Card, Modal, Select, Space, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type FaultLogQuery, useEmergencyMutations, useFaultLogQuery } from '../../../../api/emergency';
import { TABLE_SCROLL } from '../../../../components/table-columns';
import { reportCommandError } from '../../../../features/control/refusal';
import { RecordExportBar } from '../../../../features/emergency/export-bar';
import { faultColumns } from '../../../../features/emergency/record-tables';
import { useFormatInstant, useTimeZone } from '../../../../hooks/use-format-instant';
import { useTablePagination } from '../../../../hooks/use-table-pagination';
import { useSession } from '../../../../stores/session';
import { EmergencyGate, type EmergencyScope } from '../../components/emergency-gate';
import { FittingSelect } from '../../components/fitting-select';
import { LastTask } from '../../components/last-task';
import { FaultDrawer } from './components/fault-drawer';

/** Fault log (/emergency/fault/log, 5-2): faults with cause and advice, and their workflow. */
export function EmergencyFaultLogPage() {
  return <EmergencyGate>{(scope) => <FaultLog scope={scope} />}</EmergencyGate>;
}

function FaultLog({ scope }: { scope: EmergencyScope }) {
  const { t } = useTranslation();
  const [modal, modalHolder] = Modal.useModal();
  const pageSize = useSession((state) => state.pageNumber) as FaultLogQuery['pageSize'];
  const [query, setQuery] = useState<FaultLogQuery>({ page: 1, pageSize, state: 'all' });
  const list = useFaultLogQuery(scope.nid, { ...query, pageSize });
  const [openId, setOpenId] = useState<number | null>(null);
  const [taskId, setTaskId] = useState<number | null>(null);
  const { retestFailed } = useEmergencyMutations();
  const formatInstant = useFormatInstant();
  const timeZone = useTimeZone('network', scope.nid);
  const format = (at: number) => formatInstant(at, { timeZone });
  const pagination = useTablePagination({
    page: query.page,
    total: list.data?.total ?? 0,
    onPageChange: (page) => setQuery((current) => ({ ...current, page })),
  });
  const open = list.data?.list.find((fault) => fault.id === openId) ?? null;

  const confirmRetest = () =>
    modal.confirm({
      title: t('emergencyPages.faults.retestTitle'),
      content: t('emergencyPages.faults.retestContent'),
      okText: t('emergencyPages.faults.retest'),
      cancelText: t('emergencyPages.cancel'),
      onOk: () =>
        retestFailed.mutateAsync({ nid: scope.nid, kind: 'function' }).then(
          (result) => setTaskId(result.taskId),
          (error: unknown) => reportCommandError(error),
        ),
    });

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      {modalHolder}
      <Card
        title={t('emergencyPages.faults.title', { network: scope.networkName })}
        data-testid="fault-log"
        extra={
          <Space wrap>
            <Select<FaultLogQuery['state']>
              aria-label={t('emergencyPages.fields.state')}
              data-testid="fault-state-filter"
              style={{ minWidth: 140 }}
              value={query.state}
              onChange={(value) => setQuery((current) => ({ ...current, state: value, page: 1 }))}
              options={(['all', 'open', 'closed'] as const).map((value) => ({
                value,
                label: t(`emergencyPages.faults.filter.${value}`),
              }))}
            />
            <FittingSelect
              nid={scope.nid}
              value={query.deviceId}
              onChange={(deviceId) => setQuery((current) => ({ ...current, deviceId, page: 1 }))}
            />
            {scope.canAct && (
              <Button data-testid="retest-failed" onClick={confirmRetest}>
                {t('emergencyPages.faults.retest')}
              </Button>
            )}
          </Space>
        }
      >
        <Table<Fault>
          rowKey="id"
          size="small"
          data-testid="fault-table"
          loading={list.isLoading}
          dataSource={list.data?.list ?? []}
          scroll={TABLE_SCROLL}
          pagination={pagination}
          locale={{ emptyText: t('emergencyPages.faults.empty') }}
          columns={[
            ...faultColumns(t, format),
            {
              key: 'open',
              title: t('emergencyPages.fields.workflow'),
              fixed: 'right',
              render: (_, row) => (
                <Button size="small" type="link" data-testid="fault-open" onClick={() => setOpenId(row.id)}>
                  {t('emergencyPages.faults.open')}
                </Button>
              ),
            },
          ]}
        />
      </Card>
      {taskId !== null && <LastTask taskId={taskId} />}
      <Card title={t('emergencyPages.export.title')} size="small">
        <RecordExportBar nid={scope.nid} timeZone={timeZone} parts={['fault']} />
      </Card>
      {open && <FaultDrawer fault={open} canAct={scope.canAct} timeZone={timeZone} onClose={() => setOpenId(null)} />}
    </Space>
  );
}
