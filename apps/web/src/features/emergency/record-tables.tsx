import type { Fault, TestRecord } from '@lightwell/domain';
import { Table, type TableColumnType, type TablePaginationConfig, Typography } from 'antd';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { TABLE_SCROLL } from '../../components/table-columns';
import { confirmText, FaultStateTag } from './fault-view';
import { GradeTag, minutesText } from './grade-tag';
import { placeText } from './place-text';

/** Formats an instant (epoch seconds) for a table cell. */
export type FormatAt = (at: number) => string;

const failureList = (t: TFunction, reasons: readonly string[]) =>
  reasons.map((reason) => t(`emergencyPages.failures.${reason}`)).join(', ');

/**
 * Columns of a test record: fitting, location, test, start source, when it was requested, started and
 * ended, grade with reasons and minutes. A record without an end (a missed window) is dated by its window's
 * end, or when it was recorded.
 */
export function testRecordColumns(t: TFunction, format: FormatAt): TableColumnType<TestRecord>[] {
  return [
    {
      key: 'fitting',
      title: t('emergencyPages.fields.fitting'),
      fixed: 'left',
      render: (_, row) => row.fittingName,
    },
    {
      key: 'location',
      title: t('emergencyPages.fields.location'),
      render: (_, row) => placeText(row.zoneName, row.location),
    },
    {
      key: 'kind',
      title: t('emergencyPages.fields.test'),
      // A partial duration test is named as one and says why it is not the yearly test.
      render: (_, row) =>
        row.kind === 'duration' && row.partial ? (
          <span title={t('emergencyPages.partialNote')} data-partial="true">
            {t('emergencyPages.kinds.partialDuration')}
          </span>
        ) : (
          t(`emergencyPages.kinds.${row.kind}`)
        ),
    },
    {
      key: 'source',
      title: t('emergencyPages.fields.startSource'),
      render: (_, row) => t(`emergencyPages.sources.${row.startSource}`),
    },
    {
      key: 'requested',
      title: t('emergencyPages.fields.requested'),
      render: (_, row) => (row.requestedAt === null ? '' : format(row.requestedAt)),
    },
    {
      key: 'started',
      title: t('emergencyPages.fields.started'),
      render: (_, row) => (row.startedAt === null ? '' : format(row.startedAt)),
    },
    {
      key: 'ended',
      title: t('emergencyPages.fields.ended'),
      render: (_, row) => format(row.endedAt ?? row.windowEnd ?? row.createTime),
    },
    {
      key: 'grade',
      title: t('emergencyPages.fields.grade'),
      render: (_, row) => (
        <span data-testid="test-grade">
          <GradeTag grade={row.grade} />
          {row.grade === 'stopped' && row.stoppedBy ? (
            <Typography.Text type="secondary">
              {t('emergencyPages.stoppedBy', {
                name: row.stoppedBy.name,
                at: row.stoppedAt === null ? '' : format(row.stoppedAt),
              })}
            </Typography.Text>
          ) : null}
        </span>
      ),
    },
    {
      key: 'reasons',
      title: t('emergencyPages.fields.reasons'),
      render: (_, row) =>
        [failureList(t, row.reasons), minutesText(t, row.achievedMinutes, row.ratedMinutes)]
          .filter(Boolean)
          .join(' · '),
    },
    {
      key: 'remark',
      title: t('emergencyPages.fields.remark'),
      render: (_, row) =>
        [row.correctsId === null ? '' : t('emergencyPages.corrects', { id: row.correctsId }), row.remark]
          .filter(Boolean)
          .join(' '),
    },
  ];
}

/** Columns of a fault: fitting, location, failures, logged, state, confirmation, fixed. */
export function faultColumns(t: TFunction, format: FormatAt): TableColumnType<Fault>[] {
  return [
    { key: 'fitting', title: t('emergencyPages.fields.fitting'), fixed: 'left', render: (_, row) => row.fittingName },
    {
      key: 'location',
      title: t('emergencyPages.fields.location'),
      render: (_, row) => placeText(row.zoneName, row.location),
    },
    {
      key: 'failures',
      title: t('emergencyPages.fields.failures'),
      render: (_, row) => row.advice.map((item) => item.cause).join(' ') || failureList(t, row.reasons),
    },
    { key: 'logged', title: t('emergencyPages.fields.logged'), render: (_, row) => format(row.openedAt) },
    { key: 'state', title: t('emergencyPages.fields.state'), render: (_, row) => <FaultStateTag fault={row} /> },
    {
      key: 'confirm',
      title: t('emergencyPages.fields.confirm'),
      render: (_, row) => confirmText(t, row),
    },
    {
      key: 'fixed',
      title: t('emergencyPages.fields.fixed'),
      render: (_, row) => (row.closedAt === null ? '' : format(row.closedAt)),
    },
  ];
}

/** Test records as a table (logs, printouts, e-mailed reports). */
export function TestRecordTable({
  rows,
  format,
  pagination = false,
  loading,
  empty,
}: {
  rows: readonly TestRecord[];
  format: FormatAt;
  pagination?: TablePaginationConfig | false;
  loading?: boolean;
  empty?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Table<TestRecord>
      rowKey="id"
      size="small"
      data-testid="test-records"
      dataSource={[...rows]}
      columns={testRecordColumns(t, format)}
      pagination={pagination}
      loading={loading}
      scroll={TABLE_SCROLL}
      locale={empty ? { emptyText: empty } : undefined}
    />
  );
}
