import { readFileSync } from 'node:fs';
import { isTimeZone } from '../lib/time.ts';

/** The setting readers every part of the config shares: each names the setting in its error. */

export function int(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0) throw new Error(`Setting ${name} must be a whole number, got "${raw}"`);
  return n;
}

export function positiveInt(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const n = int(env, name, fallback);
  if (n < 1) throw new Error(`Setting ${name} must be at least 1, got "${env[name]}"`);
  return n;
}

export function onOff(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const raw = env[name]?.trim().toLowerCase();
  if (!raw) return fallback;
  if (['on', '1', 'true'].includes(raw)) return true;
  if (['off', '0', 'false'].includes(raw)) return false;
  throw new Error(`Setting ${name} must be "on" or "off", got "${env[name]}"`);
}

export function oneOf<T extends string>(env: NodeJS.ProcessEnv, name: string, values: readonly T[], fallback: T): T {
  const raw = env[name]?.trim().toLowerCase();
  if (!raw) return fallback;
  if ((values as readonly string[]).includes(raw)) return raw as T;
  throw new Error(`Setting ${name} must be one of ${values.join(', ')}, got "${env[name]}"`);
}

export function zoneSetting(env: NodeJS.ProcessEnv, name: string, fallback: string): string {
  const v = env[name] || fallback;
  if (!isTimeZone(v)) throw new Error(`Setting ${name} must be an IANA time zone such as Asia/Shanghai, got "${v}"`);
  return v;
}

/** NAME, or the contents of the file NAME_FILE names. */
export function secret(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const file = env[`${name}_FILE`];
  if (file) {
    try {
      return readFileSync(file, 'utf8').trim();
    } catch (err) {
      throw new Error(`Setting ${name}_FILE: cannot read "${file}" (${(err as Error).message})`);
    }
  }
  return env[name] || undefined;
}
