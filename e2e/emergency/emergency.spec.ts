import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { callAsBrowser } from '../support/api.ts';
import { SIMULATOR_URL } from '../support/env.ts';
import { linkFromMail, mailText } from '../support/mailbox.ts';
import { pickOption } from '../support/select.ts';
import { DEMO, newIdentity, signIn } from '../support/session.ts';
import { DEMO_DEVICES } from '../support/simulator.ts';

/*
 * Emergency lighting in a real browser against the console, the demo simulator's fittings over MQTT, the
 * database and the SMTP server: a zone's function test and its log, a failed duration test and its fault
 * e-mail, a fault walked through safeguard, rectify, confirm and verify until its retest passes, and the
 * inspector's PDF export read back with poppler.
 */

const EXIT_SIGN = 'Corridor Emergency exit sign 1';
const EXIT_SIGN_2 = 'Corridor Emergency exit sign 2';
const STORAGE = 'Storage Emergency bulkhead 1';
const RECEPTION = 'Reception Emergency bulkhead 1';
const OUT = new URL('../../test-results/emergency/', import.meta.url).pathname;

const macOf = (name: string) => {
  const device = DEMO_DEVICES.find((d) => d.name === name);
  if (!device) throw new Error(`no demo device ${name}`);
  return device.mac;
};

/** A control call of the demo simulator (apps/simulator/src/control-server.ts). */
async function simulator(path: string): Promise<void> {
  const response = await fetch(`${SIMULATOR_URL}${path}`, { method: 'POST' });
  expect(response.ok, path).toBe(true);
}

const row = (page: Page, testId: string, name: string) =>
  page.getByTestId(testId).locator('tr.ant-table-row', { hasText: name });

/** Runs `action` on the fittings named, from /emergency/index, confirming its preview. */
async function actOnFittings(page: Page, names: string[], action: string, label: string) {
  await page.goto('/emergency/index');
  for (const name of names) {
    await row(page, 'element-table', name).locator('input[type="checkbox"]').check();
  }
  await page.getByTestId(`action-${action}`).click();
  await expect(page.getByTestId('action-preview')).toContainText(`${names.length} fitting`, { timeout: 60_000 });
  await page.getByRole('dialog').getByRole('button', { name: label }).click();
  await expect(page.getByTestId('emergency-task')).toBeVisible();
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(() => mkdirSync(OUT, { recursive: true }));

test.afterAll(async () => {
  // Leave the demo's fittings repaired and charged for the specs after this one.
  for (const name of [STORAGE, RECEPTION]) {
    await simulator(`/devices/${macOf(name)}/clear`);
    await simulator(`/devices/${macOf(name)}/battery?charge=1`);
  }
});

/**
 * The months of the demo's year of self-tests (each fitting's own timer: the 7th, 10:00 UTC), [year, month
 * 0-11]: the twelve months before now whose test has passed (apps/simulator/src/emergency-history.ts).
 */
function demoTestedMonths(now: Date): [number, number][] {
  const months: [number, number][] = [];
  const start = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 7, 10, 10) > now.getTime() ? 1 : 0;
  for (let back = start; months.length < 12; back += 1) {
    const month = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
    months.unshift([month.getUTCFullYear(), month.getUTCMonth()]);
  }
  return months;
}

test('the demo’s schedule report shows every fitting graded in each of the last twelve months', async ({ page }) => {
  await signIn(page, DEMO.email, DEMO.password);
  const fittings = DEMO_DEVICES.filter((d) => d.model.startsWith('LW-EM'));
  // Home and the network overview: every fitting tested in time, nothing failed, no open fault.
  await page.goto('/first/index');
  await expect(page.getByTestId('home-projects').getByTestId('home-emergency-ok')).toBeVisible();
  await page.goto('/home/network');
  await expect(page.getByTestId('network-emergency-fittings')).toHaveText(`${fittings.length} fittings`);
  await expect(page.getByTestId('network-emergency-overdue')).toHaveText('0 overdue');

  await page.goto('/emergency/schedule/report');
  const matrix = page.getByTestId('schedule-matrix');
  const byYear = new Map<number, number[]>();
  for (const [year, month] of demoTestedMonths(new Date())) byYear.set(year, [...(byYear.get(year) ?? []), month]);
  const years = [...byYear.keys()].sort((a, b) => b - a);
  for (const year of years) {
    if (year !== years[0]) await pickOption(page, page.getByTestId('report-year'), String(year));
    await expect(page.getByTestId('report-year')).toContainText(String(year));
    for (const fitting of fittings) {
      const cells = matrix.locator('tr.ant-table-row', { hasText: fitting.name }).locator('td');
      // Column 0 is the fitting, then January … December.
      for (const month of byYear.get(year)!) {
        await expect(
          cells.nth(month + 1).locator('[data-grade]'),
          `${fitting.name} ${year}-${month + 1}`,
        ).toHaveAttribute('data-grade', 'passed');
      }
    }
  }
});

test('a function test on a zone shows each fitting’s outcome and lands graded in the self-test log', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await signIn(page, DEMO.email, DEMO.password);
  await page.goto('/emergency/index');
  await expect(row(page, 'element-table', EXIT_SIGN)).toBeVisible();

  await pickOption(page, page.getByTestId('action-target'), 'Zones');
  await pickOption(page, page.getByTestId('action-target-ids'), 'Corridor');
  await page.getByTestId('action-functionTest').click();
  await expect(page.getByTestId('action-preview')).toContainText('2 fittings are covered');
  await expect(page.getByTestId('action-preview')).toContainText('on battery');
  await page.getByRole('dialog').getByRole('button', { name: 'Function test' }).click();

  const outcomes = page.getByTestId('task-fittings');
  await expect(outcomes.locator('tr.ant-table-row')).toHaveCount(2);
  await expect(page.getByTestId('task-tally')).toContainText('2 executed', { timeout: 60_000 });

  await page.goto('/emergency/self/test/log');
  for (const name of [EXIT_SIGN, EXIT_SIGN_2]) {
    const record = row(page, 'test-records', name).filter({ hasText: 'By a user' }).first();
    await expect(record).toContainText('Passed', { timeout: 150_000 });
    await expect(record).toContainText('Function test');
  }
});

test('a failed duration test e-mails the fault, whose link shows it with cause and advice', async ({ page }) => {
  test.setTimeout(240_000);
  await signIn(page, DEMO.email, DEMO.password);
  // The breadcrumb makes the demo's project and network current once the console has loaded them.
  await page.goto('/emergency/index');
  await expect(row(page, 'element-table', STORAGE)).toBeVisible();
  const pid = await page.evaluate(() => Number(localStorage.getItem('currentPid')));
  expect(pid).toBeGreaterThan(0);
  const recipient = newIdentity().email;
  await callAsBrowser(page, '/api/v1/project/projectSettingEmail/update', {
    pid,
    recipients: [{ email: recipient, language: 'en', kinds: ['emergencyFault'] }],
  });
  await page.goto(await linkFromMail(recipient, '/shared/projectSettingEmail/active'));
  await expect
    .poll(async () => {
      const list = await callAsBrowser<{ email: string; status: string }[]>(
        page,
        '/api/v1/project/projectSettingEmail/all',
        { pid },
      );
      return list.find((r) => r.email === recipient)?.status;
    })
    .toBe('active');

  // A lamp that no longer lights: a one-minute duration test finds it and fails.
  await simulator(`/devices/${macOf(STORAGE)}/battery?charge=1`);
  await simulator(`/devices/${macOf(STORAGE)}/emergency-fault?kind=lamp`);
  await page.goto('/emergency/index');
  await row(page, 'element-table', STORAGE).locator('input[type="checkbox"]').check();
  await page.getByTestId('action-durationTest').click();
  await pickOption(page, page.getByTestId('action-duration-kind'), 'Custom minutes');
  await page.getByRole('dialog').getByLabel('Minutes').fill('1');
  await expect(page.getByTestId('action-preview')).toContainText('1 fitting goes on battery', { timeout: 60_000 });
  await page.getByRole('dialog').getByRole('button', { name: 'Duration test' }).click();
  await expect(page.getByTestId('emergency-task')).toBeVisible();

  const link = await linkFromMail(recipient, '/not/token/emergency/fault', 1, 180_000);
  expect(mailText(recipient, '/not/token/emergency/fault')).toContain(STORAGE);

  await page.goto(link);
  await expect(page.getByTestId('fault-summary')).toContainText(STORAGE);
  await expect(page.getByTestId('fault-advice')).toContainText(/lamp/i);

  await page.goto('/emergency/self/test/log');
  await expect(row(page, 'test-records', STORAGE).first()).toContainText('Failed', { timeout: 60_000 });
  await expect(row(page, 'test-records', STORAGE).first()).toContainText('Duration test');
});

test('a fault walks through safeguard, rectify, confirm and verify, and closes when its retest passes', async ({
  page,
}) => {
  test.setTimeout(420_000);
  await signIn(page, DEMO.email, DEMO.password);
  await simulator(`/devices/${macOf(RECEPTION)}/emergency-fault?kind=lamp`);
  await actOnFittings(page, [RECEPTION], 'functionTest', 'Function test');

  await page.goto('/emergency/fault/log');
  const fault = row(page, 'fault-table', RECEPTION).filter({ hasText: 'Open' }).first();
  await expect(fault).toBeVisible({ timeout: 150_000 });
  await fault.getByTestId('fault-open').click();
  const drawer = page.getByTestId('fault-drawer');
  await expect(drawer.getByTestId('fault-advice')).toContainText(/lamp/i);
  await expect(drawer.getByTestId('confirm-fault')).toBeDisabled();

  await drawer.getByTestId('step-safeguard').getByLabel('Remark').fill('Area lit by the neighbouring fittings');
  await drawer.getByTestId('save-safeguard').click();
  await expect(drawer.getByTestId('fault-summary')).toContainText('Area lit by the neighbouring fittings');
  await expect(drawer.getByTestId('confirm-fault')).toBeDisabled();

  await simulator(`/devices/${macOf(RECEPTION)}/clear`);
  await drawer.locator('.ant-collapse-header', { hasText: 'Rectification' }).click();
  await drawer.getByTestId('step-rectify').getByLabel('Remark').fill('LED module replaced');
  await drawer.getByTestId('save-rectify').click();
  await expect(drawer.getByTestId('fault-summary')).toContainText('LED module replaced');

  await drawer.getByTestId('confirm-fault').click();
  await expect(drawer.getByTestId('fault-summary')).toContainText('Confirmed');

  await drawer.locator('.ant-collapse-header', { hasText: 'Verification' }).click();
  await drawer.getByTestId('step-verify').getByLabel('Remark').fill('Lamp lights on battery');
  await drawer.getByTestId('save-verify').click();
  await expect(drawer.getByTestId('fault-summary')).toContainText(/Waiting for retest|Retest booked/);

  // The self-test job starts the booked retest within a minute; the function test takes 30 s.
  await expect(drawer.getByTestId('fault-summary')).toContainText('Closed', { timeout: 240_000 });
  await expect(drawer.getByTestId('fault-summary')).toContainText('Passed');
});

test('the inspector’s PDF export holds every fitting, and its Chinese text prints', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, DEMO.email, DEMO.password);
  await page.goto('/emergency/index');
  const dropdown = page.getByTestId('language-dropdown');
  await dropdown.click();
  await page.locator('.ant-dropdown-menu-item', { hasText: '中文' }).dispatchEvent('click');
  await expect(page.locator('html')).toHaveAttribute('lang', /^zh/);
  try {
    const download = page.waitForEvent('download');
    await page.getByTestId('record-export').getByRole('button', { name: /PDF/ }).click();
    const file = `${OUT}record.pdf`;
    await (await download).saveAs(file);
    expect(readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-');

    const text = execFileSync('pdftotext', [file, '-']).toString();
    // Table cells wrap names over lines: compare without white space.
    const squeezed = text.replace(/\s+/g, '');
    expect(squeezed).toContain(RECEPTION.replace(/\s+/g, ''));
    const cjk = text.match(/[\u4e00-\u9fff]{2,}/)?.[0];
    expect(cjk, 'Chinese text in the PDF').toBeTruthy();
    expect(execFileSync('pdffonts', [file]).toString()).toMatch(/Noto|CID/);

    // The first Chinese word drawn: render exactly its box and find ink in it (a missing glyph is blank).
    const layout = execFileSync('pdftotext', ['-bbox', '-f', '1', '-l', '1', file, '-']).toString();
    const word = layout.match(
      /<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">[^<]*[\u4e00-\u9fff]/,
    );
    expect(word, 'a Chinese word on page 1').toBeTruthy();
    const [x0, y0, x1, y1] = (word as RegExpMatchArray).slice(1, 5).map(Number) as [number, number, number, number];
    const scale = 2; // 144 dpi: 2 pixels per point
    const crop = execFileSync('pdftoppm', [
      '-f',
      '1',
      '-l',
      '1',
      '-r',
      '144',
      '-gray',
      '-x',
      String(Math.floor(x0 * scale)),
      '-y',
      String(Math.floor(y0 * scale)),
      '-W',
      String(Math.ceil((x1 - x0) * scale)),
      '-H',
      String(Math.ceil((y1 - y0) * scale)),
      file,
    ]);
    // PGM: "P5\n<w> <h>\n255\n" then one byte per pixel.
    const header = crop.toString('latin1').match(/^P5\s+(\d+)\s+(\d+)\s+(\d+)\s/);
    expect(header).toBeTruthy();
    const pixels = crop.subarray((header as RegExpMatchArray)[0].length);
    const ink = pixels.filter((value) => value < 128).length;
    expect(ink, `dark pixels in "${cjk}"`).toBeGreaterThan(20);
  } finally {
    await dropdown.click();
    await page.locator('.ant-dropdown-menu-item', { hasText: 'English' }).dispatchEvent('click');
    await expect(page.locator('html')).toHaveAttribute('lang', /^en/);
  }
});
