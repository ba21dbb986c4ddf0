export * from './defaults.ts';
export * from './labels.ts';
export * from './node-hit.ts';
export * from './view.ts';
export * from './zoom.ts';
