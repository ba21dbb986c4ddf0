import type { CallName } from '@lightwell/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ComponentType } from 'react';
import { MemoryRouter } from 'react-router';
import { expect } from 'vitest';
import { buildElement, NID, seedNetwork, ZONE } from './emergency';
import { fakeApi, renderComponent, tableRows } from './render-component';

/** The network's fittings, as the server finds them by name. */
const fittings = [
  buildElement({ deviceId: 101, name: 'Exit sign 1', zoneName: 'Stairwell' }),
  buildElement({ deviceId: 102, name: 'Corridor 2', zoneName: null }),
  buildElement({ deviceId: 103, name: 'Corridor 3', zoneName: 'Level 3' }),
];

/** The labels of the options the open dropdown shows. */
const offered = () =>
  [...document.querySelectorAll('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')].map(
    (option) => option.getAttribute('title'),
  );

/** Types `text` into the fitting filter of the page shown. */
function typeFitting(text: string) {
  const input = within(screen.getByTestId('fitting-filter')).getByRole('combobox');
  fireEvent.mouseDown(input);
  fireEvent.change(input, { target: { value: text } });
}

/**
 * The flow of a log page's fitting filter: typing finds fittings by name on the server (a network may hold
 * thousands), choosing one asks the log `call` for that fitting's rows only, clearing for everyone's again.
 * `row(fittingName)` is one row of the log naming the fitting it belongs to.
 */
export async function checkFittingFilter(Page: ComponentType, call: CallName, row: (fittingName: string) => unknown) {
  const api = fakeApi({
    // One row naming the fitting asked for, or everyone's.
    get [call]() {
      const { deviceId } = api.bodiesOf(call).at(-1) as { deviceId?: number };
      const name = fittings.find((fitting) => fitting.deviceId === deviceId)?.name;
      return { list: [row(name ? `Only ${name}` : 'Everyone')], total: 1, page: 1, pageSize: 10 };
    },
    get emergencyElementList() {
      const { search } = api.bodiesOf('emergencyElementList').at(-1) as { search?: string };
      const list = fittings.filter((fitting) => !search || fitting.name.toLowerCase().includes(search.toLowerCase()));
      return { list, total: list.length, page: 1, pageSize: 20, timeZone: ZONE };
    },
  });
  renderComponent(
    <MemoryRouter>
      <Page />
    </MemoryRouter>,
    { seed: (client) => seedNetwork(client, true) },
  );
  await waitFor(() => expect(tableRows()[0]?.textContent).toContain('Everyone'));
  const filter = screen.getByTestId('fitting-filter');
  expect(filter.textContent).toContain('All fittings');

  typeFitting('corr');
  await waitFor(() => expect(offered()).toEqual(['Corridor 2', 'Corridor 3 · Level 3']));
  expect(api.bodiesOf('emergencyElementList').at(-1)).toMatchObject({ nid: NID, search: 'corr', pageSize: 20 });

  fireEvent.click(screen.getByTitle('Corridor 3 · Level 3'));
  await waitFor(() => expect(tableRows()[0]?.textContent).toContain('Only Corridor 3'));
  expect(api.bodiesOf(call).at(-1)).toMatchObject({ nid: NID, deviceId: 103, page: 1 });
  expect(filter.textContent).toContain('Corridor 3 · Level 3');

  // Cleared: every fitting's rows again.
  fireEvent.click(filter.querySelector('.ant-select-clear')!);
  await waitFor(() => expect(tableRows()[0]?.textContent).toContain('Everyone'));
  expect(filter.textContent).toContain('All fittings');

  // A name no fitting has says so.
  typeFitting('nothing');
  await waitFor(() =>
    expect(document.querySelector('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')?.textContent).toContain(
      'No fitting has that name or MAC',
    ),
  );
}
