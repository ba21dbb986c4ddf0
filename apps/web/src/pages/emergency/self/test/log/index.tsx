import { GRADES, type Grade, TEST_KINDS, type TestKind } from '@lightwell/domain';
import { Card, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { type TestLogQuery, useTestLogQuery } from '../../../../../api/emergency';
import { RecordExportBar } from '../../../../../features/emergency/export-bar';
import { TestRecordTable } from '../../../../../features/emergency/record-tables';
import { useFormatInstant, useTimeZone } from '../../../../../hooks/use-format-instant';
import { useTablePagination } from '../../../../../hooks/use-table-pagination';
import { EmergencyGate, type EmergencyScope } from '../../../components/emergency-gate';
import { FittingSelect } from '../../../components/fitting-select';
import { PeriodSelect } from '../../../components/period-select';
import { useLogQuery } from '../../../components/use-log-query';

/** Self-test log (/emergency/self/test/log, 5-3): test records with their grades, newest first. */
export function EmergencySelfTestLogPage() {
  return <EmergencyGate>{(scope) => <TestLog scope={scope} />}</EmergencyGate>;
}

function TestLog({ scope }: { scope: EmergencyScope }) {
  const { t } = useTranslation();
  const { query, filter, setPage, periodChoice, choosePeriod } = useLogQuery<TestLogQuery>();
  const list = useTestLogQuery(scope.nid, query);
  const timeZone = useTimeZone('network', scope.nid);
  const formatInstant = useFormatInstant();
  const pagination = useTablePagination({
    page: query.page,
    total: list.data?.total ?? 0,
    onPageChange: setPage,
  });
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Card
        title={t('emergencyPages.tests.title', { network: scope.networkName })}
        data-testid="test-log"
        extra={
          <Space wrap>
            <PeriodSelect timeZone={timeZone} value={periodChoice} onChange={choosePeriod} />
            <FittingSelect nid={scope.nid} value={query.deviceId} onChange={(deviceId) => filter({ deviceId })} />
            <Select
              aria-label={t('emergencyPages.fields.grade')}
              data-testid="grade-filter"
              style={{ minWidth: 150 }}
              value={query.grade ?? 'all'}
              onChange={(value: Grade | 'all') => filter({ grade: value === 'all' ? undefined : value })}
              options={[
                { value: 'all' as const, label: t('emergencyPages.tests.allGrades') },
                ...GRADES.map((grade) => ({ value: grade, label: t(`emergencyPages.grades.${grade}`) })),
              ]}
            />
            <Select
              aria-label={t('emergencyPages.fields.test')}
              data-testid="kind-filter"
              style={{ minWidth: 150 }}
              value={query.kind ?? 'all'}
              onChange={(value: TestKind | 'all') => filter({ kind: value === 'all' ? undefined : value })}
              options={[
                { value: 'all' as const, label: t('emergencyPages.tests.allKinds') },
                ...TEST_KINDS.map((kind) => ({ value: kind, label: t(`emergencyPages.kinds.${kind}`) })),
              ]}
            />
          </Space>
        }
      >
        <TestRecordTable
          rows={list.data?.list ?? []}
          format={(at) => formatInstant(at, { timeZone, precision: 'second' })}
          pagination={pagination}
          loading={list.isLoading}
          empty={t('emergencyPages.tests.empty')}
        />
      </Card>
      <Card title={t('emergencyPages.export.title')} size="small">
        <RecordExportBar nid={scope.nid} timeZone={timeZone} parts={['selfTest']} />
      </Card>
    </Space>
  );
}
