import type { ProjectSummary } from '@lightwell/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { OverdueSummary } from '../../../api/emergency';
import { fakeApi, renderComponent, tableRows } from '../../../test/render-component';
import { HomePage } from '.';

const project = (id: number, name: string): ProjectSummary => ({
  id,
  name,
  remarks: '',
  isDefault: false,
  updatedAt: Date.UTC(2026, 0, 5) / 1000,
  ownerName: 'Ada Lovelace',
  isCreator: true,
  canAddNetwork: true,
});
const projects = [
  project(1, 'Head office'),
  project(2, 'Warehouse'),
  project(3, 'Car park'),
  project(4, 'Depot'),
  project(5, 'Annex'),
];
const network = (nid: number, pid: number, figures: Partial<OverdueSummary['totals']>) => ({
  nid,
  pid,
  name: `Network ${nid}`,
  fittings: 4,
  overdue: 0,
  overdueFunction: 0,
  overdueDuration: 0,
  failed: 0,
  openFaults: 0,
  ...figures,
});
/** Head office: two networks to add up; Warehouse: all tested; Car park: no fitting; Depot: faults only; Annex: overdue only. */
const summary = {
  networks: [
    network(11, 1, { fittings: 4, overdue: 2, overdueFunction: 2, overdueDuration: 1, failed: 0, openFaults: 1 }),
    network(12, 1, { fittings: 3, overdue: 1, overdueFunction: 0, overdueDuration: 1, failed: 1, openFaults: 1 }),
    network(21, 2, { fittings: 5 }),
    network(41, 4, { fittings: 2, openFaults: 2 }),
    network(51, 5, { fittings: 1, overdue: 1, overdueDuration: 1 }),
  ],
  totals: {
    fittings: 15,
    overdue: 4,
    overdueFunction: 2,
    overdueDuration: 3,
    failed: 1,
    openFaults: 4,
  },
} satisfies OverdueSummary;

const renderHome = () =>
  renderComponent(
    <MemoryRouter initialEntries={['/first/index']}>
      <HomePage />
    </MemoryRouter>,
  );

/** The emergency lighting cell of the project row named `name`. */
function emergencyCell(name: string) {
  const row = tableRows().find((candidate) => candidate.querySelector('td')?.textContent?.includes(name));
  if (!row) throw new Error(`no row ${name}`);
  const cells = row.querySelectorAll('td');
  const header = [...document.querySelectorAll('thead th')].map((th) => th.textContent);
  return within(cells[header.indexOf('Emergency lighting')] as HTMLElement);
}

const colourOf = (tag: HTMLElement) =>
  ['orange', 'red', 'green'].find((colour) => tag.className.includes(`ant-tag-${colour}`)) ?? 'default';

describe('home: emergency lighting per project', { timeout: 60_000 }, () => {
  it('adds up the networks of each project from one summary of all networks', async () => {
    const api = fakeApi({
      projectAll: projects,
      projectInfoList: [],
      portfolio: { projects: [] },
      emergencyOverdueSummary: summary,
    });
    await renderHome();
    await waitFor(() => expect(screen.getAllByTestId('home-emergency-overdue')).toHaveLength(3));

    // One call for the whole page, for no project and no network in particular.
    const bodies = api.bodiesOf('emergencyOverdueSummary');
    expect(bodies).toHaveLength(1);
    expect(bodies[0]).not.toHaveProperty('pid');
    expect(bodies[0]).not.toHaveProperty('nid');

    const head = emergencyCell('Head office');
    const overdue = head.getByTestId('home-emergency-overdue');
    expect(overdue.textContent).toBe('3 overdue');
    expect(colourOf(overdue)).toBe('orange');
    expect(overdue.getAttribute('title')).toBe('Fittings overdue for a test: function test 2, duration test 2');
    const failed = head.getByTestId('home-emergency-failed');
    expect(failed.textContent).toBe('1 failed');
    expect(colourOf(failed)).toBe('red');
    expect(failed.getAttribute('title')).toBe('Fittings whose last function or duration test failed');
    const faults = head.getByTestId('home-emergency-faults');
    expect(faults.textContent).toBe('2 open faults');
    expect(colourOf(faults)).toBe('red');
    expect(faults.getAttribute('title')).toBe('Faults reported by the fittings and not yet closed');
    expect(head.queryByTestId('home-emergency-ok')).toBeNull();
  });

  it('colours only the figures above zero, says "All tested" or that a project has no fittings', async () => {
    fakeApi({
      projectAll: projects,
      projectInfoList: [],
      portfolio: { projects: [] },
      emergencyOverdueSummary: summary,
    });
    await renderHome();
    await waitFor(() => expect(screen.getAllByTestId('home-emergency-overdue')).toHaveLength(3));

    const warehouse = emergencyCell('Warehouse');
    const ok = warehouse.getByTestId('home-emergency-ok');
    expect(ok.textContent).toBe('All tested');
    expect(colourOf(ok)).toBe('green');
    expect(ok.getAttribute('title')).toBe('5 emergency fittings: no test overdue, none failed, no open fault');
    expect(warehouse.queryByTestId('home-emergency-overdue')).toBeNull();

    const carPark = emergencyCell('Car park');
    expect(carPark.getByTestId('home-emergency-none').textContent).toBe('No fittings');
    expect(carPark.queryByTestId('home-emergency-overdue')).toBeNull();
    expect(carPark.queryByTestId('home-emergency-ok')).toBeNull();

    const depot = emergencyCell('Depot');
    expect(depot.getByTestId('home-emergency-overdue').textContent).toBe('0 overdue');
    expect(colourOf(depot.getByTestId('home-emergency-overdue'))).toBe('default');
    expect(colourOf(depot.getByTestId('home-emergency-failed'))).toBe('default');
    expect(depot.getByTestId('home-emergency-faults').textContent).toBe('2 open faults');
    expect(colourOf(depot.getByTestId('home-emergency-faults'))).toBe('red');

    const annex = emergencyCell('Annex');
    expect(annex.getByTestId('home-emergency-overdue').textContent).toBe('1 overdue');
    expect(colourOf(annex.getByTestId('home-emergency-overdue'))).toBe('orange');
    expect(annex.getByTestId('home-emergency-failed').textContent).toBe('0 failed');
    expect(colourOf(annex.getByTestId('home-emergency-failed'))).toBe('default');
    expect(annex.getByTestId('home-emergency-faults').textContent).toBe('0 open faults');
    expect(colourOf(annex.getByTestId('home-emergency-faults'))).toBe('default');
  });

  it('shows "—" while the summary cannot be had', async () => {
    fakeApi({ projectAll: projects, projectInfoList: [], portfolio: { projects: [] } });
    await renderHome();
    await waitFor(() => expect(tableRows()).toHaveLength(5));
    expect(emergencyCell('Head office').getByText('—')).toBeTruthy();
    expect(screen.queryByTestId('home-emergency-none')).toBeNull();
    expect(screen.queryByTestId('home-emergency-ok')).toBeNull();
  });
});
