export * from './schemas.ts';
export * from './statistics.ts';
