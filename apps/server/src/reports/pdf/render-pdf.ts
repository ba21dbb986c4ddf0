import { setImmediate as nextTurn } from 'node:timers/promises';
import { formatInstant, type Language } from '@lightwell/domain';
import PDFDocument from 'pdfkit';
import SVGtoPDF from 'svg-to-pdfkit';
import { translator } from '../../lib/i18n.ts';
import { pdfFontData } from './fonts.ts';

/** The company block printed at the top of a record, from the project's header settings (`/setting/header`). */
export interface PdfHeader {
  companyTitle: string;
  /** The 216×162 logo (JPG or PNG bytes), drawn beside the company title, scaled into its box. */
  logo: Buffer | null;
  /** The 792×162 logo (JPG or PNG bytes), drawn across the top of the first page, scaled into its box. */
  wideLogo: Buffer | null;
  /** Signatory and contact lines, already labelled in the reader's language; empty values are left out. */
  fields: { label: string; value: string }[];
}

/** A table column: its header text, its share of the width (default 1) and alignment. */
interface PdfColumn {
  label: string;
  width?: number;
  align?: 'left' | 'center' | 'right';
}

/** A table row: one text per column; `highlight` shades it (for example a month without a valid test). */
export interface PdfRow {
  cells: string[];
  highlight?: boolean;
}

/** What a record is made of, top to bottom. */
export type PdfBlock =
  | { kind: 'heading'; text: string }
  | { kind: 'paragraph'; text: string }
  | { kind: 'table'; columns: PdfColumn[]; rows: PdfRow[]; caption?: string }
  /** A chart drawn on the server as SVG (`renderBarChartSvg`), placed across the content width at its aspect. */
  | { kind: 'chart'; svg: string; width: number; height: number };

/** A printed record: header block, title, period, content, and when and for whom it was generated. */
export interface PdfDocumentSpec {
  header: PdfHeader;
  title: string;
  /** The period covered, already formatted ("01/01/2026 – 12/31/2026"). */
  period?: string;
  blocks: PdfBlock[];
  /** Generation time, printed in the reader's time zone and date format on every page. */
  generated: { at: Date; timeZone: string; timeFormat: number };
  /** Language of the page labels ("Page 2 of 5", "Generated …"). */
  language: Language | number;
  orientation?: 'portrait' | 'landscape';
  /**
   * Draws the header block again at the top of every later page, without the wide logo (the first page
   * carries it across its top; on each page it would take a quarter of a landscape page), so a loose page
   * still names the company, the signatory and the contact.
   */
  repeatHeader?: boolean;
}

/** Table rows drawn between two turns of the event loop: a long table does not hold up the calls served meanwhile. */
const ROWS_PER_TURN = 40;

const MARGIN = 40;
const FOOTER_SPACE = 30;
const CELL_PAD = 3;
const SIZES = { companyTitle: 15, title: 14, heading: 11, text: 9, field: 8.5, footer: 8 } as const;
const COLORS = { text: '#262626', muted: '#595959', rule: '#bfbfbf', head: '#f0f0f0', highlight: '#ffe7ba' } as const;
/** Logo boxes in points: the spec's pixel boxes at half size (216×162, and 792×162 scaled to the page width). */
const LOGO_BOX = { width: 108, height: 81 } as const;
const WIDE_LOGO_RATIO = 162 / 792;

type Doc = InstanceType<typeof PDFDocument>;

const contentWidth = (doc: Doc) => doc.page.width - MARGIN * 2;
const bottomLimit = (doc: Doc) => doc.page.height - MARGIN - FOOTER_SPACE;

function ensureSpace(doc: Doc, height: number): boolean {
  if (doc.y + height <= bottomLimit(doc)) return false;
  doc.addPage();
  return true;
}

function drawHeader(doc: Doc, header: PdfHeader): void {
  const width = contentWidth(doc);
  if (header.wideLogo) {
    const height = width * WIDE_LOGO_RATIO;
    doc.image(header.wideLogo, MARGIN, doc.y, { fit: [width, height], valign: 'center' });
    doc.y += height + 8;
  }
  const top = doc.y;
  let textX = MARGIN;
  if (header.logo) {
    doc.image(header.logo, MARGIN, top, { fit: [LOGO_BOX.width, LOGO_BOX.height], valign: 'center' });
    textX += LOGO_BOX.width + 12;
  }
  const textWidth = width - (textX - MARGIN);
  doc.font('bold').fontSize(SIZES.companyTitle).fillColor(COLORS.text);
  doc.text(header.companyTitle, textX, top, { width: textWidth });
  doc.font('body').fontSize(SIZES.field).fillColor(COLORS.muted);
  for (const field of header.fields.filter((f) => f.value.trim() !== '')) {
    doc.text(`${field.label}: ${field.value}`, textX, doc.y + 1, { width: textWidth });
  }
  doc.y = Math.max(doc.y, header.logo ? top + LOGO_BOX.height : doc.y) + 8;
  doc
    .moveTo(MARGIN, doc.y)
    .lineTo(MARGIN + width, doc.y)
    .lineWidth(0.8)
    .strokeColor(COLORS.rule)
    .stroke();
  doc.y += 10;
}

function columnWidths(doc: Doc, columns: PdfColumn[]): number[] {
  const total = columns.reduce((sum, c) => sum + (c.width ?? 1), 0);
  return columns.map((c) => (contentWidth(doc) * (c.width ?? 1)) / total);
}

function rowHeight(doc: Doc, cells: string[], widths: number[], font: 'body' | 'bold'): number {
  doc.font(font).fontSize(SIZES.text);
  const heights = cells.map((cell, i) => doc.heightOfString(cell || ' ', { width: widths[i]! - CELL_PAD * 2 }));
  return Math.max(...heights) + CELL_PAD * 2;
}

function drawRow(
  doc: Doc,
  cells: string[],
  widths: number[],
  columns: PdfColumn[],
  style: 'head' | 'row' | 'hl',
  measured?: number,
) {
  const font = style === 'head' ? 'bold' : 'body';
  const height = measured ?? rowHeight(doc, cells, widths, font);
  const y = doc.y;
  const fill = style === 'head' ? COLORS.head : style === 'hl' ? COLORS.highlight : null;
  if (fill) doc.rect(MARGIN, y, contentWidth(doc), height).fillColor(fill).fill();
  let x = MARGIN;
  doc.font(font).fontSize(SIZES.text).fillColor(COLORS.text);
  cells.forEach((cell, i) => {
    doc.text(cell, x + CELL_PAD, y + CELL_PAD, {
      width: widths[i]! - CELL_PAD * 2,
      align: columns[i]?.align ?? 'left',
      lineBreak: true,
    });
    x += widths[i]!;
  });
  doc
    .moveTo(MARGIN, y + height)
    .lineTo(MARGIN + contentWidth(doc), y + height)
    .lineWidth(0.4)
    .strokeColor(COLORS.rule)
    .stroke();
  doc.x = MARGIN;
  doc.y = y + height;
}

/**
 * A table whose header row is drawn again at the top of every page the table runs onto; its caption, when
 * given, stays on the page of its header row. The event loop turns every `ROWS_PER_TURN` rows.
 */
async function drawTable(doc: Doc, columns: PdfColumn[], rows: PdfRow[], caption?: string): Promise<void> {
  const widths = columnWidths(doc, columns);
  const labels = columns.map((c) => c.label);
  doc.font('body').fontSize(SIZES.text);
  const captionHeight = caption ? doc.heightOfString(caption, { width: contentWidth(doc) }) + 4 : 0;
  ensureSpace(doc, captionHeight + rowHeight(doc, labels, widths, 'bold') * 2);
  if (caption) {
    doc
      .font('body')
      .fontSize(SIZES.text)
      .fillColor(COLORS.text)
      .text(caption, MARGIN, doc.y, { width: contentWidth(doc) });
    doc.y += 4;
  }
  drawRow(doc, labels, widths, columns, 'head');
  for (const [index, row] of rows.entries()) {
    if (index > 0 && index % ROWS_PER_TURN === 0) await nextTurn();
    const cells = columns.map((_, i) => row.cells[i] ?? '');
    const height = rowHeight(doc, cells, widths, 'body');
    if (ensureSpace(doc, height)) drawRow(doc, labels, widths, columns, 'head');
    drawRow(doc, cells, widths, columns, row.highlight ? 'hl' : 'row', height);
  }
  doc.y += 10;
}

/** An SVG chart as vector paths and text in the document's fonts, scaled to the content width. */
function drawChart(doc: Doc, block: { svg: string; width: number; height: number }): void {
  const width = contentWidth(doc);
  const height = (block.height * width) / block.width;
  ensureSpace(doc, height + 8);
  // The types name the class where the function takes a document.
  SVGtoPDF(doc as unknown as typeof PDFDocument, block.svg, MARGIN, doc.y, {
    width,
    height,
    preserveAspectRatio: 'xMinYMin meet',
    fontCallback: (_family: string, bold: boolean) => (bold ? 'bold' : 'body'),
  });
  doc.x = MARGIN;
  doc.y += height + 8;
}

async function drawBlock(doc: Doc, block: PdfBlock): Promise<void> {
  if (block.kind === 'table') {
    await drawTable(doc, block.columns, block.rows, block.caption);
    return;
  }
  if (block.kind === 'chart') {
    drawChart(doc, block);
    return;
  }
  const heading = block.kind === 'heading';
  doc.font(heading ? 'bold' : 'body').fontSize(heading ? SIZES.heading : SIZES.text);
  const height = doc.heightOfString(block.text, { width: contentWidth(doc) });
  ensureSpace(doc, height + (heading ? 24 : 0));
  // A new page may have drawn the header block in its own type: set the block's again.
  doc.font(heading ? 'bold' : 'body').fontSize(heading ? SIZES.heading : SIZES.text);
  doc.fillColor(COLORS.text).text(block.text, MARGIN, doc.y, { width: contentWidth(doc) });
  doc.y += heading ? 4 : 6;
}

/** "Generated …" on the left and "Page X of Y" on the right of every page, once all pages exist. */
function drawFooters(doc: Doc, spec: PdfDocumentSpec): void {
  const t = translator(spec.language);
  const at = formatInstant(Math.floor(spec.generated.at.getTime() / 1000), {
    timeZone: spec.generated.timeZone,
    timeFormat: spec.generated.timeFormat,
  });
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i += 1) {
    doc.switchToPage(i);
    // Writing below the bottom margin would start a new page; the footer sits in the margin on purpose.
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    const y = doc.page.height - MARGIN - 12;
    doc.font('body').fontSize(SIZES.footer).fillColor(COLORS.muted);
    doc.text(t('server:pdf.generatedAt', { at }), MARGIN, y, { width: contentWidth(doc) / 2, lineBreak: false });
    doc.text(t('server:pdf.page', { page: i + 1, pages: range.count }), MARGIN + contentWidth(doc) / 2, y, {
      width: contentWidth(doc) / 2,
      align: 'right',
      lineBreak: false,
    });
    doc.page.margins.bottom = bottom;
  }
}

/**
 * Renders a printed record as an A4 PDF: the project's header block (wide logo, logo, company title,
 * signatory and contact fields; with `repeatHeader` on every page), title, period, headings, paragraphs,
 * tables (header row repeated on each page, highlighted rows, a caption kept with the header row), charts
 * (SVG drawn as vectors), and on every page the generation time in the reader's zone and date format and
 * "Page X of Y". Text is set in Noto Sans SC, embedded as a subset, so Chinese, German and
 * Spanish names print alike (docs/decisions.md, "Printed records"). The event loop turns between blocks
 * and every `ROWS_PER_TURN` table rows, so the calls a server answers meanwhile wait for one chunk at most.
 */
export async function renderPdf(spec: PdfDocumentSpec): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    layout: spec.orientation ?? 'portrait',
    margins: { top: MARGIN, bottom: MARGIN + FOOTER_SPACE, left: MARGIN, right: MARGIN },
    bufferPages: true,
    info: { Title: spec.title, Author: spec.header.companyTitle, Producer: 'Lightwell' },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const fonts = pdfFontData();
  doc.registerFont('body', fonts.regular);
  doc.registerFont('bold', fonts.bold);
  drawHeader(doc, spec.header);
  if (spec.repeatHeader) {
    const later = { ...spec.header, wideLogo: null };
    doc.on('pageAdded', () => {
      drawHeader(doc, later);
      doc.x = MARGIN;
      // Text that runs onto the page by itself starts below the block too.
      doc.page.margins.top = doc.y;
    });
  }
  doc.font('bold').fontSize(SIZES.title).fillColor(COLORS.text).text(spec.title, MARGIN, doc.y);
  if (spec.period) doc.font('body').fontSize(SIZES.text).fillColor(COLORS.muted).text(spec.period);
  doc.y += 10;
  for (const block of spec.blocks) {
    await nextTurn();
    await drawBlock(doc, block);
  }
  drawFooters(doc, spec);
  doc.end();
  return done;
}
