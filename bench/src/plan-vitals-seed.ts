// The installation bench:plan-vitals opens: one user whose only network has a 4000×3000 floor plan with
// 200 rooms drawn as zones (every third one L-shaped) and 2,000 devices placed on it, ten per room (nine
// luminaires and a motion sensor, most of them on at some level, some off, a few offline), on ten mesh
// gateways, with ten light groups. Written into the console's embedded database before it starts.
import { elementLayout, type HardwareKind, PRODUCT_KIND, seededRandom } from '@lightwell/domain';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import {
  deviceElements,
  devices,
  files,
  gateways,
  groupDevices,
  groups,
  networks,
  networkUsers,
  nodes,
  users,
  zones,
} from '../../apps/server/src/db/schema.ts';
import { encodePng } from '../../apps/server/src/demo/png.ts';
import { hashGatewaySecret } from '../../apps/server/src/gateway-link/credentials.ts';
import { hashPassword } from '../../apps/server/src/lib/passwords.ts';
import { createProject } from '../../apps/server/src/services/create-default-project.ts';

/** The plan's picture in image pixels, its grid of rooms and the devices in each room. */
export const PLAN = { width: 4000, height: 3000, columns: 20, rows: 10, perRoom: 10 } as const;
/** The sign-in of the bench's user. */
export const PLAN_LOGIN = { email: 'plan@bench.example', password: 'Plan-Vitals-Bench-1' };

const CELL_W = PLAN.width / PLAN.columns;
const CELL_H = PLAN.height / PLAN.rows;
const INSET = 12;
const COLOURS = ['#91caff33', '#b7eb8f33', '#ffd59133', '#ffadd233', '#d3adf733', '#87e8de33'];
const GATEWAYS = 10;
const GROUPS = 10;
const IMAGE = 'plan-vitals-bench.png';

/** A room's outline: a rectangle inset in its cell, every third one with its top-right quarter cut off. */
function roomPoints(id: number, column: number, row: number) {
  const left = column * CELL_W + INSET;
  const top = row * CELL_H + INSET;
  const right = (column + 1) * CELL_W - INSET;
  const bottom = (row + 1) * CELL_H - INSET;
  const midX = (left + right) / 2;
  const midY = (top + bottom) / 2;
  return id % 3 === 0
    ? [
        { x: left, y: top },
        { x: midX, y: top },
        { x: midX, y: midY },
        { x: right, y: midY },
        { x: right, y: bottom },
        { x: left, y: bottom },
      ]
    : [
        { x: left, y: top },
        { x: right, y: top },
        { x: right, y: bottom },
        { x: left, y: bottom },
      ];
}

/** Where the `i`th device of a room sits: two columns of five down its left half (clear of any cut). */
export function devicePosition(column: number, row: number, i: number) {
  return {
    x: column * CELL_W + INSET + 30 + (i % 2) * (CELL_W / 4),
    y: row * CELL_H + INSET + 40 + Math.floor(i / 2) * ((CELL_H - 2 * INSET - 60) / 5),
  };
}

/** The picture: paper, a 50 px grid, a wall around each room with a door in its top side. */
function planPicture(): Buffer {
  return encodePng(PLAN.width, PLAN.height, (x, y) => {
    const cx = x % CELL_W;
    const cy = y % CELL_H;
    const door = cy < 4 && cx > CELL_W * 0.35 && cx < CELL_W * 0.6;
    if ((cx < 4 || cx >= CELL_W - 4 || cy < 4 || cy >= CELL_H - 4) && !door) return [74, 74, 74];
    if (x % 50 === 0 || y % 50 === 0) return [230, 227, 218];
    return [251, 250, 246];
  });
}

/** What each device is: nine luminaires (a third of them tunable white) and a motion sensor. */
function kindOf(i: number): HardwareKind {
  if (i === PLAN.perRoom - 1) return 'motionSensor';
  return i % 3 === 0 ? 'dt8' : 'dt6';
}

/** Writes the installation into the embedded database in `dataDir` (migrated first). */
export async function seedPlan(dataDir: string): Promise<{ devices: number; zones: number }> {
  const database = await openDatabase({ dataDir });
  const { db } = database;
  try {
    const [user] = await db
      .insert(users)
      .values({ name: 'Plan bench', email: PLAN_LOGIN.email, passwordHash: await hashPassword(PLAN_LOGIN.password) })
      .returning({ id: users.id });
    const uid = user!.id;
    const pid = await createProject(db, { uid, name: 'Plan bench', remarks: '', isDefault: true });
    const picture = planPicture();
    await db.insert(files).values({
      name: IMAGE,
      ownerUid: uid,
      mime: 'image/png',
      size: picture.length,
      width: PLAN.width,
      height: PLAN.height,
      data: picture,
    });
    const [network] = await db
      .insert(networks)
      .values({
        pid,
        name: 'Head office',
        image: IMAGE,
        imageWidth: PLAN.width,
        imageHeight: PLAN.height,
        createdBy: uid,
      })
      .returning({ id: networks.id });
    const nid = network!.id;
    await db.insert(networkUsers).values({ nid, uid, userType: 2 });
    const gatewayIds = (
      await db
        .insert(gateways)
        .values(
          Array.from({ length: GATEWAYS }, (_, g) => ({
            nid,
            sn: `PLANBENCH${String(g + 1).padStart(3, '0')}`,
            name: `Gateway ${g + 1}`,
            secretHash: hashGatewaySecret(`plan-bench-${g}`),
            gatewayType: 3,
            status: 2,
          })),
        )
        .returning({ id: gateways.id })
    ).map((row) => row.id);
    const rooms = Array.from({ length: PLAN.columns * PLAN.rows }, (_, r) => ({
      id: r + 1,
      column: r % PLAN.columns,
      row: Math.floor(r / PLAN.columns),
    }));
    const zoneIds = (
      await db
        .insert(zones)
        .values(
          rooms.map((room) => ({
            nid,
            name: `Room ${String(room.id).padStart(3, '0')}`,
            shape: room.id % 3 === 0 ? 2 : 1,
            bgColor: COLOURS[room.id % COLOURS.length]!,
            points: roomPoints(room.id, room.column, room.row),
            namePositionX: room.column * CELL_W + CELL_W / 2,
            namePositionY: room.row * CELL_H + INSET + 18,
          })),
        )
        .returning({ id: zones.id })
    ).map((row) => row.id);
    // Every room's devices in one statement per table: ids come back in the order given.
    const next = seededRandom(7);
    const placed = rooms.flatMap((room, r) =>
      Array.from({ length: PLAN.perRoom }, (_, i) => ({
        room,
        zoneId: zoneIds[r]!,
        gatewayId: gatewayIds[r % GATEWAYS]!,
        i,
        kind: kindOf(i),
        roll: next(),
        n: r * PLAN.perRoom + i + 1,
      })),
    );
    const rows = await db
      .insert(devices)
      .values(
        placed.map(({ gatewayId, kind, roll, n }) => ({
          nid,
          gatewayId,
          kind: PRODUCT_KIND[kind],
          name: `L-${String(n).padStart(4, '0')}`,
          model: kind === 'motionSensor' ? 'LW-PIR-360' : kind === 'dt8' ? 'LW-PL-DT8' : 'LW-DL-DT6',
          mac: n.toString(16).padStart(12, '0'),
          address: n,
          ratedPower: kind === 'motionSensor' ? null : 36,
          online: roll >= 0.05,
        })),
      )
      .returning({ id: devices.id });
    await db.insert(deviceElements).values(
      placed.flatMap(({ kind, roll }, k) =>
        elementLayout(kind).map((element, index) => {
          const lit = kind !== 'motionSensor' && roll >= 0.2;
          return {
            deviceId: rows[k]!.id,
            index,
            type: element.type,
            onOff: lit ? 1 : 0,
            lightness: lit ? Math.round(20 + roll * 80) : 0,
            cct: kind === 'dt8' ? 4000 : null,
          };
        }),
      ),
    );
    await db.insert(nodes).values(
      placed.map(({ room, zoneId, i, n }, k) => {
        const at = devicePosition(room.column, room.row, i);
        return {
          nid,
          zoneId,
          vid: rows[k]!.id,
          name: `L-${String(n).padStart(4, '0')}`,
          positionX: at.x,
          positionY: at.y,
        };
      }),
    );
    const groupIds = (
      await db
        .insert(groups)
        .values(Array.from({ length: GROUPS }, (_, g) => ({ nid, type: 1, name: `Floor wing ${g + 1}` })))
        .returning({ id: groups.id })
    ).map((row) => row.id);
    // Each group: the luminaires (not the sensor, every tenth address) of two columns of rooms.
    const all = await db.select({ id: devices.id, address: devices.address }).from(devices);
    await db.insert(groupDevices).values(
      all
        .filter((device) => (device.address ?? 0) % PLAN.perRoom !== 0)
        .map((device) => {
          const room = Math.floor(((device.address ?? 1) - 1) / PLAN.perRoom);
          return { groupId: groupIds[Math.floor((room % PLAN.columns) / 2)]!, deviceId: device.id };
        }),
    );
    return { devices: placed.length, zones: zoneIds.length };
  } finally {
    await database.close();
  }
}
