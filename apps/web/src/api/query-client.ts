import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { toast } from '../app/feedback';
import { i18n } from '../i18n';
import { ApiError } from './errors';

/** Per-query or per-mutation options read by the shared error handling. */
export interface CallMeta extends Record<string, unknown> {
  /** Result codes the caller reports itself, so no generic toast is shown for them. */
  quietCodes?: readonly number[];
}

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: CallMeta;
    mutationMeta: CallMeta;
  }
}

/** Toasts a failed call once (section 8): the code's message, or the generic one. */
export function reportError(error: unknown, meta?: CallMeta): void {
  if (error instanceof ApiError) {
    if (error.handled || meta?.quietCodes?.includes(error.code)) return;
    toast.error(error.message);
    return;
  }
  toast.error(i18n.t('errors.generic'));
}

function blurActiveElement(): void {
  // Section 4: a button loses focus once its call has finished.
  const active = document.activeElement;
  if (active instanceof HTMLButtonElement) active.blur();
}

/** Creates the app's QueryClient: one toast per failed call, no retries of rejected business codes. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => reportError(error, query.meta) }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => reportError(error, mutation.meta),
      onSettled: blurActiveElement,
    }),
    defaultOptions: {
      queries: {
        retry: (count, error) => error instanceof ApiError && error.code < 0 && count < 1,
        refetchOnWindowFocus: false,
        staleTime: 30_000,
      },
      mutations: { retry: false },
    },
  });
}

/** The app's single QueryClient. */
export const queryClient = createQueryClient();
