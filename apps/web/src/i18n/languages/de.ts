import about from '@lightwell/domain/locales/de/about.json';
import account from '@lightwell/domain/locales/de/account.json';
import common from '@lightwell/domain/locales/de/common.json';
import control from '@lightwell/domain/locales/de/control.json';
import device from '@lightwell/domain/locales/de/device.json';
import energy from '@lightwell/domain/locales/de/energy.json';
import errors from '@lightwell/domain/locales/de/errors.json';
import floorPlan from '@lightwell/domain/locales/de/floorPlan.json';
import gateway from '@lightwell/domain/locales/de/gateway.json';
import group from '@lightwell/domain/locales/de/group.json';
import home from '@lightwell/domain/locales/de/home.json';
import menu from '@lightwell/domain/locales/de/menu.json';
import network from '@lightwell/domain/locales/de/network.json';
import pages from '@lightwell/domain/locales/de/pages.json';
import profile from '@lightwell/domain/locales/de/profile.json';
import project from '@lightwell/domain/locales/de/project.json';
import scene from '@lightwell/domain/locales/de/scene.json';
import schedule from '@lightwell/domain/locales/de/schedule.json';
import settings from '@lightwell/domain/locales/de/settings.json';
import share from '@lightwell/domain/locales/de/share.json';
import statistics from '@lightwell/domain/locales/de/statistics.json';
import validation from '@lightwell/domain/locales/de/validation.json';
import zone from '@lightwell/domain/locales/de/zone.json';
import deDE from 'antd/es/locale/de_DE';
import type { LanguagePack } from '../namespaces';

/** German: the web catalogues (the deferred ones in deferred/, on first use) and antd's own texts, fetched only when this language is used. */
export const pack: LanguagePack = {
  antd: deDE,
  deferred: async () => (await import('./deferred/de')).catalogue,
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
