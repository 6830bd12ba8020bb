import {
  JT808_AREA_KINDS,
  type Jt808AreaKind,
  type Jt808RoutePoint,
  type Jt808ZoneDelete,
  type Jt808ZoneSet,
  type MicroLngLat,
} from './area.ts';

/**
 * A stored 'zoneSet' / 'zoneDelete' payload (jsonb, written by the platform) read back into the encoder's
 * types: the shape is checked here, the ranges by the encoder; either throws a RangeError naming the field,
 * which the command channel turns into a failed command rather than a frame the terminal cannot parse.
 */
export function readJt808ZoneSet(p: Record<string, unknown>): Jt808ZoneSet {
  const area = kind(p.area);
  const common = {
    id: int(p.id, 'id'),
    attributes: int(p.attributes ?? 0, 'attributes'),
    ...(typeof p.name === 'string' ? { name: p.name } : {}),
    ...(p.start !== undefined ? { start: String(p.start) } : {}),
    ...(p.end !== undefined ? { end: String(p.end) } : {}),
  };
  if (area === 'route') {
    if (!Array.isArray(p.points)) throw new RangeError('points');
    return { area, ...common, points: p.points.map(routePoint) };
  }
  const speed = speedFields(p);
  if (area === 'circle')
    return { area, ...common, ...speed, center: point(p.center, 'center'), radius: int(p.radius, 'radius') };
  if (area === 'rectangle') {
    if (!Array.isArray(p.corners) || p.corners.length !== 2) throw new RangeError('corners');
    return { area, ...common, ...speed, corners: [point(p.corners[0], 'corners'), point(p.corners[1], 'corners')] };
  }
  if (!Array.isArray(p.vertices)) throw new RangeError('vertices');
  return { area, ...common, ...speed, vertices: p.vertices.map((v) => point(v, 'vertices')) };
}

export function readJt808ZoneDelete(p: Record<string, unknown>): Jt808ZoneDelete {
  if (!Array.isArray(p.ids)) throw new RangeError('ids');
  return { area: kind(p.area), ids: p.ids.map((id) => int(id, 'ids')) };
}

function kind(v: unknown): Jt808AreaKind {
  if (!(JT808_AREA_KINDS as readonly unknown[]).includes(v)) throw new RangeError('area');
  return v as Jt808AreaKind;
}

function int(v: unknown, field: string): number {
  if (typeof v !== 'number' || !Number.isInteger(v)) throw new RangeError(field);
  return v;
}

function point(v: unknown, field: string): MicroLngLat {
  if (!Array.isArray(v) || v.length !== 2) throw new RangeError(field);
  return [int(v[0], field), int(v[1], field)];
}

function speedFields(p: Record<string, unknown>) {
  return {
    ...(p.speedLimit !== undefined ? { speedLimit: int(p.speedLimit, 'speedLimit') } : {}),
    ...(p.overspeedSeconds !== undefined ? { overspeedSeconds: int(p.overspeedSeconds, 'overspeedSeconds') } : {}),
  };
}

function routePoint(v: unknown): Jt808RoutePoint {
  if (typeof v !== 'object' || v === null) throw new RangeError('points');
  const p = v as Record<string, unknown>;
  return { at: point(p.at, 'points'), width: int(p.width, 'width'), ...speedFields(p) };
}
