export * from './api.ts';
export * from './enums.ts';
export * from './functions.ts';
export * from './limits.ts';
export * from './menu.ts';
export * from './monitor.ts';
export * from './sim.ts';
export * from './validation.ts';
