import { useState } from 'react';
import type { Paging } from '../../../api/emergency';
import type { Period } from '../../../features/emergency/period';
import { useFormatInstant, useTimeZone } from '../../../hooks/use-format-instant';
import { useTablePagination } from '../../../hooks/use-table-pagination';
import { useSession } from '../../../stores/session';

/** A period the log pages filter by: "all", the last twelve months, or a year. */
type PeriodChoice = number | 'all' | 'last';

/** The query of a paged emergency log: a page of the user's size, a period and one fitting or all. */
export type LogQuery = Paging & { from?: number; to?: number; deviceId?: number };

/**
 * The query of a paged emergency log: the user's page size, filters that start again at page 1, a page
 * change, and the period picker's choice.
 */
function useLogQuery<Q extends LogQuery>() {
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

/**
 * A log page of network `nid` (mode log, self-test log): its query ({@link useLogQuery}), the page of
 * the log `useList` answers for it, the table's pager, the site's time zone and its times to the second.
 */
export function useLogPage<Q extends LogQuery, L extends { data?: { total: number } }>(
  nid: number,
  useList: (nid: number, query: Q) => L,
) {
  const log = useLogQuery<Q>();
  const list = useList(nid, log.query);
  const timeZone = useTimeZone('network', nid);
  const formatInstant = useFormatInstant();
  const pagination = useTablePagination({
    page: log.query.page,
    total: list.data?.total ?? 0,
    onPageChange: log.setPage,
  });
  const formatTime = (at: number) => formatInstant(at, { timeZone, precision: 'second' });
  return { ...log, nid, list, pagination, timeZone, formatTime };
}

/** What `LogCard` needs of {@link useLogPage}: the network, the query and its pickers' state. */
export interface LogPage<Q extends LogQuery> {
  nid: number;
  query: Q;
  filter: (changes: Partial<Q>) => void;
  periodChoice: PeriodChoice;
  choosePeriod: (value: PeriodChoice, period: Period | null) => void;
  timeZone: string;
}
