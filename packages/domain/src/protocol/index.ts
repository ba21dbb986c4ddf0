export * from './live.ts';
export * from './messages.ts';
export * from './topics.ts';
