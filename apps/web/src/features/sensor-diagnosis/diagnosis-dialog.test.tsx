import type { DiagnosisSensorOption, MemberOption } from '@lightwell/domain';
import type { QueryClient } from '@tanstack/react-query';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { groupKeys } from '../../api/group';
import { diagnosisKeys } from '../../api/sensor-diagnosis';
import { testUser } from '../../test/render-app';
import { fakeApi, renderComponent } from '../../test/render-component';
import { DiagnosisDialog } from './diagnosis-dialog';

const nid = 6;
const sensors: DiagnosisSensorOption[] = [
  { id: 11, name: 'Corridor motion', mac: 'D0A1E0000001' },
  { id: 12, name: 'Storage motion', mac: 'D0A1E0000002' },
];
/** What the group and scene options answer: luminaires and fittings, never a sensor. */
const memberOptions: MemberOption[] = [
  { id: 1, name: 'Downlight', kind: 'luminaire', mac: 'A4C138000001', isVirtual: false, sceneSlotsUsed: 0 },
];
const seed = (client: QueryClient) => {
  client.setQueryData(groupKeys.options(testUser.uid, nid), memberOptions);
  client.setQueryData(diagnosisKeys.sensors(testUser.uid, nid), sensors);
};

afterEach(() => vi.unstubAllGlobals());

describe('new sensor trigger diagnosis', { timeout: 60_000 }, () => {
  it('offers the motion sensors of the network, all or chosen', async () => {
    await renderComponent(<DiagnosisDialog nid={nid} onClose={() => undefined} />, { seed });
    expect(await screen.findByText('All motion sensors (2)')).toBeTruthy();
    fireEvent.click(screen.getByText('Chosen motion sensors'));
    fireEvent.mouseDown(await screen.findByRole('combobox'));
    const option = '.ant-select-item-option-content';
    expect(await screen.findByText('Corridor motion (D0A1E0000001)', { selector: option })).toBeTruthy();
    expect(screen.getByText('Storage motion (D0A1E0000002)', { selector: option })).toBeTruthy();
  });

  it('shows the rule for an interval outside 10 s to 1 hour, keeps the entry and saves nothing', async () => {
    const api = fakeApi({ diagnosisAdd: null });
    await renderComponent(<DiagnosisDialog nid={nid} onClose={() => undefined} />, { seed });
    const interval = screen.getByRole('spinbutton', { name: 'Interval' }) as HTMLInputElement;
    for (const entry of ['5', '3601']) {
      fireEvent.change(interval, { target: { value: entry } });
      fireEvent.blur(interval);
      await act(async () => {
        fireEvent.click(screen.getByRole('button', { name: 'Save' }));
      });
      expect(await screen.findByText('Enter an interval from 10 seconds to 1 hour (10 to 3600 s)')).toBeTruthy();
      expect(interval.value).toBe(entry);
    }
    await waitFor(() => expect(api.bodiesOf('diagnosisAdd')).toEqual([]));
  });
});
