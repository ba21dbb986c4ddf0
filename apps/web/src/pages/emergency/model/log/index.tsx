import { FAILURE_BITS, FAILURE_NAMES, type ModeChange } from '@lightwell/domain';
import { Card, Space, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { type ModeLogQuery, useModeLogQuery } from '../../../../api/emergency';
import { TABLE_SCROLL } from '../../../../components/table-columns';
import { modeName } from '../../../../features/emergency/grade-tag';
import { useFormatInstant, useTimeZone } from '../../../../hooks/use-format-instant';
import { useTablePagination } from '../../../../hooks/use-table-pagination';
import { EmergencyGate, type EmergencyScope } from '../../components/emergency-gate';
import { FittingSelect } from '../../components/fitting-select';
import { PeriodSelect } from '../../components/period-select';
import { useLogQuery } from '../../components/use-log-query';

/** Model log (/emergency/model/log, 5-6): every mode change of the network's fittings, newest first. */
export function EmergencyModeLogPage() {
  return <EmergencyGate>{(scope) => <ModeLog scope={scope} />}</EmergencyGate>;
}

function ModeLog({ scope }: { scope: EmergencyScope }) {
  const { t } = useTranslation();
  const { query, filter, setPage, periodChoice, choosePeriod } = useLogQuery<ModeLogQuery>();
  const list = useModeLogQuery(scope.nid, query);
  const timeZone = useTimeZone('network', scope.nid);
  const formatInstant = useFormatInstant();
  const pagination = useTablePagination({
    page: query.page,
    total: list.data?.total ?? 0,
    onPageChange: setPage,
  });
  return (
    <Card
      title={t('emergencyPages.modesLog.title', { network: scope.networkName })}
      data-testid="mode-log"
      extra={
        <Space wrap>
          <PeriodSelect timeZone={timeZone} value={periodChoice} onChange={choosePeriod} />
          <FittingSelect nid={scope.nid} value={query.deviceId} onChange={(deviceId) => filter({ deviceId })} />
        </Space>
      }
    >
      <Table<ModeChange>
        rowKey="id"
        size="small"
        loading={list.isLoading}
        dataSource={list.data?.list ?? []}
        scroll={TABLE_SCROLL}
        pagination={pagination}
        locale={{ emptyText: t('emergencyPages.modesLog.empty') }}
        columns={[
          {
            key: 'fitting',
            title: t('emergencyPages.fields.fitting'),
            fixed: 'left',
            render: (_, row) => row.fittingName,
          },
          { key: 'location', title: t('emergencyPages.fields.location'), render: (_, row) => row.location ?? '' },
          {
            key: 'at',
            title: t('emergencyPages.fields.time'),
            render: (_, row) => formatInstant(row.at, { timeZone, precision: 'second' }),
          },
          {
            key: 'from',
            title: t('emergencyPages.modesLog.from'),
            render: (_, row) => (row.fromMode === null ? t('emergencyPages.none') : modeName(t, row.fromMode)),
          },
          { key: 'to', title: t('emergencyPages.modesLog.to'), render: (_, row) => modeName(t, row.toMode) },
          {
            key: 'failures',
            title: t('emergencyPages.fields.failures'),
            render: (_, row) =>
              FAILURE_NAMES.filter((name) => (row.failureBits & FAILURE_BITS[name]) !== 0)
                .map((name) => t(`emergencyPages.failures.${name}`))
                .join(', '),
          },
        ]}
      />
    </Card>
  );
}
