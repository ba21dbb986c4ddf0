import { isRouteAllowed } from '@lightwell/domain';
import { matchPath } from 'react-router';

/**
 * Name of a menu icon. The route table holds names, not icon components, so that pages reading it (the
 * sign-in page among them) load no icon code; the side menu resolves them (`menu-icons.tsx`).
 */
export type MenuIconName = 'home' | 'data' | 'project' | 'config' | 'remote' | 'emergency' | 'settings';

/** Frame a route is shown in: the console (sidebar, breadcrumb, tabs), the sign-in frame, or nothing. */
export type RouteLayout = 'main' | 'public' | 'bare';

/** One route of the console: its data only. The page behind a built path is wired in routes.tsx. */
export interface AppRoute {
  /** Exact path of spec section 2. */
  path: string;
  /** i18n key of the title (document title, tab, menu). */
  titleKey: string;
  layout: RouteLayout;
  /** Reachable without a stored token (section 2 public list). */
  public: boolean;
  /** Side-menu index of section 2 (main layout only). */
  index?: string;
  /** Menu icon, by name. */
  icon?: MenuIconName;
  /** Roles that may open the route (section 6); none means open to every signed-in user. */
  roles?: readonly string[];
  /** Left out of the menu (section 2), still routable. */
  hidden?: boolean;
  /** Tab that cannot be closed or dropped (home). */
  pinned?: boolean;
  /**
   * Public page shown inside the console frame (menu, tabs) while signed in, so reading the release
   * notes or the agreement from the user menu does not leave the console.
   */
  inConsole?: boolean;
  /**
   * The page exists (routes.tsx wires it). Unbuilt routes stay listed so a later issue only adds the
   * page and flips the flag; they are neither routed nor shown.
   */
  built: boolean;
}

/** A top-level menu section: the first segment of the indices below it. */
export interface MenuGroup {
  index: string;
  titleKey: string;
  icon: MenuIconName;
}

/** Menu sections of section 2, in menu order (home, index 10, is an entry of its own). */
export const menuGroups: readonly MenuGroup[] = [
  { index: '1', titleKey: 'menu.groups.data', icon: 'data' },
  { index: '2', titleKey: 'menu.groups.project', icon: 'project' },
  { index: '3', titleKey: 'menu.groups.config', icon: 'config' },
  { index: '4', titleKey: 'menu.groups.remote', icon: 'remote' },
  { index: '5', titleKey: 'menu.groups.emergency', icon: 'emergency' },
  { index: '9', titleKey: 'menu.groups.settings', icon: 'settings' },
];

const main = (path: string, index: string, titleKey: string, extra: Partial<AppRoute> = {}) =>
  ({ path, index, titleKey, layout: 'main', public: false, built: false, ...extra }) as AppRoute;
const open = (path: string, titleKey: string, layout: RouteLayout = 'public') =>
  ({ path, titleKey, layout, public: true, built: false }) as AppRoute;
const inConsole = { inConsole: true } as const;
const print = (path: string, titleKey: string) =>
  ({ path, titleKey, layout: 'bare', public: false, built: false }) as AppRoute;
const built = { built: true } as const;

/** Path the app starts on after sign-in (section 4). */
export const HOME_PATH = '/first/index';

/** Network recycle bin (section 2 names the screen without a path). */
export const NETWORK_RECYCLE_PATH = '/project/network/recycle';

/**
 * THE route table: every route of spec section 2, driving router, menu, titles and the role filter.
 * It imports no page, so pages may import paths from here; routes.tsx wires each built path to its page.
 */
export const appRoutes: readonly AppRoute[] = [
  // Public routes (no token).
  { ...open('/login', 'pages.login'), ...built },
  { ...open('/addCount', 'pages.register'), ...built },
  { ...open('/forgetPassword', 'pages.forgetPassword'), ...built },
  { ...open('/userAgreement', 'pages.userAgreement'), ...inConsole, ...built },
  { ...open('/version/log', 'pages.versionLog'), ...inConsole, ...built },
  { ...open('/shared/network', 'pages.sharedNetwork'), ...built },
  { ...open('/shared/project', 'pages.sharedProject'), ...built },
  { ...open('/shared/config', 'pages.sharedConfig'), ...built },
  { ...open('/shared/projectSettingEmail/active', 'pages.projectEmailActivate'), ...built },
  { ...open('/not/token/emergency/fault', 'pages.emergencyFaultLink'), ...built },
  { ...open('/not/token/emailReport/selfTestAndFault', 'pages.emailReportLink'), ...built },
  { ...open('/email/register', 'pages.emailRegister'), ...built },
  { ...open('/report/projectPDF1', 'pages.projectPdf', 'bare'), ...built },
  { ...open('/report/networkEquipDataPDF', 'pages.networkEquipDataPdf', 'bare'), ...built },
  { ...open('/screen/index', 'pages.screen', 'bare'), ...built },
  { ...open('/404', 'pages.notFound'), ...inConsole, ...built },

  // Main layout, with menu indices.
  { ...main('/first/index', '10', 'menu.home', { icon: 'home', pinned: true }), ...built },
  { ...main('/home/network', '1-1', 'menu.data.network'), ...built },
  { ...main('/home/heat/sensor/zone', '1-3', 'menu.data.zoneSensorHeat'), ...built },
  { ...main('/home/heat/power/zone', '1-5', 'menu.data.zonePowerHeat'), ...built },
  { ...main('/home/sensor/device', '1-6', 'menu.data.deviceSensorHeat'), ...built },
  { ...main('/home/power/device', '1-7', 'menu.data.devicePowerHeat'), ...built },
  { ...main('/project/index', '2-1', 'menu.project.list'), ...built },
  { ...main('/project/network/index', '2-2-1', 'menu.project.networks'), ...built },
  // Network recycle bin: named by the spec without a path; reached from the network list.
  { ...main(NETWORK_RECYCLE_PATH, '2-2-3', 'network.recycle.title', { hidden: true }), ...built },
  { ...main('/project/network/zone', '2-2-2', 'menu.project.zone'), ...built },
  { ...main('/project/report/download', '2-3', 'menu.project.reportDownload'), ...built },
  { ...main('/project/report/download/node', '2-4', 'menu.project.nodeReportDownload'), ...built },
  { ...main('/project/report/email/reception', '2-5', 'menu.project.reportEmailReception'), ...built },
  { ...main('/project/report/generation/automaticData', '2-6', 'menu.project.automaticReportData'), ...built },
  { ...main('/project/report/networkEquip/statistic', '2-9', 'menu.project.networkEquipStatistic'), ...built },
  { ...main('/config/index', '3-1', 'menu.config.mine'), ...built },
  { ...main('/config/other', '3-2', 'menu.config.other'), ...built },
  { ...main('/config/default', '3-3', 'menu.config.default'), ...built },
  { ...main('/config/add', '3-2-1', 'menu.config.add'), ...built },
  { ...main('/config/update', '3-2-2', 'menu.config.update'), ...built },
  { ...main('/remote/index', '4-1', 'menu.remote.plan'), ...built },
  { ...main('/remote/area', '4-2', 'menu.remote.zone'), ...built },
  { ...main('/remote/group', '4-3', 'menu.remote.group'), ...built },
  { ...main('/remote/scene', '4-4', 'menu.remote.scene'), ...built },
  { ...main('/remote/gateway', '4-5', 'menu.remote.gateway'), ...built },
  { ...main('/remote/network', '4-6', 'menu.remote.network'), ...built },
  { ...main('/remote/device', '4-7', 'menu.remote.device'), ...built },
  { ...main('/remote/project', '4-8', 'menu.remote.project'), ...built },
  { ...main('/remote/sensor', '4-9', 'menu.remote.sensor'), ...built },
  { ...main('/emergency/index', '5-1', 'menu.emergency.elements'), ...built },
  { ...main('/emergency/fault/log', '5-2', 'menu.emergency.faultLog'), ...built },
  { ...main('/emergency/self/test/log', '5-3', 'menu.emergency.selfTestLog'), ...built },
  { ...main('/emergency/self/test/schedules/info', '5-4', 'menu.emergency.selfTestSchedules'), ...built },
  { ...main('/emergency/schedule/report', '5-5', 'menu.emergency.scheduleReport'), ...built },
  { ...main('/emergency/model/log', '5-6', 'menu.emergency.modelLog'), ...built },
  { ...main('/setting/price', '9-0', 'menu.settings.price'), ...built },
  { ...main('/setting/user', '9-1', 'menu.settings.user'), ...built },
  { ...main('/setting/header', '9-3', 'menu.settings.header'), ...built },
  { ...main('/setting/report', '9-4', 'menu.settings.report', { hidden: true }), ...built },

  // Print and report routes (token needed).
  { ...print('/report/device/pdf', 'pages.deviceReportPdf'), ...built },
  { ...print('/emergency/element/report', 'pages.emergencyReport'), ...built },
  { ...print('/emergency/element/report/self/test', 'pages.emergencyReportSelfTest'), ...built },
  { ...print('/emergency/element/report/schedule', 'pages.emergencyReportSchedule'), ...built },
  { ...print('/emergency/element/report/fault', 'pages.emergencyReportFault'), ...built },
];

/** The built route for a path, or undefined (unbuilt paths are unknown to the app). */
export function findRoute(pathname: string, routes: readonly AppRoute[] = appRoutes): AppRoute | undefined {
  return routes.find((route) => route.built && matchPath({ path: route.path, end: true }, pathname));
}

/** Built, non-hidden main-layout routes the user's roles permit, in table order: the menu's entries. */
export function menuRoutes(roles: readonly string[], routes: readonly AppRoute[] = appRoutes): AppRoute[] {
  return routes.filter(
    (route) =>
      route.layout === 'main' && route.built && !route.hidden && route.index && isRouteAllowed(route.roles, roles),
  );
}

/** Path of the route with a menu index. */
export function pathOfIndex(index: string, routes: readonly AppRoute[] = appRoutes): string | undefined {
  return routes.find((route) => route.index === index)?.path;
}

/** Path of the built route with a menu index, or undefined while that page is not built. */
export function builtPathOfIndex(index: string, routes: readonly AppRoute[] = appRoutes): string | undefined {
  return routes.find((route) => route.index === index && route.built)?.path;
}
