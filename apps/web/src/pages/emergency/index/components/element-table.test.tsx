import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildElement } from '../../../../test/emergency';
import { renderComponent, tableRows } from '../../../../test/render-component';
import { ElementTable } from './element-table';

const table = (rows: ReturnType<typeof buildElement>[]) => (
  <ElementTable
    rows={rows}
    total={rows.length}
    page={1}
    loading={false}
    timeZone="Europe/Berlin"
    selectable={false}
    selected={[]}
    onSelect={() => undefined}
    onPageChange={() => undefined}
  />
);

describe('emergency element table: battery', { timeout: 60_000 }, () => {
  it('says "Charging" while the fitting charges, even at a charge that rounds to 100 %, and a tick once full', async () => {
    const charging = buildElement({ deviceId: 1, batteryPercent: 100, statusBits: 0, status: [] });
    const full = buildElement({ deviceId: 2 });
    await renderComponent(table([charging, full]));
    const [first, second] = tableRows() as [HTMLElement, HTMLElement];
    const chargingCell = within(first).getByTestId('battery-cell');
    expect(chargingCell.textContent).toBe('Charging');
    expect(chargingCell.querySelector('.anticon-check-circle')).toBeNull();
    expect(within(second).getByTestId('battery-cell').querySelector('.anticon-check-circle')).not.toBeNull();
    expect(screen.getAllByText('Charging')).toHaveLength(1);
  });

  it('does not say "Charging" for a fitting on battery in a test', async () => {
    const testing = buildElement({ mode: 6, batteryPercent: 80, statusBits: 0, status: [], testRunning: 'duration' });
    await renderComponent(table([testing]));
    const cell = within(tableRows()[0] as HTMLElement).getByTestId('battery-cell');
    expect(cell.textContent).toBe('80%');
  });
});
