import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

/** The product's version (the root package.json) and the commit it runs, read once at start. */
export function buildInfo(): { version: string; build: string } {
  let version = '';
  try {
    version = (
      JSON.parse(readFileSync(new URL('../../../../../package.json', import.meta.url), 'utf8')) as {
        version: string;
      }
    ).version;
  } catch {
    version = '';
  }
  let build = process.env.LODESTAR_BUILD ?? '';
  if (!build)
    try {
      build = execFileSync('git', ['rev-parse', '--short', 'HEAD'], {
        cwd: new URL('.', import.meta.url),
        stdio: ['ignore', 'pipe', 'ignore'],
        timeout: 2000,
      })
        .toString()
        .trim();
    } catch {
      build = '';
    }
  return { version, build };
}
