export * from './connect.ts';
export { freePort, startEmbedded } from './embedded.ts';
export * from './password.ts';
export * as schema from './schema.ts';
export * from './schema.ts';
export * from './seed.ts';
export { seedBillingDemo } from './seed-billing.ts';
export { seedSimDemo } from './seed-sim.ts';
export { seedVehicleDemo } from './seed-vehicles.ts';
