import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const src = new URL('./', import.meta.url);

// The demo fleet runs in its own process (scripts/start.ts), as real trackers do: the server reaches the simulator
// only in tests, and takes the fleet's ids from @lodestar/domain.
describe('the server outside its tests', () => {
  it('does not import @lodestar/simulator', () => {
    const files = (readdirSync(src, { recursive: true }) as string[]).filter(
      (f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !f.startsWith('test/') && !f.includes('/test/'),
    );
    expect(files.length).toBeGreaterThan(100);
    const importing = files.filter((f) => readFileSync(new URL(f, src), 'utf8').includes("'@lodestar/simulator'"));
    expect(importing).toEqual([]);
  });
});
