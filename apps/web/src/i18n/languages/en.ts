import about from '@lightwell/domain/locales/en/about.json';
import account from '@lightwell/domain/locales/en/account.json';
import common from '@lightwell/domain/locales/en/common.json';
import control from '@lightwell/domain/locales/en/control.json';
import device from '@lightwell/domain/locales/en/device.json';
import energy from '@lightwell/domain/locales/en/energy.json';
import errors from '@lightwell/domain/locales/en/errors.json';
import floorPlan from '@lightwell/domain/locales/en/floorPlan.json';
import gateway from '@lightwell/domain/locales/en/gateway.json';
import group from '@lightwell/domain/locales/en/group.json';
import home from '@lightwell/domain/locales/en/home.json';
import menu from '@lightwell/domain/locales/en/menu.json';
import network from '@lightwell/domain/locales/en/network.json';
import pages from '@lightwell/domain/locales/en/pages.json';
import profile from '@lightwell/domain/locales/en/profile.json';
import project from '@lightwell/domain/locales/en/project.json';
import scene from '@lightwell/domain/locales/en/scene.json';
import schedule from '@lightwell/domain/locales/en/schedule.json';
import settings from '@lightwell/domain/locales/en/settings.json';
import share from '@lightwell/domain/locales/en/share.json';
import statistics from '@lightwell/domain/locales/en/statistics.json';
import validation from '@lightwell/domain/locales/en/validation.json';
import zone from '@lightwell/domain/locales/en/zone.json';
import enUS from 'antd/es/locale/en_US';
import type { LanguagePack } from '../namespaces';

/** English: the web catalogues (the deferred ones in deferred/, on first use) and antd's own texts, fetched only when this language is used. */
export const pack: LanguagePack = {
  antd: enUS,
  deferred: async () => (await import('./deferred/en')).catalogue,
  catalogue: {
    about,
    account,
    common,
    control,
    device,
    energy,
    errors,
    floorPlan,
    gateway,
    group,
    home,
    menu,
    network,
    pages,
    profile,
    project,
    scene,
    schedule,
    settings,
    share,
    statistics,
    validation,
    zone,
  },
};
