import about from '@lightwell/domain/locales/es/about.json';
import account from '@lightwell/domain/locales/es/account.json';
import common from '@lightwell/domain/locales/es/common.json';
import control from '@lightwell/domain/locales/es/control.json';
import device from '@lightwell/domain/locales/es/device.json';
import energy from '@lightwell/domain/locales/es/energy.json';
import errors from '@lightwell/domain/locales/es/errors.json';
import floorPlan from '@lightwell/domain/locales/es/floorPlan.json';
import gateway from '@lightwell/domain/locales/es/gateway.json';
import group from '@lightwell/domain/locales/es/group.json';
import home from '@lightwell/domain/locales/es/home.json';
import menu from '@lightwell/domain/locales/es/menu.json';
import network from '@lightwell/domain/locales/es/network.json';
import pages from '@lightwell/domain/locales/es/pages.json';
import profile from '@lightwell/domain/locales/es/profile.json';
import project from '@lightwell/domain/locales/es/project.json';
import scene from '@lightwell/domain/locales/es/scene.json';
import schedule from '@lightwell/domain/locales/es/schedule.json';
import settings from '@lightwell/domain/locales/es/settings.json';
import share from '@lightwell/domain/locales/es/share.json';
import statistics from '@lightwell/domain/locales/es/statistics.json';
import validation from '@lightwell/domain/locales/es/validation.json';
import zone from '@lightwell/domain/locales/es/zone.json';
import esES from 'antd/es/locale/es_ES';
import type { LanguagePack } from '../namespaces';

/** Spanish: the web catalogues (the deferred ones in deferred/, on first use) and antd's own texts, fetched only when this language is used. */
export const pack: LanguagePack = {
  antd: esES,
  deferred: async () => (await import('./deferred/es')).catalogue,
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
