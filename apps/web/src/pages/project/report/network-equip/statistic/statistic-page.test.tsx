import {
  type EquipmentDevice,
  type EquipmentFitting,
  type EquipmentStatistics,
  summariseEquipment,
} from '@lightwell/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { echarts } from '../../../../../features/energy/echarts';
import { stubCanvas } from '../../../../../test/canvas';
import { chooseOption, fakeApi, queryOf, renderComponent, tableRows } from '../../../../../test/render-component';
import { EquipmentStatisticPage } from '.';

const NOW = Date.parse('2026-03-10T09:00:00Z') / 1000;
const DAY = 86_400;
const PID = 2;
const HALL = 11;
const UPSTAIRS = 12;

const device = (id: number, overrides: Partial<EquipmentDevice> = {}): EquipmentDevice => ({
  id,
  nid: HALL,
  networkName: 'Hall A',
  name: `Lamp ${id}`,
  kind: 'luminaire',
  model: 'LW-L1',
  manufacturer: 'Lightwell',
  firmwareVersion: '1.0.0',
  hardwareVersion: 'A',
  online: true,
  faulty: false,
  installedAt: NOW - 10 * DAY,
  ...overrides,
});

const hallDevices = [
  device(1),
  device(2, { online: false, installedAt: NOW - 400 * DAY }),
  device(3, { faulty: true, firmwareVersion: '1.1.0', installedAt: null }),
  device(4, { kind: 'motionSensor', model: 'LW-PIR', name: 'PIR hall', installedAt: Date.parse('2020-03-05') / 1000 }),
  device(5, { kind: 'emergency', model: 'LW-EM1', installedAt: null }),
];
const upstairsDevices = [device(6, { nid: UPSTAIRS, networkName: '二楼 走廊' })];
const fittings: EquipmentFitting[] = [{ battery: 'fault', lastFunction: 'passed', lastDuration: null }];

const statistics: EquipmentStatistics = {
  project: { pid: PID, name: 'Demo' },
  generatedAt: NOW,
  networks: [
    {
      nid: HALL,
      name: 'Hall A',
      timeZone: 'Europe/Berlin',
      figures: summariseEquipment({ devices: hallDevices, fittings, planned: 1 }, NOW),
    },
    {
      nid: UPSTAIRS,
      name: '二楼 走廊',
      timeZone: 'Europe/Berlin',
      figures: summariseEquipment({ devices: upstairsDevices, fittings: [], planned: 0 }, NOW),
    },
  ],
  total: summariseEquipment({ devices: [...hallDevices, ...upstairsDevices], fittings, planned: 1 }, NOW),
};

const projects = [
  {
    id: PID,
    name: 'Demo',
    isDefault: true,
    ownerName: 'Ada Lovelace',
    isCreator: true,
    networks: [
      { id: HALL, name: 'Hall A', timeZone: 'Europe/Berlin' },
      { id: UPSTAIRS, name: '二楼 走廊', timeZone: 'Europe/Berlin' },
    ],
  },
];

const renderPage = () =>
  renderComponent(
    <MemoryRouter>
      <EquipmentStatisticPage />
    </MemoryRouter>,
  );

const cells = (row: HTMLElement | undefined) =>
  [...(row?.querySelectorAll('td') ?? [])].map((cell) => cell.textContent);

/** What ECharts was told to draw in the chart with test id `testId`. */
function chartOption(testId: string) {
  const chart = echarts.getInstanceByDom(screen.getByTestId(testId));
  if (!chart) throw new Error(`no chart ${testId}`);
  return chart.getOption() as {
    series: { name: string; data: (number | { value: number })[] }[];
    xAxis: { name?: string; data?: string[] }[];
    yAxis: { name?: string; data?: string[] }[];
  };
}

beforeEach(() => stubCanvas());
afterEach(() => vi.restoreAllMocks());

describe('network equipment statistics page', { timeout: 60_000 }, () => {
  it('shows the totals with their units, each network, and the breakdowns as tables and charts', async () => {
    const api = fakeApi({ projectInfoList: projects, equipmentStatistic: statistics });
    await renderPage();
    const devices = await screen.findByTestId('equipment-figure-devices');
    expect(devices.textContent).toBe('6 devices');
    expect(screen.getByTestId('equipment-figure-offline').textContent).toBe('1 device');
    expect(screen.getByTestId('equipment-figure-faulty').textContent).toBe('1 device');
    expect(screen.getByTestId('equipment-figure-planned').textContent).toBe('1 device');
    expect(screen.getByTestId('equipment-figure-fittings').textContent).toBe('1 fitting');
    expect(queryOf(api.bodiesOf('equipmentStatistic')[0], ['pid', 'nids'])).toEqual({ pid: PID });

    const networks = tableRows(screen.getByTestId('equipment-networks')).map(cells);
    expect(networks.map((row) => row.slice(0, 7))).toEqual([
      ['Hall A', '5', '4', '1', '1', '1', '1'],
      ['二楼 走廊', '1', '1', '0', '0', '0', '0'],
      ['All selected networks', '6', '5', '1', '1', '1', '1'],
    ]);
    expect(networks[0]![7]).toBe('PIR hall (LW-PIR), 2020-03-05: 6 years');
    expect(
      within(screen.getByTestId('equipment-networks')).getByRole('columnheader', { name: 'Devices (pcs)' }),
    ).toBeTruthy();

    // Wide tables scroll inside their card, never the page.
    for (const table of ['equipment-networks', 'equipment-kinds', 'equipment-models', 'equipment-firmware'])
      expect(screen.getByTestId(table).className, table).toContain('ant-table-scroll-horizontal');
    const kinds = tableRows(screen.getByTestId('equipment-kinds')).map(cells);
    expect(kinds[0]).toEqual(['Luminaire', '4', '3', '1', '1']);
    expect(kinds.map((row) => row[0])).toContain('Bluetooth panel');
    const firmware = tableRows(screen.getByTestId('equipment-firmware')).map(cells);
    expect(firmware).toContainEqual(['LW-L1', '1.0.0', '3']);
    expect(screen.getByTestId('equipment-oldest').textContent).toBe(
      'Installed earliest: PIR hall (LW-PIR) in Hall A, on 2020-03-05: 6 years',
    );
    const battery = tableRows(screen.getByTestId('equipment-battery')).map(cells);
    expect(battery).toContainEqual(['Battery fault', '1']);
    const lastTest = tableRows(screen.getByTestId('equipment-last-test')).map(cells);
    expect(lastTest).toContainEqual(['Passed', '1', '0']);
    expect(lastTest).toContainEqual(['Never tested', '0', '1']);

    const kindChart = chartOption('chart-kinds');
    expect(kindChart.yAxis[0]!.data).toEqual(['Luminaire', 'Motion sensor', 'Emergency device']);
    expect(kindChart.xAxis[0]!.name).toBe('Devices (pcs)');
    expect(kindChart.series.map((series) => [series.name, series.data])).toEqual([
      ['Online', [3, 1, 1]],
      ['Offline', [1, 0, 0]],
      ['Faulty', [1, 0, 0]],
    ]);
    const ageChart = chartOption('chart-age');
    expect(ageChart.xAxis[0]!.data).toEqual([
      'Under 1 year',
      '1 to 3 years',
      '3 to 5 years',
      '5 years or more',
      'Installation day unknown',
    ]);
    expect(ageChart.series[0]!.data).toEqual([2, 1, 0, 1, 2]);
    expect(chartOption('chart-battery').yAxis[0]!.name).toBe('Fittings (pcs)');
  });

  it('asks for the networks picked, and prints and exports exactly those', async () => {
    const api = fakeApi({
      projectInfoList: projects,
      equipmentStatistic: statistics,
      equipmentExport: { fileName: 'equipment-statistics-2.xlsx', contentType: 'application/xlsx', base64: btoa('PK') },
    });
    const saved: Blob[] = [];
    const original = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
    URL.createObjectURL = (file: Blob) => {
      saved.push(file);
      return `blob:equipment-${saved.length}`;
    };
    URL.revokeObjectURL = () => undefined;
    const clicked: { href: string; download: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.getAttribute('href') ?? '', download: this.download });
    });
    try {
      await renderPage();
      await screen.findByTestId('equipment-figure-devices');
      expect(screen.getByTestId('equipment-print').getAttribute('href')).toBe('/report/networkEquipDataPDF?pid=2');

      await chooseOption('equipment-networks-choice', '二楼 走廊');
      await waitFor(() =>
        expect(queryOf(api.bodiesOf('equipmentStatistic').at(-1), ['pid', 'nids'])).toEqual({
          pid: PID,
          nids: [UPSTAIRS],
        }),
      );
      expect(screen.getByTestId('equipment-print').getAttribute('href')).toBe(
        `/report/networkEquipDataPDF?pid=2&nids=${UPSTAIRS}`,
      );

      fireEvent.click(screen.getByTestId('equipment-export-xlsx'));
      await waitFor(() => expect(clicked).toHaveLength(1));
      expect(queryOf(api.bodiesOf('equipmentExport')[0], ['pid', 'nids', 'format'])).toEqual({
        pid: PID,
        nids: [UPSTAIRS],
        format: 'xlsx',
      });
      expect(clicked[0]).toEqual({ href: 'blob:equipment-1', download: 'equipment-statistics-2.xlsx' });
    } finally {
      URL.createObjectURL = original.create;
      if (original.revoke) URL.revokeObjectURL = original.revoke;
    }
  });

  it('says so when the user has no network in the project', async () => {
    fakeApi({
      projectInfoList: [{ ...projects[0]!, networks: [] }],
      equipmentStatistic: { ...statistics, networks: [] },
    });
    await renderPage();
    expect(await screen.findByText('You have no network in this project yet.')).toBeTruthy();
  });
});
