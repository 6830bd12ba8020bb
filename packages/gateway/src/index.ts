export * from './ports.ts';
