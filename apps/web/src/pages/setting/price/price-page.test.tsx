import { type EnergyBase, formatLocalDate, localDateOf, localTimeZone } from '@lightwell/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { energyBaseKeys } from '../../../api/energy-base';
import { projectKeys } from '../../../api/project';
import { testUser } from '../../../test/render-app';
import { fakeApi, renderComponent, tableRows } from '../../../test/render-component';
import { PriceSettingsPage } from '.';

const zone = localTimeZone();
const now = Math.floor(Date.now() / 1000);
const today = formatLocalDate(localDateOf(now, zone));
const nextMonth = (() => {
  const date = new Date();
  return new Date(date.getFullYear(), date.getMonth() + 1, 15);
})();
const pad = (n: number) => String(n).padStart(2, '0');
const fifteenth = `${nextMonth.getFullYear()}-${pad(nextMonth.getMonth() + 1)}-15`;

const base = (canEdit: boolean): EnergyBase => ({
  nid: 9,
  name: 'Demo office',
  timeZone: zone,
  today,
  electricityPrice: 32,
  currency: 'EUR',
  versions: [
    {
      validFrom: '2026-01-05',
      validTo: null,
      pricePerKWh: 32,
      currency: 'EUR',
      standingChargePerDay: null,
      bands: [],
      createdByName: null,
      createdAt: null,
      removable: false,
    },
  ],
  factorSetId: null,
  factorSetChoices: [
    { validFrom: '2026-01-05', validTo: null, factorSetId: null, createdByName: null, createdAt: null },
  ],
  estimate: { ratedPowerW: null, standbyW: 0.5 },
  canEdit,
});

async function renderPage(canEdit: boolean) {
  return renderComponent(<PriceSettingsPage />, {
    seed: (client) => {
      client.setQueryData(projectKeys.info(testUser.uid), [
        { id: 2, name: 'Demo', isDefault: true, networks: [{ id: 9, name: 'Demo office', timeZone: zone }] },
      ]);
      client.setQueryData(energyBaseKeys.base(testUser.uid, 9), base(canEdit));
    },
  });
}

describe('price settings page', { timeout: 60_000 }, () => {
  it('adds a version with a standing charge and a band, with a worked example of the band', async () => {
    const api = fakeApi({ energyBaseUpdate: base(true) });
    await renderPage(true);
    expect(screen.getByTestId('current-price').textContent).toContain('0.32 EUR');
    expect(tableRows(screen.getByTestId('tariff-table'))).toHaveLength(1);

    const form = screen.getByTestId('version-form');
    const picker = within(form).getByTestId('version-valid-from');
    const input = picker.tagName === 'INPUT' ? picker : picker.querySelector('input')!;
    fireEvent.mouseDown(input);
    fireEvent.focus(input);
    fireEvent.click(input);
    const next = await waitFor(() => {
      const button = document.querySelector('.ant-picker-header-next-btn');
      if (!button) throw new Error('the calendar is not open');
      return button;
    });
    fireEvent.click(next);
    fireEvent.click(document.querySelector(`td[title="${fifteenth}"]`)!);
    fireEvent.change(within(form).getByTestId('version-price'), { target: { value: '0.40' } });
    fireEvent.change(within(form).getByTestId('version-standing'), { target: { value: '0.55' } });
    fireEvent.click(within(form).getByTestId('band-add'));
    fireEvent.change(within(form).getByTestId('band-price'), { target: { value: '0.45' } });

    const example = await screen.findByTestId('worked-example');
    await waitFor(() => expect(within(form).getByTestId('worked-example').textContent).toContain('costs 0.45 EUR'));
    expect(within(form).getByTestId('worked-example').textContent).toMatch(/at 14:00 \S+ on a weekday/);
    expect(within(form).getByTestId('worked-example').textContent).toContain('at the weekend');
    expect(example).toBeTruthy();

    fireEvent.click(within(form).getByTestId('version-add'));
    await waitFor(() => expect(api.bodiesOf('energyBaseUpdate')).toHaveLength(1));
    expect(api.bodiesOf('energyBaseUpdate')[0]).toMatchObject({
      nid: 9,
      addVersion: {
        validFrom: fifteenth,
        pricePerKWh: 40,
        currency: 'EUR',
        standingChargePerDay: 55,
        bands: [{ weekdays: [1, 2, 3, 4, 5], fromSecond: 7 * 3600, toSecond: 19 * 3600, pricePerKWh: 45 }],
      },
    });
  });

  it("shows a version's last day in the user's date format, not the next version's first day", async () => {
    fakeApi();
    const twoVersions = base(false);
    const opening = twoVersions.versions[0]!;
    twoVersions.versions = [
      { ...opening, validTo: '2026-12-16' },
      { ...opening, validFrom: '2026-12-16', pricePerKWh: 40 },
    ];
    await renderComponent(<PriceSettingsPage />, {
      user: { timeFormat: 1 },
      seed: (client) => {
        client.setQueryData(projectKeys.info(testUser.uid), [
          { id: 2, name: 'Demo', isDefault: true, networks: [{ id: 9, name: 'Demo office', timeZone: zone }] },
        ]);
        client.setQueryData(energyBaseKeys.base(testUser.uid, 9), twoVersions);
      },
    });
    const [newest, older] = tableRows(screen.getByTestId('tariff-table'));
    expect(newest!.textContent).toContain('12/16/2026');
    expect(older!.textContent).toContain('01/05/2026');
    expect(older!.textContent).toContain('12/15/2026');
    expect(older!.textContent).not.toContain('12/16/2026');
  });

  it('shows a sub-user the price read-only, without the form', async () => {
    fakeApi();
    await renderPage(false);
    expect(screen.getByText(/As a sub-user you see the price/)).toBeTruthy();
    expect(screen.queryByTestId('version-form')).toBeNull();
    expect(screen.getByTestId('factor-set').className).toContain('disabled');
  });
});
