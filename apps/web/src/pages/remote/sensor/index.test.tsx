import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSensorListQuery } from '../../../api/device';
import { fakeApi, markCatalogueFormats, queryOf, renderComponent } from '../../../test/render-component';
import { SensorTable } from '.';

let restore: () => void = () => undefined;
afterEach(() => {
  restore();
  vi.unstubAllGlobals();
});

/** Asks for network 3's sensors with their triggers over the last 30 days. */
function Probe() {
  const sensors = useSensorListQuery(3, 1, 10, '30d');
  return <span>{sensors.isSuccess ? 'loaded' : 'loading'}</span>;
}

describe('sensor table', { timeout: 60_000 }, () => {
  it('shows lux readings through the unit catalogue', async () => {
    restore = markCatalogueFormats();
    await renderComponent(
      <SensorTable
        period="Last 7 days"
        rows={[
          {
            id: 4,
            name: 'Window sensor',
            kind: 'lightSensor',
            model: 'LW-LS',
            mac: 'A4C138000004',
            isVirtual: false,
            online: true,
            triggerCount: 0,
            lastTriggeredAt: null,
            lux: 320,
          },
        ]}
        total={1}
        page={1}
        pageSize={10}
        loading={false}
        onPageChange={() => undefined}
      />,
    );
    expect(screen.getByText('⟦320 lx⟧')).toBeTruthy();
    // The count is over the chosen period, as the heat map's row for it.
    expect(screen.getByRole('columnheader', { name: 'Triggers (Last 7 days)' })).toBeTruthy();
  });

  it('asks for the trigger counts of the chosen period, as the heat maps count them', async () => {
    const api = fakeApi({ sensorList: { list: [], total: 0, page: 1, pageSize: 10 } });
    await renderComponent(<Probe />);
    await waitFor(() => expect(screen.getByText('loaded')).toBeTruthy());
    expect(queryOf(api.bodiesOf('sensorList')[0], ['nid', 'span'])).toEqual({ nid: 3, span: '30d' });
  });
});
