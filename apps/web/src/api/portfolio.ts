import type { Portfolio } from '@lightwell/domain';
import { useQuery } from '@tanstack/react-query';
import { useSession } from '../stores/session';
import { call } from './client';

/** Query keys of the portfolio home, per uid. */
const portfolioKeys = {
  all: (uid: number | null) => ['portfolio', uid] as const,
};

/** One project of the portfolio home: this and last month's energy, cost and CO2, devices offline and faulty. */
export type PortfolioProject = Portfolio['projects'][number];

/** The caller's projects with their energy figures: one call for the whole home page. */
export function usePortfolioQuery() {
  const uid = useSession((state) => state.uid);
  return useQuery({
    queryKey: portfolioKeys.all(uid),
    queryFn: async (): Promise<PortfolioProject[]> => (await call('portfolio', {})).projects,
    enabled: uid !== null,
    // Readings arrive every few minutes: a home left open stays current.
    refetchInterval: 5 * 60_000,
  });
}
