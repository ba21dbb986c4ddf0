import { queryOptions, useQuery } from '@tanstack/react-query';
import { loadAppConfig } from './client';

/** Query keys of the public app configuration. */
export const appConfigKeys = {
  all: ['app-config'] as const,
};

/** Query of the public app configuration; fetched once at start and kept for the page's life. */
export const appConfigQuery = queryOptions({
  queryKey: appConfigKeys.all,
  queryFn: loadAppConfig,
  staleTime: Number.POSITIVE_INFINITY,
});

/** Public app configuration: versions, demo flag and demo login. */
export function useAppConfigQuery() {
  return useQuery(appConfigQuery);
}
