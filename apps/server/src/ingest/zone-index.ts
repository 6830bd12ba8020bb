import type { CompiledZone } from '@lodestar/domain';
import Flatbush from 'flatbush';
import { type DeviceBindings, zoneKey } from './zone-sql.ts';

/**
 * Zone id → zone index for one kind, -1 when not indexed: an array look-up per binding (a million at a reload)
 * while ids are dense enough, a Map past that.
 */
function denseIndex(zones: CompiledZone[], kind: 'fence' | 'road'): (id: number) => number {
  let max = 0;
  let count = 0;
  for (const z of zones)
    if (z.def.kind === kind) {
      max = Math.max(max, z.def.id);
      count++;
    }
  if (max > 16 * count + 1_000_000) {
    const byId = new Map<number, number>();
    zones.forEach((z, i) => {
      if (z.def.kind === kind) byId.set(z.def.id, i);
    });
    return (id) => byId.get(id) ?? -1;
  }
  const at = new Int32Array(max + 1).fill(-1);
  zones.forEach((z, i) => {
    if (z.def.kind === kind) at[z.def.id] = i;
  });
  return (id) => (id >= 0 && id <= max ? at[id]! : -1);
}

/**
 * A device with at most this many zones tests their boxes one by one: below it a loop over a few boxes beats
 * walking a tree of ten thousand.
 */
const LINEAR_MAX = 16;

/**
 * Half the side (degrees; about 500 m) of the box around a device's fix for which its zones nearby are listed: the
 * next fixes inside that box test those few boxes instead of walking the tree again. Walking it for every fix was
 * half the check's cost (10,000 zones, 1,000 bound per device).
 */
const NEAR_DEGREES = 0.005;

const NONE: readonly number[] = [];

/**
 * ZoneIndex's device record: its length and where each part is. The near zones kept in it take NEAR_STRIDE numbers
 * each: the zone's index, then its search box.
 */
const VIP = 0;
const NEAR_BOX = 1;
const NEAR_COUNT = 5;
const NEAR_FIRST = 6;
const NEAR_STRIDE = 5;
const NEAR_INLINE = 2;
const REC = NEAR_FIRST + NEAR_INLINE * NEAR_STRIDE;

/** Device pks below this are looked up in arrays rather than Maps (ZoneIndex's slots, the engine's visits). */
export const DENSE_PKS = 1 << 22;

/**
 * The bound zones, compiled, in one static R-tree over their search boxes, and each device's zones as a sorted
 * run of zone indexes in one Int32Array (a million bindings: 4 MB, plus a Map entry a device). Immutable: a
 * change builds a new index and swaps it in, so a flush in flight keeps the one it started with.
 */
export class ZoneIndex {
  /** zone index → compiled zone */
  readonly zones: CompiledZone[];
  /** zone index → zoneKey */
  readonly keys: Float64Array;
  /** fence or road id → zone index, -1 when not indexed */
  private readonly fenceAt: (id: number) => number;
  private readonly roadAt: (id: number) => number;
  /** [minLng, minLat, maxLng, maxLat] a zone */
  private readonly boxes: Float64Array;
  private readonly tree: Flatbush | undefined;
  private readonly slots: Map<number, number>;
  /** device pk → slot, -1 when none: `slots` as an array while pks are dense enough (one read a fix, no hashing). */
  private readonly slotAt: Int32Array | undefined;
  /** slot → the start of its run in `bound`; a run ends where the next slot's starts. */
  private readonly starts: Int32Array;
  private readonly bound: Int32Array;
  /**
   * A device's record, what a fix of it reads, in two adjacent lines of memory (REC numbers a slot): when its VIP
   * ends (ms), the [minLng, minLat, maxLng, maxLat] of its near box (NaN: none yet), how many of its bound zones'
   * search boxes meet that box, and the first NEAR_INLINE of them with their boxes. These were four arrays, a cache
   * miss each a fix among a thousand devices, and then each near zone's box in `boxes`, another. The near part is a
   * cache of this index alone (a new index starts with none), so the index's answers stay the same.
   */
  private readonly rec: Float64Array;
  /** slot → its near zones, when there are more than NEAR_INLINE of them. */
  private readonly near: number[][];

  static readonly EMPTY = new ZoneIndex([], []);

  constructor(zones: CompiledZone[], bindings: DeviceBindings[]) {
    this.zones = zones;
    this.keys = new Float64Array(zones.length);
    this.boxes = new Float64Array(zones.length * 4);
    zones.forEach((z, i) => {
      const key = zoneKey(z.def.kind, z.def.id);
      this.keys[i] = key;
      this.boxes.set(z.searchBox, i * 4);
    });
    if (zones.length) {
      this.tree = new Flatbush(zones.length);
      for (const z of zones) this.tree.add(z.searchBox[0], z.searchBox[1], z.searchBox[2], z.searchBox[3]);
      this.tree.finish();
    }

    let total = 0;
    for (const b of bindings) total += b.fenceIds.length + b.roadIds.length;
    const fenceAt = denseIndex(zones, 'fence');
    const roadAt = denseIndex(zones, 'road');
    this.fenceAt = fenceAt;
    this.roadAt = roadAt;
    this.slots = new Map();
    this.starts = new Int32Array(bindings.length + 1);
    this.bound = new Int32Array(total);
    this.rec = new Float64Array(bindings.length * REC).fill(Number.NaN);
    this.near = [];
    let n = 0;
    let slot = 0;
    for (const b of bindings) {
      const from = n;
      for (let k = 0; k < b.fenceIds.length; k++) {
        const i = fenceAt(b.fenceIds[k]!);
        if (i >= 0) this.bound[n++] = i;
      }
      for (let k = 0; k < b.roadIds.length; k++) {
        const i = roadAt(b.roadIds[k]!);
        if (i >= 0) this.bound[n++] = i;
      }
      if (n === from) continue;
      this.bound.subarray(from, n).sort();
      this.slots.set(b.devicePk, slot);
      this.starts[slot] = from;
      this.rec[slot * REC + VIP] = b.vipUntil;
      slot++;
      this.starts[slot] = n;
    }
    let maxPk = -1;
    for (const pk of this.slots.keys()) maxPk = Math.max(maxPk, pk);
    if (maxPk >= 0 && maxPk < DENSE_PKS) {
      this.slotAt = new Int32Array(maxPk + 1).fill(-1);
      for (const [pk, at] of this.slots) if (pk >= 0) this.slotAt[pk] = at;
    }
  }

  get size(): { zones: number; devices: number; bindings: number } {
    return { zones: this.zones.length, devices: this.slots.size, bindings: this.starts[this.slots.size] ?? 0 };
  }

  /** The device's slot, or undefined when no zone is bound to it: the whole cost of a device without fences. */
  slotOf(devicePk: number): number | undefined {
    const at = this.slotAt;
    if (!at) return this.slots.get(devicePk);
    const slot = devicePk >= 0 && devicePk < at.length ? at[devicePk]! : -1;
    return slot >= 0 ? slot : undefined;
  }

  /** The zone index of a zoneKey, -1 when that zone is not indexed: the same arrays the bindings were read through. */
  zoneOf(key: number): number {
    const road = key % 2 === 1;
    return road ? this.roadAt((key - 1) / 2) : this.fenceAt(key / 2);
  }

  has(devicePk: number): boolean {
    return this.slotOf(devicePk) !== undefined;
  }

  /** Fences are VIP-only: a device is checked while its VIP holds at `time` (ms). */
  vipAt(slot: number, time: number): boolean {
    return time < this.rec[slot * REC + VIP]!;
  }

  isBound(slot: number, zone: number): boolean {
    let lo = this.starts[slot]!;
    let hi = this.starts[slot + 1]! - 1;
    const b = this.bound;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      const v = b[mid]!;
      if (v === zone) return true;
      if (v < zone) lo = mid + 1;
      else hi = mid - 1;
    }
    return false;
  }

  /**
   * The device's zones whose search box holds the point, in no particular order. A fix outside every zone (most
   * of them) gets the one empty array: nothing allocated, and no array emptied (setting `length` is a runtime call).
   */
  candidates(slot: number, lng: number, lat: number): readonly number[] {
    const from = this.starts[slot]!;
    const to = this.starts[slot + 1]!;
    const bx = this.boxes;
    let out: number[] | undefined;
    if (to - from <= LINEAR_MAX || !this.tree) {
      for (let k = from; k < to; k++) {
        const i = this.bound[k]!;
        const o = i * 4;
        if (lng >= bx[o]! && lat >= bx[o + 1]! && lng <= bx[o + 2]! && lat <= bx[o + 3]!) {
          out ??= [];
          out.push(i);
        }
      }
      return out ?? NONE;
    }
    // A box holding the point meets any near box holding it: the near list has every candidate (NaN fails here).
    const r = this.rec;
    const s = slot * REC;
    const b = s + NEAR_BOX;
    if (!(lng >= r[b]! && lat >= r[b + 1]! && lng <= r[b + 2]! && lat <= r[b + 3]!)) {
      r[b] = lng - NEAR_DEGREES;
      r[b + 1] = lat - NEAR_DEGREES;
      r[b + 2] = lng + NEAR_DEGREES;
      r[b + 3] = lat + NEAR_DEGREES;
      const near = this.tree.search(r[b]!, r[b + 1]!, r[b + 2]!, r[b + 3]!, (i) => this.isBound(slot, i));
      r[s + NEAR_COUNT] = near.length;
      if (near.length > NEAR_INLINE) this.near[slot] = near;
      else
        for (let k = 0; k < near.length; k++) {
          const at = s + NEAR_FIRST + k * NEAR_STRIDE;
          const o = near[k]! * 4;
          r[at] = near[k]!;
          r[at + 1] = bx[o]!;
          r[at + 2] = bx[o + 1]!;
          r[at + 3] = bx[o + 2]!;
          r[at + 4] = bx[o + 3]!;
        }
    }
    const count = r[s + NEAR_COUNT]!;
    if (count <= NEAR_INLINE) {
      // The near zones and their boxes in the record (nearly every device at a city's density).
      for (let at = s + NEAR_FIRST; at < s + NEAR_FIRST + count * NEAR_STRIDE; at += NEAR_STRIDE)
        if (lng >= r[at + 1]! && lat >= r[at + 2]! && lng <= r[at + 3]! && lat <= r[at + 4]!) {
          out ??= [];
          out.push(r[at]!);
        }
      return out ?? NONE;
    }
    for (const i of this.near[slot]!) {
      const o = i * 4;
      if (lng >= bx[o]! && lat >= bx[o + 1]! && lng <= bx[o + 2]! && lat <= bx[o + 3]!) {
        out ??= [];
        out.push(i);
      }
    }
    return out ?? NONE;
  }

  /** What the index holds, for the bench's memory figure: its typed arrays. */
  get typedBytes(): number {
    return (
      this.keys.byteLength +
      this.boxes.byteLength +
      this.starts.byteLength +
      this.bound.byteLength +
      this.rec.byteLength +
      (this.slotAt?.byteLength ?? 0) +
      (this.tree?.data.byteLength ?? 0)
    );
  }
}
