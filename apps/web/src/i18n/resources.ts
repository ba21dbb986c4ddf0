import type { Language } from '@lightwell/domain';
import deAbout from '@lightwell/domain/locales/de/about.json';
import deAccount from '@lightwell/domain/locales/de/account.json';
import deCommon from '@lightwell/domain/locales/de/common.json';
import deControl from '@lightwell/domain/locales/de/control.json';
import deDevice from '@lightwell/domain/locales/de/device.json';
import deErrors from '@lightwell/domain/locales/de/errors.json';
import deFloorPlan from '@lightwell/domain/locales/de/floorPlan.json';
import deGateway from '@lightwell/domain/locales/de/gateway.json';
import deGroup from '@lightwell/domain/locales/de/group.json';
import deHome from '@lightwell/domain/locales/de/home.json';
import deMenu from '@lightwell/domain/locales/de/menu.json';
import deNetwork from '@lightwell/domain/locales/de/network.json';
import dePages from '@lightwell/domain/locales/de/pages.json';
import deProfile from '@lightwell/domain/locales/de/profile.json';
import deProject from '@lightwell/domain/locales/de/project.json';
import deScene from '@lightwell/domain/locales/de/scene.json';
import deSchedule from '@lightwell/domain/locales/de/schedule.json';
import deSettings from '@lightwell/domain/locales/de/settings.json';
import deShare from '@lightwell/domain/locales/de/share.json';
import deValidation from '@lightwell/domain/locales/de/validation.json';
import deZone from '@lightwell/domain/locales/de/zone.json';
import enAbout from '@lightwell/domain/locales/en/about.json';
import enAccount from '@lightwell/domain/locales/en/account.json';
import enCommon from '@lightwell/domain/locales/en/common.json';
import enControl from '@lightwell/domain/locales/en/control.json';
import enDevice from '@lightwell/domain/locales/en/device.json';
import enErrors from '@lightwell/domain/locales/en/errors.json';
import enFloorPlan from '@lightwell/domain/locales/en/floorPlan.json';
import enGateway from '@lightwell/domain/locales/en/gateway.json';
import enGroup from '@lightwell/domain/locales/en/group.json';
import enHome from '@lightwell/domain/locales/en/home.json';
import enMenu from '@lightwell/domain/locales/en/menu.json';
import enNetwork from '@lightwell/domain/locales/en/network.json';
import enPages from '@lightwell/domain/locales/en/pages.json';
import enProfile from '@lightwell/domain/locales/en/profile.json';
import enProject from '@lightwell/domain/locales/en/project.json';
import enScene from '@lightwell/domain/locales/en/scene.json';
import enSchedule from '@lightwell/domain/locales/en/schedule.json';
import enSettings from '@lightwell/domain/locales/en/settings.json';
import enShare from '@lightwell/domain/locales/en/share.json';
import enValidation from '@lightwell/domain/locales/en/validation.json';
import enZone from '@lightwell/domain/locales/en/zone.json';
import esAbout from '@lightwell/domain/locales/es/about.json';
import esAccount from '@lightwell/domain/locales/es/account.json';
import esCommon from '@lightwell/domain/locales/es/common.json';
import esControl from '@lightwell/domain/locales/es/control.json';
import esDevice from '@lightwell/domain/locales/es/device.json';
import esErrors from '@lightwell/domain/locales/es/errors.json';
import esFloorPlan from '@lightwell/domain/locales/es/floorPlan.json';
import esGateway from '@lightwell/domain/locales/es/gateway.json';
import esGroup from '@lightwell/domain/locales/es/group.json';
import esHome from '@lightwell/domain/locales/es/home.json';
import esMenu from '@lightwell/domain/locales/es/menu.json';
import esNetwork from '@lightwell/domain/locales/es/network.json';
import esPages from '@lightwell/domain/locales/es/pages.json';
import esProfile from '@lightwell/domain/locales/es/profile.json';
import esProject from '@lightwell/domain/locales/es/project.json';
import esScene from '@lightwell/domain/locales/es/scene.json';
import esSchedule from '@lightwell/domain/locales/es/schedule.json';
import esSettings from '@lightwell/domain/locales/es/settings.json';
import esShare from '@lightwell/domain/locales/es/share.json';
import esValidation from '@lightwell/domain/locales/es/validation.json';
import esZone from '@lightwell/domain/locales/es/zone.json';
import zhAbout from '@lightwell/domain/locales/zh/about.json';
import zhAccount from '@lightwell/domain/locales/zh/account.json';
import zhCommon from '@lightwell/domain/locales/zh/common.json';
import zhControl from '@lightwell/domain/locales/zh/control.json';
import zhDevice from '@lightwell/domain/locales/zh/device.json';
import zhErrors from '@lightwell/domain/locales/zh/errors.json';
import zhFloorPlan from '@lightwell/domain/locales/zh/floorPlan.json';
import zhGateway from '@lightwell/domain/locales/zh/gateway.json';
import zhGroup from '@lightwell/domain/locales/zh/group.json';
import zhHome from '@lightwell/domain/locales/zh/home.json';
import zhMenu from '@lightwell/domain/locales/zh/menu.json';
import zhNetwork from '@lightwell/domain/locales/zh/network.json';
import zhPages from '@lightwell/domain/locales/zh/pages.json';
import zhProfile from '@lightwell/domain/locales/zh/profile.json';
import zhProject from '@lightwell/domain/locales/zh/project.json';
import zhScene from '@lightwell/domain/locales/zh/scene.json';
import zhSchedule from '@lightwell/domain/locales/zh/schedule.json';
import zhSettings from '@lightwell/domain/locales/zh/settings.json';
import zhShare from '@lightwell/domain/locales/zh/share.json';
import zhValidation from '@lightwell/domain/locales/zh/validation.json';
import zhZone from '@lightwell/domain/locales/zh/zone.json';

/** Namespaces of the web catalogues, one JSON file per namespace and language (mail.json belongs to the server). */
export const NAMESPACES = [
  'about',
  'account',
  'common',
  'control',
  'device',
  'errors',
  'floorPlan',
  'gateway',
  'group',
  'home',
  'menu',
  'network',
  'pages',
  'profile',
  'project',
  'scene',
  'schedule',
  'settings',
  'share',
  'validation',
  'zone',
] as const;

/** A web namespace. */
export type Namespace = (typeof NAMESPACES)[number];

/** Every web catalogue, imported statically so language switches need no request. */
export const resources: Record<Language, Record<Namespace, object>> = {
  en: {
    about: enAbout,
    account: enAccount,
    common: enCommon,
    control: enControl,
    device: enDevice,
    errors: enErrors,
    floorPlan: enFloorPlan,
    gateway: enGateway,
    group: enGroup,
    home: enHome,
    menu: enMenu,
    network: enNetwork,
    pages: enPages,
    profile: enProfile,
    project: enProject,
    scene: enScene,
    schedule: enSchedule,
    settings: enSettings,
    share: enShare,
    validation: enValidation,
    zone: enZone,
  },
  zh: {
    about: zhAbout,
    account: zhAccount,
    common: zhCommon,
    control: zhControl,
    device: zhDevice,
    errors: zhErrors,
    floorPlan: zhFloorPlan,
    gateway: zhGateway,
    group: zhGroup,
    home: zhHome,
    menu: zhMenu,
    network: zhNetwork,
    pages: zhPages,
    profile: zhProfile,
    project: zhProject,
    scene: zhScene,
    schedule: zhSchedule,
    settings: zhSettings,
    share: zhShare,
    validation: zhValidation,
    zone: zhZone,
  },
  de: {
    about: deAbout,
    account: deAccount,
    common: deCommon,
    control: deControl,
    device: deDevice,
    errors: deErrors,
    floorPlan: deFloorPlan,
    gateway: deGateway,
    group: deGroup,
    home: deHome,
    menu: deMenu,
    network: deNetwork,
    pages: dePages,
    profile: deProfile,
    project: deProject,
    scene: deScene,
    schedule: deSchedule,
    settings: deSettings,
    share: deShare,
    validation: deValidation,
    zone: deZone,
  },
  es: {
    about: esAbout,
    account: esAccount,
    common: esCommon,
    control: esControl,
    device: esDevice,
    errors: esErrors,
    floorPlan: esFloorPlan,
    gateway: esGateway,
    group: esGroup,
    home: esHome,
    menu: esMenu,
    network: esNetwork,
    pages: esPages,
    profile: esProfile,
    project: esProject,
    scene: esScene,
    schedule: esSchedule,
    settings: esSettings,
    share: esShare,
    validation: esValidation,
    zone: esZone,
  },
};

/** Catalogues in the same folder that belong to the server (e-mails, seeded names); the web does not load them. */
export const SERVER_NAMESPACES = ['mail', 'server'] as const;
