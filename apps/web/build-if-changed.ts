/**
 * `npm start`'s first step: builds the console only when its sources changed since the last build
 * (build-stamp.ts), and then quietly: one line saying why, Vite's errors only, the time it took.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isBuildFresh, sourcesHash } from './build-stamp.ts';

const web = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(web, '../..');
const dist = path.join(web, 'dist');

if (!isBuildFresh(dist, sourcesHash(repo))) {
  const started = Date.now();
  process.stdout.write('Building the console (its sources changed since the last build)…\n');
  try {
    // Vite takes about a second to load: only when there is something to build.
    const { build } = await import('vite');
    await build({ root: web, configFile: path.join(web, 'vite.config.ts'), logLevel: 'error' });
  } catch {
    // Vite has printed the error.
    process.stderr.write('The console did not build: see the error above.\n');
    process.exit(1);
  }
  process.stdout.write(`Console built in ${Math.round((Date.now() - started) / 1000)} s.\n`);
}
