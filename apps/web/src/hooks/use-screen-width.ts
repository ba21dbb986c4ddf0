import { useEffect } from 'react';
import { useUi } from '../stores/ui';

/** Tracks the window width and keeps the screen width class (1 at 768 px or less, section 2) current. */
export function useScreenWidthTracking(): void {
  const setScreenWidth = useUi((state) => state.setScreenWidth);
  useEffect(() => {
    const handleResize = () => setScreenWidth(window.innerWidth);
    handleResize();
    window.addEventListener('resize', handleResize);
    return () => window.removeEventListener('resize', handleResize);
  }, [setScreenWidth]);
}

/** Current screen width class: 1 narrow, 2 wide. */
export function useScreenLevel() {
  return useUi((state) => state.screenLevel);
}
