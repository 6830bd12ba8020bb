import { stayDue, stayEvent, stepZone, type ZoneFix, type ZoneVisit } from '@lodestar/domain';
import type { StayPlace, ZoneCheck, ZoneFixIn, ZoneHit } from './zone-engine.ts';
import type { ZoneIndex } from './zone-index.ts';
import { type VisitChanges, zoneIdOf, zoneKindOf } from './zone-sql.ts';
import { type KeptVisits, NO_VISITS, type Visits } from './zone-visits.ts';

const sameVisit = (a: ZoneVisit | undefined, b: ZoneVisit | undefined) =>
  a === b ||
  (a !== undefined &&
    b !== undefined &&
    a.enteredAt === b.enteredAt &&
    a.overspeed === b.overspeed &&
    a.stayFired === b.stayFired);

/** One step's visits before, and what it changed: the visits after (a copy, when any changed) and its events. */
interface Stepped {
  visits: Visits;
  next: Map<number, ZoneVisit> | undefined;
  hits: ZoneHit[] | undefined;
}

/**
 * One flush's steps. Visits changed here are copies (the kept ones are shared with no one else, but a failed flush
 * must leave them as they were); `commit` puts them in place after the COMMIT.
 */
export class ZoneBatch implements ZoneCheck {
  private readonly working = new Map<number, Map<number, ZoneVisit>>();

  constructor(
    private readonly index: ZoneIndex,
    private readonly kept: KeptVisits,
    private readonly hysteresisMetres: number,
  ) {}

  clear(devicePk: number, lng: number, lat: number): boolean {
    const index = this.index;
    const slot = index.slotOf(devicePk);
    if (slot === undefined) return true;
    // Inside a zone (committed, or stepped in earlier in this flush): every fix is stepped, it is how one leaves.
    if (this.kept.inside(devicePk) || (this.working.size > 0 && this.working.has(devicePk))) return false;
    return index.clear(slot, lng, lat);
  }

  private visitsOf(pk: number): Visits {
    return (this.working.size ? this.working.get(pk) : undefined) ?? this.kept.get(pk) ?? NO_VISITS;
  }

  step(devicePk: number, fix: ZoneFixIn): ZoneHit[] | undefined {
    const index = this.index;
    const slot = index.slotOf(devicePk);
    if (slot === undefined) return undefined;
    const visits = this.visitsOf(devicePk);
    const candidates = index.candidates(slot, fix.lon, fix.lat);
    // Most fixes: outside every zone and inside none before, so nothing is allocated past this point (and the
    // VIP, which needs the fix's time from its Date, is not asked: without a zone to step it changes nothing).
    if (!candidates.length && !visits.size) return undefined;
    const time = fix.fixTime.getTime();
    if (!index.vipAt(slot, time)) return undefined;

    const zf: ZoneFix = { time, lat: fix.lat, lng: fix.lon, speed: fix.speedKmh, valid: fix.valid };
    const out: Stepped = { visits, next: undefined, hits: undefined };
    for (const zi of candidates) {
      const key = index.keys[zi]!;
      this.stepOne(out, zi, key, visits.get(key), zf);
    }
    // Inside a zone, a fix beyond its box must still be stepped: it is how the device leaves.
    for (const [key, visit] of visits) {
      const zi = index.zoneOf(key);
      if (zi < 0 || !index.isBound(slot, zi)) {
        // Unbound or removed since the visit began (a reload raced this device's last flush).
        out.next ??= new Map(visits);
        out.next.delete(key);
      } else if (!candidates.includes(zi)) this.stepOne(out, zi, key, visit, zf);
    }
    if (out.next) this.working.set(devicePk, out.next);
    return out.hits;
  }

  private stepOne(out: Stepped, zi: number, key: number, visit: ZoneVisit | undefined, zf: ZoneFix): void {
    const zone = this.index.zones[zi]!;
    const r = stepZone(zone, visit, zf, this.hysteresisMetres);
    if (!sameVisit(visit, r.visit)) {
      out.next ??= new Map(out.visits);
      if (r.visit) out.next.set(key, r.visit);
      else out.next.delete(key);
    }
    if (!r.events.length) return;
    out.hits ??= [];
    for (const e of r.events) out.hits.push({ ...e, zoneName: zone.def.name });
  }

  /**
   * The stay timer of a device that sent no fix (parked, or silent): fenceStay for each visit past its max stay,
   * at the device's last known place, stamped `now`.
   */
  stays(devicePk: number, now: number, last: StayPlace): ZoneHit[] | undefined {
    const index = this.index;
    const slot = index.slotOf(devicePk);
    if (slot === undefined || !index.vipAt(slot, now)) return undefined;
    const visits = this.visitsOf(devicePk);
    let next: Map<number, ZoneVisit> | undefined;
    const hits: ZoneHit[] = [];
    for (const [key, visit] of visits) {
      const zi = index.zoneOf(key);
      if (zi < 0 || !index.isBound(slot, zi) || visit.stayFired) continue;
      const zone = index.zones[zi]!;
      if (!stayDue(zone, visit, now)) continue;
      const fired = stayEvent(zone, visit, now, { lat: last.lat ?? 0, lng: last.lon ?? 0, speed: last.speed ?? 0 });
      next ??= new Map(visits);
      next.set(key, fired.visit);
      hits.push({ ...fired.event, zoneName: zone.def.name });
    }
    if (next) this.working.set(devicePk, next);
    return hits.length ? hits : undefined;
  }

  changes(): VisitChanges {
    const out: VisitChanges = { upserts: [], leaves: [] };
    for (const [pk, next] of this.working) {
      const before = this.kept.get(pk) ?? NO_VISITS;
      for (const [key, v] of next)
        if (!sameVisit(before.get(key), v))
          out.upserts.push({
            device_pk: pk,
            zone_kind: zoneKindOf(key) === 'road' ? 'r' : 'f',
            zone_id: zoneIdOf(key),
            entered_at: new Date(v.enteredAt),
            overspeed: v.overspeed,
            stay_fired: v.stayFired,
          });
      for (const key of before.keys())
        if (!next.has(key))
          out.leaves.push({
            device_pk: pk,
            zone_kind: zoneKindOf(key) === 'road' ? 'r' : 'f',
            zone_id: zoneIdOf(key),
          });
    }
    return out;
  }

  /** After the COMMIT: the stepped visits become the kept ones. */
  commit(): void {
    for (const [pk, next] of this.working) this.kept.set(pk, next.size ? next : NO_VISITS);
  }
}
