import { type CallName, defaultProfileSettings, type Group, type Profile, type Scene } from '@lightwell/domain';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Db } from '../../src/db/client.ts';
import {
  devices,
  emergencyFaultEntries,
  emergencySchedules,
  gateways,
  groups,
  networks,
  nodes,
  profiles,
  projectRecipients,
  projectReportSetups,
  projects,
  reportCycleSettings,
  scenes,
  schedules,
  users,
} from '../../src/db/schema.ts';
import { hashGatewaySecret } from '../../src/gateway-link/credentials.ts';
import { buildFault, buildFittings, buildZone } from '../../src/routes/emergency/test-fittings.ts';
import { buildDevices } from '../../src/routes/scene/test-devices.ts';
import { call, lastCodeFor, type networkTeam, PASSWORD, type Session, type TestApp } from '../helpers.ts';
import { weekdayEvening } from './schedules.ts';

// The update calls of partial-update.test.ts, each set up as a partial change.

export type Team = Awaited<ReturnType<typeof networkTeam>>;

/**
 * One update call as a partial change: `stored` is read before and after; `payload` leaves fields out;
 * `changes` names what the payload (or the clock) may change. Everything else must keep its value.
 */
export interface PartialCase {
  payload: Record<string, unknown>;
  session: Session;
  stored: () => Promise<object>;
  changes: string[];
}

const first = async <T>(rows: Promise<T[]>): Promise<T> => (await rows)[0]!;
export const rowOf = {
  user: (db: Db, id: number) => first(db.select().from(users).where(eq(users.id, id))),
  network: (db: Db, id: number) => first(db.select().from(networks).where(eq(networks.id, id))),
};

export async function data<T>(
  t: TestApp,
  name: CallName,
  payload: Record<string, unknown>,
  session: Session,
): Promise<T> {
  const reply = await call(t.app, name, payload, session);
  expect(reply.body.code, `${name}: ${JSON.stringify(reply.body)}`).toBe(0);
  return reply.body.data as T;
}

/** Each update call, set up with stored values that differ from the defaults of its add call. */
export const cases: Record<string, (t: TestApp, team: Team) => Promise<PartialCase>> = {
  nameUpdate: async (t, { owner }) => ({
    payload: { name: `renamed${owner.user.id}` },
    session: owner.session,
    stored: () => rowOf.user(t.db, owner.user.id),
    changes: ['name', 'updatedAt'],
  }),
  emailUpdate: async (t, { owner }) => {
    const email = `moved${owner.user.id}@example.com`;
    await data(t, 'emailCode', { email, emailConfirm: email, password: PASSWORD }, owner.session);
    const code = await lastCodeFor(t.db, email, 'emailCode');
    return {
      payload: { email, code },
      session: owner.session,
      stored: () => rowOf.user(t.db, owner.user.id),
      changes: ['email', 'updatedAt'],
    };
  },
  projectUpdate: async (t, { owner }) => {
    await t.db.update(projects).set({ remarks: 'Keys at the front desk' }).where(eq(projects.id, owner.pid));
    return {
      payload: { pid: owner.pid, name: 'Renamed project' },
      session: owner.session,
      stored: () => first(t.db.select().from(projects).where(eq(projects.id, owner.pid))),
      changes: ['name', 'updatedAt'],
    };
  },
  networkVoUpdate: async (t, { owner, network }) => {
    await t.db
      .update(networks)
      .set({ category: 'school', electricityPrice: 2_345, currency: 'GBP' })
      .where(eq(networks.id, network.id));
    return {
      payload: { pid: owner.pid, key: JSON.stringify({ id: network.id, name: 'Renamed network' }) },
      session: owner.session,
      stored: () => rowOf.network(t.db, network.id),
      changes: ['name', 'updatedAt'],
    };
  },
  networkLocationUpdate: async (t, { owner, network }) => {
    await t.db
      .update(networks)
      .set({ latitude: 52.52, longitude: 13.405, timeZone: 'Europe/Berlin' })
      .where(eq(networks.id, network.id));
    return {
      payload: { nid: network.id, latitude: 48.14, longitude: 11.58 },
      session: owner.session,
      stored: () => rowOf.network(t.db, network.id),
      changes: ['latitude', 'longitude', 'updatedAt'],
    };
  },
  energyBaseUpdate: async (t, { owner, network }) => {
    await data(
      t,
      'energyBaseUpdate',
      { nid: network.id, factorSetId: 'de-uba-2024', estimate: { ratedPowerW: 20, standbyW: 0.2 } },
      owner.session,
    );
    return {
      payload: { nid: network.id, estimate: { ratedPowerW: 18, standbyW: 0.3 } },
      session: owner.session,
      stored: () => rowOf.network(t.db, network.id),
      changes: ['estimateRatedW', 'estimateStandbyW', 'updatedAt'],
    };
  },
  zoneUpdate: async (t, { owner, network }) => {
    const zone = await buildZone(t.db, network.id, 'Lobby');
    await data(t, 'zoneUpdate', { zid: zone.id, bgColor: '#123456', zoneNameSize: 20 }, owner.session);
    return {
      payload: { zid: zone.id, name: 'Foyer' },
      session: owner.session,
      stored: async () =>
        (await data<{ zones: { id: number }[] }>(t, 'zoneList', { nid: network.id }, owner.session)).zones,
      changes: [],
    };
  },
  nodeUpdate: async (t, { owner, network }) => {
    const zone = await buildZone(t.db, network.id, 'Hall');
    const [node] = await t.db
      .insert(nodes)
      .values({ nid: network.id, name: 'Lamp', zoneId: zone.id, positionX: 40, positionY: 60, iconSize: 30 })
      .returning();
    return {
      payload: { nodeId: node!.id, name: 'Lamp 2' },
      session: owner.session,
      stored: () => first(t.db.select().from(nodes).where(eq(nodes.id, node!.id))),
      changes: ['name', 'updatedAt'],
    };
  },
  deviceUpdate: async (t, { owner, network }) => {
    const [device] = await buildDevices(t.db, network.id, 1, { isVirtual: true });
    await t.db
      .update(devices)
      .set({ serialNumber: 'SN-1', ratedPower: 18, batteryType: 'NiMH' })
      .where(eq(devices.id, device!.id));
    return {
      payload: { deviceId: device!.id, changes: { name: 'Desk lamp' } },
      session: owner.session,
      stored: () => first(t.db.select().from(devices).where(eq(devices.id, device!.id))),
      changes: ['name', 'updatedAt', 'syncState'],
    };
  },
  gatewayUpdate: async (t, { owner, network }) => {
    const sn = `gw-partial-${network.id}`;
    const [gateway] = await t.db
      .insert(gateways)
      .values({ nid: network.id, sn, name: sn, secretHash: hashGatewaySecret('x'), gatewayType: 3, status: 2 })
      .returning();
    return {
      payload: { gatewayId: gateway!.id, name: 'Roof gateway' },
      session: owner.session,
      stored: () => first(t.db.select().from(gateways).where(eq(gateways.id, gateway!.id))),
      changes: ['name', 'updatedAt'],
    };
  },
  profileUpdate: async (t, { owner }) => {
    const profile = await data<Profile>(
      t,
      'profileAdd',
      { name: 'Corridor', isPublic: true, settings: defaultProfileSettings() },
      owner.session,
    );
    return {
      payload: { profileId: profile.id, name: 'Corridor 2' },
      session: owner.session,
      stored: () => first(t.db.select().from(profiles).where(eq(profiles.id, profile.id))),
      changes: ['name', 'updatedAt'],
    };
  },
  groupUpdate: async (t, { owner, network }) => {
    const group = await data<Group>(
      t,
      'groupAdd',
      { nid: network.id, name: 'Corridor', type: 1, category: 'corridor' },
      owner.session,
    );
    return {
      payload: { groupId: group.id, name: 'Corridor B' },
      session: owner.session,
      stored: () => first(t.db.select().from(groups).where(eq(groups.id, group.id))),
      changes: ['name', 'updatedAt'],
    };
  },
  sceneUpdate: async (t, { owner, network }) => {
    const scene = await data<Scene>(
      t,
      'sceneAdd',
      { nid: network.id, name: 'Evening', type: 'generic' },
      owner.session,
    );
    await data(t, 'sceneUpdate', { sceneId: scene.id, fadeTime: 7 }, owner.session);
    return {
      payload: { sceneId: scene.id, name: 'Late evening' },
      session: owner.session,
      stored: () => first(t.db.select().from(scenes).where(eq(scenes.id, scene.id))),
      changes: ['name', 'updatedAt'],
    };
  },
  scheduleUpdate: async (t, { owner, network }) => {
    const added = await data<{ id: number }>(
      t,
      'scheduleAdd',
      { nid: network.id, ...weekdayEvening(18), enabled: false, overrideEnd: 'countdown', overrideValue: 600 },
      owner.session,
    );
    return {
      payload: { scheduleId: added.id, name: 'Renamed schedule' },
      session: owner.session,
      stored: () => first(t.db.select().from(schedules).where(eq(schedules.id, added.id))),
      changes: ['name', 'updatedAt'],
    };
  },
  emergencyScheduleUpdate: async (t, { owner, network }) => {
    const added = await data<{ id: number }>(
      t,
      'emergencyScheduleAdd',
      {
        nid: network.id,
        name: 'Yearly',
        enabled: false,
        testKind: 'duration',
        day: 3,
        month: 4,
        minuteOfDay: 600,
        durationKind: 'custom',
        durationMinutes: 90,
        maxDelayMinutes: 5,
        stagger: 'group',
      },
      owner.session,
    );
    return {
      payload: { scheduleId: added.id, name: 'Yearly test' },
      session: owner.session,
      stored: () => first(t.db.select().from(emergencySchedules).where(eq(emergencySchedules.id, added.id))),
      changes: ['name', 'updatedAt'],
    };
  },
  emergencyFaultConfirmUpdate: async (t, { installer, owner, network }) => {
    const zone = await buildZone(t.db, network.id, 'Stairs');
    const [fitting] = await buildFittings(t.db, network.id, zone.id, 1);
    const fault = await buildFault(t.db, network.id, owner.pid, fitting!.id, 8, t.clock.now());
    const at = t.clock.now();
    const by = { byUid: installer.user.id, byName: installer.user.name, at, person: 'A. Electrician' };
    await t.db.insert(emergencyFaultEntries).values([
      { faultId: fault.id, kind: 'safeguard', ...by },
      { faultId: fault.id, kind: 'rectify', ...by },
      { faultId: fault.id, kind: 'confirm', ...by, remark: 'Lamp module replaced' },
    ]);
    const confirmation = () =>
      first(
        t.db
          .select({ remark: emergencyFaultEntries.remark })
          .from(emergencyFaultEntries)
          .where(eq(emergencyFaultEntries.faultId, fault.id))
          .orderBy(desc(emergencyFaultEntries.id)),
      );
    return {
      payload: { faultId: fault.id, confirmed: true },
      session: installer.session,
      stored: confirmation,
      changes: [],
    };
  },
  reportSetupUpdate: async (t, { owner }) => {
    await t.db.insert(projectReportSetups).values({ pid: owner.pid, companyTitle: 'Old title' });
    const header = {
      companyTitle: 'Acme',
      signatoryName: 'A. Manager',
      signatoryRole: 'Facility manager',
      contactName: 'B. Contact',
      contactPhone: '+49 30 1234',
      contactEmail: 'contact@example.com',
      address: 'Main street 1',
    };
    return {
      payload: { pid: owner.pid, ...header },
      session: owner.session,
      stored: () => first(t.db.select().from(projectReportSetups).where(eq(projectReportSetups.pid, owner.pid))),
      changes: [...Object.keys(header), 'updatedAt', 'updatedBy'],
    };
  },
  reportCycleUpdate: async (t, { owner }) => {
    const monthly = { cycle: 'monthly', enabled: true, sendDay: 2, sections: ['energy', 'emergency'] };
    await data(t, 'reportCycleUpdate', { pid: owner.pid, cycles: [monthly] }, owner.session);
    const where = and(eq(reportCycleSettings.pid, owner.pid), eq(reportCycleSettings.cycle, 'monthly'));
    return {
      // The cycles left out keep their setting.
      payload: { pid: owner.pid, cycles: [{ cycle: 'weekly', enabled: true, sendDay: 1, sections: ['energy'] }] },
      session: owner.session,
      stored: () => first(t.db.select().from(reportCycleSettings).where(where)),
      changes: [],
    };
  },
  recipientUpdate: async (t, { owner }) => {
    const anna = { email: `anna${owner.pid}@example.com`, language: 'en', kinds: ['emergencyFault'] };
    await data(t, 'recipientUpdate', { pid: owner.pid, recipients: [anna] }, owner.session);
    await t.db
      .update(projectRecipients)
      .set({ activatedAt: t.clock.now() })
      .where(inArray(projectRecipients.email, [anna.email]));
    return {
      payload: { pid: owner.pid, recipients: [{ ...anna, language: 'de', kinds: ['emergencyFault', 'energyReport'] }] },
      session: owner.session,
      stored: () => first(t.db.select().from(projectRecipients).where(eq(projectRecipients.email, anna.email))),
      changes: ['language', 'kinds', 'updatedAt'],
    };
  },
};
