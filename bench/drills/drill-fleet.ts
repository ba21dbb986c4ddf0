// The installation a drill runs against (one user, one network per simulated gateway) and the simulated
// fleet in a child process (bench/src/ingest-fleet.ts), which keeps every reading it produced.
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { FLEET_MODELS, generateFleet } from '@lightwell/simulator';
import type { openDatabase } from '../../apps/server/src/db/client.ts';
import { gateways, networks, networkUsers, users } from '../../apps/server/src/db/schema.ts';
import { hashGatewaySecret } from '../../apps/server/src/gateway-link/credentials.ts';
import { hashPassword } from '../../apps/server/src/lib/passwords.ts';
import { createProject } from '../../apps/server/src/services/create-default-project.ts';

type Db = Awaited<ReturnType<typeof openDatabase>>['db'];

/** What seedFleet made: the fleet file for the child process, the networks and the user's sign-in. */
interface SeededFleet {
  file: string;
  nids: number[];
  devices: number;
  email: string;
  password: string;
}

/**
 * Seeds one network per gateway, each with the user as a manager, and writes the fleet (light sensors
 * replaced by luminaires, as bench:ingest does: their lux drift would add a state message per report) to
 * `dir`/fleet.json. The devices come with each gateway's inventory when it connects. `functionTestSeconds`
 * shortens the emergency fittings' function tests (30 s unless given).
 */
export async function seedFleet(
  db: Db,
  dir: string,
  size: number,
  devices: number,
  seed: string,
  options: { functionTestSeconds?: number } = {},
) {
  const email = `${seed}@lightwell.test`;
  const password = 'Drill-Lamp-42';
  const [user] = await db
    .insert(users)
    .values({ name: 'Drill', email, passwordHash: await hashPassword(password) })
    .returning({ id: users.id });
  const uid = user!.id;
  const pid = await createProject(db, { uid, name: 'Drill', remarks: '', isDefault: true });
  const fleet = generateFleet(size, devices, seed).map((gateway) => ({
    ...gateway,
    devices: gateway.devices.map((device) => {
      if (device.kind === 'lightSensor')
        return { ...device, kind: 'd4i' as const, model: FLEET_MODELS.d4i, ratedPower: 36 };
      const emergency = device.kind === 'emergencyOne' || device.kind === 'emergencyTwo';
      if (!emergency || options.functionTestSeconds === undefined) return device;
      return { ...device, emergency: { ...device.emergency, functionTestSeconds: options.functionTestSeconds } };
    }),
  }));
  const nets = await db
    .insert(networks)
    .values(fleet.map((gateway) => ({ pid, name: gateway.sn, createdBy: uid })))
    .returning({ id: networks.id });
  await db.insert(networkUsers).values(nets.map((net) => ({ nid: net.id, uid, userType: 2 })));
  await db.insert(gateways).values(
    fleet.map((gateway, i) => ({
      nid: nets[i]!.id,
      sn: gateway.sn,
      name: gateway.sn,
      secretHash: hashGatewaySecret(gateway.secret),
      gatewayType: 3,
    })),
  );
  const file = join(dir, 'fleet.json');
  writeFileSync(file, JSON.stringify(fleet));
  const total = fleet.reduce((n, gateway) => n + gateway.devices.length, 0);
  return { file, nids: nets.map((net) => net.id), devices: total, email, password } satisfies SeededFleet;
}

/**
 * A line the fleet child prints: progress every second (with the emergency test results the fittings
 * reported so far), then the produced lines' count and checksum, and the results' lines
 * (`sn:seq:mac:kind:startedAt`, one per test result reported).
 */
interface FleetMessage {
  connected?: number;
  produced?: number;
  confirmed?: number;
  results?: number;
  done?: boolean;
  lines?: number;
  sha?: string;
  resultLines?: string[];
}

/** The simulated gateways in a child process (bench/src/ingest-fleet.ts). */
export class FleetChild {
  /** The latest progress line. */
  latest: FleetMessage = {};
  private readonly waiters: ((message: FleetMessage) => boolean)[] = [];
  private readonly child;

  constructor(file: string, brokerUrl: string, periodMs: number) {
    const script = new URL('../src/ingest-fleet.ts', import.meta.url).pathname;
    this.child = spawn(process.execPath, ['--import', 'tsx', script, file, brokerUrl, String(periodMs)], {
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    createInterface({ input: this.child.stdout }).on('line', (line) => {
      const message = JSON.parse(line) as FleetMessage;
      if (message.confirmed !== undefined) this.latest = message;
      for (const waiter of [...this.waiters]) {
        if (waiter(message)) this.waiters.splice(this.waiters.indexOf(waiter), 1);
      }
    });
  }

  /** The next line that passes `test`. */
  next(test: (message: FleetMessage) => boolean): Promise<FleetMessage> {
    return new Promise((resolve) =>
      this.waiters.push((message) => {
        if (!test(message)) return false;
        resolve(message);
        return true;
      }),
    );
  }

  /** Starts producing readings at the fleet's period, or stops and awaits every confirmation (`stop`). */
  send(message: { start: true } | { stop: true }): void {
    this.child.stdin.write(`${JSON.stringify(message)}\n`);
  }

  /** Ends the child if it is still there. */
  kill(): void {
    if (this.child.exitCode === null) this.child.kill('SIGTERM');
  }
}
