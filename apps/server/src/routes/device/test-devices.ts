import type { DeviceSummary } from '@lightwell/domain';
import { afterAll, beforeAll, expect } from 'vitest';
import { buildTestApp, call, type Session, type TestApp } from '../../../test/helpers.ts';
import type { Db } from '../../db/client.ts';
import { devices, products } from '../../db/schema.ts';

/** A page of a list call's answer. */
export type Page<T> = { list: T[]; total: number; page: number; pageSize: number };

let modelCounter = 0;
/** A system product (no owner), as the demo seed or the gateway inventory makes them. */
export async function buildProduct(db: Db, kind = 'luminaire', overrides: Partial<typeof products.$inferInsert> = {}) {
  modelCounter += 1;
  const [row] = await db
    .insert(products)
    .values({
      model: `LW-${kind}-${modelCounter}-${Date.now() % 100000}`,
      name: `${kind} product`,
      kind,
      manufacturer: 'Lightwell',
      ratedPower: 36,
      ...overrides,
    })
    .returning();
  return row!;
}

/** A real device as the gateway inventory stores it. */
export async function buildRealDevice(
  db: Db,
  nid: number,
  product: typeof products.$inferSelect,
  mac: string,
  extra: Partial<typeof devices.$inferInsert> = {},
) {
  const [row] = await db
    .insert(devices)
    .values({
      nid,
      isVirtual: false,
      kind: product.kind,
      name: `Real ${mac.slice(-4)}`,
      productId: product.id,
      model: product.model,
      mac,
      online: true,
      firmwareVersion: '2.1.0',
      hardwareVersion: 'A',
      serialNumber: `SN-${mac}`,
      ...extra,
    })
    .returning();
  return row!;
}

/** A row of a deviceAdd call: a luminaire of the model. */
export const row = (model: string, mac: string, extra: Record<string, unknown> = {}) => ({
  kind: 'luminaire',
  model,
  name: `Lamp ${mac.slice(-2)}`,
  mac,
  ...extra,
});

/**
 * Registers the hooks of a device test file: a test app before the tests, closed after them. Answers the app
 * (once built) and `add`, which adds devices through deviceAdd and expects it to succeed.
 */
export function useDeviceSite() {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());
  return {
    /** The test app; built before the first test. */
    get t() {
      return t;
    },
    /** Adds `rows` to `nid` as `session` and answers the devices added; anything but success fails the test. */
    add: async (session: Session, nid: number, rows: unknown[]) => {
      const reply = await call(t.app, 'deviceAdd', { nid, devices: rows }, session);
      expect(reply.body.code, JSON.stringify(reply.body)).toBe(0);
      return reply.body.data as DeviceSummary[];
    },
  };
}
