export * from './control-server.ts';
export * from './devices.ts';
export * from './fleet.ts';
export * from './gateway.ts';
export * from './ticker.ts';
