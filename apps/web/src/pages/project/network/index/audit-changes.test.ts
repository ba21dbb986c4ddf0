import { describe, expect, it } from 'vitest';
import { describeChanges } from './audit-changes';

describe('describeChanges (audit trail before/after)', () => {
  it('lists only the fields whose values differ', () => {
    const before = { id: 4, name: 'Hall', electricityPrice: 25, currency: 'EUR' };
    const after = { id: 4, name: 'Main hall', electricityPrice: 30, currency: 'EUR' };
    expect(describeChanges(before, after)).toEqual([
      { field: 'name', before: 'Hall', after: 'Main hall' },
      { field: 'electricityPrice', before: 25, after: 30 },
    ]);
  });

  it('lists every field of a created or removed record', () => {
    expect(describeChanges(null, { name: 'Hall', userType: 2 })).toEqual([
      { field: 'name', before: undefined, after: 'Hall' },
      { field: 'userType', before: undefined, after: 2 },
    ]);
    expect(describeChanges({ uid: 9 }, undefined)).toEqual([{ field: 'uid', before: 9, after: undefined }]);
    expect(describeChanges(null, { name: 'Hall', deletedAt: null })).toEqual([
      { field: 'name', before: undefined, after: 'Hall' },
    ]);
  });

  it('compares nested values by content and plain values as one change', () => {
    expect(describeChanges({ size: { w: 1 } }, { size: { w: 1 } })).toEqual([]);
    expect(describeChanges('a', 'b')).toEqual([{ field: '', before: 'a', after: 'b' }]);
    expect(describeChanges(null, null)).toEqual([]);
  });
});
