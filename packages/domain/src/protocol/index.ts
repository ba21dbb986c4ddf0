export * from './clock.ts';
export * from './element-type.ts';
export * from './live.ts';
export * from './live-event-guard.ts';
export * from './messages.ts';
export * from './readings.ts';
export * from './task-status.ts';
export * from './topics.ts';
