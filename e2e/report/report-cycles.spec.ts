import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { nextProjectReportRun, type ProjectReportPeriod } from '@lightwell/domain';
import { type Browser, type BrowserContext, expect, type Page, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { readMail } from '../../apps/server/test/support/mime.ts';
import { type RunningConsole, startConsole } from '../support/console.ts';
import { E2E_PORT } from '../support/env.ts';
import { pickOption } from '../support/select.ts';
import { DEMO, signIn } from '../support/session.ts';
import { DEMO_NETWORK } from '../support/simulator.ts';
import { clickRowAction } from '../support/table.ts';
import { watchToast } from '../support/toast.ts';

/*
 * The e-mailed report cycles from end to end, on a console of this spec's own (its clock is moved, which
 * the other specs' shared console must not see): weekly and monthly reports switched on, two recipients
 * without an account who confirm their address from the e-mail, the clock moved past the send times, the
 * mails read from a real SMTP server with their PDF checked by poppler, one-click unsubscribe as a mail
 * program does it, and the figures of the mail, its web version, the screen and the CSV and XLSX downloads
 * compared to the Wh and the cent.
 */

/** This console's ports, apart from those of the shared one and of other runs (each derived from E2E_PORT). */
const PORT = E2E_PORT + 50;
const BASE_URL = `http://127.0.0.1:${PORT}`;
const MAILBOX = join(new URL('..', import.meta.url).pathname, `../test-results/e2e-mailbox-${PORT}`);

/** A Chinese project name, so the PDFs must carry CJK glyphs. */
const PROJECT = '光明大厦';
const ZONE = DEMO_NETWORK.timeZone;

let console_: RunningConsole;
let clockDir: string;
let clockFile: string;

/** Sets the console's clock to `at` (it runs on from there in real time); it is only ever moved forward. */
function setClock(at: Date): void {
  writeFileSync(clockFile, JSON.stringify({ at: at.toISOString(), rate: 1 }));
}

test.use({ baseURL: BASE_URL });

test.beforeAll(async () => {
  test.setTimeout(480_000);
  clockDir = mkdtempSync(join(tmpdir(), 'lightwell-clock-'));
  clockFile = join(clockDir, 'clock.json');
  // Never behind real time: the demo simulator stamps its readings with the real time.
  setClock(new Date());
  console_ = await startConsole({
    port: PORT,
    smtpPort: PORT + 1,
    mqttPort: PORT + 2,
    simulatorPort: PORT + 3,
    mailboxDir: MAILBOX,
    env: { CLOCK_FILE: clockFile, JOB_TICK_MS: '1000' },
  });
});

test.afterAll(async () => {
  await console_?.stop();
  rmSync(clockDir, { recursive: true, force: true });
});

interface Received {
  to: string[];
  mail: ReturnType<typeof readMail>;
}

/** Every message the SMTP server received so far, in order, read. */
function received(): Received[] {
  return readdirSync(MAILBOX)
    .sort((a, b) => Number.parseInt(a, 10) - Number.parseInt(b, 10))
    .map((file) => JSON.parse(readFileSync(join(MAILBOX, file), 'utf8')) as { to: string[]; raw: string })
    .map(({ to, raw }) => ({ to, mail: readMail(raw) }));
}

const mailsTo = (address: string) => received().filter((item) => item.to.includes(address));
/** The periodic report mails to `address` (those with a PDF attached). */
const reportsTo = (address: string) =>
  mailsTo(address)
    .map((item) => item.mail)
    .filter((mail) => mail.attachments.some((file) => file.contentType === 'application/pdf'));

/** Whether a report's subject names the period `key` (`…, 2026-12, 2026-12-01 – 2026-12-31: …`). */
const names = (subject: string, key: string) => subject.includes(`${key}, `);

/** Waits for a report mail to `address` whose subject names the period `key` and answers it. */
async function reportMail(address: string, key: string) {
  const matching = () => reportsTo(address).filter((mail) => names(mail.subject, key));
  await expect
    .poll(() => matching().length, { message: `report ${key} to ${address}`, timeout: 120_000 })
    .toBeGreaterThan(0);
  return matching()[0]!;
}

/** Path and query of the first link to `path` in a mail's text. */
function linkIn(text: string, path: string): string {
  const escaped = path.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  const found = text.match(new RegExp(`https?://[^/\\s]+(${escaped}\\?link=[A-Za-z0-9_.~%-]+)`))?.[1];
  if (!found) throw new Error(`no ${path} link in:\n${text}`);
  return found;
}

/** A PDF's text (pdftotext) and whether its first page has ink (pdftoppm, grey, 40 dpi). */
function readPdf(content: Buffer): { text: string; inked: number } {
  const dir = mkdtempSync(join(tmpdir(), 'lightwell-pdf-'));
  try {
    const file = join(dir, 'report.pdf');
    writeFileSync(file, content);
    const text = execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
    execFileSync('pdftoppm', ['-gray', '-r', '40', '-f', '1', '-l', '1', file, join(dir, 'page')]);
    const image = readdirSync(dir).find((name) => name.endsWith('.pgm'))!;
    const pgm = readFileSync(join(dir, image));
    // A binary PGM: "P5\n<w> <h>\n<max>\n" then one byte a pixel.
    const header = pgm.toString('latin1', 0, 40).match(/^P5\s+(\d+)\s+(\d+)\s+(\d+)\s/)!;
    const pixels = pgm.subarray(header[0].length);
    let inked = 0;
    for (const value of pixels) if (value < 128) inked += 1;
    return { text, inked: inked / pixels.length };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Splits one CSV line (quoted cells may hold the delimiter and doubled quotes). */
function csvCells(line: string, delimiter = ','): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i += 1) {
    const char = line[i]!;
    if (quoted) {
      if (char === '"' && line[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === delimiter) {
      cells.push(cell);
      cell = '';
    } else cell += char;
  }
  cells.push(cell);
  return cells;
}

/**
 * A table's total in a report's rows (CSV lines, sheet rows or the web version's rows): the value in
 * column `column` of the row labelled Total of the table whose header row starts with Network and holds
 * `marker`; the table ends at a blank or one-cell row (a title) or the next header.
 */
function totalOf(rows: string[][], marker: string, column: string): number {
  const start = rows.findIndex((row) => row[0] === 'Network' && row.includes(marker));
  expect(start, `a table with the column ${marker}`).toBeGreaterThanOrEqual(0);
  const index = rows[start]!.indexOf(column);
  let total: string[] | undefined;
  for (const row of rows.slice(start + 1)) {
    if (row.filter((cell) => cell !== '').length <= 1 || row[0] === 'Network') break;
    if (row[0] === 'Total') total = row;
  }
  expect(total, `the total row of the table with ${marker}`).toBeDefined();
  return Number(total![index]!.replace(/,/g, ''));
}

/** The raw figure a page element carries in `data-value`. */
async function rawFigure(page: Page, testId: string): Promise<number> {
  const value = await page.getByTestId(testId).getAttribute('data-value');
  expect(value, `${testId} with its raw value`).not.toBeNull();
  return Number(value);
}

/** A local date `YYYY-MM-DD` of an instant (epoch seconds) in the demo network's zone. */
function localDay(at: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: ZONE, dateStyle: 'short' }).format(new Date(at * 1000));
}

/** Adds a recipient on /setting/header with a language and kinds, and answers its activation link. */
async function addRecipient(page: Page, address: string, language: string, kinds: string[]) {
  const form = page.getByTestId('recipient-add');
  await page.getByTestId('recipient-email').fill(address);
  await pickOption(page, form.getByRole('combobox', { name: 'Language' }), language);
  for (const kind of ['Emergency faults', 'Self-test reports', 'Energy reports']) {
    const box = form.getByRole('checkbox', { name: kind });
    if ((await box.isChecked()) !== kinds.includes(kind)) await box.click();
  }
  await page.getByTestId('recipient-add-submit').click();
  const row = page.getByTestId('recipient-table').getByRole('row', { name: new RegExp(address) });
  await expect(row.getByTestId('recipient-status')).toHaveText('Waiting for activation');
  await expect
    .poll(() => mailsTo(address).filter((item) => item.mail.text.includes('/shared/projectSettingEmail/active')).length)
    .toBe(1);
  const mail = mailsTo(address).find((item) => item.mail.text.includes('/shared/projectSettingEmail/active'))!;
  return linkIn(mail.mail.text, '/shared/projectSettingEmail/active');
}

/** Opens a link from a mail in a browser without a session, as the recipient does. */
async function asVisitor<T>(browser: Browser, use: (page: Page) => Promise<T>): Promise<T> {
  const visitor: BrowserContext = await browser.newContext({ locale: 'en-US', baseURL: BASE_URL });
  try {
    return await use(await visitor.newPage());
  } finally {
    await visitor.close();
  }
}

/**
 * Asks the project report of the weekly period on /project/report/download in `format`, waits until it
 * is built and answers the downloaded file.
 */
async function downloadReport(
  page: Page,
  period: ProjectReportPeriod,
  format: 'CSV table' | 'Excel workbook (XLSX)',
): Promise<Buffer> {
  const zonePart = period.zones[0]!;
  const from = localDay(zonePart.start);
  const to = localDay(zonePart.end - 1);
  await page.goto('/project/report/download');
  await pickOption(page, page.getByTestId('report-period'), 'Custom range');
  await page.getByTestId('report-range').first().click();
  const popup = page.locator('.ant-picker-dropdown:not(.ant-picker-dropdown-hidden)');
  await expect(popup).toBeVisible();
  while (!(await popup.locator(`td[title="${from}"]`).first().isVisible())) {
    await popup.locator('.ant-picker-header-prev-btn').first().click();
  }
  await popup.locator(`td[title="${from}"]`).first().click();
  await popup.locator(`td[title="${to}"]`).first().click();
  await expect(popup).toBeHidden();
  await page.getByTestId('report-format').getByText(format, { exact: true }).click();
  await page.getByTestId('report-create').click();
  // One report of each format is asked for: its row is the one naming the format.
  const job = page.getByTestId('report-jobs').locator('tr.ant-table-row', { hasText: format });
  await expect(job.getByTestId('report-download')).toBeVisible({ timeout: 120_000 });
  const download = page.waitForEvent('download');
  await job.getByTestId('report-download').click();
  const file = await download;
  return readFileSync((await file.path())!);
}

test('weekly and monthly reports go once to confirmed recipients in their language, unsubscribe takes one click, and the figures match the screen and the downloads', async ({
  page,
  browser,
}) => {
  test.setTimeout(600_000);
  const tag = Date.now().toString(36);
  const zhReader = `zh-${tag}@example.test`;
  const enReader = `en-${tag}@example.test`;
  const start = Math.floor(Date.now() / 1000);
  const weekly = nextProjectReportRun('weekly', 1, start, [ZONE])!;
  const monthly = nextProjectReportRun('monthly', 1, start, [ZONE])!;
  // The week after the first one, by when the monthly report has gone too: the reader still subscribed gets it.
  const followingWeek = nextProjectReportRun('weekly', 1, weekly.at + 60, [ZONE])!;

  await signIn(page, DEMO.email, DEMO.password);

  // A Chinese project name, so the reports must carry CJK text.
  await page.goto('/project/index');
  const projectRow = page.getByTestId('project-table').locator('tr.ant-table-row').first();
  await clickRowAction(projectRow, 'Edit');
  const dialog = page.getByRole('dialog', { name: 'Edit project' });
  await dialog.getByLabel('Project name').fill(PROJECT);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('project-table')).toContainText(PROJECT);

  // Weekly (Monday 0:30) and monthly (the 1st, 0:00) reports with every section.
  await page.goto('/setting/report');
  await expect(page.getByTestId('cycles-project')).toContainText(PROJECT);
  for (const cycle of ['weekly', 'monthly']) {
    const card = page.getByTestId(`cycle-${cycle}`);
    const enabled = card.getByTestId(`cycle-${cycle}-enabled`);
    if ((await enabled.getAttribute('aria-checked')) !== 'true') await enabled.click();
    await expect(card.getByTestId(`cycle-${cycle}-enabled`)).toBeChecked();
    await card.getByRole('radio').first().check();
    for (const box of await card.getByTestId(`cycle-${cycle}-sections`).getByRole('checkbox').all()) {
      if (!(await box.isChecked())) await box.click();
    }
  }
  const saved = await watchToast(page, 'Report settings saved.');
  await page.getByTestId('cycles-save').click();
  await saved.shown();
  await expect(page.getByTestId('cycle-weekly-next')).toContainText(weekly.period.key);
  await expect(page.getByTestId('cycle-monthly-next')).toContainText(monthly.period.key);

  // Two recipients without an account, each confirming the address from the mail it got.
  await page.goto('/setting/header');
  const zhLink = await addRecipient(page, zhReader, '中文', ['Emergency faults', 'Energy reports']);
  const enLink = await addRecipient(page, enReader, 'English', ['Energy reports']);
  for (const [address, link] of [
    [zhReader, zhLink],
    [enReader, enLink],
  ] as const) {
    await asVisitor(browser, async (visitor) => {
      await visitor.goto(link);
      await expect(visitor.getByTestId('activation-result')).toContainText(address);
    });
  }
  await page.reload();
  for (const address of [zhReader, enReader]) {
    await expect(
      page
        .getByTestId('recipient-table')
        .getByRole('row', { name: new RegExp(address) })
        .getByTestId('recipient-status'),
    ).toHaveText('Active');
  }

  // No reading arrives any more: the week's figures hold still for the report, the screen and the files.
  await console_.stopSimulator();

  // Just after the weekly send time: each recipient gets the week once, in its language.
  setClock(new Date((weekly.at + 5) * 1000));
  const zhWeek = await reportMail(zhReader, weekly.period.key);
  const enWeek = await reportMail(enReader, weekly.period.key);
  expect(zhWeek.subject).toContain('能耗报告');
  expect(zhWeek.subject).toContain(PROJECT);
  expect(enWeek.subject).toContain('Energy report (weekly)');
  expect(enWeek.subject).toContain(PROJECT);
  for (const mail of [zhWeek, enWeek]) {
    expect(mail.header('list-unsubscribe')).toMatch(/^<https?:\/\/[^>]+\/email\/register\?link=[^>]+>$/);
    expect(mail.header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
  }

  // The PDF: text in the reader's language with the Chinese name, and a first page that is not blank.
  const zhPdf = readPdf(zhWeek.attachments.find((file) => file.contentType === 'application/pdf')!.content);
  const enPdf = readPdf(enWeek.attachments.find((file) => file.contentType === 'application/pdf')!.content);
  expect(zhPdf.text).toContain(PROJECT);
  expect(zhPdf.text).toContain('合计');
  expect(enPdf.text).toContain(PROJECT);
  expect(enPdf.text).toContain('Total');
  expect(zhPdf.inked).toBeGreaterThan(0.002);
  expect(enPdf.inked).toBeGreaterThan(0.002);

  // The mail's figures, its web version and the screen for the same week.
  const mailedKWh = Number(enWeek.text.match(/Energy: ([\d.,]+) kWh/)![1]!.replace(/,/g, ''));
  const mailedCost = Number(enWeek.text.match(/Cost: ([\d.,]+) /)![1]!.replace(/,/g, ''));
  const zonePart = weekly.period.zones[0]!;
  // The screen's 7 days end with the day holding `until`: the week's last second names its last day.
  await page.goto(`/home/network?span=7d&until=${zonePart.end - 1}`);
  await expect(page.getByTestId('network-overview')).toContainText(DEMO_NETWORK.name);
  const screenWh = await rawFigure(page, 'overview-energy');
  // The cost as the screen shows it (€1,234.56): to the cent.
  const screenCost = Number(((await page.getByTestId('overview-cost').textContent()) ?? '').replace(/[^\d.]/g, ''));
  expect(screenWh).toBeGreaterThan(0);
  expect(mailedKWh).toBeCloseTo(screenWh / 1000, 3);
  expect(mailedCost).toBeCloseTo(screenCost, 2);

  const viewLink = linkIn(enWeek.text, '/report/projectPDF1');
  const viewRows = await asVisitor(browser, async (visitor) => {
    await visitor.goto(viewLink);
    await expect(visitor.getByTestId('report-view')).toContainText(PROJECT);
    const tables = await visitor.getByTestId('report-view-table').all();
    const rows: string[][] = [];
    for (const table of tables) {
      rows.push(
        ...(await table
          .locator('tr:not(.ant-table-measure-row)')
          .evaluateAll((trs) =>
            trs.map((tr) => [...tr.querySelectorAll('th, td')].map((cell) => cell.textContent ?? '')),
          )),
        [],
      );
    }
    return rows;
  });
  expect(totalOf(viewRows, 'Energy (kWh)', 'Energy (kWh)')).toBeCloseTo(screenWh / 1000, 3);
  expect(totalOf(viewRows, 'Standing charges', 'Cost')).toBeCloseTo(screenCost, 2);

  // The CSV and XLSX of the same week from the download page carry the same totals.
  await page.clock.setSystemTime(new Date((weekly.at + 60) * 1000));
  const csv = (await downloadReport(page, weekly.period, 'CSV table')).toString('utf8').replace(/^\uFEFF/, '');
  const csvRows = csv.split(/\r?\n/).map((line) => csvCells(line));
  expect(totalOf(csvRows, 'Energy (kWh)', 'Energy (kWh)')).toBeCloseTo(screenWh / 1000, 3);
  expect(totalOf(csvRows, 'Standing charges', 'Cost')).toBeCloseTo(screenCost, 2);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(
    (await downloadReport(page, weekly.period, 'Excel workbook (XLSX)')) as unknown as ArrayBuffer,
  );
  const sheetRows = workbook.worksheets.flatMap((sheet) => {
    const rows: string[][] = [];
    sheet.eachRow({ includeEmpty: true }, (row) => {
      const values = (row.values as unknown[]).slice(1);
      rows.push(values.map((value) => (value === null || value === undefined ? '' : String(value))));
    });
    return [...rows, []];
  });
  expect(totalOf(sheetRows, 'Energy (kWh)', 'Energy (kWh)')).toBeCloseTo(screenWh / 1000, 3);
  expect(totalOf(sheetRows, 'Standing charges', 'Cost')).toBeCloseTo(screenCost, 2);

  // One click in the mail program: a POST to the List-Unsubscribe address.
  const unsubscribe = zhWeek.header('list-unsubscribe')!.slice(1, -1);
  const answer = await page.request.post(unsubscribe, {
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    data: 'List-Unsubscribe=One-Click',
  });
  expect(answer.ok()).toBe(true);
  expect(await answer.json()).toMatchObject({ code: 0, data: { kinds: ['emergencyFault'] } });
  await page.goto('/project/report/email/reception');
  const zhRow = page.getByTestId('reception-table').getByRole('row', { name: new RegExp(zhReader) });
  await expect(zhRow).toContainText('Emergency faults');
  await expect(zhRow).not.toContainText('Energy reports');

  // On past the monthly send and the following week: the English reader gets each period once, the
  // unsubscribed one nothing more.
  const later = Math.max(monthly.at, followingWeek.at) + 5;
  setClock(new Date(later * 1000));
  await reportMail(enReader, followingWeek.period.key);
  const enMonth = await reportMail(enReader, monthly.period.key);
  expect(enMonth.subject).toContain('Energy report (monthly)');
  const subjects = reportsTo(enReader).map((mail) => mail.subject);
  expect(new Set(subjects).size).toBe(subjects.length);
  expect(subjects.filter((subject) => names(subject, weekly.period.key))).toHaveLength(1);
  expect(subjects.filter((subject) => names(subject, monthly.period.key))).toHaveLength(1);
  expect(reportsTo(zhReader).map((mail) => mail.subject)).toEqual([zhWeek.subject]);
});
