import { type DeviceDetail, decodeElement, SAMPLE_D4I_BANK_RAW, type StoredElement } from '@lightwell/domain';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../../api/query-client';
import { AppProviders } from '../../../../app/providers';
import { i18n } from '../../../../i18n';
import { useSession } from '../../../../stores/session';
import { testUser } from '../../../../test/render-app';
import { markCatalogueFormats } from '../../../../test/render-component';
import { DeviceDetailView } from './device-detail-drawer';

const NOW = 1_767_225_600; // 2026-01-01 00:00:00 UTC
const RAW_BANK = SAMPLE_D4I_BANK_RAW;
const stored = (overrides: Partial<StoredElement>): StoredElement => ({
  index: 0,
  type: 1,
  isD4i: false,
  isLinear: true,
  onOff: 1,
  lightness: 50,
  cct: null,
  status: 0,
  flags: 0,
  d4iBank: null,
  bankAt: null,
  mode: null,
  faultBits: null,
  lux: null,
  triggeredAt: null,
  ...overrides,
});

const device: DeviceDetail = {
  id: 9,
  nid: 3,
  gatewayId: 1,
  isVirtual: false,
  kind: 'luminaire',
  name: 'Office downlight',
  model: 'LW-D6-40',
  mac: 'A4C138000001',
  productId: 1,
  productIcon: null,
  online: true,
  boundId: 12,
  boundName: 'Planned downlight',
  syncState: 2,
  nodeFlag: 2,
  sensorTriggerCount: 0,
  lastSeen: NOW,
  firmwareVersion: '2.1.0',
  hardwareVersion: 'A',
  serialNumber: 'SN-0001',
  manufacturer: 'Lightwell',
  supplier: 'Acme',
  // Stored as 00:00 UTC of the day (edit-device-dialog).
  installedAt: Date.UTC(2025, 5, 30) / 1000,
  ratedPower: 40,
  batteryType: 'LiFePO4',
  usageSeconds: 7_500,
  address: 2,
  createTime: NOW,
  updateTime: NOW,
  product: {
    id: 1,
    model: 'LW-D6-40',
    name: 'Downlight',
    kind: 'luminaire',
    manufacturer: 'Lightwell',
    icon: null,
    ratedPower: 40,
    isSystem: true,
    editable: false,
    subVersionCount: 1,
  },
  subVersion: {
    id: 1,
    productId: 1,
    hardwareVersion: 'A',
    config: { elements: [{ type: 1, isD4i: true }, { type: 8 }] },
  },
  elements: [
    // A fresh D4i bank: the lamp fault counts; non-linear 50 % gives 3 % output (section 9).
    decodeElement(
      stored({ isD4i: true, isLinear: false, status: 1, flags: 0b110, d4iBank: RAW_BANK, bankAt: NOW - 600 }),
      NOW,
    ),
    // A bank 31 h old: its driver fault does not count.
    decodeElement(
      stored({ index: 1, type: 8, isD4i: true, status: 2, cct: 4000, d4iBank: RAW_BANK, bankAt: NOW - 31 * 3600 }),
      NOW,
    ),
  ],
  nodeCount: 1,
};

async function renderDetail(timeFormat: 0 | 1 | 2 = 0, shown: DeviceDetail = device) {
  await i18n.changeLanguage('en');
  useSession.getState().signIn({ ...testUser, timeFormat });
  await act(async () => {
    render(
      <AppProviders queryClient={createQueryClient()}>
        <DeviceDetailView device={shown} />
      </AppProviders>,
    );
  });
}

describe('device detail (section 3 fields, section 4 decoding, section 9 bank scaling)', { timeout: 60_000 }, () => {
  it('shows every field, the decoded status tags and the scaled D4i bank', async () => {
    await renderDetail();
    const fields = screen.getByTestId('device-fields');
    for (const text of ['A4:C1:38:00:00:01', '2.1.0', 'SN-0001', 'Lightwell', 'Acme', 'LiFePO4', '40 W', '2 h 5 min']) {
      expect(within(fields).getByText(text)).toBeTruthy();
    }
    expect(within(fields).getByText('2025-06-30')).toBeTruthy();
    expect(within(fields).getByText('Bound to Planned downlight')).toBeTruthy();
    expect(within(fields).getByText('Real modified')).toBeTruthy();
    expect(within(fields).getByText('Fault')).toBeTruthy();
    expect(screen.getByText('Hardware A, 2 elements')).toBeTruthy();

    const first = screen.getByTestId('element-0');
    expect(within(first).getByTestId('element-health').textContent).toBe('Lamp fault');
    expect(within(first).getByText('Lamp on')).toBeTruthy();
    expect(within(first).getAllByText('Lamp fault')).toHaveLength(2);
    expect(within(first).getByText('3 %')).toBeTruthy();
    const bank = within(first).getByTestId('d4i-bank-0');
    for (const value of [
      '0.95',
      '230.0 V',
      '25 °C',
      '48.0 V',
      '0.350 A',
      '40 °C',
      '50000 h',
      '10 °C',
      '20000',
      '18.5 W',
    ]) {
      expect(within(bank).getByText(value)).toBeTruthy();
    }

    const second = screen.getByTestId('element-1');
    expect(within(second).getByTestId('element-health').textContent).toBe('Normal');
    expect(within(second).getByText('4000 K')).toBeTruthy();
  });

  it('shows a stale D4i bank with its age, greyed, saying its status is not counted and its energy is', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW * 1000);
    try {
      await renderDetail();
    } finally {
      vi.useRealTimers();
    }
    const second = screen.getByTestId('element-1');
    expect(within(second).getByTestId('bank-stale').textContent).toBe(
      'D4i data 31 h old: lamp and driver status not counted',
    );
    const bank = within(second).getByTestId('d4i-1');
    expect(bank.getAttribute('data-stale')).toBe('true');
    expect(bank.style.opacity).toBe('0.55');
    expect(within(bank).getByTestId('d4i-stale-1').textContent).toBe(
      'These data are 31 h old (over 24 h): the lamp and driver status above is not counted. ' +
        'The energy of this luminaire is not affected: it is counted from its energy readings, never from these data.',
    );
    // A fresh bank is neither greyed nor flagged.
    const first = screen.getByTestId('element-0');
    expect(within(first).queryByTestId('bank-stale')).toBeNull();
    expect(within(first).getByTestId('d4i-0').getAttribute('data-stale')).toBe('false');
    expect(within(first).queryByTestId('d4i-stale-0')).toBeNull();
  });

  it('writes every measured value with its unit through the catalogue', async () => {
    const restore = markCatalogueFormats();
    try {
      await renderDetail();
      const fields = screen.getByTestId('device-fields');
      expect(within(fields).getByText('⟦40 W⟧')).toBeTruthy();
      const first = screen.getByTestId('element-0');
      expect(within(first).getByText('⟦3 %⟧')).toBeTruthy();
      const bank = within(first).getByTestId('d4i-bank-0');
      for (const value of ['⟦230.0 V⟧', '⟦25 °C⟧', '⟦0.350 A⟧', '⟦50000 h⟧', '⟦18.5 W⟧']) {
        expect(within(bank).getByText(value)).toBeTruthy();
      }
      expect(within(bank).getByText('0.95')).toBeTruthy();
      expect(within(screen.getByTestId('element-1')).getByText('⟦4000 K⟧')).toBeTruthy();
    } finally {
      restore();
    }
  });

  it.each([
    [0, '2025-06-30'],
    [1, '06/30/2025'],
    [2, '30/06/2025'],
  ] as const)(
    'shows the installation date only, in time format %i, on its day in any time zone',
    async (format, shown) => {
      for (const zone of ['America/Los_Angeles', 'Pacific/Kiritimati']) {
        vi.stubEnv('TZ', zone);
        try {
          // The zone took effect: 00:00 UTC is the day before in Los Angeles.
          expect(new Date(device.installedAt! * 1000).getDate()).toBe(zone === 'America/Los_Angeles' ? 29 : 30);
          await renderDetail(format);
          const row = within(screen.getByTestId('device-fields')).getByText('Installation date').closest('tr')!;
          expect(row.querySelector('td')?.textContent, zone).toBe(shown);
        } finally {
          cleanup();
          vi.unstubAllEnvs();
        }
      }
    },
  );
});
