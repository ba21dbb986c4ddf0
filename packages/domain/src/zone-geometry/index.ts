export * from './centroid.ts';
export * from './clamp.ts';
export * from './collinear.ts';
export * from './default-zone.ts';
export * from './point.ts';
export * from './point-in-polygon.ts';
export * from './scale.ts';
export * from './shape.ts';
