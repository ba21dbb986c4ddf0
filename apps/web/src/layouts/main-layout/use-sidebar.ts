import { useSyncExternalStore } from 'react';
import { create } from 'zustand';
import { useUi } from '../../stores/ui';

/** Below this window width the sidebar shows its icons only, until the user opens it. */
const SIDEBAR_COMPACT_BELOW_PX = 1200;

/** Opened by hand while the window is narrow; forgotten on reload, unlike the wide-screen choice. */
const useCompactOpened = create<{ opened: boolean; toggle: () => void }>()((set, get) => ({
  opened: false,
  toggle: () => set({ opened: !get().opened }),
}));

function subscribeResize(onChange: () => void) {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
}

function isCompactWindow() {
  return window.innerWidth < SIDEBAR_COMPACT_BELOW_PX;
}

/**
 * Whether the sidebar is open, and its toggle. From 1200 px the user's remembered choice (section 2);
 * narrower, the sidebar starts as icons so the page keeps its width, and opening it lasts until reload.
 */
export function useSidebar(): { opened: boolean; toggle: () => void } {
  const compact = useSyncExternalStore(subscribeResize, isCompactWindow, () => false);
  const remembered = useUi((state) => state.sidebarOpened);
  const toggleRemembered = useUi((state) => state.toggleSidebar);
  const compactOpened = useCompactOpened((state) => state.opened);
  const toggleCompact = useCompactOpened((state) => state.toggle);
  return compact ? { opened: compactOpened, toggle: toggleCompact } : { opened: remembered, toggle: toggleRemembered };
}
