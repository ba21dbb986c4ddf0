import { randomBytes } from 'node:crypto';
import { TaskStatus } from '@lightwell/domain';
import { and, eq, inArray, or } from 'drizzle-orm';
import {
  devices,
  files,
  gateways,
  groups,
  products,
  profiles,
  projectUsers,
  scenes,
  schedules,
  sensorDiagnoses,
  tasks,
} from '../../src/db/schema.ts';
import { hashGatewaySecret } from '../../src/gateway-link/credentials.ts';
import { buildLuminaires, TestGateway } from '../../src/routes/control/test-gateway.ts';
import { ensureBuiltInScenes } from '../../src/services/scenes/ensure-built-in-scenes.ts';
import { buildNetwork, call, networkTeam, type Session, type TestApp } from '../helpers.ts';
import { buildEmergencyRecord } from './emergency-record.ts';
import { buildPng } from './images.ts';

/** The three network roles of section 6, by the name the role tests use. */
export type Role = 'owner' | 'installer' | 'sub';
export const ROLES: readonly Role[] = ['owner', 'installer', 'sub'];
const USER_TYPE = { owner: 2, installer: 1, sub: 3 } as const;

let macCounter = 0;
/** A MAC address no other device of these tests uses. */
export const uniqueMac = () => {
  macCounter += 1;
  return `D0${randomBytes(2).toString('hex').toUpperCase()}${macCounter.toString(16).padStart(6, '0').toUpperCase()}`;
};

/**
 * One network furnished with something of every kind the network-scoped calls name, an owner, an
 * installer and a sub-user signed in, and factories for fresh things a destructive call may use up.
 */
export async function buildRoleWorld(t: TestApp) {
  const team = await networkTeam(t);
  const nid = team.network.id;
  const users = { owner: team.owner, installer: team.installer, sub: team.sub };
  const sessions: Record<Role, Session> = {
    owner: team.owner.session,
    installer: team.installer.session,
    sub: team.sub.session,
  };
  const uid = (role: Role) => users[role].user.id;

  // A second project of the owner, so that every role has a project to move a network to.
  const added = await call(t.app, 'projectAdd', { name: 'Second project' }, sessions.owner);
  const otherProject: Record<Role, number> = {
    owner: (added.body.data as { id: number }).id,
    installer: await defaultProject(t, uid('installer')),
    sub: await defaultProject(t, uid('sub')),
  };

  const things = await furnishNetwork(t, nid, team.owner.pid, uid('owner'));
  const { gateway, idle, product } = things;

  return {
    t,
    nid,
    pid: team.owner.pid,
    sessions,
    uid,
    otherProject,
    gateway,
    lights: things.lights,
    product,
    virtualId: things.virtual.id,
    emergencyId: things.emergency.id,
    record: things.record,
    pictureName: things.pictureName,
    pictureData: things.png.toString('base64'),
    groupId: things.group.id,
    sceneId: things.scene.id,
    allOnSceneId: things.allOn.id,
    scheduleId: things.schedule.id,
    systemProfileId: things.systemProfile.id,
    /** A network of the owner's project with the given members (all three by default). */
    async network(members: readonly Role[] = ROLES, overrides: { deletedAt?: Date } = {}) {
      const row = await buildNetwork(
        t.db,
        team.owner.pid,
        members.map((role) => ({ uid: uid(role), userType: USER_TYPE[role] })),
        overrides,
      );
      return row.id;
    },
    ...freshThings(t, nid, product.model, gateway.id),
    ...taskHelpers(t, nid, { connected: gateway.id, idle: idle.id }, uid('owner')),
  };
}

/** Something of every kind the network-scoped calls name, in network `nid` of project `pid`. */
async function furnishNetwork(t: TestApp, nid: number, pid: number, ownerUid: number) {
  const gateway = await TestGateway.start(t.db, t.brokerUrl, nid);
  const lights = await buildLuminaires(t.db, nid, gateway.id, 2);
  // A gateway that is not connected, holding the open tasks the cancel calls end.
  const idle = await insertGateway(t, nid);
  const [product] = await t.db
    .insert(products)
    .values({ model: `ROLE-${randomBytes(3).toString('hex')}`, name: 'Role lamp', kind: 'luminaire' })
    .returning();
  const virtual = await insertDevice(t, nid, { isVirtual: true, model: product!.model });
  await insertDevice(t, nid, { isVirtual: false, kind: 'motionSensor', gatewayId: gateway.id, model: 'ROLE-PIR' });
  // An emergency fitting the emergency actions go to (kind emergency, reachable through the gateway).
  const emergency = await insertDevice(t, nid, {
    isVirtual: false,
    kind: 'emergency',
    gatewayId: gateway.id,
    model: 'ROLE-EM',
    address: 77,
  });
  // Its record: a self-test schedule, a failed test and an open fault the schedule, record and fault calls name.
  const record = await buildEmergencyRecord(t, { nid, pid, deviceId: emergency.id });
  const pictureName = `pic-role-${randomBytes(4).toString('hex')}.png`;
  const png = buildPng(8, 8);
  await t.db.insert(files).values({
    name: pictureName,
    ownerUid,
    mime: 'image/png',
    size: png.length,
    width: 8,
    height: 8,
    data: png,
  });
  const [group] = await t.db.insert(groups).values({ nid, name: 'Role group', image: pictureName }).returning();
  const [scene] = await t.db.insert(scenes).values({ nid, number: 10, name: 'Role scene' }).returning();
  await ensureBuiltInScenes(t.db, nid);
  const [allOn] = await t.db
    .select()
    .from(scenes)
    .where(and(eq(scenes.nid, nid), eq(scenes.builtIn, 3)));
  const [schedule] = await t.db
    .insert(schedules)
    .values({ nid, name: 'Role schedule', targetKind: 'network', action: { op: 'light', onOff: 0 } })
    .returning();
  const [systemProfile] = await t.db.select().from(profiles).where(eq(profiles.isSystem, true)).limit(1);

  return {
    gateway,
    lights,
    idle,
    product: product!,
    virtual,
    emergency,
    record,
    pictureName,
    png,
    group: group!,
    scene: scene!,
    allOn: allOn!,
    schedule: schedule!,
    systemProfile: systemProfile!,
  };
}

/** Factories of fresh things a destructive call may use up. */
function freshThings(t: TestApp, nid: number, model: string, gatewayId: number) {
  let sceneNumber = 20;
  return {
    gatewayId: async () => (await insertGateway(t, nid)).id,
    deviceId: async () => (await insertDevice(t, nid, { isVirtual: true, model })).id,
    /** A virtual device and a real one of one model, bound when `bound`. */
    async pair(bound: boolean) {
      const real = await insertDevice(t, nid, { isVirtual: false, model: 'ROLE-PAIR', gatewayId });
      const fresh = await insertDevice(t, nid, {
        isVirtual: true,
        model: 'ROLE-PAIR',
        boundId: bound ? real.id : null,
      });
      return { virtualId: fresh.id, realId: real.id };
    },
    groupIdFresh: async () => (await t.db.insert(groups).values({ nid, name: 'Fresh group' }).returning())[0]!.id,
    async sceneIdFresh() {
      sceneNumber += 1;
      return (await t.db.insert(scenes).values({ nid, number: sceneNumber, name: 'Fresh scene' }).returning())[0]!.id;
    },
    scheduleIdFresh: async () =>
      (
        await t.db
          .insert(schedules)
          .values({ nid, name: 'Fresh schedule', targetKind: 'network', action: { op: 'light', onOff: 1 } })
          .returning()
      )[0]!.id,
    /** A sensor diagnosis task of the network, waiting to start in an hour. */
    diagnosisIdFresh: async () =>
      (
        await t.db
          .insert(sensorDiagnoses)
          .values({
            nid,
            startAt: new Date(Date.now() + 3_600_000),
            endAt: new Date(Date.now() + 7_200_000),
            intervalSeconds: 60,
            allSensors: true,
          })
          .returning()
      )[0]!.id,
  };
}

/** An open task to cancel, and a wait for the network's tasks to end. */
function taskHelpers(t: TestApp, nid: number, gateways: { connected: number; idle: number }, ownerUid: number) {
  return {
    /** A task waiting on the idle gateway, as a command the gateway has not answered yet. */
    async openTaskId() {
      const [task] = await t.db
        .insert(tasks)
        .values({
          nid,
          gatewayId: gateways.idle,
          uid: ownerUid,
          targetKind: 'network',
          action: { op: 'light', onOff: 1 },
          deadlineAt: new Date(Date.now() + 3_600_000),
        })
        .returning();
      return task!.id;
    },
    /**
     * Waits until no task holds the connected gateway and no cancel is still pending on either gateway:
     * the deadline sweep would otherwise end a canceling task (after its grace) while a later call runs.
     */
    async settleTasks() {
      for (let tries = 0; tries < 400; tries += 1) {
        const open = await t.db
          .select({ id: tasks.id })
          .from(tasks)
          .where(
            or(
              and(eq(tasks.gatewayId, gateways.connected), inArray(tasks.status, [0, 2, 6])),
              eq(tasks.status, TaskStatus.canceling),
            ),
          );
        if (open.length === 0) return;
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      throw new Error('tasks of the role network did not end');
    },
  };
}

/** What `buildRoleWorld` answers. */
export type RoleWorld = Awaited<ReturnType<typeof buildRoleWorld>>;

async function defaultProject(t: TestApp, uid: number): Promise<number> {
  const [row] = await t.db
    .select({ pid: projectUsers.pid })
    .from(projectUsers)
    .where(and(eq(projectUsers.uid, uid), eq(projectUsers.isDefault, true)));
  return row!.pid;
}

async function insertGateway(t: TestApp, nid: number) {
  const sn = `gw-role-${randomBytes(4).toString('hex')}`;
  const [row] = await t.db
    .insert(gateways)
    .values({ nid, sn, name: sn, secretHash: hashGatewaySecret(`secret-${sn}`) })
    .returning();
  return row!;
}

async function insertDevice(t: TestApp, nid: number, values: Partial<typeof devices.$inferInsert>) {
  const [row] = await t.db
    .insert(devices)
    .values({ nid, kind: 'luminaire', name: 'Role device', model: 'ROLE', mac: uniqueMac(), online: true, ...values })
    .returning();
  return row!;
}
