import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigation } from 'react-router';
import { PageLoading } from './page-loading';

/** Thin bar over the content while the next page's code loads: the frame and the current page stay usable. */
function RouteLoading() {
  const { t } = useTranslation();
  return (
    <div className="lw-route-loading" role="progressbar" aria-label={t('common.loading')} data-testid="route-loading">
      <div className="lw-route-loading__bar" />
    </div>
  );
}

/**
 * The routed view in a short fade keyed by path (section 2). The frame around it never waits: while
 * the router fetches the next page's code a loading bar shows here, and the page appears at once.
 */
export function FadeOutlet() {
  const { pathname } = useLocation();
  const navigation = useNavigation();
  const loading = navigation.state === 'loading' && navigation.location.pathname !== pathname;
  return (
    <>
      {loading && <RouteLoading />}
      <Suspense fallback={<PageLoading />}>
        <div key={pathname} className="lw-fade">
          <Outlet />
        </div>
      </Suspense>
    </>
  );
}
