import { act, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../../i18n';
import { stubCanvas } from '../../../../test/canvas';
import { buildFigures, buildNetworkEnergy } from '../../../../test/energy-data';
import { fakeApi, markCatalogueFormats, renderComponent, tableRows } from '../../../../test/render-component';
import { OverviewView } from './overview-view';
import { OverviewWorkspace } from './overview-workspace';

let restore: () => void = () => undefined;
beforeEach(() => stubCanvas());
afterEach(() => restore());

describe('network data overview', { timeout: 60_000 }, () => {
  it('shows energy, cost and CO2 with their units, sources and the change from the previous period', async () => {
    restore = markCatalogueFormats();
    await renderComponent(<OverviewView data={buildNetworkEnergy()} />);
    expect(screen.getByTestId('overview-energy').textContent).toBe('⟦12.3 kWh⟧');
    const badges = within(screen.getAllByTestId('source-badges')[0]!);
    expect(badges.getByText(/Smart meter/).textContent).toBe('⟦Smart meter ⟦50.0 %⟧ · ⟦6.17 kWh⟧⟧');
    expect(badges.getByText(/D4i driver data/).textContent).toContain('⟦25.0 %⟧');
    expect(badges.getByText(/Estimate/).textContent).toContain('⟦25.0 %⟧');
    // Hundredths with two decimals, in the network's currency.
    expect(screen.getByTestId('overview-cost').textContent).toBe('€12.34');
    expect(screen.getByTestId('overview-co2').textContent).toBe('⟦2.88 kg⟧');
    expect(screen.getByTestId('co2-factor').textContent).toBe('⟦DESNZ 2024 (2024 data) · ⟦233.00 g/kWh⟧⟧');
    const changes = screen.getAllByTestId('change').map((node) => node.textContent);
    expect(changes[0]).toBe('▲ ⟦23.5 %⟧ against the previous period');
    expect(changes[1]).toBe('▼ ⟦5.1 %⟧ against the previous period');
    expect(screen.queryByTestId('change-not-comparable')).toBeNull();
  });

  it('compares with no percentage when the network has data only from inside the period before', async () => {
    // The period before starts on WEEK_START - 7 days; the network's first stored hour is 3 days later.
    const data = buildNetworkEnergy();
    const dataFrom = data.period.start - 4 * 86_400;
    await renderComponent(
      <OverviewView data={buildNetworkEnergy({ previousCoverage: { complete: false, dataFrom } })} />,
    );
    expect(screen.queryAllByTestId('change')).toHaveLength(0);
    const texts = screen.getAllByTestId('change-not-comparable').map((node) => node.textContent);
    const day = new Date(dataFrom * 1000).toISOString().slice(0, 10);
    expect(texts).toEqual(new Array(4).fill(`Not comparable: data from ${day} on`));
  });

  it('lists the estimate assumptions, savings by cause and the equivalents', async () => {
    await renderComponent(<OverviewView data={buildNetworkEnergy()} />);
    const assumptions = screen.getByTestId('assumptions');
    expect(assumptions.textContent).toContain('Rated power 40 W at 100 % light');
    expect(assumptions.textContent).toContain('Standby not known: 0.5 W assumed while off but powered');
    expect(assumptions.textContent).toContain('Luminaires estimated: 1');
    expect(assumptions.textContent).not.toMatch(/\{\{|energy\.assumption/);
    expect(screen.getByTestId('overview-saved').textContent).toBe('7.66 kWh');
    expect(screen.getByTestId('saving-causes').textContent).toContain('Occupancy: 5.00 kWh');
    expect(screen.getByTestId('saving-causes').textContent).toContain('Daylight: 2.66 kWh');
    expect(screen.getByTestId('equivalents').textContent).toContain('0.7 litres of petrol (UK)');
    expect(screen.getByText(/every luminaire at 100 % during the same hours/)).toBeTruthy();
  });

  it.each([
    [
      'en',
      [
        'Rated power 18 W at 100 % light',
        'Luminaires estimated: 17',
        '17 luminaires estimated from the light levels they reported',
        'No light level reported for 2 luminaires: 100 % light assumed while on',
        'Standby not known: 0.5 W assumed',
      ],
    ],
    [
      'zh',
      [
        '100 % 亮度时额定功率 18 W',
        '估算的灯具：17 个',
        '17 个灯具按其上报的亮度等级',
        '2 个灯具未上报亮度等级',
        '假定为 0.5 W',
      ],
    ],
    [
      'de',
      [
        'Nennleistung 18 W bei 100 % Licht',
        'Geschätzte Leuchten: 17',
        '17 Leuchten aus ihren gemeldeten Dimmwerten',
        'Kein Dimmwert gemeldet für 2 Leuchten',
        '0,5 W angenommen',
      ],
    ],
    [
      'es',
      [
        'Potencia nominal de 18 W al 100 % de luz',
        'Luminarias estimadas: 17',
        '17 luminarias estimadas a partir de los niveles de luz',
        'Sin nivel de luz comunicado para 2 luminarias',
        'se suponen 0,5 W',
      ],
    ],
  ])('writes the estimate assumptions with their figures in %s', async (language, texts) => {
    const figures = buildFigures({
      assumptions: [
        { key: 'nominalPower', params: { watts: 18 } },
        { key: 'estimatedLuminaires', params: { count: 17 } },
        { key: 'reportedLevels', params: { count: 17 } },
        { key: 'proportionalPower', params: {} },
        { key: 'fullLevelAssumed', params: { count: 2 } },
        { key: 'standbyDefault', params: { watts: 0.5 } },
      ],
    });
    await renderComponent(<OverviewView data={buildNetworkEnergy({ figures })} />);
    await act(async () => {
      await i18n.changeLanguage(language);
    });
    try {
      const items = [...screen.getByTestId('assumptions').querySelectorAll('li')].map((item) => item.textContent);
      expect(items).toHaveLength(6);
      for (const text of texts)
        expect(
          items.some((item) => item?.includes(text)),
          text,
        ).toBe(true);
      expect(items.join(' ')).not.toMatch(/\{\{|energy\.assumption|undefined/);
    } finally {
      await act(async () => {
        await i18n.changeLanguage('en');
      });
    }
  });

  it.each([
    ['en', '12.3 US gallons (46.5 litres) of gasoline'],
    ['zh', '12.3 美制加仑（46.5 升）汽油'],
    ['de', '12,3 US-Gallonen (46,5 Liter) Benzin'],
    ['es', '12,3 galones estadounidenses (46,5 litros) de gasolina'],
  ])(
    'gives the US gasoline equivalent in litres beside its gallons, 3.78 litres a gallon, in %s',
    async (language, text) => {
      const equivalents = { treeYears: 1.8, petrolLitresUk: 47.3, petrolLitresEu: 47.1, gasolineGallonsUs: 12.3 };
      await renderComponent(<OverviewView data={buildNetworkEnergy({ figures: buildFigures({ equivalents }) })} />);
      await act(async () => {
        await i18n.changeLanguage(language);
      });
      try {
        expect(screen.getByTestId('equivalents').textContent).toContain(text);
      } finally {
        await act(async () => {
          await i18n.changeLanguage('en');
        });
      }
    },
  );

  it('says how much of the energy was spread over a reporting gap', async () => {
    await renderComponent(<OverviewView data={buildNetworkEnergy({ figures: buildFigures({ spreadWh: 2_400 }) })} />);
    expect(screen.getByTestId('spread-over-gap').textContent).toBe(
      'Includes 2.40 kWh spread by time over a reporting gap',
    );
  });

  it('shows no gap note without energy spread over a gap', async () => {
    await renderComponent(<OverviewView data={buildNetworkEnergy()} />);
    expect(screen.queryByTestId('spread-over-gap')).toBeNull();
  });

  it('has zone totals that equal the overview total, the rest shown as outside any zone', async () => {
    const data = buildNetworkEnergy();
    await renderComponent(<OverviewView data={data} />);
    const table = screen.getByTestId('zone-table');
    const rows = tableRows(table);
    expect(rows.map((row) => row.querySelector('td')!.textContent)).toEqual([
      'Lobby',
      'Office',
      'Devices outside any zone',
    ]);
    const energies = rows.map((row) => Number(row.querySelector<HTMLElement>('[data-value]')!.dataset.value));
    expect(energies.reduce((sum, wh) => sum + wh, 0)).toBeCloseTo(data.figures.energyWh, 6);
    expect(Number(screen.getByTestId('zone-total').dataset.value)).toBe(data.figures.energyWh);
    expect(screen.getByTestId('zone-total').textContent).toBe(screen.getByTestId('overview-energy').textContent);
    expect(rows[0]!.textContent).toContain('42 triggers');
  });

  it('says so when the zones add up to more than the network', async () => {
    const data = buildNetworkEnergy({ figures: buildFigures({ energyWh: 10_000 }) });
    await renderComponent(<OverviewView data={data} />);
    expect(screen.getByText(/The zones add up to 12.0 kWh, more than the network total of 10.0 kWh/)).toBeTruthy();
  });

  it('shows report gaps and devices offline or faulty', async () => {
    await renderComponent(<OverviewView data={buildNetworkEnergy()} />);
    expect(screen.getByTestId('report-gaps').textContent).toContain(
      'Gateway GW-1: reports 120 to 131 missing (evicted)',
    );
    expect(screen.getByTestId('device-health').textContent).toBe('12 devices2 offline1 faulty');
  });

  it('tells what to do when the network has no readings yet', async () => {
    const zero = { meter: 0, d4i: 0, estimate: 0 };
    const empty = buildFigures({
      energyWh: 0,
      bySource: zero,
      shareBasisPoints: zero,
      savings: { baselineWh: 0, savedWh: 0, byCause: {} },
      assumptions: [],
    });
    fakeApi({
      networkEnergy: buildNetworkEnergy({ figures: empty, previous: empty, series: [], zones: [], gaps: [] }),
    });
    await renderComponent(
      <MemoryRouter initialEntries={['/home/network?span=30d']}>
        <OverviewWorkspace nid={3} />
      </MemoryRouter>,
    );
    expect((await screen.findByTestId('energy-empty')).textContent).toContain('add a gateway, bind its devices');
    expect(screen.getByRole('link', { name: 'Open gateways' })).toBeTruthy();
    await act(async () => undefined);
    expect(screen.getByText('Last 30 days')).toBeTruthy();
  });
});
