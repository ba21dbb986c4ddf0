import { isPassingGrade, type ReportCell, type ScheduleReport } from '@lightwell/domain';
import { Table, type TableColumnType, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { TABLE_SCROLL } from '../../components/table-columns';
import { GradeTag } from './grade-tag';

type Row = ScheduleReport['rows'][number];

/** A closed window without a valid passing result: highlighted as a month without a valid test. */
const isMissingCell = (cell: ReportCell) => cell.grade !== null && !isPassingGrade(cell.grade);

function Cell({ cell }: { cell: ReportCell }) {
  const { t } = useTranslation();
  if (cell.grade === null) {
    return (
      <Typography.Text type="secondary" data-grade="notDue">
        {t('emergencyPages.report.notDue')}
      </Typography.Text>
    );
  }
  return <GradeTag grade={cell.grade} />;
}

const cellClass = (cell: ReportCell) => (isMissingCell(cell) ? 'lw-grade-cell--missing' : '');

/**
 * The year × fitting matrix: twelve monthly function-test cells and the yearly duration test, each a
 * grade (a closed window without a result is "missed", never blank) or "not due" while still open.
 */
export function ScheduleMatrix({ report, language }: { report: ScheduleReport; language: string }) {
  const { t } = useTranslation();
  const monthName = new Intl.DateTimeFormat(language, { month: 'short', timeZone: 'UTC' });
  const months: TableColumnType<Row>[] = Array.from({ length: 12 }, (_, month) => ({
    key: `m${month}`,
    title: monthName.format(new Date(Date.UTC(report.year, month, 1))),
    onCell: (row) => ({ className: cellClass(row.monthly[month] as ReportCell) }),
    render: (_, row) => <Cell cell={row.monthly[month] as ReportCell} />,
  }));
  return (
    <Table<Row>
      rowKey={(row) => `${row.deviceId ?? 'gone'}-${row.fittingName}`}
      size="small"
      bordered
      data-testid="schedule-matrix"
      dataSource={report.rows}
      pagination={false}
      scroll={TABLE_SCROLL}
      locale={{ emptyText: t('emergencyPages.report.empty') }}
      columns={[
        {
          key: 'fitting',
          title: t('emergencyPages.fields.fitting'),
          fixed: 'left',
          render: (_, row) => (
            <span>
              {row.fittingName}
              {row.location ? <Typography.Text type="secondary"> · {row.location}</Typography.Text> : null}
            </span>
          ),
        },
        ...months,
        {
          key: 'yearly',
          title: t('emergencyPages.report.yearly'),
          onCell: (row) => ({ className: cellClass(row.yearly) }),
          render: (_, row) => <Cell cell={row.yearly} />,
        },
      ]}
    />
  );
}
