import type { DeviceReport } from '@lightwell/domain';
import { screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { fakeApi, renderComponent, tableRows } from '../../../../test/render-component';
import { DeviceReportPrintPage } from '.';

const AT = Date.UTC(2026, 9, 29, 11) / 1000;

const report: DeviceReport = {
  network: { nid: 11, name: '上海办公室', projectName: 'Klinikum Süd', timeZone: 'Europe/Berlin' },
  period: { start: Date.UTC(2026, 9, 20, 22) / 1000, end: Date.UTC(2026, 9, 22, 22) / 1000, timeZone: 'Europe/Berlin' },
  generatedAt: AT,
  devices: [
    {
      id: 1,
      name: 'D4i lamp',
      kind: 'luminaire',
      mac: 'CC0000000001',
      zoneName: 'Office',
      online: true,
      faulty: true,
      faultsOpened: 1,
      onSeconds: 48 * 3600,
      energyWh: 2880,
      source: 'd4i',
      bySource: { meter: 0, d4i: 2880, estimate: 0 },
      triggers: 0,
      d4iOperatingSeconds: 720_000,
      d4iOperatingSecondsInPeriod: 172_800,
      d4iEnergyWh: 2880,
    },
  ],
  days: [
    { date: '2026-10-21', onSeconds: 86_400, energyWh: 1440, triggers: 0 },
    { date: '2026-10-22', onSeconds: 86_400, energyWh: 1440, triggers: 0 },
  ],
  totals: { energyWh: 2880, bySource: { meter: 0, d4i: 2880, estimate: 0 }, onSeconds: 172_800, triggers: 0 },
};

const renderAt = (search: string) =>
  renderComponent(
    <MemoryRouter initialEntries={[`/report/device/pdf${search}`]}>
      <DeviceReportPrintPage />
    </MemoryRouter>,
  );

describe('device report printout', { timeout: 60_000 }, () => {
  it('prints the devices and days of the network, period and zones in the address', async () => {
    const api = fakeApi({ reportDevicePrint: report, projectInfoList: [] });
    await renderAt('?nid=11&from=2026-10-21&to=2026-10-22&zones=21,22');
    const page = await screen.findByTestId('device-printout');
    expect(page.textContent).toContain('Project Klinikum Süd · network 上海办公室');
    expect(screen.getByTestId('print-period').textContent).toBe('2026-10-21 – 2026-10-22 (Europe/Berlin)');
    const [lamp] = tableRows(screen.getByTestId('print-devices'));
    for (const text of [
      'D4i lamp',
      'Office',
      'Luminaire',
      '48.00',
      '2.880',
      'D4i driver data',
      '200.00',
      '48.00',
      'Faulty',
    ]) {
      expect(lamp!.textContent).toContain(text);
    }
    expect(screen.getByTestId('print-total-energy').textContent).toBe('2.880');
    expect(tableRows(screen.getByTestId('print-days'))).toHaveLength(2);
    expect(within(screen.getByTestId('print-days')).getAllByText('86,400')).toHaveLength(2);
    expect(api.bodiesOf('reportDevicePrint')[0]).toMatchObject({
      nid: 11,
      period: { kind: 'range', from: '2026-10-21', to: '2026-10-22' },
      target: { kind: 'zones', ids: [21, 22] },
    });
  });

  it('explains an address without a network or period', async () => {
    fakeApi({});
    await renderAt('?nid=11');
    expect(await screen.findByText('This printout needs a network and a period.')).toBeTruthy();
  });
});
