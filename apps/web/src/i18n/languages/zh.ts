import about from '@lightwell/domain/locales/zh/about.json';
import account from '@lightwell/domain/locales/zh/account.json';
import common from '@lightwell/domain/locales/zh/common.json';
import control from '@lightwell/domain/locales/zh/control.json';
import device from '@lightwell/domain/locales/zh/device.json';
import energy from '@lightwell/domain/locales/zh/energy.json';
import errors from '@lightwell/domain/locales/zh/errors.json';
import floorPlan from '@lightwell/domain/locales/zh/floorPlan.json';
import gateway from '@lightwell/domain/locales/zh/gateway.json';
import group from '@lightwell/domain/locales/zh/group.json';
import home from '@lightwell/domain/locales/zh/home.json';
import menu from '@lightwell/domain/locales/zh/menu.json';
import network from '@lightwell/domain/locales/zh/network.json';
import pages from '@lightwell/domain/locales/zh/pages.json';
import profile from '@lightwell/domain/locales/zh/profile.json';
import project from '@lightwell/domain/locales/zh/project.json';
import scene from '@lightwell/domain/locales/zh/scene.json';
import schedule from '@lightwell/domain/locales/zh/schedule.json';
import settings from '@lightwell/domain/locales/zh/settings.json';
import share from '@lightwell/domain/locales/zh/share.json';
import statistics from '@lightwell/domain/locales/zh/statistics.json';
import validation from '@lightwell/domain/locales/zh/validation.json';
import zone from '@lightwell/domain/locales/zh/zone.json';
import zhCN from 'antd/es/locale/zh_CN';
import type { LanguagePack } from '../namespaces';

/** Chinese: the web catalogues (the deferred ones in deferred/, on first use) and antd's own texts, fetched only when this language is used. */
export const pack: LanguagePack = {
  antd: zhCN,
  deferred: async () => (await import('./deferred/zh')).catalogue,
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
