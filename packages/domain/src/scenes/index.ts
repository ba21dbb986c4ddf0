export * from './built-in.ts';
export * from './curve.ts';
export * from './group.ts';
export * from './scene.ts';
export * from './scene-types.ts';
export * from './slots.ts';
