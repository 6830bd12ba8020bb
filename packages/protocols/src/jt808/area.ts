/**
 * Areas and routes a JT/T 808 terminal keeps and alarms on by itself (JT/T 808-2013/2019, messages 0x8600–0x8607
 * 设置/删除 圆形区域, 矩形区域, 多边形区域, 路线): what the platform's command queue stores as a 'zoneSet' / 'zoneDelete' payload and the
 * encoders (area-encode.ts) write. Coordinates are signed millionths of a degree, `[lng, lat]` as GeoJSON
 * orders them; the wire carries magnitudes and the hemisphere in attribute bits.
 */

/** The terminal keeps one list per kind; an id is unique within its list. */
export const JT808_AREA_KINDS = ['circle', 'rectangle', 'polygon', 'route'] as const;
export type Jt808AreaKind = (typeof JT808_AREA_KINDS)[number];

/** `[lng, lat]` in 1e-6 degrees, south and west negative. */
export type MicroLngLat = [number, number];

/**
 * 区域属性 / 路线属性 (area attribute WORD, route attribute WORD): the bits the platform chooses. Bit 0 (by time),
 * bit 1 (speed limit) and bits 6/7 (south / west) follow from the fields and are set by the encoder.
 */
export const JT808_AREA_ALARM = {
  /** bit 2: 进区域报警给驾驶员 */
  enterToDriver: 1 << 2,
  /** bit 3: 进区域报警给平台 */
  enterToPlatform: 1 << 3,
  /** bit 4: 出区域报警给驾驶员 */
  leaveToDriver: 1 << 4,
  /** bit 5: 出区域报警给平台 */
  leaveToPlatform: 1 << 5,
} as const;
/** The bits of `attributes` a payload may carry (bits 2–5). */
export const JT808_AREA_ALARM_MASK = 0b11_1100;

/**
 * One message body is at most 1,023 bytes (the header's 10-bit length) unless split into packets, which
 * terminals handle unevenly for downlinks; these limits keep every area in one packet in both versions
 * (2019 adds a night speed and a name): a polygon of 120 vertices with times, speed and a 32-byte name is
 * 1,019 bytes, a route of 40 points with times and per-segment speed 974.
 */
export const JT808_AREA_LIMITS = {
  bodyMax: 1023,
  polygonVertices: 120,
  routePoints: 40,
  /** GBK bytes of the 2019 name; longer names are cut at a character. */
  nameBytes: 32,
  /** Ids one deletion names (区域数 BYTE; 0 would mean "all", which we never send). */
  deleteIds: 125,
} as const;

interface AreaCommon {
  /** 区域ID / 路线ID DWORD */
  id: number;
  /** Alarm bits (JT808_AREA_ALARM). */
  attributes: number;
  /** 区域名称 / 路线名称 (2019 only). */
  name?: string;
  /**
   * 起始时间 / 结束时间 BCD[6] YYMMDDhhmmss in the terminal's clock (GMT+8); YYMMDD 000000 repeats the
   * hh:mm:ss window daily (the standard's note under 0x8600). Both or neither.
   */
  start?: string;
  end?: string;
}

interface AreaSpeed {
  /** 最高速度 km/h (2019: also 夜间最高速度); with overspeedSeconds, or neither. */
  speedLimit?: number;
  /** 超速持续时间 s */
  overspeedSeconds?: number;
}

export interface Jt808CircleArea extends AreaCommon, AreaSpeed {
  area: 'circle';
  center: MicroLngLat;
  /** metres */
  radius: number;
}

export interface Jt808RectangleArea extends AreaCommon, AreaSpeed {
  area: 'rectangle';
  /** 左上点, 右下点 */
  corners: [topLeft: MicroLngLat, bottomRight: MicroLngLat];
}

export interface Jt808PolygonArea extends AreaCommon, AreaSpeed {
  area: 'polygon';
  /** The outer ring without its closing repeat; the terminal has no holes. */
  vertices: MicroLngLat[];
}

/** 拐点: the segment from this point to the next has its width and speed. */
export interface Jt808RoutePoint extends AreaSpeed {
  at: MicroLngLat;
  /** 路段宽度 BYTE, metres. */
  width: number;
}

export interface Jt808Route extends AreaCommon {
  area: 'route';
  points: Jt808RoutePoint[];
}

/** The payload of a 'zoneSet' command. */
export type Jt808ZoneSet = Jt808CircleArea | Jt808RectangleArea | Jt808PolygonArea | Jt808Route;

/** The payload of a 'zoneDelete' command. */
export interface Jt808ZoneDelete {
  area: Jt808AreaKind;
  ids: number[];
}
