export * from './cycles.ts';
export * from './local-time.ts';
export * from './project-zones.ts';
