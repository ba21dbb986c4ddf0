import type { DiagnosisDetail, DiagnosisTask } from '@lightwell/domain';
import type { QueryClient } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { diagnosisKeys } from '../../api/sensor-diagnosis';
import { testUser } from '../../test/render-app';
import { renderComponent } from '../../test/render-component';
import { barCounts } from './diagnosis-bars';
import { DiagnosisDrawer } from './diagnosis-drawer';
import { DiagnosisPanel } from './diagnosis-panel';

const nid = 6;
const START = Date.parse('2027-01-15T09:00:00Z') / 1000;
const task: DiagnosisTask = {
  id: 3,
  nid,
  state: 'executed',
  startTime: START,
  endTime: START + 300,
  interval: 60,
  allSensors: true,
  sensorCount: 2,
  createdBy: 'Ada Lovelace',
  createTime: START - 60,
  cancelTime: null,
};
const detail: DiagnosisDetail = {
  task,
  bucketCount: 5,
  resultsUntil: START + 300,
  chatterPerMinute: 6,
  sensors: [
    {
      deviceId: 1,
      name: 'Corridor motion',
      mac: 'D0A1E0000001',
      total: 10,
      buckets: [{ index: 3, count: 10 }],
      firstTime: START + 200,
      lastTime: START + 230,
      peakPerMinute: 10,
      neverTriggered: false,
      chattering: true,
    },
    {
      deviceId: 2,
      name: 'Storage motion',
      mac: 'D0A1E0000002',
      total: 0,
      buckets: [],
      firstTime: null,
      lastTime: null,
      peakPerMinute: 0,
      neverTriggered: true,
      chattering: false,
    },
  ],
};

const seed = (client: QueryClient) => {
  client.setQueryData(diagnosisKeys.list(testUser.uid, nid, 1, 10), { list: [task], total: 1 });
  client.setQueryData(diagnosisKeys.detail(testUser.uid, task.id), detail);
};

describe('sensor trigger diagnosis', { timeout: 60_000 }, () => {
  it('lists tasks with times in the user format, the interval and the state as a tag', async () => {
    await renderComponent(<DiagnosisPanel nid={nid} canEdit={false} />, { seed });
    const panel = await screen.findByTestId('diagnosis-panel');
    const row = (await within(panel).findAllByRole('row'))[1]!;
    // The test user's time format 0 is year-month-day.
    expect(row.textContent).toContain('2027-01-15');
    expect(row.textContent).toContain('1 min');
    expect(row.textContent).toContain('All (2)');
    expect(within(row).getByTestId('diagnosis-state').textContent).toBe('Executed');
    // Sub-users read results but neither create, cancel nor delete.
    expect(within(panel).queryByRole('button', { name: 'New diagnosis' })).toBeNull();
    expect(within(row).queryByRole('button', { name: /Delete/ })).toBeNull();
  });

  it('shows each sensor with its flags, count and bars in the results drawer', async () => {
    await renderComponent(<DiagnosisDrawer taskId={task.id} onClose={() => undefined} />, { seed });
    const sensors = await screen.findAllByTestId('diagnosis-sensor');
    expect(sensors).toHaveLength(2);
    expect(within(sensors[0]!).getByText('Chattering')).toBeTruthy();
    expect(within(sensors[0]!).getByTestId('diagnosis-sensor-total').textContent).toBe('Triggers: 10');
    expect(within(sensors[1]!).getByText('Never triggered')).toBeTruthy();
    expect(within(sensors[0]!).getByTestId('diagnosis-bars').children).toHaveLength(5);
    expect(screen.getByText(/more than 6 triggers within 60 seconds/)).toBeTruthy();
  });

  it('groups long tasks into at most 60 bars', () => {
    expect(barCounts([{ index: 3, count: 2 }], 5)).toEqual([0, 0, 0, 2, 0]);
    const long = barCounts(
      [
        { index: 0, count: 1 },
        { index: 23, count: 2 },
        { index: 24, count: 4 },
        { index: 1439, count: 1 },
      ],
      1440,
    );
    expect(long).toHaveLength(60);
    expect(long.slice(0, 2)).toEqual([3, 4]);
    expect(long[59]).toBe(1);
  });
});
