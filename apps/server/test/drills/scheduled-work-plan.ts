// The scheduled-work drill's plan: the site it seeds (light schedules and emergency self-test schedules on a
// London network whose fittings never answer), what falls due in its span as the domain says, and its ticks.
import { encodeSchedule, firingMinutes, type ScheduleForm, windowsBetween } from '@lightwell/domain';
import { eq } from 'drizzle-orm';
import { runnable } from '../../src/db/queries/schedules.ts';
import { devices, emergencySchedules, gateways, networks, nodes, schedules } from '../../src/db/schema.ts';
import { timingOf } from '../../src/jobs/emergency-tests/schedule-tests.ts';
import { buildFittings, buildZone } from '../../src/routes/emergency/test-fittings.ts';
import { buildDevices } from '../../src/routes/scene/test-devices.ts';
import { buildTestApp, call, networkTeam } from '../helpers.ts';
import { minuteSlot } from './console-drill.ts';

/** The consoles the drill runs. */
export const CONSOLES = 3;
const ZONE = 'Europe/London';
/** The drill's clock starts here (the site is seeded at this instant). */
export const START = Date.parse('2026-01-01T00:00:00Z');
const DAY = 86_400_000;
/** Fittings in each of the network's two zones. */
const FITTINGS_PER_ZONE = 3;
/** Luminaires in each zone, what the light schedules switch. */
const LIGHTS_PER_ZONE = 2;

const every = { year: 'every' as const, months: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12], second: 0 };
const allWeek = [1, 2, 3, 4, 5, 6, 7];

/** The light schedules: their name, target, action and time (section 3 encoding). */
function lightSchedules(zoneId: number) {
  const schedule = (
    name: string,
    target: { kind: string; id: number | null },
    onOff: number,
    form: Pick<ScheduleForm, 'day' | 'weekdays' | 'hour' | 'minute'>,
  ) => ({
    kind: 'schedule',
    name,
    targetKind: target.kind,
    targetId: target.id,
    action: { op: 'light', onOff },
    ...encodeSchedule({ ...every, ...form }),
  });
  const network = { kind: 'network', id: null };
  return [
    schedule('Every evening', network, 0, { day: 0, weekdays: allWeek, hour: 18, minute: 30 }),
    schedule('Weekday mornings', network, 1, { day: 0, weekdays: [1, 2, 3, 4, 5], hour: 7, minute: 15 }),
    // Every 15 minutes all day on the 5th of each month: 96 firings that day.
    schedule('Quarter hours on the 5th', { kind: 'zone', id: zoneId }, 1, {
      day: 5,
      weekdays: allWeek,
      hour: 'every',
      minute: 'every15',
    }),
  ];
}

/** The emergency self-test schedules: two monthly function tests and a yearly duration test in January. */
const EMERGENCY = [
  { name: 'Monthly on the 3rd', testKind: 'function', day: 3, minuteOfDay: 600 },
  { name: 'Monthly on the 20th', testKind: 'function', day: 20, minuteOfDay: 1410 },
  { name: 'Yearly in January', testKind: 'duration', day: 10, month: 1, minuteOfDay: 60 },
] as const;

/** What the drill's site holds, and what falls due from its schedules up to an instant. */
export interface DrillSite {
  nid: number;
  fittings: number[];
  /** Each light schedule's id and the minute slots it fires in (`after`, `until`]. */
  firings(until: number): { id: number; minutes: string[] }[];
  /** Each emergency schedule's id and the starts of the windows that opened by `until`, with their ends (ms). */
  windows(until: number): { id: number; windows: { start: number; end: number }[] }[];
}

/**
 * Seeds the drill's site through a test app on the drill's database, its clock at START: a London network
 * with an owner, a gateway and two zones of luminaires and emergency fittings, all offline (every command
 * is stored and refused as not executed, every test window graded missed), three light schedules and three self-test
 * schedules.
 */
export async function seedScheduledWork(url: string): Promise<DrillSite> {
  const seed = await buildTestApp({ PUBLIC_URL: 'https://console.example.com' }, { databaseUrl: url });
  seed.clock.offsetMs = START - Date.now();
  const { owner, network } = await networkTeam(seed);
  await seed.db.update(networks).set({ timeZone: ZONE }).where(eq(networks.id, network.id));
  const sn = `gw-drill-${network.id}`;
  await seed.db
    .insert(gateways)
    .values({ nid: network.id, sn, name: sn, secretHash: 'x', gatewayType: 3, status: 2, meshStatus: 1 });
  const fittings: number[] = [];
  const zoneIds: number[] = [];
  for (const name of ['Stairs', 'Hall']) {
    const zone = await buildZone(seed.db, network.id, name);
    zoneIds.push(zone.id);
    const lights = await buildDevices(seed.db, network.id, LIGHTS_PER_ZONE);
    await seed.db
      .insert(nodes)
      .values(lights.map((row) => ({ nid: network.id, zoneId: zone.id, rid: row.id, name: row.name })));
    const rows = await buildFittings(seed.db, network.id, zone.id, FITTINGS_PER_ZONE, {
      createdAt: new Date(START - DAY),
      online: false,
    });
    fittings.push(...rows.map((row) => row.id));
  }
  await seed.db.update(devices).set({ online: false }).where(eq(devices.nid, network.id));
  for (const body of lightSchedules(zoneIds[0]!)) {
    const reply = await call(seed.app, 'scheduleAdd', { nid: network.id, ...body }, owner.session);
    if (reply.body.code !== 0) throw new Error(`scheduleAdd: ${JSON.stringify(reply.body)}`);
  }
  for (const body of EMERGENCY) {
    const reply = await call(seed.app, 'emergencyScheduleAdd', { nid: network.id, ...body }, owner.session);
    if (reply.body.code !== 0) throw new Error(`emergencyScheduleAdd: ${JSON.stringify(reply.body)}`);
  }
  const light = await seed.db.select().from(schedules).where(eq(schedules.nid, network.id));
  const selfTests = await seed.db.select().from(emergencySchedules).where(eq(emergencySchedules.nid, network.id));
  await seed.close();
  return {
    nid: network.id,
    fittings,
    firings: (until) =>
      light.map((row) => ({
        id: row.id,
        minutes: firingMinutes(runnable(row), new Date(START), new Date(until), ZONE, null),
      })),
    windows: (until) =>
      selfTests.map((row) => ({
        id: row.id,
        windows: windowsBetween(timingOf(row), row.createdAt, new Date(until + 1), ZONE).map((window) => ({
          start: window.start.getTime(),
          end: window.end.getTime(),
        })),
      })),
  };
}

/**
 * The drill's clock instants, each 30 s into its minute and one per minute slot: the minute of every
 * firing and of every window's start and end before the end of the span, and evenly spread ones between,
 * `ticks` in all. A firing is looked for two minutes back, so each has a tick in its own minute.
 */
export function tickInstants(site: DrillSite, ticks: number, days: number): number[] {
  const end = START + days * DAY;
  const inSpan = (at: number) => at > START && at < end;
  const landings = [
    ...site.firings(end).flatMap((item) => item.minutes.map((minute) => Date.parse(`${minute}:00Z`))),
    ...site.windows(end).flatMap((item) => item.windows.flatMap((window) => [window.start, window.end])),
  ].filter(inSpan);
  const slots = new Set(landings.map(minuteSlot));
  if (slots.size >= ticks) throw new Error(`${slots.size} landings need more than ${ticks} ticks`);
  for (let k = 1; slots.size < ticks; k++) {
    const gap = (end - START) / (ticks - landings.length + k);
    for (let at = START + gap; at < end && slots.size < ticks; at += gap) slots.add(minuteSlot(at));
  }
  return [...slots].sort().map((slot) => Date.parse(`${slot}:30Z`));
}
