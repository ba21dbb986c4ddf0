import { ElementType, type EquipmentStatistics, STATUS_BITS } from '@lightwell/domain';
import { eq } from 'drizzle-orm';
import { buildNetwork, call, networkTeam, type Session, type TestApp } from '../../../test/helpers.ts';
import { deviceElements, devices, emergencyFittings, networks } from '../../db/schema.ts';
import { buildFittings, buildRecord } from '../emergency/test-fittings.ts';

const DAY_MS = 86_400_000;
const daysAgo = (t: TestApp, days: number) => new Date(t.clock.now().getTime() - days * DAY_MS);
let macs = 0;
const mac = () => `AB${(++macs).toString(16).padStart(10, '0')}`.toUpperCase();

type DeviceInput = Partial<typeof devices.$inferInsert> & { nid: number; kind: string; model: string };

async function addDevice(t: TestApp, input: DeviceInput) {
  const [row] = await t.db
    .insert(devices)
    .values({ name: `${input.model} ${macs + 1}`, mac: mac(), online: true, ...input })
    .returning();
  return row!;
}

/**
 * An installation: network "Hall A" (owner, installer, sub-user) with three luminaires (one offline, one
 * with a lamp fault), a motion sensor, two emergency fittings (one fully charged that passed its function
 * test, one with a battery failure whose duration test failed), a planned virtual device and a virtual one
 * bound to a luminaire; network "二楼 走廊" (owner and installer) with one luminaire; a network of the
 * project in the recycle bin.
 */
export async function installation(t: TestApp) {
  const team = await networkTeam(t);
  const hall = await buildNetwork(
    t.db,
    team.owner.pid,
    [
      { uid: team.owner.user.id, userType: 2 },
      { uid: team.installer.user.id, userType: 1 },
      { uid: team.sub.user.id, userType: 3 },
    ],
    { name: 'Hall A' },
  );
  const upstairs = await buildNetwork(
    t.db,
    team.owner.pid,
    [
      { uid: team.owner.user.id, userType: 2 },
      { uid: team.installer.user.id, userType: 1 },
    ],
    { name: '二楼 走廊' },
  );
  const binned = await buildNetwork(t.db, team.owner.pid, [{ uid: team.owner.user.id, userType: 2 }], {
    name: 'Binned',
    deletedAt: daysAgo(t, 1),
  });
  // The team's own network of the helper is left without devices; this test names its own networks.
  await t.db
    .update(networks)
    .set({ deletedAt: daysAgo(t, 1) })
    .where(eq(networks.id, team.network.id));
  const luminaire = { nid: hall.id, kind: 'luminaire', model: 'LW-L1', hardwareVersion: 'A' };
  await addDevice(t, { ...luminaire, firmwareVersion: '1.0.0', installedAt: daysAgo(t, 10) });
  await addDevice(t, { ...luminaire, firmwareVersion: '1.0.0', installedAt: daysAgo(t, 400), online: false });
  const faulty = await addDevice(t, {
    ...luminaire,
    firmwareVersion: '1.1.0',
    hardwareVersion: 'B',
    installedAt: null,
  });
  await t.db.insert(deviceElements).values({ deviceId: faulty.id, index: 0, type: ElementType.dt6, status: 1 });
  await addDevice(t, {
    nid: hall.id,
    kind: 'motionSensor',
    model: 'LW-PIR',
    name: 'PIR hall',
    installedAt: daysAgo(t, 6 * 366),
  });
  // The luminaire without an installation day takes the one entered on the virtual device bound to it.
  await addDevice(t, { ...luminaire, isVirtual: true, boundId: faulty.id, installedAt: daysAgo(t, 4 * 366) });
  await addDevice(t, { ...luminaire, isVirtual: true, mac: faulty.mac });
  const [full, broken] = await buildFittings(t.db, hall.id, null, 2);
  await t.db
    .update(emergencyFittings)
    .set({ statusBits: STATUS_BITS.batteryFull })
    .where(eq(emergencyFittings.deviceId, full!.id));
  await t.db.update(emergencyFittings).set({ failureBits: 4 }).where(eq(emergencyFittings.deviceId, broken!.id));
  await buildRecord(t.db, hall.id, { deviceId: full!.id, grade: 'passed', endedAt: daysAgo(t, 5) });
  await buildRecord(t.db, hall.id, { deviceId: broken!.id, kind: 'duration', grade: 'failed', endedAt: daysAgo(t, 5) });
  await addDevice(t, {
    nid: upstairs.id,
    kind: 'luminaire',
    model: 'LW-L1',
    firmwareVersion: '1.0.0',
    installedAt: daysAgo(t, 10),
  });
  await addDevice(t, { nid: binned.id, kind: 'luminaire', model: 'LW-GONE' });
  return { ...team, hall, upstairs, binned };
}

/** The equipment statistics the call answers. */
export const statisticsOf = async (t: TestApp, session: Session, payload: Record<string, unknown>) => {
  const reply = await call(t.app, 'equipmentStatistic', payload, session);
  return { code: reply.body.code, data: reply.body.data as EquipmentStatistics };
};
