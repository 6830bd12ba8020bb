import type { TestProject } from 'vitest/node';
import { startSharedTestDatabases } from './testing.ts';

/**
 * vitest globalSetup: one embedded PostgreSQL and one migrated template per server for the whole run,
 * instead of an initdb, a server start and the migrations in every test file.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const { info, stop } = await startSharedTestDatabases();
  project.provide('lodestarTestDb', info);
  return stop;
}
