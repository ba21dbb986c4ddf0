import { randomBytes } from 'node:crypto';
import { SimGateway, type SimGatewayOptions, Ticker } from '@lightwell/simulator';
import { gateways } from '../../src/db/schema.ts';
import { hashGatewaySecret } from '../../src/gateway-link/credentials.ts';
import type { TestApp } from '../helpers.ts';

/**
 * A gateway of network `nid` with fresh credentials (its row, `gatewayType` 3) and a simulated gateway
 * that logs in with them to the test app's broker: a fast ticker, no device latency, no periodic
 * consumption or sensor reports unless `options` say otherwise. Not started.
 */
export async function simulatedGateway(
  t: TestApp,
  nid: number,
  options: Omit<SimGatewayOptions, 'sn' | 'secret' | 'brokerUrl'>,
  prefix = 'gw-sim',
) {
  const sn = `${prefix}-${randomBytes(4).toString('hex')}`;
  const secret = randomBytes(12).toString('hex');
  const [row] = await t.db
    .insert(gateways)
    .values({ nid, sn, name: sn, secretHash: hashGatewaySecret(secret), gatewayType: 3 })
    .returning();
  const gateway = new SimGateway({
    ticker: new Ticker(50, 100),
    reportPeriodMs: 0,
    sensorMeanMs: 0,
    latencyMs: 0,
    ...options,
    sn,
    secret,
    brokerUrl: t.brokerUrl,
  });
  return { row: row!, gateway };
}
