import { Limits } from '@lightwell/domain';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { isChunkLoadError } from '../app/chunk-load';

/** Loads the page again from the server; an object so a test can watch it (jsdom cannot reload). */
export const pageReload = {
  run: () => window.location.reload(),
};

const TIMEOUT_MINUTES = Limits.chunkLoadTimeoutMs / 60_000;

/**
 * Error screen of a route: a page or frame whose code did not load (failed, or not there within
 * `Limits.chunkLoadTimeoutMs`), or a page that stopped with an error. It says what happened and offers
 * to reload the page, instead of an endless spinner. Plain markup: it needs no code that may be missing.
 */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  const chunk = isChunkLoadError(error) ? error : null;
  return (
    <div className="lw-route-error" role="alert" data-testid="route-error">
      <h2 className="lw-route-error__title">{t(chunk ? 'common.loadFailed.title' : 'common.routeError.title')}</h2>
      <p className="lw-route-error__text">
        {chunk
          ? t(chunk.failure === 'timeout' ? 'common.loadFailed.timeout' : 'common.loadFailed.failed', {
              minutes: TIMEOUT_MINUTES,
            })
          : t('common.routeError.text')}
      </p>
      <button type="button" className="lw-primary-button lw-route-error__reload" onClick={() => pageReload.run()}>
        {t('common.loadFailed.reload')}
      </button>
    </div>
  );
}
