import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * Whether apps/web/dist was built from the console's sources as they are now, so that `npm start`
 * builds only when they changed. Every build writes the hash of its sources into dist
 * (`buildStamp()`, a Vite plugin); a build empties dist first, so a dist from any other build, or
 * half of one, has no stamp and counts as stale.
 *
 * The sources are the files that decide the bundle: apps/web's own (src, public, index.html, the
 * Vite config and its plugins, package.json, tsconfig, .env files), the workspace packages the
 * console imports or declares (followed through their own @lodestar imports and dependencies), the installed versions
 * (package-lock.json), the shared tsconfig and any VITE_* variable. Contents are hashed, not
 * mtimes, so a checkout or rebase that leaves the files as they were does not rebuild.
 */

export const STAMP_FILE = '.sources.sha256';

const WEB_FILES = ['index.html', 'vite.config.ts', 'precompress.ts', 'build-stamp.ts', 'package.json', 'tsconfig.json'];
const WEB_DIRS = ['src', 'public'];
const ROOT_FILES = ['package-lock.json', 'tsconfig.base.json'];
const SKIP_DIRS = new Set(['node_modules', 'dist', '.tmp']);
const WORKSPACE_IMPORT = /['"]@lodestar\/([a-z0-9-]+)['"/]/g;

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!SKIP_DIRS.has(entry.name)) out.push(...filesUnder(full));
    } else if (entry.isFile()) out.push(full);
  }
  return out;
}

/** The workspace packages these files import, or declare as dependencies in a package.json among them. */
function workspaceImports(files: string[]): Set<string> {
  const names = new Set<string>();
  for (const file of files) {
    if (path.basename(file) === 'package.json') {
      const { dependencies = {} } = JSON.parse(readFileSync(file, 'utf8')) as { dependencies?: Record<string, string> };
      for (const dep of Object.keys(dependencies)) if (dep.startsWith('@lodestar/')) names.add(dep.slice(10));
    } else if (/\.(?:ts|tsx|js|mjs)$/.test(file))
      for (const m of readFileSync(file, 'utf8').matchAll(WORKSPACE_IMPORT)) names.add(m[1]!);
  }
  return names;
}

/** Every file the console's build reads from the repository, sorted, as absolute paths. */
export function consoleSources(repo: string): string[] {
  const web = path.join(repo, 'apps/web');
  const files = [
    ...WEB_FILES.map((f) => path.join(web, f)).filter((f) => existsSync(f)),
    ...readdirSync(web)
      .filter((f) => f.startsWith('.env'))
      .map((f) => path.join(web, f)),
    ...WEB_DIRS.flatMap((d) => filesUnder(path.join(web, d))),
    ...ROOT_FILES.map((f) => path.join(repo, f)).filter((f) => existsSync(f)),
  ];
  // The workspace packages the console imports, and the ones those import.
  const seen = new Set<string>();
  let pending = workspaceImports(files);
  while (pending.size) {
    const next = new Set<string>();
    for (const name of pending) {
      const dir = path.join(repo, 'packages', name);
      if (seen.has(name) || !existsSync(dir)) continue;
      seen.add(name);
      const own = filesUnder(dir);
      files.push(...own);
      for (const n of workspaceImports(own)) next.add(n);
    }
    pending = next;
  }
  return [...new Set(files)].sort();
}

/** SHA-256 over each source's path (relative to the repository) and content, and the VITE_* variables. */
export function sourcesHash(repo: string, env: NodeJS.ProcessEnv = process.env): string {
  const hash = createHash('sha256');
  for (const file of consoleSources(repo)) {
    hash.update(`${path.relative(repo, file).split(path.sep).join('/')}\0`);
    hash.update(readFileSync(file));
    hash.update('\0');
  }
  for (const key of Object.keys(env)
    .filter((k) => k.startsWith('VITE_'))
    .sort())
    hash.update(`${key}=${env[key]}\0`);
  return hash.digest('hex');
}

/** True when dist holds a whole build of exactly these sources. */
export function isBuildFresh(dist: string, hash: string): boolean {
  const stamp = path.join(dist, STAMP_FILE);
  if (!existsSync(stamp) || !existsSync(path.join(dist, 'index.html'))) return false;
  return readFileSync(stamp, 'utf8').trim() === hash;
}

/**
 * Writes the stamp once the bundle is written. The hash is taken when the build starts: a file
 * edited during the build then no longer matches it, and the next start builds again.
 */
export function buildStamp(repo: string): Plugin {
  let hash = '';
  return {
    name: 'lodestar-build-stamp',
    apply: 'build',
    buildStart() {
      hash = sourcesHash(repo);
    },
    writeBundle(options) {
      writeFileSync(path.join(options.dir ?? 'dist', STAMP_FILE), `${hash}\n`);
    },
  };
}
