/** Test-only helpers: load the vector files (packages/protocols/vectors) and compare decoded values with their assertions. */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Attributes, type DecodedMessage, TRACCAR_ALARM_ALIASES } from '../common/types.ts';

/** <repo>/packages/protocols/src/testing → <repo>/packages/protocols/vectors (their sources: its README). */
export const VECTORS_DIR = join(dirname(fileURLToPath(import.meta.url)), '../../vectors');

export interface VectorFrame {
  hex?: string;
  text?: string;
  transport?: string;
  expect: Record<string, unknown> | null;
  note?: string;
  test?: string | null;
  order?: number;
  verify?: string;
  modelOverride?: string;
  extendedFlag?: boolean;
  disabledTest?: boolean;
  checkLocation?: boolean;
  derived?: Record<string, unknown>;
  http?: { method: string; uri: string; headers?: Record<string, string> };
}

export interface VectorFile {
  protocol: string;
  frames: VectorFrame[];
  responses?: Record<string, unknown>;
  commandVectors?: { command: string; hex?: string; text?: string }[];
  frameDecoderVectors?: { inputHex: string; outputHex: string }[];
}

export function loadVectors(name: string): VectorFile {
  return JSON.parse(readFileSync(join(VECTORS_DIR, name), 'utf8')) as VectorFile;
}

export function frameBytes(f: VectorFrame): Buffer {
  if (f.hex !== undefined) return Buffer.from(f.hex, 'hex');
  return Buffer.from(f.text ?? '', 'latin1');
}

/** Every attribute a message exposes: message level first, then each position's. */
export function allAttributes(m: DecodedMessage): Attributes {
  const out: Attributes = { ...m.attributes };
  for (const p of m.positions) Object.assign(out, p.attributes);
  return out;
}

/** Alarms as Traccar would comma-join them, in our vocabulary. */
export function allAlarms(m: DecodedMessage): string {
  const list = [...m.alarms];
  for (const p of m.positions) for (const a of p.alarms) if (!list.includes(a)) list.push(a);
  return list.join(',');
}

export function normaliseTraccarAlarm(value: string): string {
  return value
    .split(',')
    .map((a) => TRACCAR_ALARM_ALIASES[a] ?? a)
    .join(',');
}

/** Traccar stores speed in knots; we store km/h. */
export const knotsToKmh = (knots: number): number => knots * 1.852;

/** A fix looks like a fix (Traccar's verifyPosition sanity checks). */
export function isSanePosition(p: DecodedMessage['positions'][number]): boolean {
  return (
    Number.isFinite(p.fixTime.getTime()) &&
    p.fixTime.getUTCFullYear() > 1999 &&
    Math.abs(p.lat) <= 90 &&
    Math.abs(p.lon) <= 180 &&
    p.speedKmh >= 0 &&
    Number.isFinite(p.course)
  );
}

/** Seeded PRNG (mulberry32) so fuzz runs are reproducible. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function randomBytes(rand: () => number, n: number): Buffer {
  const b = Buffer.alloc(n);
  for (let i = 0; i < n; i++) b[i] = Math.floor(rand() * 256);
  return b;
}

/** Flip, insert or delete a few bytes of a valid frame. */
export function mutate(rand: () => number, frame: Buffer): Buffer {
  const bytes = [...frame];
  const edits = 1 + Math.floor(rand() * 3);
  for (let i = 0; i < edits; i++) {
    const at = Math.floor(rand() * (bytes.length + 1));
    const op = rand();
    if (op < 0.5 && bytes.length > 0) bytes[Math.min(at, bytes.length - 1)] = Math.floor(rand() * 256);
    else if (op < 0.75) bytes.splice(at, 0, Math.floor(rand() * 256));
    else bytes.splice(at, 1);
  }
  return Buffer.from(bytes);
}
