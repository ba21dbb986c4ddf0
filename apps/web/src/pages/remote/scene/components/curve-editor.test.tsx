import { type CurvePoint, defaultCurve } from '@lightwell/domain';
import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { createQueryClient } from '../../../../api/query-client';
import { AppProviders } from '../../../../app/providers';
import { i18n } from '../../../../i18n';
import { CurveEditor, formatClock, parseClock } from './curve-editor';

let latest: CurvePoint[] = [];

function Harness({ initial }: { initial: CurvePoint[] }) {
  const [points, setPoints] = useState(initial);
  latest = points;
  return <CurveEditor value={points} onChange={setPoints} />;
}

function renderEditor(initial: CurvePoint[] = defaultCurve()) {
  render(
    <AppProviders queryClient={createQueryClient()}>
      <Harness initial={initial} />
    </AppProviders>,
  );
}

const count = () => screen.getByTestId('curve-count').textContent;

describe('CurveEditor (section 5: 3 to 21 points, first and last kept)', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('refuses to delete the first point (loc927) and the last point (loc926)', async () => {
    renderEditor([...defaultCurve().slice(0, 2), { time: 64_800, level: 40 }, defaultCurve()[2]!]);
    expect(count()).toBe('4 of 21 points (at least 3)');
    fireEvent.click(screen.getByRole('button', { name: 'Delete point 1' }));
    expect(await screen.findByText('The first point cannot be deleted.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Delete point 4' }));
    expect(await screen.findByText('The last point cannot be deleted.')).toBeTruthy();
    expect(latest).toHaveLength(4);
    fireEvent.click(screen.getByRole('button', { name: 'Delete point 3' }));
    expect(count()).toBe('3 of 21 points (at least 3)');
    expect(latest.map((p) => p.time)).toEqual([0, 43_200, 86_400]);
  });

  it('keeps at least 3 points', async () => {
    renderEditor();
    fireEvent.click(screen.getByRole('button', { name: 'Delete point 2' }));
    expect(await screen.findByText('A curve needs at least 3 points.')).toBeTruthy();
    expect(latest).toHaveLength(3);
  });

  it('adds a point halfway after a row', () => {
    renderEditor();
    fireEvent.click(screen.getByRole('button', { name: 'Add point 1' }));
    expect(latest[1]).toEqual({ time: 21_600, level: 50 });
    expect(count()).toBe('4 of 21 points (at least 3)');
  });

  it('refuses a 22nd point', async () => {
    const twenty = Array.from({ length: 20 }, (_, i) => ({ time: i * 4_500, level: i * 5 }));
    renderEditor(twenty);
    fireEvent.click(screen.getByRole('button', { name: 'Add point 10' }));
    expect(count()).toBe('21 of 21 points (at least 3)');
    fireEvent.click(screen.getByRole('button', { name: 'Add point 10' }));
    expect(await screen.findByText('A curve has at most 21 points.')).toBeTruthy();
    expect(latest).toHaveLength(21);
  });

  it('edits times as hh:mm and levels', () => {
    renderEditor();
    fireEvent.change(screen.getByRole('textbox', { name: 'Time 2' }), { target: { value: '06:30' } });
    expect(latest[1]!.time).toBe(6 * 3600 + 30 * 60);
    fireEvent.change(screen.getByRole('textbox', { name: 'Time 2' }), { target: { value: '25:00' } });
    expect(latest[1]!.time).toBe(6 * 3600 + 30 * 60);
    expect(formatClock(86_400)).toBe('24:00');
    expect(parseClock('24:00')).toBe(86_400);
    expect(parseClock('7:61')).toBeNull();
  });
});
