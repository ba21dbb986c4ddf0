import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { networkTeam, type TestApp } from '../../../test/helpers.ts';
import { networks } from '../../db/schema.ts';
import { buildFittings, buildZone } from './test-fittings.ts';

export type Rgb = [number, number, number];
/** The fill of a highlighted PDF table row (#ffe7ba), and of a plain one. */
export const HIGHLIGHT: Rgb = [255, 231, 186];
export const WHITE: Rgb = [255, 255, 255];

export interface PdfWord {
  page: number;
  xMin: number;
  yMin: number;
  yMax: number;
  text: string;
}

/** Every word of a PDF with its page and box (`pdftotext -bbox`), in reading order. */
export function pdfWords(file: string): PdfWord[] {
  const xml = execFileSync('pdftotext', ['-bbox', '-enc', 'UTF-8', file, '-']).toString('utf8');
  const xmlText = (w: string) =>
    w
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&apos;/g, "'")
      .replace(/&amp;/g, '&');
  return xml
    .split('<page ')
    .slice(1)
    .flatMap((page, index) =>
      [...page.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="[\d.]+" yMax="([\d.]+)">([^<]*)<\/word>/g)].map(
        (m) => ({ page: index + 1, xMin: Number(m[1]), yMin: Number(m[2]), yMax: Number(m[3]), text: xmlText(m[4]!) }),
      ),
    );
}

/**
 * The colour at the left edge of the table row whose first cell is the word `first` (its page rendered into
 * `dir`) at 72 dpi (one pixel per point), read in the cell padding 2 pt left of the word, halfway down the line.
 */
export function rowShade(dir: string, file: string, words: readonly PdfWord[], first: string): Rgb {
  const word = words.find((w) => w.text === first);
  if (!word) throw new Error(`"${first}" is not printed`);
  const prefix = join(dir, `shade-${process.pid}`);
  const page = String(word.page);
  execFileSync('pdftoppm', ['-r', '72', '-f', page, '-l', page, '-singlefile', file, prefix]);
  const ppm = readFileSync(`${prefix}.ppm`);
  const head = ppm.toString('latin1', 0, 64).match(/^P6\s+(\d+)\s+(\d+)\s+255\s/);
  if (!head) throw new Error('not a binary PPM');
  const x = Math.floor(word.xMin) - 2;
  const y = Math.floor((word.yMin + word.yMax) / 2);
  const at = head[0].length + (y * Number(head[1]) + x) * 3;
  return [ppm[at]!, ppm[at + 1]!, ppm[at + 2]!];
}

/**
 * The body rows of the printed table whose header line starts with the words `labels` (the first word of
 * each column label), each row as its cells' text, wrapped lines joined by spaces. A word belongs to the
 * column whose label starts left of it; a row starts at each line with a word in the column `rowKey` (a
 * cell that never wraps) and the table ends at text back at the page margin (the next heading or the
 * footer).
 */
export function readTable(words: readonly PdfWord[], labels: readonly string[], rowKey: number): string[][] {
  const rows: string[][] = [];
  const near = (a: number, b: number) => Math.abs(a - b) < 1;
  for (const head of words.filter((w) => w.text === labels[0])) {
    const line = words.filter((w) => w.page === head.page && near(w.yMin, head.yMin));
    const starts = labels.map((label) => line.find((w) => w.text === label)?.xMin);
    if (starts.some((x) => x === undefined)) continue;
    const columnStarts = starts as number[];
    const below = words
      .filter((w) => w.page === head.page && w.yMin > head.yMin + 1)
      .sort((p, q) => p.yMin - q.yMin || p.xMin - q.xMin);
    const end = below.find((w) => w.xMin < columnStarts[0]! - 1)?.yMin ?? Number.POSITIVE_INFINITY;
    const body = below.filter((w) => w.yMin < end - 1);
    const columnOf = (w: PdfWord) => columnStarts.findLastIndex((x) => x <= w.xMin + 1);
    const rowTops = body.filter((w) => columnOf(w) === rowKey).map((w) => w.yMin);
    // Header labels wrap too: body rows begin at the first row key.
    const cells = rowTops.map(() => labels.map(() => [] as string[]));
    for (const w of body) {
      const row = rowTops.findLastIndex((y) => y <= w.yMin + 1);
      if (row >= 0) cells[row]![columnOf(w)]!.push(w.text);
    }
    rows.push(...cells.map((row) => row.map((texts) => texts.join(' '))));
  }
  return rows;
}

/** Moves the app's clock to `iso`. */
export const setNow = (t: TestApp, iso: string) => {
  t.clock.offsetMs = new Date(iso).getTime() - Date.now();
};
/** An ISO time in seconds. */
export const s = (iso: string) => Date.parse(iso) / 1000;

/** A network team in Europe/London with zone "Stairs" and two fittings installed 1 December 2025 (test factory). */
export async function london(t: TestApp) {
  const team = await networkTeam(t);
  await t.db.update(networks).set({ timeZone: 'Europe/London' }).where(eq(networks.id, team.network.id));
  const stairs = await buildZone(t.db, team.network.id, 'Stairs');
  const fittings = await buildFittings(t.db, team.network.id, stairs.id, 2, {
    createdAt: new Date('2025-12-01T00:00:00Z'),
  });
  return { ...team, stairs, fittings };
}

/** A monthly function test on the 3rd at 10:00. */
export const monthly = { name: 'Monthly', testKind: 'function', day: 3, minuteOfDay: 600 };
