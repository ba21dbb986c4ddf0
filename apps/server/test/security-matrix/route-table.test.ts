// Every route the built app registers has its row in route-table.ts, every row names a registered route,
// and every call naming a network or a project has its role codes somewhere: ROWS or an isolation table.
import { type CallName, calls } from '@lightwell/domain';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, describeApi, type TestApp } from '../helpers.ts';
import { deviceCases } from '../isolation/devices.ts';
import { emergencyCases, emergencyLinks } from '../isolation/emergency.ts';
import { networkCases } from '../isolation/networks.ts';
import { reportCases } from '../isolation/reports.ts';
import { MISSING } from '../isolation/walk.ts';
import { ROWS } from '../support/role-rows.ts';
import { registeredRoutes, tinyWebDist } from './registered-routes.ts';
import { type Access, CALL_ACCESS, classOf, OTHER_ROUTES } from './route-table.ts';

const accessOf = (name: string): Access => (CALL_ACCESS as Record<string, Access>)[name]!;

describeApi('the security matrix route table', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ WEB_DIST: tinyWebDist() });
  });
  afterAll(() => t?.close());

  it('has a row for every registered route, and no row without a route', () => {
    const callRows = Object.keys(CALL_ACCESS).map((name) => {
      const def = calls[name as CallName];
      return def ? `${def.method} ${def.path}` : `no call ${name}`;
    });
    const rows = new Set([...callRows, ...Object.keys(OTHER_ROUTES)]);
    const routes = registeredRoutes(t.app);
    expect(routes.length).toBeGreaterThan(150);
    expect(
      routes.filter((route) => !rows.has(route)),
      'registered routes without a row',
    ).toEqual([]);
    expect(
      [...rows].filter((row) => !routes.includes(row)),
      'rows naming no registered route',
    ).toEqual([]);
    expect(Object.keys(calls).filter((name) => !(name in CALL_ACCESS))).toEqual([]);
  });

  it('agrees with the registry on which calls need a session', () => {
    const wrong = Object.entries(calls)
      .filter(([name, def]) => {
        const access = classOf(accessOf(name));
        const needsSession =
          access.startsWith('session') || access.startsWith('network') || access.startsWith('project');
        return needsSession !== def.auth;
      })
      .map(([name]) => name);
    expect(wrong).toEqual([]);
  });

  it('finds the role codes of every network- or project-scoped call in ROWS or an isolation table', () => {
    const inRows = new Set<string>(ROWS.map((row) => row.name));
    const isolated = new Set<string>([
      ...[networkCases, deviceCases, reportCases, emergencyCases]
        .flatMap((cases) => cases(1, 1, MISSING))
        .map(([n]) => n),
      ...emergencyLinks.map(([name]) => name),
    ]);
    const wrong: string[] = [];
    for (const name of Object.keys(calls)) {
      const access = classOf(accessOf(name));
      if (access.endsWith(':roles') && !inRows.has(name)) wrong.push(`${name} is not in ROWS`);
      if (access.endsWith(':isolation') && !isolated.has(name)) wrong.push(`${name} is in no isolation table`);
      if (access.endsWith(':isolation') && inRows.has(name)) wrong.push(`${name} is in ROWS: class it :roles`);
    }
    expect(wrong).toEqual([]);
  });
});
