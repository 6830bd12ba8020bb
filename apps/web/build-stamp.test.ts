import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildStamp, consoleSources, isBuildFresh, STAMP_FILE, sourcesHash } from './build-stamp.ts';

// A repository in miniature: the console imports domain and declares icons, domain imports contract, nothing
// imports gateway.
const FILES: Record<string, string> = {
  'package-lock.json': '{"lockfileVersion":3}',
  'tsconfig.base.json': '{}',
  'apps/web/index.html': '<div id="root"></div>',
  'apps/web/vite.config.ts': 'export default {};',
  'apps/web/package.json': '{"dependencies":{"@lodestar/icons":"0.1.0","react":"19.3.1"}}',
  'packages/icons/package.json': '{"name":"@lodestar/icons"}',
  'apps/web/src/main.tsx': "import { x } from '@lodestar/domain';\nconsole.log(x);",
  'apps/web/dist/index.html': '<div id="root"></div><script src="/assets/a.js"></script>',
  'apps/web/node_modules/.vite/cache.json': '{}',
  'packages/domain/src/index.ts': "export { y as x } from '@lodestar/contract';",
  'packages/contract/src/index.ts': 'export const y = 1;',
  'packages/gateway/src/index.ts': 'export const gateway = 1;',
};

describe('the console build stamp', () => {
  let repo = '';
  let dist = '';
  const write = (file: string, body: string) => {
    mkdirSync(path.dirname(path.join(repo, file)), { recursive: true });
    writeFileSync(path.join(repo, file), body);
  };
  const stamp = () => writeFileSync(path.join(dist, STAMP_FILE), `${sourcesHash(repo, {})}\n`);
  const fresh = (env: NodeJS.ProcessEnv = {}) => isBuildFresh(dist, sourcesHash(repo, env));

  beforeEach(() => {
    repo = mkdtempSync(path.join(tmpdir(), 'stamp-'));
    dist = path.join(repo, 'apps/web/dist');
    for (const [file, body] of Object.entries(FILES)) write(file, body);
  });
  afterEach(() => rmSync(repo, { recursive: true, force: true }));

  it('reads the console, the packages it imports or declares (and theirs) and the lockfile, not other packages or dist', () => {
    const files = consoleSources(repo).map((f) => path.relative(repo, f));
    expect(files).toEqual([
      'apps/web/index.html',
      'apps/web/package.json',
      'apps/web/src/main.tsx',
      'apps/web/vite.config.ts',
      'package-lock.json',
      'packages/contract/src/index.ts',
      'packages/domain/src/index.ts',
      'packages/icons/package.json',
      'tsconfig.base.json',
    ]);
  });

  it('is stale with no stamp, fresh once stamped, and stale again when a source changes', () => {
    expect(fresh()).toBe(false);
    stamp();
    expect(fresh()).toBe(true);
    write('apps/web/src/main.tsx', "import { x } from '@lodestar/domain';\nconsole.log(x + 1);");
    expect(fresh()).toBe(false);
  });

  it('follows contents, not times: a file rewritten as it was is still fresh', () => {
    stamp();
    write('apps/web/src/main.tsx', FILES['apps/web/src/main.tsx']!);
    expect(fresh()).toBe(true);
  });

  it('is stale when an imported package, even one imported through another, the lockfile or a file added changes', () => {
    for (const [file, body] of [
      ['packages/contract/src/index.ts', 'export const y = 2;'],
      ['packages/domain/src/index.ts', "export { y as x } from '@lodestar/contract';\n"],
      ['package-lock.json', '{"lockfileVersion":3,"packages":{}}'],
      ['apps/web/src/new-page.tsx', 'export {};'],
      ['apps/web/.env.production', 'VITE_TITLE=x'],
    ] as const) {
      stamp();
      write(file, body);
      expect(fresh(), file).toBe(false);
    }
  });

  it('stays fresh when only a package the console does not import changes', () => {
    stamp();
    write('packages/gateway/src/index.ts', 'export const gateway = 2;');
    expect(fresh()).toBe(true);
  });

  it('is stale when a VITE_ variable differs or dist lost its index.html', () => {
    stamp();
    expect(fresh({ VITE_MODE: 'x' })).toBe(false);
    expect(fresh({ LODESTAR_API: 'http://elsewhere' })).toBe(true);
    rmSync(path.join(dist, 'index.html'));
    expect(fresh()).toBe(false);
  });

  it('the Vite plugin stamps a build with the sources as they were when it started', () => {
    const plugin = buildStamp(repo) as unknown as {
      buildStart: () => void;
      writeBundle: (options: { dir: string }) => void;
    };
    plugin.buildStart();
    write('apps/web/src/main.tsx', 'edited during the build');
    plugin.writeBundle({ dir: dist });
    expect(fresh()).toBe(false);
    plugin.buildStart();
    plugin.writeBundle({ dir: dist });
    expect(fresh()).toBe(true);
  });
});
