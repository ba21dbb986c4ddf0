import { BUTTON_EVENTS, type ReportMessage } from '@lightwell/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { deviceReadings, devices } from '../../db/schema.ts';
import type { Applied, LinkedGateway } from '../../link-types.ts';

/* Button and panel presses (`buttonPress` reports on the report channel): switching by hand at the installation. */

const toDate = (seconds: number) => new Date(seconds * 1000);

/** A press of a push button or panel, as a gateway reports it. */
export type ButtonPressReport = Extract<ReportMessage, { kind: 'buttonPress' }>;

/**
 * A button or panel press: kept once per gateway and sequence as a reading of the button; the luminaires
 * it switched (their state comes as a `state` message) are handed on as switched by hand.
 */
export async function applyButtonPress(db: Db, gateway: LinkedGateway, message: ButtonPressReport): Promise<Applied> {
  const macs = [message.mac, ...message.targets];
  const rows = await db
    .select({ id: devices.id, mac: devices.mac })
    .from(devices)
    .where(and(eq(devices.nid, gateway.nid), eq(devices.isVirtual, false), inArray(devices.mac, macs)));
  const button = rows.find((row) => row.mac === message.mac);
  if (!button) return {};
  const inserted = await db
    .insert(deviceReadings)
    .values({
      gatewayId: gateway.id,
      seq: message.seq,
      deviceId: button.id,
      kind: 'buttonPress',
      at: toDate(message.at),
      value: { event: BUTTON_EVENTS.indexOf(message.event), targets: message.targets.length },
    })
    .onConflictDoNothing()
    .returning({ seq: deviceReadings.seq });
  if (inserted.length === 0) return {};
  const targets = new Set(message.targets);
  const deviceIds = rows.filter((row) => targets.has(row.mac)).map((row) => row.id);
  return deviceIds.length > 0 ? { manual: { nid: gateway.nid, deviceIds } } : {};
}
