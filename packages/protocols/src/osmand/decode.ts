import { type DecodedMessage, KNOTS_TO_KMH, malformed, newMessage, type Position, safely } from '../common/types.ts';
import { formParams } from './query.ts';

/** An HTTP request as the gateway received it. Give `uri` (path?query) or `query`, and the body if any. */
export interface OsmAndRequest {
  uri?: string;
  query?: string;
  body?: string;
  contentType?: string;
}

export interface OsmAndOptions {
  /** Unit of the query-form `speed` (Traccar Client sends knots; Traccar's osmand.speed option). */
  speedUnit?: 'kn' | 'kmh' | 'mps' | 'mph';
  /** Server clock, used when the request has no timestamp. */
  now?: () => Date;
}

/** The decoded request plus the HTTP status to answer with (400: no device id; 404: JSON without device_id). */
export type OsmAndMessage = DecodedMessage & { httpStatus: 200 | 400 | 404 };

const SPEED_TO_KMH = { kn: KNOTS_TO_KMH, kmh: 1, mps: 3.6, mph: 1.609344 } as const;

/**
 * OsmAnd / Traccar Client HTTP protocol: query string (GET or form POST) or the JSON body of the
 * background-geolocation SDK (content type application/json).
 */
export function decodeOsmAnd(request: OsmAndRequest, options: OsmAndOptions = {}): OsmAndMessage {
  const m: OsmAndMessage = { ...newMessage('osmand', 'query'), httpStatus: 400 };
  const now = options.now ?? (() => new Date());
  if (request.contentType?.toLowerCase().startsWith('application/json')) {
    m.messageType = 'json';
    m.httpStatus = 404;
    return safely(m, () => decodeJson(request.body ?? '', m)) as OsmAndMessage;
  }
  try {
    decodeQuery(request, m, options, now);
  } catch (err) {
    malformed(m, err);
  }
  return m;
}

/** "1377177267" (s), "1442068686579" (ms), ISO-8601, or "yyyy-MM-dd HH:mm:ss" (UTC). */
export function parseOsmAndTime(value: string): Date {
  if (/^\d+$/.test(value)) {
    const n = Number(value);
    return new Date(n < 2 ** 31 - 1 ? n * 1000 : n);
  }
  const iso = value.includes('T') ? value : `${value.replace(' ', 'T')}Z`;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) throw new RangeError(`bad timestamp ${value}`);
  return date;
}

function scalar(value: string): number | boolean | string {
  if (value === 'true' || value === 'false') return value === 'true';
  return value.trim() !== '' && Number.isFinite(Number(value)) ? Number(value) : value;
}

function decodeQuery(request: OsmAndRequest, m: OsmAndMessage, options: OsmAndOptions, now: () => Date): void {
  let query = request.query ?? afterQuestionMark(request.uri) ?? '';
  if (query === '' && request.body) query = request.body;
  const params = formParams(query);
  const p: Position = {
    fixTime: now(),
    valid: true,
    lat: 0,
    lon: 0,
    speedKmh: 0,
    course: 0,
    alarms: [],
    attributes: {},
  };
  const a = p.attributes;
  const cells: string[] = [];
  const wifi: string[] = [];
  let lat: number | undefined;
  let lon: number | undefined;
  const speedFactor = SPEED_TO_KMH[options.speedUnit ?? 'kn'];
  for (let i = 0; i < params.length; i += 2) {
    const key = params[i] as string;
    const value = params[i + 1] as string;
    if (key === 'id' || key === 'deviceid') m.deviceId = value;
    else if (key === 'valid') p.valid = value === 'true' || value === '1';
    else if (key === 'timestamp') p.fixTime = parseOsmAndTime(value);
    else if (key === 'lat') lat = Number(value);
    else if (key === 'lon') lon = Number(value);
    else if (key === 'location') [lat, lon] = value.split(',').map(Number);
    else if (key === 'cell') cells.push(value);
    else if (key === 'wifi') wifi.push(value);
    else if (key === 'speed') p.speedKmh = Number(value) * speedFactor;
    else if (key === 'bearing' || key === 'heading') p.course = Number(value);
    else if (key === 'altitude') p.altitude = Number(value);
    else if (key === 'batt') a.batteryLevel = Number(value);
    else if (key === 'charge') a.charge = value === 'true';
    else a[key] = scalar(value);
  }
  if (cells.length > 0) a.cells = cells.join(';');
  if (wifi.length > 0) a.wifi = wifi.join(';');
  if (m.deviceId === undefined) {
    m.error = 'no id or deviceid parameter';
    return;
  }
  m.httpStatus = 200;
  if (lat !== undefined && lon !== undefined && Number.isFinite(lat) && Number.isFinite(lon)) {
    p.lat = lat;
    p.lon = lon;
    m.positions.push(p);
    m.kind = 'position';
  } else {
    // No coordinates (cell / Wi-Fi only): the gateway keeps the last known location.
    Object.assign(m.attributes, a, { deviceTime: p.fixTime.toISOString() });
    m.kind = 'heartbeat';
  }
}

/** The query part of a request target: everything after the first '?' ('' when there is none). */
function afterQuestionMark(uri: string | undefined): string | undefined {
  if (uri === undefined) return undefined;
  const at = uri.indexOf('?');
  return at < 0 ? '' : uri.slice(at + 1);
}

type Json = Record<string, unknown>;

function decodeJson(body: string, m: OsmAndMessage): void {
  const root = JSON.parse(body) as Json;
  const location = (root.location ?? {}) as Json;
  if (typeof root.device_id !== 'string' && typeof root.device_id !== 'number') {
    m.error = 'no device_id';
    return;
  }
  m.deviceId = String(root.device_id);
  m.httpStatus = 200;
  const fixTime = parseOsmAndTime(String(location.timestamp));
  const p: Position = { fixTime, valid: false, lat: 0, lon: 0, speedKmh: 0, course: 0, alarms: [], attributes: {} };
  const a = p.attributes;
  const coords = location.coords as Json | undefined;
  if (coords) {
    p.valid = true;
    p.lat = Number(coords.latitude);
    p.lon = Number(coords.longitude);
    if (Number(coords.speed) >= 0) p.speedKmh = Number(coords.speed) * 3.6;
    if (Number(coords.heading) >= 0) p.course = Number(coords.heading);
    if (typeof coords.accuracy === 'number') a.accuracy = coords.accuracy;
    if (typeof coords.altitude === 'number') p.altitude = coords.altitude;
  }
  if (typeof location.event === 'string') a.event = location.event;
  if (typeof location.is_moving === 'boolean') a.motion = location.is_moving;
  if (typeof location.odometer === 'number') a.odometer = location.odometer;
  if (typeof location.mock === 'boolean') a.mock = location.mock;
  const activity = location.activity as Json | undefined;
  if (typeof activity?.type === 'string') a.activity = activity.type;
  const battery = location.battery as Json | undefined;
  if (battery && Number(battery.level) >= 0) a.batteryLevel = Math.floor(Number(battery.level) * 100);
  if (battery?.is_charging === true) a.charge = true;
  for (const [key, value] of Object.entries((location.extras ?? {}) as Json)) {
    if (typeof value === 'number' || typeof value === 'string' || typeof value === 'boolean') a[key] = value;
  }
  if (coords) {
    m.positions.push(p);
    m.kind = 'position';
  } else {
    Object.assign(m.attributes, a);
    m.kind = 'heartbeat';
  }
}
