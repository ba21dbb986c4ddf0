import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { PageLoading } from './page-loading';

/** The routed view in a fade transition keyed by path (section 2), with a spinner while it loads. */
export function FadeOutlet() {
  const { pathname } = useLocation();
  return (
    <Suspense fallback={<PageLoading />}>
      <div key={pathname} className="lw-fade">
        <Outlet />
      </div>
    </Suspense>
  );
}
