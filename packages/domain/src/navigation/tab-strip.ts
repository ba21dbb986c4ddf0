import { Limits } from '../limits.ts';

/** One visited view in the tab strip (section 2). */
export interface ViewTab {
  /** Path of the view, the tab's identity. */
  path: string;
  /** i18n key of the view's title. */
  titleKey: string;
  /** Pinned ("fixed") tabs are never dropped or closed. */
  pinned?: boolean;
}

/** What can happen to the tab strip. */
export type TabAction =
  | { type: 'open'; tab: ViewTab }
  | { type: 'close'; path: string }
  | { type: 'closeOthers'; path: string }
  | { type: 'reset' };

/**
 * Tab strip of visited views (sections 2 and 9): opening a view adds a tab once; past `max` tabs
 * (4) the oldest tab that is not pinned is dropped; pinned tabs cannot be closed; `reset` keeps only
 * the pinned tabs. Returns the same array when nothing changes.
 */
export function tabStripReducer(
  tabs: readonly ViewTab[],
  action: TabAction,
  max: number = Limits.tabHistory,
): readonly ViewTab[] {
  switch (action.type) {
    case 'open': {
      const existing = tabs.find((tab) => tab.path === action.tab.path);
      if (existing) {
        if (existing.titleKey === action.tab.titleKey) return tabs;
        return tabs.map((tab) => (tab === existing ? { ...tab, titleKey: action.tab.titleKey } : tab));
      }
      const next = [...tabs, action.tab];
      while (next.length > max) {
        const oldest = next.findIndex((tab) => !tab.pinned && tab !== action.tab);
        if (oldest < 0) break;
        next.splice(oldest, 1);
      }
      return next;
    }
    case 'close': {
      const next = tabs.filter((tab) => tab.pinned || tab.path !== action.path);
      return next.length === tabs.length ? tabs : next;
    }
    case 'closeOthers':
      return tabs.filter((tab) => tab.pinned || tab.path === action.path);
    case 'reset':
      return tabs.filter((tab) => tab.pinned);
  }
}

/**
 * Path to show after closing the tab at `path` while `activePath` is shown: the active path when
 * another tab closes, else the right neighbour, else the left one.
 */
export function pathAfterClose(tabs: readonly ViewTab[], path: string, activePath: string): string | undefined {
  if (path !== activePath) return activePath;
  const index = tabs.findIndex((tab) => tab.path === path);
  if (index < 0 || tabs[index]?.pinned) return activePath;
  return (tabs[index + 1] ?? tabs[index - 1])?.path;
}
