import type { ZoneVisit } from '@lodestar/domain';
import { DENSE_PKS } from './zone-index.ts';

/** A device's visits by zoneKey. */
export type Visits = ReadonlyMap<number, ZoneVisit>;
export const NO_VISITS: Visits = new Map();

/** KeptVisits' byte a device: not read yet, read and inside no zone, inside some. */
const UNREAD = 0;
const OUTSIDE = 1;
const INSIDE = 2;

/**
 * The visits of the devices read so far, by pk: a Map, and beside it a byte a pk (below DENSE_PKS) saying whether
 * they were read and whether there are any. The check of a device outside every zone, nearly every fix, then asks
 * the Map nothing: a look-up among a thousand devices' entries was a cache miss a fix, twice (the flush's batch
 * asking whether they were read, and the step).
 */
export class KeptVisits {
  private readonly map = new Map<number, Visits>();
  private flags = new Uint8Array(1024);

  /** Undefined: not read yet. */
  get(pk: number): Visits | undefined {
    if (pk >= 0 && pk < DENSE_PKS) {
      const f = pk < this.flags.length ? this.flags[pk]! : UNREAD;
      if (f === UNREAD) return undefined;
      if (f === OUTSIDE) return NO_VISITS;
    }
    return this.map.get(pk);
  }

  /** True unless the device was read and is inside no zone (unread counts as inside: its visits are unknown). */
  inside(pk: number): boolean {
    if (pk >= 0 && pk < DENSE_PKS) return !(pk < this.flags.length && this.flags[pk] === OUTSIDE);
    return (this.map.get(pk)?.size ?? 1) > 0;
  }

  has(pk: number): boolean {
    return this.get(pk) !== undefined;
  }

  set(pk: number, visits: Visits): void {
    this.map.set(pk, visits);
    if (pk < 0 || pk >= DENSE_PKS) return;
    if (pk >= this.flags.length) {
      const grown = new Uint8Array(Math.min(DENSE_PKS, Math.max(pk + 1, this.flags.length * 2)));
      grown.set(this.flags);
      this.flags = grown;
    }
    this.flags[pk] = visits.size ? INSIDE : OUTSIDE;
  }

  delete(pk: number): void {
    this.map.delete(pk);
    if (pk >= 0 && pk < this.flags.length) this.flags[pk] = UNREAD;
  }

  entries(): IterableIterator<[number, Visits]> {
    return this.map.entries();
  }
}
