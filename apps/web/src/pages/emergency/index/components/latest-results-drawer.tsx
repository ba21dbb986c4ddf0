import { type EmergencyElement, type Fault, Limits, type TestRecord } from '@lightwell/domain';
import { Drawer, Space, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type Paging, useFaultLogQuery, useTestLogQuery } from '../../../../api/emergency';
import { TABLE_SCROLL } from '../../../../components/table-columns';
import { faultColumns, testRecordColumns } from '../../../../features/emergency/record-tables';
import { useFormatInstant } from '../../../../hooks/use-format-instant';
import { pathOfIndex } from '../../../../route-table';

/** Section 9: a "latest" list holds 20 records, the newest; one page of the log asked for that size. */
const LATEST: Paging = { page: 1, pageSize: Limits.latestListSize };

/** Columns that name the fitting: the drawer is about one. */
const FITTING_COLUMNS = new Set(['fitting', 'location']);

/**
 * One fitting's latest results (section 3: an emergency element's recent test results and faults): its 20
 * newest test records and 20 newest faults, in the site's zone, with the way to the logs that hold the rest.
 */
export function LatestResultsDrawer({
  nid,
  fitting,
  timeZone,
  onClose,
}: {
  nid: number;
  fitting: Pick<EmergencyElement, 'deviceId' | 'name'>;
  timeZone: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const formatInstant = useFormatInstant();
  const format = (at: number) => formatInstant(at, { timeZone });
  const tests = useTestLogQuery(nid, { ...LATEST, deviceId: fitting.deviceId });
  const faults = useFaultLogQuery(nid, { ...LATEST, deviceId: fitting.deviceId, state: 'all' });
  // Never more than the latest 20, whatever a page holds.
  const latestTests = (tests.data?.list ?? []).slice(0, Limits.latestListSize);
  const latestFaults = (faults.data?.list ?? []).slice(0, Limits.latestListSize);
  return (
    <Drawer open size={720} title={t('emergencyPages.latest.title', { name: fitting.name })} onClose={onClose}>
      <Typography.Paragraph type="secondary">
        {t('emergencyPages.latest.intro', { count: Limits.latestListSize })}
      </Typography.Paragraph>
      <Space size="middle" style={{ marginBottom: 16 }}>
        <Link to={pathOfIndex('5-3') ?? '/'}>{t('menu.emergency.selfTestLog')}</Link>
        <Link to={pathOfIndex('5-2') ?? '/'}>{t('menu.emergency.faultLog')}</Link>
      </Space>
      <Typography.Title level={5}>{t('emergencyPages.latest.tests')}</Typography.Title>
      <Table<TestRecord>
        rowKey="id"
        size="small"
        data-testid="latest-tests"
        loading={tests.isLoading}
        dataSource={latestTests}
        columns={testRecordColumns(t, format).filter((column) => !FITTING_COLUMNS.has(String(column.key)))}
        pagination={false}
        scroll={TABLE_SCROLL}
        locale={{ emptyText: t('emergencyPages.latest.noTests') }}
      />
      <Typography.Title level={5} style={{ marginTop: 24 }}>
        {t('emergencyPages.latest.faults')}
      </Typography.Title>
      <Table<Fault>
        rowKey="id"
        size="small"
        data-testid="latest-faults"
        loading={faults.isLoading}
        dataSource={latestFaults}
        columns={faultColumns(t, format).filter((column) => !FITTING_COLUMNS.has(String(column.key)))}
        pagination={false}
        scroll={TABLE_SCROLL}
        locale={{ emptyText: t('emergencyPages.latest.noFaults') }}
      />
    </Drawer>
  );
}
