/** The whole schema: drizzle-kit reads this file; modules import tables from `@lodestar/db`. */

export * from './schema-billing.ts';
export * from './schema-bulletins.ts';
export * from './schema-core.ts';
export * from './schema-fleet.ts';
export * from './schema-geo.ts';
export * from './schema-install.ts';
export * from './schema-invoices.ts';
export * from './schema-photos.ts';
export * from './schema-sim.ts';
export * from './schema-track.ts';
export * from './schema-trips.ts';
export * from './schema-wallet.ts';
export * from './schema-zones.ts';
