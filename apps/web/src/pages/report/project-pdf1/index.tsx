import type { ReportView } from '@lightwell/domain';
import { Button, Result, Spin, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useReportViewQuery } from '../../../api/report-cycle';
import { issuedPrintPathOf } from '../../../features/equipment/print-path';
import { useFormatInstant } from '../../../hooks/use-format-instant';

type Block = ReportView['parts'][number]['blocks'][number];
type TableBlock = Extract<Block, { kind: 'table' }>;

const LOCALES = { en: 'en-GB', zh: 'zh-CN', de: 'de-DE', es: 'es-ES' } as const;

/** One table of the report, numbers in the report's language with their column's decimals. */
function ReportTable({ block, language }: { block: TableBlock; language: ReportView['language'] }) {
  const cell = (value: string | number | null, decimals: number | null) => {
    if (value === null) return '';
    if (typeof value === 'string') return value;
    return new Intl.NumberFormat(LOCALES[language], {
      minimumFractionDigits: decimals ?? 0,
      maximumFractionDigits: decimals ?? 0,
    }).format(value);
  };
  const columns = block.columns.map((column, index) => ({
    key: String(index),
    title: column.label,
    align: column.decimals === null ? ('left' as const) : ('right' as const),
    render: (_: unknown, row: { cells: (string | number | null)[] }) => cell(row.cells[index] ?? null, column.decimals),
  }));
  const rows = block.rows.map((cells, index) => ({ key: index, cells, highlight: block.highlight[index] ?? false }));
  return (
    <div className="lw-print__section">
      <Typography.Text strong>{block.title}</Typography.Text>
      <Table
        size="small"
        pagination={false}
        columns={columns}
        dataSource={rows}
        onRow={(row) => ({ style: row.highlight ? { background: '#f0f0f0', fontWeight: 600 } : undefined })}
        scroll={{ x: true }}
        data-testid="report-view-table"
      />
    </div>
  );
}

/**
 * The web version of one issued periodic report (/report/projectPDF1, public, no menu), reached only through
 * the signed, expiring link of its e-mail: the same title, lines, paragraphs and tables as the PDF, written
 * from the figures fixed when it was issued, with the PDF's SHA-256, and the signed link of the equipment
 * statistics issued with it when it has that section. It shows that report and nothing else.
 */
export function ProjectReportPrintPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const link = params.get('link') ?? '';
  const query = useReportViewQuery(link);
  const formatInstant = useFormatInstant('local');
  if (link && query.isPending) return <Spin className="lw-page-spin" />;
  const view = query.data;
  if (!link || !view) {
    return (
      <Result
        status="warning"
        title={t('reportCycles.view.invalidTitle')}
        subTitle={t('reportCycles.view.invalidText')}
        data-testid="report-view-invalid"
      />
    );
  }
  return (
    <div className="lw-print" data-testid="report-view">
      <div className="lw-print__toolbar">
        <Button onClick={() => window.print()}>{t('reportCycles.view.print')}</Button>
      </div>
      <Typography.Title level={3}>{view.title}</Typography.Title>
      {view.lines.map((line) => (
        <Typography.Paragraph key={line} style={{ marginBottom: 4 }}>
          {line}
        </Typography.Paragraph>
      ))}
      <Typography.Paragraph type="secondary" data-testid="report-view-issued">
        {t('reportCycles.view.issued', { at: formatInstant(view.issuedAt), version: view.version })}
      </Typography.Paragraph>
      {view.parts.map((part) => (
        <section key={part.name} className="lw-print__section">
          <Typography.Title level={4}>{part.name}</Typography.Title>
          {part.blocks.map((block) =>
            block.kind === 'paragraph' ? (
              <Typography.Paragraph key={`p:${block.text}`}>{block.text}</Typography.Paragraph>
            ) : (
              <ReportTable key={`t:${block.title}`} block={block} language={view.language} />
            ),
          )}
        </section>
      ))}
      {view.equipmentLink && (
        <Typography.Paragraph data-testid="report-view-equipment">
          <Typography.Link href={issuedPrintPathOf(view.equipmentLink)}>
            {t('reportCycles.view.equipment')}
          </Typography.Link>
        </Typography.Paragraph>
      )}
      {view.sha256 && (
        <Typography.Paragraph type="secondary" data-testid="report-view-sha">
          {t('reportCycles.view.sha256', { sha256: view.sha256 })}
        </Typography.Paragraph>
      )}
      <Typography.Paragraph type="secondary">{t('reportCycles.view.readOnly')}</Typography.Paragraph>
    </div>
  );
}
