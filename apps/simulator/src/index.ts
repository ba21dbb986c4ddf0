export * from './control-server.ts';
export * from './devices.ts';
export * from './energy-model.ts';
export * from './fleet.ts';
export * from './gateway.ts';
export * from './report-buffer.ts';
export * from './report-sender.ts';
export * from './ticker.ts';
