import { defineConfig } from 'vitest/config';

// Unit and route tests of every workspace. Browser tests live in e2e/ with their own config.
// In CI a JSON report is written too, so .ci/run can print one "N passed, N failed" line.
export default defineConfig({
  test: {
    include: [
      'packages/*/src/**/*.test.ts',
      'apps/server/src/**/*.test.ts',
      'apps/web/src/**/*.test.{ts,tsx}',
      'apps/web/*.test.ts',
    ],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Importing the server's module graph took ~4 s a file, most of a route test's time: a worker keeps it for the
    // files it runs (each file still builds its app on a database of its own). Two workers on CI's two cores,
    // which vitest would make one (cores - 1): a worker spends much of its time waiting on PostgreSQL.
    isolate: false,
    maxWorkers: 2,
    // One embedded PostgreSQL for the run and a migrated template database per server (packages/db/src/testing.ts).
    globalSetup: ['packages/db/src/test-global-setup.ts'],
    // TEST_SCRYPT_N: cheaper password hashes for the tests' thousands of users and log-ins (packages/db password.ts).
    env: { TZ: 'UTC', TEST_SCRYPT_N: '1024' },
    reporters: process.env.CI ? ['default', ['json', { outputFile: '.tmp/vitest-unit.json' }]] : ['default'],
  },
});
