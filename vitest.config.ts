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
    env: { TZ: 'UTC' },
    reporters: process.env.CI ? ['default', ['json', { outputFile: '.tmp/vitest-unit.json' }]] : ['default'],
  },
});
