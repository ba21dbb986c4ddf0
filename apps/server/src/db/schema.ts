/**
 * Every table, for queries and for drizzle-kit (apps/server/drizzle.config.ts reads this file). The tables
 * live in two families: schema-console.ts (accounts, projects, networks, plans, shares, audit, backups) and
 * schema-remote.ts (gateways, devices, control, configuration), which references the first one way only;
 * schema-telemetry.ts and schema-emergency.ts reference both, and nothing references them.
 */
export * from './schema-console.ts';
export * from './schema-diagnosis.ts';
export * from './schema-emergency.ts';
export * from './schema-emergency-jobs.ts';
export * from './schema-remote.ts';
export * from './schema-report-cycles.ts';
export * from './schema-reports.ts';
export * from './schema-telemetry.ts';
