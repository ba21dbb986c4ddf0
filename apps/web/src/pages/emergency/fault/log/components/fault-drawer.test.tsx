import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AT, buildEntry, buildFault } from '../../../../../test/emergency';
import { renderComponent } from '../../../../../test/render-component';
import { FaultDrawer } from './fault-drawer';

describe('fault workflow history', { timeout: 60_000 }, () => {
  it('says whether each retest passed or failed', async () => {
    const fault = buildFault({
      entries: [
        buildEntry('opened'),
        buildEntry('retestResult', { id: 2, at: AT + 60, testRecordId: 8, grade: 'failed' }),
        buildEntry('retestResult', { id: 3, at: AT + 120, testRecordId: 9, grade: 'passed' }),
      ],
    });
    await renderComponent(
      <FaultDrawer fault={fault} canAct={false} timeZone="Europe/Berlin" onClose={() => undefined} />,
    );
    const lines = within(await screen.findByTestId('fault-entries')).getAllByRole('listitem');
    expect(lines.map((line) => line.textContent)).toEqual([
      expect.stringMatching(/^Fault logged · /),
      expect.stringMatching(/^Retest result · Failed · /),
      expect.stringMatching(/^Retest result · Passed · /),
    ]);
  });
});
