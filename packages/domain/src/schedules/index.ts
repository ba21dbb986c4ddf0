export * from './astro.ts';
export * from './encoding.ts';
export * from './next-run.ts';
export * from './override.ts';
export * from './schedule.ts';
export * from './sentence.ts';
export * from './zoned-time.ts';
