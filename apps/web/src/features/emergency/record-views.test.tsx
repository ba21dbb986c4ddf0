import type { Fault } from '@lightwell/domain';
import { cleanup, screen } from '@testing-library/react';
import { Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../i18n';
import { AT, buildEntry, buildFault, buildRecord } from '../../test/emergency';
import { renderComponent, tableRows } from '../../test/render-component';
import { FaultSummary } from './fault-view';
import { minutesText } from './grade-tag';
import { placeText } from './place-text';
import { faultColumns, TestRecordTable } from './record-tables';

const format = (at: number) => `t${at - AT}`;

/** The fault log's columns over `faults`, with the app's translator. */
function FaultLog({ faults }: { faults: Fault[] }) {
  const { t } = useTranslation();
  return <Table rowKey="id" dataSource={faults} columns={faultColumns(t, format)} />;
}

describe('emergency records as people read them', { timeout: 60_000 }, () => {
  it('names a location once when the zone and the location are the same', async () => {
    expect(placeText('Corridor', 'Corridor')).toBe('Corridor');
    expect(placeText('Corridor', 'Corridor ')).toBe('Corridor');
    expect(placeText('Floor 2', 'Corridor')).toBe('Floor 2 · Corridor');
    expect(placeText(null, 'Corridor')).toBe('Corridor');
    expect(placeText('Corridor', null)).toBe('Corridor');
    await renderComponent(
      <TestRecordTable rows={[buildRecord({ zoneName: 'Corridor', location: 'Corridor' })]} format={format} />,
    );
    expect(tableRows()[0]?.textContent).not.toContain('Corridor · Corridor');
  });

  it('reads a duration under the 2-minute step of the fitting as "< 2 min", not "0 of 180 min"', async () => {
    await i18n.changeLanguage('en');
    const t = i18n.t.bind(i18n) as Parameters<typeof minutesText>[0];
    expect(minutesText(t, 0, 180)).toBe('< 2 min');
    expect(minutesText(t, 1, null)).toBe('< 2 min');
    expect(minutesText(t, 2, 180)).toBe('2 of 180 min');
    const failed = buildRecord({ kind: 'duration', grade: 'failed', achievedMinutes: 0, ratedMinutes: 180 });
    await renderComponent(<TestRecordTable rows={[failed]} format={format} />);
    expect(tableRows()[0]?.textContent).toContain('< 2 min');
    expect(tableRows()[0]?.textContent).not.toContain('0 of 180 min');
  });

  it('says a confirmed fault whose retest failed is open again, in the summary and the log', async () => {
    const fault = buildFault({
      state: 'open',
      confirmState: 'confirmed',
      confirm: buildEntry('confirm', { id: 3 }),
      retest: { recordId: 8, grade: 'failed', bookedAt: AT },
    });
    const reopened = 'Confirmed, but the retest failed: the fault is open again';
    await renderComponent(<FaultSummary fault={fault} format={format} />);
    expect(screen.getByTestId('fault-summary').textContent).toContain(reopened);
    const retest = { recordId: 8, grade: 'passed' as const, bookedAt: AT };
    const passed = { ...fault, id: 71, state: 'closed' as const, retest };
    cleanup();
    await renderComponent(<FaultLog faults={[fault, passed]} />);
    const [first, second] = tableRows() as [HTMLElement, HTMLElement];
    expect(first.textContent).toContain(reopened);
    expect(second.textContent).not.toContain(reopened);
    expect(second.textContent).toContain('Confirmed');
  });
});
