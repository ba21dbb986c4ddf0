import type { ComponentType } from 'react';
import { MemoryRouter } from 'react-router';
import { seedNetwork, ZONE } from './emergency';
import type { testUser } from './render-app';
import { renderComponent } from './render-component';

/** One page of a list call's answer holding `rows`. */
export const listPage = <T,>(rows: T[]) => ({ list: rows, total: rows.length, page: 1, pageSize: 10 });

/** Renders an emergency log page of the test network for a user who may view it, with their settings. */
export const renderLogPage = (
  Page: ComponentType,
  user: Partial<Pick<typeof testUser, 'timeFormat' | 'pageNumber'>> = {},
) =>
  renderComponent(
    <MemoryRouter>
      <Page />
    </MemoryRouter>,
    { seed: (client) => seedNetwork(client, false), user },
  );

/** The text of each cell of a table row. */
export const cells = (row: HTMLElement | undefined) =>
  [...(row?.querySelectorAll('td') ?? [])].map((td) => td.textContent);

/** Last year in the network's zone: a choice both period selects always offer. */
export const lastYear =
  Number(new Intl.DateTimeFormat('en', { timeZone: ZONE, year: 'numeric' }).format(new Date())) - 1;
/** That year in Berlin: from local midnight of 1 January (23:00 UTC the day before). */
export const lastYearPeriod = {
  from: Date.UTC(lastYear - 1, 11, 31, 23) / 1000,
  to: Date.UTC(lastYear, 11, 31, 23) / 1000,
};
