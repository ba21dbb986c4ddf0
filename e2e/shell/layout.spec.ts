import { mkdirSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { builtPathsMissing } from '../support/built-routes.ts';
import { layoutProblems, waitSettled } from '../support/layout-checks.ts';
import { DEMO, signIn } from '../support/session.ts';

/** Where the screenshots go: the CI artifact folder a person looks through (docs/development.md, "Screens at every width"). */
const SHOTS = new URL('../../test-results/layout/', import.meta.url).pathname;

const LANGUAGES = [
  { code: 'en', label: 'English' },
  { code: 'zh', label: '中文' },
  { code: 'de', label: 'Deutsch' },
  { code: 'es', label: 'Español' },
] as const;
const FIRST_SIZE = { width: 1024, height: 768 };
const WIDTHS = [
  FIRST_SIZE,

  { width: 1280, height: 800 },
  { width: 1920, height: 1080 },
];
/** A phone, photographed in English for a person to look at; the checks above are for 1024 px and up. */
const PHONE = { width: 390, height: 844 };

/** Every built page without sign-in (the share-link pages without a code show their "invalid link" state). */
const PUBLIC_PAGES = [
  '/login',
  '/addCount',
  '/forgetPassword',
  '/userAgreement',
  '/version/log',
  '/shared/network',
  '/shared/project',
  '/shared/config',
  '/shared/projectSettingEmail/active',
  '/screen/index',
  '/not/token/emergency/fault?link=0000000000000000',
  '/not/token/emailReport/selfTestAndFault?link=0000000000000000',
  '/report/networkEquipDataPDF',
  '/email/register?link=0000000000000000',
  '/report/projectPDF1?link=0000000000000000',
  '/404',
];
/**
 * Every built console page, on the demo's project and network (current after sign-in); PROFILE and
 * NETWORK stand for the ids of a demo profile and the demo network.
 */
const CONSOLE_PAGES = [
  '/first/index',
  '/home/network',
  '/home/heat/sensor/zone',
  '/home/heat/power/zone',
  '/home/sensor/device',
  '/home/power/device',
  '/project/index',
  '/project/network/index',
  '/project/network/recycle',
  '/project/network/zone',
  '/project/report/download',
  '/project/report/download/node',
  '/project/report/email/reception',
  '/project/report/generation/automaticData',
  '/project/report/networkEquip/statistic',
  '/report/networkEquipDataPDF',
  '/report/device/pdf?nid=NETWORK&span=7d',
  '/config/index',
  '/config/other',
  '/config/default',
  '/config/add',
  '/config/update?id=PROFILE',
  '/remote/index',
  '/remote/area',
  '/remote/group',
  '/remote/scene',
  '/remote/gateway',
  '/remote/network',
  '/remote/device',
  '/remote/project',
  '/remote/sensor',
  '/emergency/index',
  '/emergency/fault/log',
  '/emergency/self/test/log',
  '/emergency/self/test/schedules/info',
  '/emergency/schedule/report',
  '/emergency/model/log',
  '/emergency/element/report',
  '/emergency/element/report/self/test',
  '/emergency/element/report/schedule',
  '/emergency/element/report/fault',
  '/setting/price',
  '/setting/user',
  '/setting/header',
  '/setting/report',
];

test('the tour covers every page the route table has built', () => {
  expect(builtPathsMissing([...PUBLIC_PAGES, ...CONSOLE_PAGES])).toEqual([]);
});

/**
 * Near-still frames: transitions and animations last a millisecond, so there is little to wait for between
 * widths, and menus and popups still receive the end events they wait for before they show.
 */
const NO_MOTION =
  '*, *::before, *::after { transition-duration: 1ms !important; transition-delay: 0s !important; ' +
  'animation-duration: 1ms !important; animation-delay: 0s !important; }';

const slug = (path: string) => path.replace(/^\//, '').replace(/[/?=]/g, '_') || 'root';

/** Chooses a language in the header's (or the public page's) language menu, and waits until it applies. */
async function chooseLanguage(page: Page, language: (typeof LANGUAGES)[number]) {
  await page.setViewportSize(FIRST_SIZE);
  await waitSettled(page);
  const dropdown = page.getByTestId('language-dropdown');
  if ((await dropdown.textContent())?.includes(language.label)) return;
  await dropdown.click();
  // After the phone width the menu can open placed for the old window; its entry still takes a click.
  await page.locator('.ant-dropdown-menu-item', { hasText: language.label }).dispatchEvent('click');
  await expect(dropdown).toContainText(language.label);
  await expect(page.locator('html')).toHaveAttribute('lang', new RegExp(`^${language.code}`));
  // Its confirmation would cover the first screenshots; it goes on its own after a few seconds.
  await expect(page.locator('.ant-message-notice')).toHaveCount(0);
}

/**
 * Opens `path` as the menu would, without reloading the app when it is already loaded (the router
 * follows the history), so each page costs its own loading only.
 */
async function open(page: Page, path: string) {
  const current = page.url().startsWith('http') ? new URL(page.url()) : undefined;
  if (!current) {
    await page.goto(path);
  } else if (`${current.pathname}${current.search}` !== path) {
    await page.evaluate((target) => {
      for (const view of document.querySelectorAll('.lw-fade')) view.setAttribute('data-left', '');
      window.history.pushState(null, '', target);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, path);
    // The routed view is keyed by path: the new page is drawn once a view that was not there appears.
    await page.locator('.lw-fade:not([data-left])').first().waitFor({ timeout: 15_000 });
  }
  await page.evaluate((css) => {
    if (document.getElementById('layout-still')) return;
    const style = document.createElement('style');
    style.id = 'layout-still';
    style.textContent = css;
    document.head.append(style);
  }, NO_MOTION);
}

/** Opens `path`, checks it at every width and saves a screenshot of each; answers the problems found. */
async function walk(page: Page, path: string, language: string, phone: boolean) {
  const problems: string[] = [];
  await page.setViewportSize(FIRST_SIZE);
  await open(page, path);
  for (const size of phone ? [...WIDTHS, PHONE] : WIDTHS) {
    await page.setViewportSize(size);
    await waitSettled(page);
    if (size !== PHONE) {
      for (const problem of await layoutProblems(page)) problems.push(`${language} ${size.width} ${path}: ${problem}`);
    }
    const folder = `${SHOTS}${language}/${size.width}`;
    mkdirSync(folder, { recursive: true });
    await page.screenshot({ path: `${folder}/${slug(path)}.png`, fullPage: false });
  }
  return problems;
}

test('the checks see a page that scrolls sideways, a squeezed name or header, and actions off view', async ({
  page,
}) => {
  await page.setViewportSize({ width: 600, height: 400 });
  await page.setContent(`
    <div style="width: 900px">wide</div>
    <div class="ant-table-wrapper"><div class="ant-table-content" style="width: 300px; overflow: auto">
      <table style="table-layout: fixed; width: 700px"><thead><tr>
        <th style="width: 20px"><span class="ant-table-column-title">Bezeichnung</span></th><th>b</th><th>c</th>
      </tr></thead><tbody><tr class="ant-table-row">
        <td class="lw-name-column" style="width: 20px"><span class="lw-name-cell__text">Demo office</span></td>
        <td>x</td><td><button>Delete</button></td>
      </tr></tbody></table>
    </div></div>`);
  const problems = await layoutProblems(page);
  expect(problems).toEqual([
    expect.stringContaining('page scrolls sideways'),
    expect.stringContaining('cell narrower than "Bezeichnung"'),
    expect.stringContaining('cell narrower than "Demo"'),
    expect.stringContaining('row action "Delete" of "Demo office" is off view'),
  ]);
});

test.describe('every built page holds its layout at 1024, 1280 and 1920 px in every language', () => {
  test.describe.configure({ timeout: 600_000 });
  // The still-frame style is added by the test, which the console's Content-Security-Policy would refuse.
  test.use({ bypassCSP: true, actionTimeout: 15_000 });

  test('public pages', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'en-US' });
    const page = await context.newPage();
    const problems: string[] = [];
    for (const language of LANGUAGES) {
      await page.goto('/login');
      await chooseLanguage(page, language);
      for (const path of PUBLIC_PAGES)
        problems.push(...(await walk(page, path, language.code, language.code === 'en')));
    }
    await context.close();
    expect(problems).toEqual([]);
  });

  // One test a language: each walks every console page at every width (2 to 3 minutes alone), and a failure
  // names the language.
  for (const language of LANGUAGES) {
    test(`console pages with the demo in ${language.label}`, async ({ page }) => {
      await signIn(page, DEMO.email, DEMO.password);
      await page.goto('/config/default');
      const open = page.locator('[data-testid^="profile-open-"]').first();
      const profile = (await open.getAttribute('data-testid'))?.replace('profile-open-', '');
      expect(profile).toMatch(/^\d+$/);
      // The shell settles the current network once the network list has come (stores/current-network.ts),
      // which may be after the profiles have.
      const currentNid = () => page.evaluate(() => localStorage.getItem('currentNid'));
      await expect.poll(currentNid).toMatch(/^\d+$/);
      const nid = await currentNid();
      const problems: string[] = [];
      try {
        await chooseLanguage(page, language);
        for (const path of CONSOLE_PAGES) {
          const target = path.replace('PROFILE', profile ?? '').replace('NETWORK', nid ?? '');
          problems.push(...(await walk(page, target, language.code, language.code === 'en')));
        }
      } finally {
        // The demo account keeps its language on the server; the other specs read it in English.
        await chooseLanguage(page, LANGUAGES[0]);
      }
      expect(problems).toEqual([]);
    });
  }
});
