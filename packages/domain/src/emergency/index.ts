export * from './decode.ts';
export * from './grading.ts';
export * from './inhibit.ts';
export * from './overdue.ts';
export * from './schemas.ts';
export * from './stagger.ts';
export * from './types.ts';
export * from './windows.ts';
