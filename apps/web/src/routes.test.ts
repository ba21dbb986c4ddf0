import { describe, expect, it } from 'vitest';
import { appRoutes, findRoute, menuRoutes } from './route-table';
import { pages } from './routes';

/** Section 2 of the spec: every route and its menu index. */
const specPublic = [
  '/login',
  '/addCount',
  '/forgetPassword',
  '/userAgreement',
  '/version/log',
  '/shared/network',
  '/shared/project',
  '/shared/config',
  '/shared/projectSettingEmail/active',
  '/not/token/emergency/fault',
  '/not/token/emailReport/selfTestAndFault',
  '/email/register',
  '/report/projectPDF1',
  '/report/networkEquipDataPDF',
  '/screen/index',
  '/404',
];
const specMain: Record<string, string> = {
  '/first/index': '10',
  '/home/network': '1-1',
  '/home/heat/sensor/zone': '1-3',
  '/home/heat/power/zone': '1-5',
  '/home/sensor/device': '1-6',
  '/home/power/device': '1-7',
  '/project/index': '2-1',
  '/project/network/index': '2-2-1',
  '/project/network/zone': '2-2-2',
  '/project/report/download': '2-3',
  '/project/report/download/node': '2-4',
  '/project/report/email/reception': '2-5',
  '/project/report/generation/automaticData': '2-6',
  '/project/report/networkEquip/statistic': '2-9',
  '/config/index': '3-1',
  '/config/other': '3-2',
  '/config/default': '3-3',
  '/config/add': '3-2-1',
  '/config/update': '3-2-2',
  '/remote/index': '4-1',
  '/remote/area': '4-2',
  '/remote/group': '4-3',
  '/remote/scene': '4-4',
  '/remote/gateway': '4-5',
  '/remote/network': '4-6',
  '/remote/device': '4-7',
  '/remote/project': '4-8',
  '/remote/sensor': '4-9',
  '/emergency/index': '5-1',
  '/emergency/fault/log': '5-2',
  '/emergency/self/test/log': '5-3',
  '/emergency/self/test/schedules/info': '5-4',
  '/emergency/schedule/report': '5-5',
  '/emergency/model/log': '5-6',
  '/setting/price': '9-0',
  '/setting/user': '9-1',
  '/setting/header': '9-3',
  '/setting/report': '9-4',
};
/** Screens the spec names without a path, given one here (hidden from the menu). */
const extraMain: Record<string, string> = {
  '/project/network/recycle': '2-2-3',
};
const specPrint = [
  '/report/device/pdf',
  '/emergency/element/report',
  '/emergency/element/report/self/test',
  '/emergency/element/report/schedule',
  '/emergency/element/report/fault',
];

describe('route table (section 2)', () => {
  it('lists every route of the spec exactly once', () => {
    const paths = appRoutes.map((route) => route.path);
    expect(new Set(paths).size).toBe(paths.length);
    expect([...paths].sort()).toEqual(
      [...specPublic, ...Object.keys(specMain), ...Object.keys(extraMain), ...specPrint].sort(),
    );
  });

  it('marks the public list public and everything else protected', () => {
    for (const route of appRoutes) expect(route.public, route.path).toBe(specPublic.includes(route.path));
  });

  it("gives main-layout routes the spec's menu index", () => {
    for (const [path, index] of Object.entries({ ...specMain, ...extraMain })) {
      expect(appRoutes.find((route) => route.path === path)).toMatchObject({ layout: 'main', index });
    }
  });

  it('hides /setting/report and the network recycle bin from the menu and pins home', () => {
    expect(appRoutes.filter((route) => route.hidden).map((route) => route.path)).toEqual([
      '/project/network/recycle',
      '/setting/report',
    ]);
    expect(appRoutes.filter((route) => route.pinned).map((route) => route.path)).toEqual(['/first/index']);
  });

  it('builds every route of section 2', () => {
    expect(appRoutes.filter((route) => !route.built).map((route) => route.path)).toEqual([]);
  });

  it('gives a page to built routes only, and finds built routes only', () => {
    for (const route of appRoutes) expect(Boolean(pages[route.path]), route.path).toBe(route.built);
    const known = new Set(appRoutes.map((route) => route.path));
    for (const path of Object.keys(pages)) expect(known.has(path), path).toBe(true);
    expect(findRoute('/setting/user')?.titleKey).toBe('menu.settings.user');
    expect(findRoute('/emergency/index')?.titleKey).toBe('menu.emergency.elements');
    expect(findRoute('/project/report/download')?.titleKey).toBe('menu.project.reportDownload');
    expect(findRoute('/project/report/email/reception')?.titleKey).toBe('menu.project.reportEmailReception');
    expect(findRoute('/setting/report')?.titleKey).toBe('menu.settings.report');
  });

  /** Menu indexes of the built pages, in route-table order. */
  const BUILT_MENU = [
    '10',
    '1-1',
    '1-3',
    '1-5',
    '1-6',
    '1-7',
    '2-1',
    '2-2-1',
    '2-2-2',
    '2-3',
    '2-4',
    '2-5',
    '2-6',
    '2-9',
    '3-1',
    '3-2',
    '3-3',
    '3-2-1',
    '3-2-2',
    '4-1',
    '4-2',
    '4-3',
    '4-4',
    '4-5',
    '4-6',
    '4-7',
    '4-8',
    '4-9',
    '5-1',
    '5-2',
    '5-3',
    '5-4',
    '5-5',
    '5-6',
    '9-0',
    '9-1',
    '9-3',
  ];

  it('puts only built, visible, permitted routes in the menu', () => {
    const menu = menuRoutes([]).map((route) => route.index);
    expect(menu).toEqual(BUILT_MENU);
    const restricted = appRoutes.map((route) => (route.index === '9-1' ? { ...route, roles: ['installer'] } : route));
    expect(menuRoutes([], restricted).map((route) => route.index)).toEqual(
      BUILT_MENU.filter((index) => index !== '9-1'),
    );
    expect(menuRoutes(['admin'], restricted).map((route) => route.index)).toEqual(BUILT_MENU);
  });
});
