import type { ComponentType } from 'react';
import { loadTexts } from './i18n';
import type { DeferredNamespace } from './i18n/namespaces';

/** Loads a page's code on first visit: each page is a chunk of its own, with only what it imports. */
export type PageLoader = () => Promise<ComponentType>;

/**
 * The page `name` of the module `load` fetches, with the deferred namespaces (i18n/namespaces.ts) its
 * modules name keys of: the page shows once both have come. An import rule (import-rules.test.ts)
 * keeps `texts` equal to what the page's modules use.
 */
function named<M, K extends keyof M>(
  load: () => Promise<M>,
  name: K,
  texts: readonly DeferredNamespace[] = [],
): PageLoader {
  return async () => {
    const [module] = await Promise.all([load(), texts.length > 0 ? loadTexts(...texts) : undefined]);
    return module[name] as ComponentType;
  };
}

/**
 * Pages built without antd components: the router does not load antd's theme for them, so a first
 * visit of the sign-in page carries neither antd's style engine nor its components.
 */
export const pagesWithoutAntd: ReadonlySet<string> = new Set(['/login', '/screen/index']);

/**
 * The page of each built path of the route table (route-table.ts). Only wiring: paths, titles, menu
 * and roles live in the route table; a test checks that every built path has a page and no other.
 */
export const pages: Readonly<Record<string, PageLoader>> = {
  '/login': named(() => import('./pages/login'), 'LoginPage'),
  '/addCount': named(() => import('./pages/add-count'), 'RegisterPage'),
  '/forgetPassword': named(() => import('./pages/forget-password'), 'ForgetPasswordPage'),
  '/userAgreement': named(() => import('./pages/user-agreement'), 'UserAgreementPage'),
  '/version/log': named(() => import('./pages/version/log'), 'VersionLogPage'),
  '/shared/network': named(() => import('./pages/shared/share-link-page'), 'ShareLinkPage'),
  '/shared/project': named(() => import('./pages/shared/share-link-page'), 'ShareLinkPage'),
  '/shared/config': named(() => import('./pages/shared/config-link-page'), 'ConfigLinkPage'),
  '/shared/projectSettingEmail/active': named(
    () => import('./pages/shared/recipient-activation-page'),
    'RecipientActivationPage',
  ),
  '/404': named(() => import('./pages/404'), 'NotFoundPage'),
  '/screen/index': named(() => import('./pages/screen/index'), 'ScreenPage'),
  '/report/networkEquipDataPDF': named(() => import('./pages/report/network-equip-data-pdf'), 'EquipmentPrintPage', [
    'emergencyPages',
    'equipment',
  ]),
  '/report/projectPDF1': named(() => import('./pages/report/project-pdf1'), 'ProjectReportPrintPage', ['reportCycles']),
  '/email/register': named(() => import('./pages/email/register'), 'EmailRegisterPage', ['reportCycles']),
  '/first/index': named(() => import('./pages/first/index'), 'HomePage'),
  '/home/network': named(() => import('./pages/home/network'), 'NetworkOverviewPage'),
  '/home/heat/sensor/zone': named(() => import('./pages/home/heat/sensor/zone'), 'ZoneSensorHeatPage'),
  '/home/heat/power/zone': named(() => import('./pages/home/heat/power/zone'), 'ZonePowerHeatPage'),
  '/home/sensor/device': named(() => import('./pages/home/sensor/device'), 'DeviceSensorHeatPage'),
  '/home/power/device': named(() => import('./pages/home/power/device'), 'DevicePowerHeatPage'),
  '/project/index': named(() => import('./pages/project/index'), 'ProjectListPage'),
  '/project/network/index': named(() => import('./pages/project/network/index'), 'NetworkListPage'),
  '/project/network/recycle': named(() => import('./pages/project/network/recycle'), 'NetworkRecyclePage'),
  '/project/network/zone': named(() => import('./pages/project/network/zone'), 'ZonePage'),
  '/project/report/download': named(() => import('./pages/project/report/download'), 'ProjectReportDownloadPage'),
  '/project/report/download/node': named(
    () => import('./pages/project/report/download/node'),
    'NodeReportDownloadPage',
  ),
  '/report/device/pdf': named(() => import('./pages/report/device/pdf'), 'DeviceReportPrintPage'),
  '/project/report/networkEquip/statistic': named(
    () => import('./pages/project/report/network-equip/statistic'),
    'EquipmentStatisticPage',
    ['emergencyPages', 'equipment'],
  ),
  '/project/report/email/reception': named(
    () => import('./pages/project/report/email/reception'),
    'ReportReceptionPage',
    ['reportCycles'],
  ),
  '/project/report/generation/automaticData': named(
    () => import('./pages/project/report/generation/automatic-data'),
    'AutomaticReportDataPage',
    ['reportCycles'],
  ),
  '/config/index': named(() => import('./pages/config/index'), 'MyProfilesPage'),
  '/config/other': named(() => import('./pages/config/other'), 'OtherProfilesPage'),
  '/config/default': named(() => import('./pages/config/default'), 'DefaultProfilesPage'),
  '/config/add': named(() => import('./pages/config/add'), 'AddProfilePage'),
  '/config/update': named(() => import('./pages/config/update'), 'UpdateProfilePage'),
  '/remote/index': named(() => import('./pages/remote/index'), 'RemotePlanPage'),
  '/remote/area': named(() => import('./pages/remote/area'), 'RemoteZonePage'),
  '/remote/group': named(() => import('./pages/remote/group'), 'RemoteGroupPage'),
  '/remote/scene': named(() => import('./pages/remote/scene'), 'RemoteScenePage'),
  '/remote/gateway': named(() => import('./pages/remote/gateway'), 'RemoteGatewayPage'),
  '/remote/network': named(() => import('./pages/remote/network'), 'RemoteNetworkPage'),
  '/remote/device': named(() => import('./pages/remote/device'), 'RemoteDevicePage'),
  '/remote/project': named(() => import('./pages/remote/project'), 'RemoteProjectPage'),
  '/remote/sensor': named(() => import('./pages/remote/sensor'), 'RemoteSensorPage'),
  '/emergency/index': named(() => import('./pages/emergency/index'), 'EmergencyElementsPage', ['emergencyPages']),
  '/emergency/fault/log': named(() => import('./pages/emergency/fault/log'), 'EmergencyFaultLogPage', [
    'emergencyPages',
  ]),
  '/emergency/self/test/log': named(() => import('./pages/emergency/self/test/log'), 'EmergencySelfTestLogPage', [
    'emergencyPages',
  ]),
  '/emergency/self/test/schedules/info': named(
    () => import('./pages/emergency/self/test/schedules/info'),
    'EmergencySchedulesPage',
    ['emergencyPages'],
  ),
  '/emergency/schedule/report': named(
    () => import('./pages/emergency/schedule/report'),
    'EmergencyScheduleReportPage',
    ['emergencyPages'],
  ),
  '/emergency/model/log': named(() => import('./pages/emergency/model/log'), 'EmergencyModeLogPage', [
    'emergencyPages',
  ]),
  '/emergency/element/report': named(() => import('./pages/emergency/element/report'), 'EmergencyReportPage', [
    'emergencyPages',
  ]),
  '/emergency/element/report/self/test': named(
    () => import('./pages/emergency/element/report'),
    'EmergencySelfTestReportPage',
    ['emergencyPages'],
  ),
  '/emergency/element/report/schedule': named(
    () => import('./pages/emergency/element/report'),
    'EmergencyScheduleReportPrintPage',
    ['emergencyPages'],
  ),
  '/emergency/element/report/fault': named(
    () => import('./pages/emergency/element/report'),
    'EmergencyFaultReportPage',
    ['emergencyPages'],
  ),
  '/not/token/emergency/fault': named(() => import('./pages/not-token/emergency-fault'), 'EmergencyFaultLinkPage', [
    'emergencyPages',
  ]),
  '/not/token/emailReport/selfTestAndFault': named(
    () => import('./pages/not-token/email-report'),
    'SelfTestAndFaultLinkPage',
    ['emergencyPages'],
  ),
  '/setting/price': named(() => import('./pages/setting/price'), 'PriceSettingsPage'),
  '/setting/user': named(() => import('./pages/setting/user'), 'UserSettingsPage'),
  '/setting/header': named(() => import('./pages/setting/header'), 'HeaderSettingsPage'),
  '/setting/report': named(() => import('./pages/setting/report'), 'ReportSettingsPage', ['reportCycles']),
};
