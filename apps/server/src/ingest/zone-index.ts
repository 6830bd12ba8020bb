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
/**
 * How far ahead of the fix a new near box is centred, along the way the device left the last one: a device driving
 * on crosses 1.6 half-sides of it before the next walk rather than one.
 */
const NEAR_AHEAD = 0.6 * NEAR_DEGREES;
/**
 * The record keeps boxes as 32-bit floats (under 8e-6 degrees off anywhere on the globe), moved by this much before
 * rounding: the near box inward, so a fix inside it is inside the box its zones were listed for; a near zone's box
 * outward, so no fix inside the zone's own box fails it (a pass is then confirmed against `boxes`).
 */
const MARGIN = 1e-5;

const NONE: readonly number[] = [];

/**
 * ZoneIndex's device record: REC four-byte words a slot, 64 bytes, what the check of a fix that meets no zone reads
 * (the first 48 bytes lie in one line of memory wherever the buffer starts). COUNT: how many of the device's bound
 * zones' search boxes meet its near box, NO_NEAR before the first walk, LINEAR for a device with few zones (their
 * boxes are tested one by one); NEAR_BOX: the near box [minLng, minLat, maxLng, maxLat] as floats; then the first
 * NEAR_INLINE near zones, NEAR_STRIDE words each: the zone's index (int), its search box (floats).
 */
const COUNT = 0;
const NEAR_BOX = 1;
const NEAR_FIRST = 5;
const NEAR_STRIDE = 5;
const NEAR_INLINE = 2;
const REC = 16;
const NO_NEAR = -1;
const LINEAR = -2;

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
   * The device records (REC words a slot), as ints and as floats over one buffer. A fix reads its device's record
   * and, most fixes, nothing else of the index: the near part was four arrays, a cache miss each among a thousand
   * devices, then each near zone's box in `boxes`, another; then 128 bytes a device, two or three lines. The near
   * part is a cache of this index alone (a new index starts with none), so the index's answers stay the same.
   */
  private readonly recInt: Int32Array;
  private readonly recFloat: Float32Array;
  /** slot → when its VIP ends (ms): read only for a fix that meets a zone or a device inside one. */
  private readonly vipUntil: Float64Array;
  /** Tree walks for near boxes so far (tests and benches). */
  walks = 0;
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
    const records = new ArrayBuffer(bindings.length * REC * 4);
    this.recInt = new Int32Array(records);
    this.recFloat = new Float32Array(records);
    this.vipUntil = new Float64Array(bindings.length);
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
      this.recInt[slot * REC + COUNT] = n - from <= LINEAR_MAX || !this.tree ? LINEAR : NO_NEAR;
      this.vipUntil[slot] = b.vipUntil;
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
    return time < this.vipUntil[slot]!;
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
    const ri = this.recInt;
    const rf = this.recFloat;
    const s = slot * REC;
    let count = ri[s + COUNT]!;
    if (count === LINEAR) return this.linear(slot, lng, lat);
    // A box holding the point meets any near box holding it: the near list has every candidate.
    const b = s + NEAR_BOX;
    if (count === NO_NEAR || !(lng >= rf[b]! && lat >= rf[b + 1]! && lng <= rf[b + 2]! && lat <= rf[b + 3]!))
      count = this.walk(slot, lng, lat);
    const bx = this.boxes;
    let out: number[] | undefined;
    if (count <= NEAR_INLINE) {
      // The near zones and their boxes in the record (nearly every device at a city's density).
      for (let at = s + NEAR_FIRST; at < s + NEAR_FIRST + count * NEAR_STRIDE; at += NEAR_STRIDE)
        if (lng >= rf[at + 1]! && lat >= rf[at + 2]! && lng <= rf[at + 3]! && lat <= rf[at + 4]!) {
          const i = ri[at]!;
          const o = i * 4;
          if (lng >= bx[o]! && lat >= bx[o + 1]! && lng <= bx[o + 2]! && lat <= bx[o + 3]!) {
            out ??= [];
            out.push(i);
          }
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

  /**
   * True when the device's record alone shows the point meets none of its zones: inside its near box and outside
   * the boxes of the near zones it holds. False says only "ask candidates" (a device with few zones, no near box
   * yet, the point outside it, or more near zones than the record holds). Reads one record and nothing else.
   */
  clear(slot: number, lng: number, lat: number): boolean {
    const ri = this.recInt;
    const rf = this.recFloat;
    const s = slot * REC;
    const count = ri[s + COUNT]!;
    if (count < 0 || count > NEAR_INLINE) return false;
    const b = s + NEAR_BOX;
    if (!(lng >= rf[b]! && lat >= rf[b + 1]! && lng <= rf[b + 2]! && lat <= rf[b + 3]!)) return false;
    for (let at = s + NEAR_FIRST; at < s + NEAR_FIRST + count * NEAR_STRIDE; at += NEAR_STRIDE)
      if (lng >= rf[at + 1]! && lat >= rf[at + 2]! && lng <= rf[at + 3]! && lat <= rf[at + 4]!) return false;
    return true;
  }

  /** A device with few zones: each of their boxes tested (below LINEAR_MAX this beats walking the tree). */
  private linear(slot: number, lng: number, lat: number): readonly number[] {
    const to = this.starts[slot + 1]!;
    const bx = this.boxes;
    let out: number[] | undefined;
    for (let k = this.starts[slot]!; k < to; k++) {
      const i = this.bound[k]!;
      const o = i * 4;
      if (lng >= bx[o]! && lat >= bx[o + 1]! && lng <= bx[o + 2]! && lat <= bx[o + 3]!) {
        out ??= [];
        out.push(i);
      }
    }
    return out ?? NONE;
  }

  /**
   * A new near box holding the point, and its zones listed from the tree: in the record when they are few. When
   * the point left the last box, the new one leans the way it left (a driving device's next fixes lie ahead).
   * Answers how many zones it listed.
   */
  private walk(slot: number, lng: number, lat: number): number {
    const ri = this.recInt;
    const rf = this.recFloat;
    const s = slot * REC;
    const b = s + NEAR_BOX;
    let cLng = lng;
    let cLat = lat;
    if (ri[s + COUNT] !== NO_NEAR) {
      const dx = lng - (rf[b]! + rf[b + 2]!) / 2;
      const dy = lat - (rf[b + 1]! + rf[b + 3]!) / 2;
      const norm = Math.max(Math.abs(dx), Math.abs(dy));
      // A jump far from the last box says nothing of where the device goes next.
      if (norm > 0 && norm < 2 * NEAR_DEGREES) {
        cLng += (dx / norm) * NEAR_AHEAD;
        cLat += (dy / norm) * NEAR_AHEAD;
      }
    }
    const minLng = cLng - NEAR_DEGREES;
    const minLat = cLat - NEAR_DEGREES;
    const maxLng = cLng + NEAR_DEGREES;
    const maxLat = cLat + NEAR_DEGREES;
    rf[b] = minLng + MARGIN;
    rf[b + 1] = minLat + MARGIN;
    rf[b + 2] = maxLng - MARGIN;
    rf[b + 3] = maxLat - MARGIN;
    this.walks++;
    const near = this.tree!.search(minLng, minLat, maxLng, maxLat, (i) => this.isBound(slot, i));
    ri[s + COUNT] = near.length;
    if (near.length > NEAR_INLINE) {
      this.near[slot] = near;
      return near.length;
    }
    const bx = this.boxes;
    for (let k = 0; k < near.length; k++) {
      const at = s + NEAR_FIRST + k * NEAR_STRIDE;
      const o = near[k]! * 4;
      ri[at] = near[k]!;
      rf[at + 1] = bx[o]! - MARGIN;
      rf[at + 2] = bx[o + 1]! - MARGIN;
      rf[at + 3] = bx[o + 2]! + MARGIN;
      rf[at + 4] = bx[o + 3]! + MARGIN;
    }
    return near.length;
  }

  /** What the index holds, for the bench's memory figure: its typed arrays. */
  get typedBytes(): number {
    return (
      this.keys.byteLength +
      this.boxes.byteLength +
      this.starts.byteLength +
      this.bound.byteLength +
      this.recInt.byteLength +
      this.vipUntil.byteLength +
      (this.slotAt?.byteLength ?? 0) +
      (this.tree?.data.byteLength ?? 0)
    );
  }
}
