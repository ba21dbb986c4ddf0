import { cleanup, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderComponent } from '../../../../test/render-component';
import { type HomeProject, ProjectsTable } from './projects-table';

const set = (year: number, grams: number) => ({
  factorSetId: `uk-desnz-${year}`,
  factorLabel: `UK DESNZ · ${year} · ${year}`,
  gramsPerKWh: grams,
});

/** Data stored from 1 January 2026, 00:00 UTC. */
const EARLY = Date.UTC(2026, 0, 1) / 1000;

const project: HomeProject = {
  id: 4,
  name: 'Head office',
  remarks: '',
  isDefault: false,
  updatedAt: 0,
  ownerName: 'Ada',
  isCreator: true,
  canAddNetwork: true,
  networks: [{ id: 9, name: 'Floor 1' }],
  figures: {
    id: 4,
    name: 'Head office',
    networks: 1,
    thisMonth: {
      energyWh: 20_000,
      cost: 600,
      co2Grams: 3_900,
      co2Sets: [set(2024, 207.05), set(2025, 177)],
      coverage: { complete: true, dataFrom: EARLY },
    },
    lastMonth: {
      energyWh: 30_000,
      cost: 900,
      co2Grams: 6_211.5,
      co2Sets: [set(2024, 207.05)],
      coverage: { complete: true, dataFrom: EARLY },
    },
    currency: 'GBP',
    devicesOffline: 0,
    devicesFault: 0,
    sparkline: new Array(30).fill(0),
  },
};

describe('projects table on home', () => {
  it('names every factor set the CO2 of either month was converted with, each once', async () => {
    await renderComponent(
      <ProjectsTable projects={[project]} loading={false} pageSize={10} onOpen={() => undefined} />,
    );
    expect(screen.getByTestId('home-co2').textContent).toBe('3.9 kg');
    expect(screen.getByTestId('home-co2-detail').textContent).toBe('UK DESNZ · 2024 · 2024 and UK DESNZ · 2025 · 2025');
  });

  it('shows last month plainly when the data covers it, and with the day the data began when not', async () => {
    await renderComponent(
      <ProjectsTable projects={[project]} loading={false} pageSize={10} onOpen={() => undefined} />,
    );
    expect(screen.getByTestId('home-energy-last').textContent).toBe('last month 30.0 kWh');
    cleanup();
    // The network's first stored hour: 24 March 2026, 12:00 UTC, inside last month.
    const figures = project.figures!;
    const partial = { complete: false, dataFrom: Date.UTC(2026, 2, 24, 12) / 1000 };
    const late = { ...project, figures: { ...figures, lastMonth: { ...figures.lastMonth, coverage: partial } } };
    await renderComponent(<ProjectsTable projects={[late]} loading={false} pageSize={10} onOpen={() => undefined} />);
    expect(screen.getByTestId('home-energy-last').textContent).toBe(
      'last month 30.0 kWh, data only from 2026-03-24 on (not comparable)',
    );
    expect(screen.getByTestId('home-cost-last').textContent).toBe(
      'last month 9.00 GBP, data only from 2026-03-24 on (not comparable)',
    );
  });
});
