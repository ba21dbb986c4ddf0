import type { ComponentType } from 'react';

/** Loads a page's code on first visit: each page is a chunk of its own, with only what it imports. */
export type PageLoader = () => Promise<ComponentType>;

function named<M, K extends keyof M>(load: () => Promise<M>, name: K): PageLoader {
  return async () => (await load())[name] as ComponentType;
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
  '/report/networkEquipDataPDF': named(() => import('./pages/report/network-equip-data-pdf'), 'EquipmentPrintPage'),
  '/report/projectPDF1': named(() => import('./pages/report/project-pdf1'), 'ProjectReportPrintPage'),
  '/email/register': named(() => import('./pages/email/register'), 'EmailRegisterPage'),
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
  ),
  '/project/report/email/reception': named(
    () => import('./pages/project/report/email/reception'),
    'ReportReceptionPage',
  ),
  '/project/report/generation/automaticData': named(
    () => import('./pages/project/report/generation/automatic-data'),
    'AutomaticReportDataPage',
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
  '/emergency/index': named(() => import('./pages/emergency/index'), 'EmergencyElementsPage'),
  '/emergency/fault/log': named(() => import('./pages/emergency/fault/log'), 'EmergencyFaultLogPage'),
  '/emergency/self/test/log': named(() => import('./pages/emergency/self/test/log'), 'EmergencySelfTestLogPage'),
  '/emergency/self/test/schedules/info': named(
    () => import('./pages/emergency/self/test/schedules/info'),
    'EmergencySchedulesPage',
  ),
  '/emergency/schedule/report': named(() => import('./pages/emergency/schedule/report'), 'EmergencyScheduleReportPage'),
  '/emergency/model/log': named(() => import('./pages/emergency/model/log'), 'EmergencyModeLogPage'),
  '/emergency/element/report': named(() => import('./pages/emergency/element/report'), 'EmergencyReportPage'),
  '/emergency/element/report/self/test': named(
    () => import('./pages/emergency/element/report'),
    'EmergencySelfTestReportPage',
  ),
  '/emergency/element/report/schedule': named(
    () => import('./pages/emergency/element/report'),
    'EmergencyScheduleReportPrintPage',
  ),
  '/emergency/element/report/fault': named(
    () => import('./pages/emergency/element/report'),
    'EmergencyFaultReportPage',
  ),
  '/not/token/emergency/fault': named(() => import('./pages/not-token/emergency-fault'), 'EmergencyFaultLinkPage'),
  '/not/token/emailReport/selfTestAndFault': named(
    () => import('./pages/not-token/email-report'),
    'SelfTestAndFaultLinkPage',
  ),
  '/setting/price': named(() => import('./pages/setting/price'), 'PriceSettingsPage'),
  '/setting/user': named(() => import('./pages/setting/user'), 'UserSettingsPage'),
  '/setting/header': named(() => import('./pages/setting/header'), 'HeaderSettingsPage'),
  '/setting/report': named(() => import('./pages/setting/report'), 'ReportSettingsPage'),
};
