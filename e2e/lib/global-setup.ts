import { startSharedTestDatabases } from '@lodestar/db/testing';
import type { TestProject } from 'vitest/node';

/**
 * vitest globalSetup of the browser tests: one embedded PostgreSQL for the run with a migrated template,
 * from which every test file's server gets a database of its own (lib/server.ts), instead of each server
 * running initdb, starting PostgreSQL and migrating. The browser tests use no external PostgreSQL.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const { info, stop } = await startSharedTestDatabases({ external: false });
  project.provide('lodestarTestDb', info);
  return stop;
}
