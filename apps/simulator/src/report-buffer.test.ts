import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ReportBuffer } from './report-buffer.ts';

const diagnosis = (code: string) => ({
  kind: 'diagnosis' as const,
  at: 1,
  level: 'info' as const,
  code,
  message: code,
});
const seqs = (reports: readonly { seq: number }[]) => reports.map((report) => report.seq);

describe('report replay buffer', () => {
  const folders: string[] = [];
  afterEach(() => {
    for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
  });

  it('numbers reports contiguously and forgets them once confirmed', () => {
    const buffer = new ReportBuffer({ firstSeq: 10 });
    expect([buffer.add(diagnosis('a')).seq, buffer.add(diagnosis('b')).seq, buffer.add(diagnosis('c')).seq]).toEqual([
      10, 11, 12,
    ]);
    buffer.confirm(11);
    expect(seqs(buffer.pending)).toEqual([12]);
    expect(buffer.unconfirmed().reports.map((r) => r.seq)).toEqual([12]);
    buffer.confirm(5); // an old confirmation changes nothing
    expect(buffer.confirmed).toBe(11);
  });

  it('drops the oldest when full, counts the loss and reports the dropped range', () => {
    const buffer = new ReportBuffer({ capacity: 3 });
    for (let i = 0; i < 6; i += 1) buffer.add(diagnosis(String(i)));
    expect(seqs(buffer.pending)).toEqual([4, 5, 6]);
    expect(buffer.lostCount).toBe(3);
    expect(buffer.range(2, 5)).toMatchObject({ lost: [[2, 3]] });
    expect(seqs(buffer.range(2, 5).reports)).toEqual([4, 5]);
    expect(buffer.unconfirmed().lost).toEqual([[1, 3]]);
    buffer.confirm(3);
    expect(buffer.lostRanges).toEqual([]);
  });

  it('keeps its next number and unconfirmed reports across a restart in its file', () => {
    const folder = mkdtempSync(join(tmpdir(), 'lw-buffer-'));
    folders.push(folder);
    const file = join(folder, 'gw-1.json');
    const first = new ReportBuffer({ file });
    expect(first.started).toBe(true);
    first.add(diagnosis('a'));
    first.add(diagnosis('b'));
    first.confirm(1);
    const again = new ReportBuffer({ file });
    expect(again.started).toBe(false);
    expect(again.nextSeq).toBe(3);
    expect(seqs(again.pending)).toEqual([2]);
  });
  it('rebuilds the same buffer from its log after many reports, drops and confirmations', () => {
    const folder = mkdtempSync(join(tmpdir(), 'lw-buffer-'));
    folders.push(folder);
    const file = join(folder, 'gw-2.json');
    const first = new ReportBuffer({ file, capacity: 5 });
    for (let i = 0; i < 40; i += 1) {
      first.add(diagnosis(String(i)));
      if (i % 7 === 6) first.confirm(first.nextSeq - 3);
    }
    const again = new ReportBuffer({ file, capacity: 5 });
    expect(again.nextSeq).toBe(first.nextSeq);
    expect(again.confirmed).toBe(first.confirmed);
    expect(again.lostCount).toBe(first.lostCount);
    expect(again.lostRanges).toEqual(first.lostRanges);
    expect(seqs(again.pending)).toEqual(seqs(first.pending));
  });
});
