import type { Product } from '@lightwell/domain';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { deviceKeys } from '../../../../api/device';
import { createQueryClient } from '../../../../api/query-client';
import { AppProviders } from '../../../../app/providers';
import { i18n } from '../../../../i18n';
import { useSession } from '../../../../stores/session';
import { testUser } from '../../../../test/render-app';
import { AddDevicesDialog } from './add-devices-dialog';

const product: Product = {
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
};

async function renderDialog() {
  await i18n.changeLanguage('en');
  useSession.getState().signIn(testUser);
  const queryClient = createQueryClient();
  queryClient.setQueryData(deviceKeys.products(testUser.uid), [product]);
  await act(async () => {
    render(
      <AppProviders queryClient={queryClient}>
        <AddDevicesDialog nid={3} onClose={() => undefined} />
      </AppProviders>,
    );
  });
}

/** Rows of the form (their containers are `device-row-<index>`). */
const rowCount = () =>
  [...document.querySelectorAll('[data-testid]')].filter((el) =>
    /^device-row-\d+$/.test(el.getAttribute('data-testid') ?? ''),
  ).length;

// Each test drives a whole antd form; give it room on a busy machine.
describe('add devices dialog (section 5: up to 10 rows, MAC required and hexadecimal)', { timeout: 60_000 }, () => {
  beforeEach(() => {
    useSession.getState().clear();
  });

  it('warns when the only row would be removed (loc926) and refuses the first row (loc927)', async () => {
    await renderDialog();
    expect(rowCount()).toBe(1);
    fireEvent.click(screen.getByTestId('device-row-remove-0'));
    expect(await screen.findByText('At least one row must remain.')).toBeTruthy();
    expect(rowCount()).toBe(1);

    fireEvent.click(screen.getByTestId('device-row-add'));
    fireEvent.click(screen.getByTestId('device-row-add'));
    expect(rowCount()).toBe(3);
    fireEvent.click(screen.getByTestId('device-row-remove-0'));
    expect(await screen.findByText('The first row cannot be deleted.')).toBeTruthy();
    expect(rowCount()).toBe(3);
    fireEvent.click(screen.getByTestId('device-row-remove-2'));
    await waitFor(() => expect(rowCount()).toBe(2));
  });

  it('offers at most 10 rows', async () => {
    await renderDialog();
    const addButton = screen.getByTestId('device-row-add') as HTMLButtonElement;
    for (let i = 1; i < 10; i += 1) fireEvent.click(addButton);
    expect(rowCount()).toBe(10);
    expect(addButton.disabled).toBe(true);
    expect(addButton.textContent).toContain('10 of 10');
  });

  it('requires a hexadecimal MAC of 12 digits and no MAC twice in the list', async () => {
    await renderDialog();
    fireEvent.click(screen.getByText('Add', { selector: 'button span' }));
    expect(await screen.findByText('Enter the MAC address.')).toBeTruthy();
    expect(screen.getByText('Select the device model.')).toBeTruthy();

    const [mac] = screen.getAllByLabelText('MAC address') as HTMLInputElement[];
    expect(mac!.placeholder).toBe('e.g. A4:C1:38:00:00:01');
    fireEvent.change(mac!, { target: { value: 'A4:C1:38:00:00:0G' } });
    expect(
      await screen.findByText('A MAC address has 12 hexadecimal digits (0-9, A-F), separators allowed.'),
    ).toBeTruthy();
    fireEvent.change(mac!, { target: { value: 'a4:c1:38:00:00:0f' } });
    await waitFor(() =>
      expect(screen.queryByText('A MAC address has 12 hexadecimal digits (0-9, A-F), separators allowed.')).toBeNull(),
    );

    fireEvent.click(screen.getByTestId('device-row-add'));
    const second = (screen.getAllByLabelText('MAC address') as HTMLInputElement[])[1]!;
    fireEvent.change(second, { target: { value: 'A4C13800000F' } });
    expect(await screen.findByText('This MAC address is entered twice.')).toBeTruthy();
  });
});
