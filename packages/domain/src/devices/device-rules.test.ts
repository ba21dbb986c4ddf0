import { describe, expect, it } from 'vitest';
import { Limits } from '../limits.ts';
import { DEVICE_KINDS, deviceKindOfElements, elementTypeName, isSensorKind } from './device-kinds.ts';
import {
  bindRefusal,
  canonicalJson,
  DEVICE_ADD_MAX,
  duplicateMacs,
  formatMac,
  isValidMac,
  mayAddRow,
  mayDeleteDevice,
  rowRemovalRefusal,
  SyncState,
  syncStateOf,
} from './device-rules.ts';
import { DeviceAddRowSchema, DeviceAddRowsSchema } from './device-schemas.ts';

describe('device kinds', () => {
  it('has the six virtual kinds of section 3', () => {
    expect(DEVICE_KINDS).toEqual(['luminaire', 'motionSensor', 'lightSensor', 'pushButton', 'emergency', 'panel']);
  });

  it.each([
    [[1], 'luminaire'],
    [[8, 8], 'luminaire'],
    [[1, 6], 'emergency'],
    [[11], 'emergency'],
    [[20], 'motionSensor'],
    [[21], 'lightSensor'],
    [[22], 'pushButton'],
    [[23], 'panel'],
    [[99], null],
    [[], null],
  ] as const)('element types %j make a %s', (types, kind) => {
    expect(deviceKindOfElements(types)).toBe(kind);
  });

  it('names element types and tells sensors apart', () => {
    expect(elementTypeName(8)).toBe('dt8');
    expect(elementTypeName(11)).toBe('emergencyTwo');
    expect(elementTypeName(42)).toBe('other');
    expect(isSensorKind('motionSensor')).toBe(true);
    expect(isSensorKind('lightSensor')).toBe(true);
    expect(isSensorKind('pushButton')).toBe(false);
  });
});

describe('MAC rule (section 5: required and hexadecimal)', () => {
  it.each([
    ['A4C138000001', true],
    ['a4:c1:38:00:00:01', true],
    ['a4-c1-38-00-00-01', true],
    ['A4C13800000', false],
    ['A4C1380000012', false],
    ['A4C13800000G', false],
    ['', false],
  ])('%s valid: %s', (mac, valid) => {
    expect(isValidMac(mac)).toBe(valid);
    const parsed = DeviceAddRowSchema.safeParse({ kind: 'luminaire', model: 'M', name: 'Lamp', mac });
    expect(parsed.success).toBe(valid);
  });

  it('stores MACs upper case without separators and shows them grouped', () => {
    const row = DeviceAddRowSchema.parse({ kind: 'panel', model: 'P', name: 'Panel', mac: 'a4:c1:38:00:00:0f' });
    expect(row.mac).toBe('A4C13800000F');
    expect(formatMac('a4c13800000f')).toBe('A4:C1:38:00:00:0F');
    expect(duplicateMacs(['A4C138000001', 'a4:c1:38:00:00:01', 'A4C138000002'])).toEqual(['A4C138000001']);
  });
});

describe('adding up to 10 at once', () => {
  const row = (i: number) => ({
    kind: 'luminaire',
    model: 'M',
    name: `Lamp ${i}`,
    mac: `A4C1380000${String(i).padStart(2, '0')}`,
  });
  it.each([
    [0, false],
    [1, true],
    [10, true],
    [11, false],
  ])('%i rows accepted: %s', (count, ok) => {
    expect(DeviceAddRowsSchema.safeParse(Array.from({ length: count }, (_, i) => row(i))).success).toBe(ok);
  });

  it('offers another row only below the limit of 10', () => {
    expect(DEVICE_ADD_MAX).toBe(Limits.batchItemsMax);
    expect(DEVICE_ADD_MAX).toBe(10);
    expect(mayAddRow(9)).toBe(true);
    expect(mayAddRow(10)).toBe(false);
  });

  it.each([
    [0, 1, 'loc926'],
    [0, 3, 'loc927'],
    [2, 3, null],
    [1, 2, null],
  ] as const)('removing row %i of %i: %s', (index, count, refusal) => {
    expect(rowRemovalRefusal(index, count)).toBe(refusal);
  });
});

describe('sync state', () => {
  const at = (ms: number, settings: Record<string, unknown> | null) => ({ settings, updatedAt: ms });
  it.each([
    ['unbound virtual device', at(1000, { a: 1 }), null, SyncState.virtualModified],
    ['same settings', at(1000, { a: 1, b: 2 }), at(5000, { b: 2, a: 1 }), SyncState.synchronized],
    ['nothing configured on either side', at(1000, null), at(900, {}), SyncState.synchronized],
    ['virtual changed last', at(5000, { a: 2 }), at(1000, { a: 1 }), SyncState.virtualModified],
    ['real changed last', at(1000, { a: 2 }), at(5000, { a: 1 }), SyncState.realModified],
    ['changed at the same time', at(1000, { a: 2 }), at(1000, { a: 1 }), SyncState.virtualModified],
  ])('%s', (_, virtual, real, state) => {
    expect(syncStateOf(virtual, real)).toBe(state);
  });

  it('compares settings whatever the key order', () => {
    expect(canonicalJson({ b: [1, { d: 1, c: 2 }], a: null })).toBe('{"a":null,"b":[1,{"c":2,"d":1}]}');
  });
});

describe('binding (models must match; a bound device must be unbound first)', () => {
  const virtual = { id: 1, nid: 7, isVirtual: true, model: 'LW-D6', boundId: null };
  const real = { id: 2, nid: 7, isVirtual: false, model: 'LW-D6', boundId: null };
  it.each([
    ['same model', virtual, real, null, null],
    ['model compared without case and spaces', virtual, { ...real, model: ' lw-d6 ' }, null, null],
    ['rebinding the same pair', { ...virtual, boundId: 2 }, real, 1, null],
    ['different model', virtual, { ...real, model: 'LW-D8' }, null, 'modelMismatch'],
    ['virtual already bound elsewhere', { ...virtual, boundId: 9 }, real, null, 'virtualBound'],
    ['real already bound elsewhere', virtual, real, 5, 'realBound'],
    ['virtual is real', { ...virtual, isVirtual: false }, real, null, 'notVirtual'],
    ['real is virtual', virtual, { ...real, isVirtual: true }, null, 'notReal'],
    ['other network', virtual, { ...real, nid: 8 }, null, 'otherNetwork'],
  ] as const)('%s', (_, v, r, boundTo, refusal) => {
    expect(bindRefusal(v, r, boundTo)).toBe(refusal);
  });

  it.each([
    [{ boundId: null }, null, true],
    [{ boundId: 3 }, null, false],
    [{ boundId: null }, 4, false],
  ])('delete %j bound by %s: %s', (device, boundBy, allowed) => {
    expect(mayDeleteDevice(device, boundBy)).toBe(allowed);
  });
});
