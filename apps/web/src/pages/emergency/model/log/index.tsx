import { FAILURE_BITS, FAILURE_NAMES, type ModeChange } from '@lightwell/domain';
import { Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { useModeLogQuery } from '../../../../api/emergency';
import { TABLE_SCROLL } from '../../../../components/table-columns';
import { modeName } from '../../../../features/emergency/grade-tag';
import { EmergencyGate, type EmergencyScope } from '../../components/emergency-gate';
import { LogCard } from '../../components/log-card';
import { useLogPage } from '../../components/use-log-query';

/** Model log (/emergency/model/log, 5-6): every mode change of the network's fittings, newest first. */
export function EmergencyModeLogPage() {
  return <EmergencyGate>{(scope) => <ModeLog scope={scope} />}</EmergencyGate>;
}

function ModeLog({ scope }: { scope: EmergencyScope }) {
  const { t } = useTranslation();
  const log = useLogPage(scope.nid, useModeLogQuery);
  return (
    <LogCard log={log} title={t('emergencyPages.modesLog.title', { network: scope.networkName })} testId="mode-log">
      <Table<ModeChange>
        rowKey="id"
        size="small"
        loading={log.list.isLoading}
        dataSource={log.list.data?.list ?? []}
        scroll={TABLE_SCROLL}
        pagination={log.pagination}
        locale={{ emptyText: t('emergencyPages.modesLog.empty') }}
        columns={[
          {
            key: 'fitting',
            title: t('emergencyPages.fields.fitting'),
            fixed: 'left',
            render: (_, row) => row.fittingName,
          },
          { key: 'location', title: t('emergencyPages.fields.location'), render: (_, row) => row.location ?? '' },
          { key: 'at', title: t('emergencyPages.fields.time'), render: (_, row) => log.formatTime(row.at) },
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
    </LogCard>
  );
}
