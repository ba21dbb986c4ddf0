import { useState } from 'react';
import type { Paging } from '../../../api/emergency';
import type { Period } from '../../../features/emergency/period';
import { useSession } from '../../../stores/session';

/** A period the log pages filter by: "all", the last twelve months, or a year. */
export type PeriodChoice = number | 'all' | 'last';

/**
 * The query of a paged emergency log: the user's page size, filters that start again at page 1, a page
 * change, and the period picker's choice.
 */
export function useLogQuery<Q extends Paging & { from?: number; to?: number }>() {
  const pageSize = useSession((state) => state.pageNumber) as Q['pageSize'];
  const [query, setQuery] = useState<Q>(() => ({ page: 1, pageSize }) as Q);
  const [periodChoice, setPeriodChoice] = useState<PeriodChoice>('all');
  const filter = (changes: Partial<Q>) => setQuery((before) => ({ ...before, ...changes, page: 1 }));
  return {
    query: { ...query, pageSize },
    filter,
    setPage: (page: number) => setQuery((before) => ({ ...before, page })),
    periodChoice,
    choosePeriod: (value: PeriodChoice, period: Period | null) => {
      setPeriodChoice(value);
      filter({ from: period?.from, to: period?.to } as Partial<Q>);
    },
  };
}
