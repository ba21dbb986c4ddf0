import { ElementType, type ScreenSnapshot } from '@lightwell/domain';
import { screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { fakeApi, renderComponent } from '../../../test/render-component';
import { buildScreenSnapshot } from '../../../test/screen-data';
import { ScreenPage } from '.';

const lamp = (id: number, fault: boolean) => ({
  id,
  nodeIds: [],
  zoneId: 1,
  kind: 'luminaire',
  online: true,
  elements: [{ index: 0, type: ElementType.dt6, onOff: 1, lightness: 100, cct: null, status: 0 }],
  fault,
});

const snapshot = (emergency: ScreenSnapshot['emergency']): ScreenSnapshot =>
  buildScreenSnapshot({
    zones: [{ id: 1, name: 'Hall', luminaires: 2, lightsOn: 2, offline: 0, faults: 1 }],
    emergency,
    devices: [lamp(10, true), lamp(11, false)],
  });

const renderScreen = () =>
  renderComponent(
    <MemoryRouter initialEntries={['/screen/index?id=3']}>
      <ScreenPage />
    </MemoryRouter>,
  );

describe('lobby dashboard', { timeout: 60_000 }, () => {
  it('shows fittings overdue for a test, open emergency faults and the devices the server counts faulty', async () => {
    fakeApi({ screenView: snapshot({ fittings: 4, overdue: 2, openFaults: 1 }) });
    await renderScreen();
    const overdue = within(await screen.findByTestId('screen-emergency-overdue'));
    expect(overdue.getByText('2')).toBeTruthy();
    expect(overdue.getByText('Fittings overdue for a test')).toBeTruthy();
    expect(overdue.getByText('of 4 fittings')).toBeTruthy();
    const faults = within(screen.getByTestId('screen-emergency-faults'));
    expect(faults.getByText('1')).toBeTruthy();
    expect(faults.getByText('Open emergency faults')).toBeTruthy();
    expect(screen.getByTestId('screen-faults').textContent).toContain('1');
  });

  it('leaves the emergency tiles out for a network without fittings', async () => {
    fakeApi({ screenView: snapshot({ fittings: 0, overdue: 0, openFaults: 0 }) });
    await renderScreen();
    await screen.findByTestId('screen');
    expect(screen.queryByTestId('screen-emergency-overdue')).toBeNull();
    expect(screen.queryByTestId('screen-emergency-faults')).toBeNull();
  });
});
