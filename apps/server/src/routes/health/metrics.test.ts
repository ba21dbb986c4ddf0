import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, describeApi, type TestApp, uniqueIdentity } from '../../../test/helpers.ts';
import { loadConfig } from '../../config.ts';
import { runOnce } from '../../services/run-once.ts';

/** One sample of Prometheus' text format: `name{label="value",…} number` (NaN and Inf in any case, as Go reads them). */
const SAMPLE =
  /^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{(?:[a-zA-Z_][a-zA-Z0-9_]*="(?:[^"\\]|\\.)*",?)*\})? (-?[0-9.eE+-]+|[Nn][Aa][Nn]|[+-]?[Ii][Nn][Ff])$/;

/** The samples of a scrape by their series (`name{labels}`); throws on a line that is not the text format. */
function parseExposition(text: string): Map<string, number> {
  const samples = new Map<string, number>();
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('# HELP ') || line.startsWith('# TYPE ')) continue;
    const match = SAMPLE.exec(line);
    if (!match) throw new Error(`not Prometheus text format: ${line}`);
    samples.set(`${match[1]}${match[2] ?? ''}`, Number(match[3]));
  }
  return samples;
}

async function scrape(t: TestApp, options: { remoteAddress?: string; headers?: Record<string, string> } = {}) {
  return t.app.inject({ method: 'GET', url: '/metrics', ...options });
}

describeApi('GET /metrics from an allowed address', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('answers Prometheus text: process metrics, requests by route pattern, the ingest backlog', async () => {
    await t.app.inject({ method: 'GET', url: '/healthz' });
    await t.app.inject({ method: 'GET', url: `/api/v1/no-such-call-${randomBytes(4).toString('hex')}` });
    const answer = await scrape(t);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const samples = parseExposition(answer.body);
    expect(samples.get('http_requests_total{method="GET",route="/healthz",status="200"}')).toBeGreaterThan(0);
    // A path no route knows is one series, never its URL.
    expect(samples.get('http_requests_total{method="GET",route="unmatched",status="404"}')).toBeGreaterThan(0);
    expect([...samples.keys()].some((key) => key.includes('no-such-call'))).toBe(false);
    expect(samples.get('http_request_duration_seconds_count{method="GET",route="/healthz",status="200"}')).toBe(
      samples.get('http_requests_total{method="GET",route="/healthz",status="200"}'),
    );
    expect(samples.has('process_cpu_user_seconds_total')).toBe(true);
    expect(samples.has('nodejs_eventloop_lag_seconds')).toBe(true);
    expect(samples.get('lightwell_ingest_queue_depth')).toBe(0);
    expect(samples.get('lightwell_ingest_lag_seconds')).toBe(0);
  });

  it('counts job slots claimed by this process, won and lost, by job name', async () => {
    const job = `metrics-test-${randomBytes(4).toString('hex')}`;
    expect(await runOnce(t.db, job, 'slot-1', async () => 'done')).toBe(true);
    expect(await runOnce(t.db, job, 'slot-1', async () => 'done')).toBe(false);
    const samples = parseExposition((await scrape(t)).body);
    expect(samples.get(`lightwell_job_claims_total{job="${job}",outcome="won"}`)).toBe(1);
    expect(samples.get(`lightwell_job_claims_total{job="${job}",outcome="lost"}`)).toBe(1);
  });

  it('counts mails by kind and outcome (kept in the outbox without SMTP_URL)', async () => {
    const series = 'lightwell_mails_total{kind="registerCode",outcome="kept"}';
    const before = parseExposition((await scrape(t)).body).get(series) ?? 0;
    expect((await call(t.app, 'registerCode', { email: uniqueIdentity().email, language: 0 })).body.code).toBe(0);
    expect(parseExposition((await scrape(t)).body).get(series)).toBe(before + 1);
  });

  it('answers anyone else as an unknown path, whatever X-Forwarded-For says without TRUST_PROXY', async () => {
    expect((await scrape(t, { remoteAddress: '::1' })).statusCode).toBe(200);
    expect((await scrape(t, { remoteAddress: '::ffff:127.0.0.1' })).statusCode).toBe(200);
    const refused = await scrape(t, { remoteAddress: '203.0.113.9' });
    expect(refused.statusCode).toBe(404);
    expect(refused.body).not.toContain('http_requests_total');
    const unknown = await t.app.inject({ method: 'GET', url: '/metrics-nowhere', remoteAddress: '203.0.113.9' });
    expect(refused.body.replace('/metrics', '')).toBe(unknown.body.replace('/metrics-nowhere', ''));
    const forwarded = await scrape(t, { remoteAddress: '203.0.113.9', headers: { 'x-forwarded-for': '127.0.0.1' } });
    expect(forwarded.statusCode).toBe(404);
  });
});

describeApi('GET /metrics behind a trusted proxy', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ TRUST_PROXY: 'true', METRICS_ALLOW: '10.0.0.0/8, 192.0.2.7' });
  });
  afterAll(() => t.close());

  it('judges the forwarded client address against METRICS_ALLOW, not the proxy’s', async () => {
    const via = (client: string) => scrape(t, { remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': client } });
    expect((await via('10.20.30.40')).statusCode).toBe(200);
    expect((await via('192.0.2.7')).statusCode).toBe(200);
    expect((await via('192.0.2.8')).statusCode).toBe(404);
    // The proxy's own address is not on the list: without a forwarded one it is judged, and refused.
    expect((await scrape(t, { remoteAddress: '127.0.0.1' })).statusCode).toBe(404);
  });
});

describeApi('GET /metrics with METRICS_ALLOW empty', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ METRICS_ALLOW: '' });
  });
  afterAll(() => t.close());

  it('is off: 404 even from this machine', async () => {
    expect((await scrape(t, { remoteAddress: '127.0.0.1' })).statusCode).toBe(404);
    expect((await scrape(t, { remoteAddress: '::1' })).statusCode).toBe(404);
  });
});

describe('METRICS_ALLOW', () => {
  it('defaults to this machine, takes addresses and CIDR ranges, and refuses anything else in one line', () => {
    expect(loadConfig({}).metricsAllow).toEqual(['127.0.0.1', '::1']);
    expect(loadConfig({ METRICS_ALLOW: '' }).metricsAllow).toEqual([]);
    expect(loadConfig({ METRICS_ALLOW: ' 10.0.0.0/8 ,fd00::/8,192.0.2.1' }).metricsAllow).toEqual([
      '10.0.0.0/8',
      'fd00::/8',
      '192.0.2.1',
    ]);
    for (const bad of ['10.0.0.0/33', 'localhost', '10.0.0.0/8/1', '::1/129', '10.0.0.0/']) {
      expect(() => loadConfig({ METRICS_ALLOW: bad })).toThrow(
        new RegExp(`^Invalid configuration: METRICS_ALLOW: "${bad.replace(/[/.]/g, '\\$&')}" is not an IP address`),
      );
    }
  });
});
