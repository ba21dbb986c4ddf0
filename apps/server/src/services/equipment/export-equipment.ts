import { codeToLanguage, type EquipmentExportFormat, type EquipmentStatistics } from '@lightwell/domain';
import type { AppContext } from '../../context.ts';
import { translator } from '../../lib/i18n.ts';
import { writeReportCsv } from '../../reports/csv-writer.ts';
import { writeReportPdf } from '../../reports/pdf-writer.ts';
import type { ReportFile } from '../../reports/report-file.ts';
import { writeReportXlsx } from '../../reports/xlsx-writer.ts';
import { loadPdfHeader } from '../report-setup.ts';
import { equipmentDocument } from './equipment-tables.ts';

/** An exported file as the export call answers it. */
export interface ExportedFile {
  fileName: string;
  contentType: string;
  base64: string;
}

/**
 * The equipment statistics as a file in the reader's language, written from one report document
 * (`equipmentDocument`) by the report writers, so every format carries the same rows: CSV (UTF-8 with BOM,
 * `;` for German and Spanish readers) with the tables one under the other below what they cover; XLSX with
 * a worksheet per table, counts as numbers; PDF (landscape) with the project's header block on every page,
 * a table's header row again after each page break, and "Page X of Y". Times in the first network's zone.
 */
export async function exportEquipmentStatistics(
  ctx: AppContext,
  statistics: EquipmentStatistics,
  input: { format: EquipmentExportFormat; language: number; timeFormat: number },
): Promise<ExportedFile> {
  const language = codeToLanguage(input.language);
  const t = translator(language);
  const document = equipmentDocument(statistics, t, { language, timeFormat: input.timeFormat });
  const generated = new Date(statistics.generatedAt * 1000);
  let file: ReportFile;
  if (input.format === 'csv') file = writeReportCsv(document);
  else if (input.format === 'xlsx') file = await writeReportXlsx(document);
  else {
    const header = await loadPdfHeader(ctx.db, { id: statistics.project.pid, name: statistics.project.name }, language);
    file = await writeReportPdf(document, header, {
      at: generated,
      timeZone: statistics.networks[0]?.timeZone ?? 'UTC',
      timeFormat: input.timeFormat,
    });
  }
  return {
    fileName: `${t('equipment:file.name')}-${statistics.project.pid}-${generated.toISOString().slice(0, 10)}.${file.extension}`,
    contentType: file.mime,
    base64: file.data.toString('base64'),
  };
}
