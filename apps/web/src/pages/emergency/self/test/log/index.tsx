import { GRADES, type Grade, TEST_KINDS, type TestKind } from '@lightwell/domain';
import { Card, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useTestLogQuery } from '../../../../../api/emergency';
import { RecordExportBar } from '../../../../../features/emergency/export-bar';
import { TestRecordTable } from '../../../../../features/emergency/record-tables';
import { EmergencyGate, type EmergencyScope } from '../../../components/emergency-gate';
import { LogCard } from '../../../components/log-card';
import { useLogPage } from '../../../components/use-log-query';

/** Self-test log (/emergency/self/test/log, 5-3): test records with their grades, newest first. */
export function EmergencySelfTestLogPage() {
  return <EmergencyGate>{(scope) => <TestLog scope={scope} />}</EmergencyGate>;
}

function TestLog({ scope }: { scope: EmergencyScope }) {
  const { t } = useTranslation();
  const log = useLogPage(scope.nid, useTestLogQuery);
  const { query, filter } = log;
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <LogCard
        log={log}
        title={t('emergencyPages.tests.title', { network: scope.networkName })}
        testId="test-log"
        filters={
          <>
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
          </>
        }
      >
        <TestRecordTable
          rows={log.list.data?.list ?? []}
          format={log.formatTime}
          pagination={log.pagination}
          loading={log.list.isLoading}
          empty={t('emergencyPages.tests.empty')}
        />
      </LogCard>
      <Card title={t('emergencyPages.export.title')} size="small">
        <RecordExportBar nid={scope.nid} timeZone={log.timeZone} parts={['selfTest']} />
      </Card>
    </Space>
  );
}
