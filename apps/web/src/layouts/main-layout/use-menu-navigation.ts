import { useCallback, useEffect, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { type AppRoute, appRoutes, findRoute, menuRoutes, pathOfIndex } from '../../route-table';
import { useSession } from '../../stores/session';
import { useUi } from '../../stores/ui';

/** Menu entries the user sees and the indices a choice may resolve to (hidden routes included). */
export function useMenuIndices(): { entries: AppRoute[]; known: string[] } {
  const roles = useSession((state) => state.roles);
  return useMemo(() => {
    const entries = menuRoutes(roles);
    const hidden = appRoutes.filter((route) => route.hidden && route.built && route.index);
    const known = [...entries, ...hidden].flatMap((route) => (route.index ? [route.index] : []));
    return { entries, known };
  }, [roles]);
}

/** Chooses a menu index (section 2 rules) and navigates to the entry it resolves to. */
export function useMenuNavigate(): (index: string) => void {
  const navigate = useNavigate();
  const { known } = useMenuIndices();
  const chooseMenu = useUi((state) => state.chooseMenu);
  return useCallback(
    (index: string) => {
      const path = pathOfIndex(chooseMenu(index, known).active);
      if (path) void navigate(path);
    },
    [chooseMenu, known, navigate],
  );
}

/** Keeps menu state and the tab strip in step with the shown route (links, tabs, back button). */
export function useMenuSync(): void {
  const { pathname } = useLocation();
  const { known } = useMenuIndices();
  const chooseMenu = useUi((state) => state.chooseMenu);
  const dispatchTabs = useUi((state) => state.dispatchTabs);
  useEffect(() => {
    const route = findRoute(pathname);
    if (!route) return;
    if (route.index) chooseMenu(route.index, known);
    dispatchTabs({ type: 'open', tab: { path: route.path, titleKey: route.titleKey, pinned: route.pinned } });
  }, [pathname, known, chooseMenu, dispatchTabs]);
}
