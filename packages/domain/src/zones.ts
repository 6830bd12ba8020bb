/**
 * Geo-fences, roads and points (issue #17): the names and limits server and console share. Geometry is
 * WGS-84 as GeoJSON orders it, `[lng, lat]`; the console converts to and from the map's system (GCJ-02 on
 * Amap and Tencent, BD-09 on Baidu) at the edge, so a fence stays on the same ground whichever map drew it.
 * The geometry tests themselves are in zone-geometry.ts, the enter/leave/stay rules in zone-rules.ts.
 */

/** A fence's record type (spec section 3): which crossings are recorded as events. */
export const FENCE_RECORD_TYPES = ['both', 'enter', 'leave', 'none'] as const;
export type FenceRecordType = (typeof FENCE_RECORD_TYPES)[number];

/** How the fence was drawn: a circle, an axis-aligned rectangle, or a polygon (holes allowed). */
export const FENCE_SHAPES = ['circle', 'rectangle', 'polygon'] as const;
export type FenceShape = (typeof FENCE_SHAPES)[number];

/** What the fence engine records (events.alarm; events.type is 'alarm' when the fence or road triggers alarms). */
export const ZONE_EVENT_TYPES = [
  'fenceEnter',
  'fenceLeave',
  'fenceOverspeed',
  'fenceStay',
  'roadDeviation',
  'roadOverspeed',
] as const;
export type ZoneEventType = (typeof ZONE_EVENT_TYPES)[number];

/** The alarms trackers report themselves (the codecs' normalised names), listed for filters and labels. */
export const DEVICE_ALARM_TYPES = [
  'sos',
  'powerCut',
  'powerOff',
  'powerOn',
  'lowBattery',
  'lowPower',
  'vibration',
  'overspeed',
  'removal',
  'tampering',
  'geofence',
  'geofenceEnter',
  'geofenceExit',
  'fatigue',
  'hardAcceleration',
  'hardBraking',
  'hardCornering',
  'accident',
  'fallDown',
  'door',
  'movement',
  'parking',
  'gpsAntennaCut',
  'fault',
  'jamming',
  'temperature',
  'tow',
  'general',
] as const;

/** Every type Event/GetEventList answers and filters by: the zone events, the device alarms, and the state changes. */
export const EVENT_TYPES = [
  ...ZONE_EVENT_TYPES,
  ...DEVICE_ALARM_TYPES,
  'ignitionOn',
  'ignitionOff',
  'online',
  'offline',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/** Points: POIs, favourite places and risk points (spec section 3) share one store. */
export const POI_KINDS = ['poi', 'favourite', 'risk'] as const;
export type PoiKind = (typeof POI_KINDS)[number];

/** The icons a point may carry (the console draws each; anything else is refused). */
export const POI_ICONS = [
  'pin',
  'star',
  'home',
  'office',
  'shop',
  'fuel',
  'parking',
  'repair',
  'warning',
  'flag',
] as const;
export type PoiIcon = (typeof POI_ICONS)[number];

export const ZONE_LIMITS = {
  /** Fence and road names, characters. */
  nameMax: 50,
  /** Point names (spec section 5: "point name length limited"), characters. */
  pointNameMax: 30,
  categoryMax: 32,
  remarkMax: 200,
  /** Vertices of one ring, and of a road; Traccar's 4,096 characters of WKT is about 150. */
  verticesMax: 5000,
  /** Holes in one polygon. */
  holesMax: 50,
  /** Circle radius, metres. */
  radiusMin: 10,
  radiusMax: 100_000,
  /** Road corridor width, metres (the whole width; the device may be half of it off the line). */
  roadWidthMin: 10,
  roadWidthMax: 500,
  /** km/h */
  speedLimitMax: 300,
  /** Max stay, minutes: a week at most. */
  maxStayMinutesMax: 10_080,
  /** Devices one BindDevices / UnbindDevices names. */
  bindMax: 1000,
  /** Devices a whole unit binds at once (BindDevices with HoldID). */
  bindUnitMax: 10_000,
  /** Fences or roads one Remove… names. */
  removeMax: 100,
  /**
   * Hysteresis against GPS jitter, metres (FENCE_HYSTERESIS_METRES): a device inside leaves only once it is
   * this far outside the boundary (of a fence, or of a road's corridor); entering takes any fix inside.
   */
  hysteresisMetres: 30,
} as const;

/** `[lng, lat]`, WGS-84. */
export type LngLat = [number, number];
/** A closed ring: first and last positions equal, at least four. */
export type Ring = LngLat[];

export interface PolygonGeometry {
  type: 'Polygon';
  /** The outer ring, then the holes. */
  coordinates: Ring[];
}
export interface CircleGeometry {
  type: 'Circle';
  Center: LngLat;
  /** Metres. */
  Radius: number;
}
export type FenceGeometry = PolygonGeometry | CircleGeometry;

export interface LineGeometry {
  type: 'LineString';
  coordinates: LngLat[];
}

/** A bounding box: [minLng, minLat, maxLng, maxLat]. */
export type BBox = [number, number, number, number];
