import {
  chooseMenuIndex,
  INITIAL_MENU_STATE,
  type MenuState,
  type ScreenLevel,
  screenLevel,
  type TabAction,
  tabStripReducer,
  type ViewTab,
} from '@lightwell/domain';
import { create } from 'zustand';
import { appRoutes, HOME_PATH } from '../route-table';
import { readJson, readString, StorageKeys, writeValue } from './storage';

const home = appRoutes.find((route) => route.path === HOME_PATH);

/** The home view: pinned first tab (section 2). */
export const HOME_TAB: ViewTab = { path: HOME_PATH, titleKey: home?.titleKey ?? 'menu.home', pinned: true };

/** Layout state of the console: sidebar, screen class, side menu and visited views. */
export interface UiState {
  /** Sidebar open (240 px) or closed; remembered (section 2). */
  sidebarOpened: boolean;
  /** Screen width class, 1 at 768 px or less (section 2). */
  screenLevel: ScreenLevel;
  menu: MenuState;
  tabs: readonly ViewTab[];
  toggleSidebar: () => void;
  setScreenWidth: (widthPx: number) => void;
  /** Applies a menu index choice against the indices the menu shows; returns the resolved state. */
  chooseMenu: (index: string | undefined, known: readonly string[]) => MenuState;
  dispatchTabs: (action: TabAction) => void;
}

function ensureHome(tabs: readonly ViewTab[]): readonly ViewTab[] {
  return tabs.some((tab) => tab.path === HOME_TAB.path) ? tabs : [HOME_TAB, ...tabs];
}

/** UI store; sidebar, menu and tabs are written to browser storage on change. */
export const useUi = create<UiState>()((set, get) => ({
  sidebarOpened: readString(StorageKeys.sidebarOpened) !== 'false',
  screenLevel: screenLevel(typeof window === 'undefined' ? 1024 : window.innerWidth),
  menu: { ...INITIAL_MENU_STATE, ...readJson<Partial<MenuState>>(StorageKeys.menuState, {}) },
  tabs: ensureHome(readJson<ViewTab[]>(StorageKeys.visitedViews, [])),
  toggleSidebar: () => {
    const sidebarOpened = !get().sidebarOpened;
    writeValue(StorageKeys.sidebarOpened, String(sidebarOpened));
    set({ sidebarOpened });
  },
  setScreenWidth: (widthPx) => {
    const level = screenLevel(widthPx);
    if (level !== get().screenLevel) set({ screenLevel: level });
  },
  chooseMenu: (index, known) => {
    const menu = chooseMenuIndex(get().menu, index, known);
    writeValue(StorageKeys.menuState, menu);
    set({ menu });
    return menu;
  },
  dispatchTabs: (action) => {
    const tabs = ensureHome(tabStripReducer(get().tabs, action));
    if (tabs === get().tabs) return;
    writeValue(StorageKeys.visitedViews, tabs);
    set({ tabs });
  },
}));
