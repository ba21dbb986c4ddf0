import { SAMPLE_D4I_BANK_RAW } from '@lightwell/domain';
import { eq } from 'drizzle-orm';
import { buildD4iElements, networkTeam, officeAndHall, type TestApp } from '../../../test/helpers.ts';
import { buildGateway } from '../../../test/mqtt/fake-gateway.ts';
import { devices, networks, tariffVersions } from '../../db/schema.ts';
import { storeReports } from '../../telemetry/index.ts';

const HOUR = 3600;
/** 2026-10-20 00:00 in Berlin (UTC+2): the site's readings start here and run ten local days. */
const SITE_FROM = Date.UTC(2026, 9, 19, 22) / 1000;
/** 2026-10-30 00:00 in Berlin (UTC+1 after the clock change of 25 October). */
export const SITE_UNTIL = Date.UTC(2026, 9, 29, 23) / 1000;

/**
 * A network in Europe/Berlin (ten local days of hourly readings across the October clock change) for the
 * report tests (test factory): zone "Office" with a 100 W D4i lamp counting 60 Wh an hour (its driver's
 * operating time rising with it) and a motion sensor triggering once an hour, zone "Hall" with a 40 W lamp
 * without a counter (estimated, on half of each hour). Priced in EUR: 0.30/kWh with a standing charge of
 * 0.50 a day, then from 26 October 0.40/kWh and 0.60 a day. The team: owner, installer, sub-user and a
 * stranger, all signed in.
 */
export async function reportSite(t: TestApp, name = 'Office site') {
  const team = await networkTeam(t);
  const nid = team.network.id;
  await t.db
    .update(networks)
    .set({ name, timeZone: 'Europe/Berlin', currency: 'EUR', electricityPrice: 30, createdAt: new Date('2026-09-01') })
    .where(eq(networks.id, nid));
  await t.db.insert(tariffVersions).values([
    { nid, validFrom: '2026-09-01', pricePerKWh: 30, currency: 'EUR', standingChargePerDay: 50 },
    { nid, validFrom: '2026-10-26', pricePerKWh: 40, currency: 'EUR', standingChargePerDay: 60 },
  ]);
  const { gateway, sn } = await buildGateway(t.db, nid);
  const device = (mac: string, kind: string, deviceName: string, ratedPower: number | null, address: number) => ({
    nid,
    gatewayId: gateway.id,
    kind,
    name: deviceName,
    model: 'LW-TEST',
    mac,
    address,
    ratedPower,
    online: true,
  });
  const [lamp, plain, sensor] = await t.db
    .insert(devices)
    .values([
      device('CC0000000001', 'luminaire', 'D4i lamp', 100, 1),
      device('CC0000000002', 'luminaire', 'Hall lamp', 40, 2),
      device('CC0000000003', 'motionSensor', 'Sensor', null, 3),
    ])
    .returning();
  await buildD4iElements(t.db, [lamp!.id]);
  const zones = await officeAndHall(t.db, nid, { office: [lamp!.id, sensor!.id], hall: [plain!.id] }, [
    'L1',
    'S1',
    'L2',
  ]);
  const reports = [];
  for (let at = SITE_FROM, seq = 1; at <= SITE_UNTIL; at += HOUR, seq++) {
    reports.push({
      kind: 'readings' as const,
      seq,
      at,
      devices: [
        {
          mac: 'CC0000000001',
          elements: [
            {
              index: 0,
              energy: { raw: 1000 + seq * 60, scale: 0, serial: 'D-1', source: 'd4i' as const },
              onSeconds: 3600,
              d4i: { ...SAMPLE_D4I_BANK_RAW, gearOperatingTime: 100_000 + seq * 3600 },
            },
          ],
        },
        { mac: 'CC0000000002', elements: [{ index: 0, onSeconds: 1800 }] },
        { mac: 'CC0000000003', elements: [{ index: 0, triggers: 1 }] },
      ],
    });
  }
  await storeReports(t.db, [{ gateway: { id: gateway.id, nid, sn }, reports }], new Date((SITE_UNTIL + HOUR) * 1000));
  return { ...team, nid, lamp: lamp!, plain: plain!, sensor: sensor!, ...zones };
}
