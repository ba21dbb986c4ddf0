import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { markCatalogueFormats, renderComponent } from '../../../test/render-component';
import { SensorTable } from '.';

let restore: () => void = () => undefined;
afterEach(() => restore());

describe('sensor table', { timeout: 60_000 }, () => {
  it('shows lux readings through the unit catalogue', async () => {
    restore = markCatalogueFormats();
    await renderComponent(
      <SensorTable
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
  });
});
