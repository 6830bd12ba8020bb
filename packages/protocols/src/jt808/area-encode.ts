import { toBcd } from '../common/bcd.ts';
import { gbkEncode } from '../common/gbk.ts';
import {
  JT808_AREA_ALARM_MASK,
  JT808_AREA_LIMITS,
  type Jt808AreaKind,
  type Jt808ZoneDelete,
  type Jt808ZoneSet,
  type MicroLngLat,
} from './area.ts';
import { encodeJt808, type Jt808Target } from './encode.ts';
import { Jt808MsgId } from './messages.ts';

export const JT808_AREA_SET_MSG: Readonly<Record<Jt808AreaKind, Jt808MsgId>> = {
  circle: Jt808MsgId.SetCircleArea,
  rectangle: Jt808MsgId.SetRectangleArea,
  polygon: Jt808MsgId.SetPolygonArea,
  route: Jt808MsgId.SetRoute,
};
export const JT808_AREA_DELETE_MSG: Readonly<Record<Jt808AreaKind, Jt808MsgId>> = {
  circle: Jt808MsgId.DeleteCircleArea,
  rectangle: Jt808MsgId.DeleteRectangleArea,
  polygon: Jt808MsgId.DeletePolygonArea,
  route: Jt808MsgId.DeleteRoute,
};

/**
 * 设置属性 of 0x8600 / 0x8602 (0 更新区域, 1 追加区域, 2 修改区域): append. Update would replace every area of
 * the kind, dropping the terminal's other fences; modify changes only an area the terminal still holds, which a
 * reset terminal does not. The standard is silent on appending an id already held; the terminals we know replace it.
 */
const SET_APPEND = 1;

/** 区域属性 bits the encoder derives: 0 根据时间, 1 限速, 6 南纬, 7 西经. */
const AREA_BY_TIME = 1 << 0;
const AREA_SPEED = 1 << 1;
const AREA_SOUTH = 1 << 6;
const AREA_WEST = 1 << 7;
/** 路段属性 BYTE: bit 1 限速, bit 2 南纬, bit 3 西经 (bit 0, 行驶时间 thresholds, is never sent). */
const SEGMENT_SPEED = 1 << 1;
const SEGMENT_SOUTH = 1 << 2;
const SEGMENT_WEST = 1 << 3;

/** Big-endian fields appended in order (JT/T 808 §4.2: WORD and DWORD high byte first). */
class Body {
  private readonly parts: Buffer[] = [];
  private size = 0;
  private add(b: Buffer) {
    this.parts.push(b);
    this.size += b.length;
  }
  byte(v: number) {
    const b = Buffer.alloc(1);
    b.writeUInt8(v);
    this.add(b);
  }
  word(v: number) {
    const b = Buffer.alloc(2);
    b.writeUInt16BE(v);
    this.add(b);
  }
  dword(v: number) {
    const b = Buffer.alloc(4);
    b.writeUInt32BE(v);
    this.add(b);
  }
  bytes(b: Buffer) {
    this.add(b);
  }
  done(): Buffer {
    if (this.size > JT808_AREA_LIMITS.bodyMax)
      throw new RangeError(`area body ${this.size} bytes, over one packet's ${JT808_AREA_LIMITS.bodyMax}`);
    return Buffer.concat(this.parts, this.size);
  }
}

/** 0x8600 / 0x8602 / 0x8604 / 0x8606: one area or route, in the layout of the target's version. */
export function encodeJt808ZoneSet(t: Jt808Target, serial: number, a: Jt808ZoneSet): Buffer {
  const v2019 = t.version !== undefined;
  const b = new Body();
  if (a.area === 'circle' || a.area === 'rectangle') {
    b.byte(SET_APPEND); // 设置属性
    b.byte(1); // 区域总数: one area per message
  }
  b.dword(a.id); // 区域ID / 路线ID
  const times = timeBytes(a.start, a.end);
  if (a.area === 'route') {
    b.word((a.attributes & JT808_AREA_ALARM_MASK) | (times ? AREA_BY_TIME : 0)); // 路线属性
    if (times) b.bytes(times); // 起始时间, 结束时间
    if (a.points.length < 2 || a.points.length > JT808_AREA_LIMITS.routePoints)
      throw new RangeError(`route of ${a.points.length} points`);
    b.word(a.points.length); // 路线总拐点数
    a.points.forEach((p, i) => {
      const [lng, lat] = magnitudes(p.at);
      b.dword(i + 1); // 拐点ID
      b.dword(i + 1); // 路段ID: the segment from this point to the next
      b.dword(lat); // 拐点纬度
      b.dword(lng); // 拐点经度
      if (!Number.isInteger(p.width) || p.width < 1 || p.width > 0xff) throw new RangeError(`width ${p.width}`);
      b.byte(p.width); // 路段宽度, metres
      const speed = speedOf(p);
      b.byte((speed ? SEGMENT_SPEED : 0) | (p.at[1] < 0 ? SEGMENT_SOUTH : 0) | (p.at[0] < 0 ? SEGMENT_WEST : 0));
      if (speed) writeSpeed(b, speed, v2019); // 路段最高速度, 路段超速持续时间 (2019: 路段夜间最高速度)
    });
    if (v2019) writeName(b, a.name);
    return encodeJt808(Jt808MsgId.SetRoute, t, serial, b.done());
  }

  const points = a.area === 'circle' ? [a.center] : a.area === 'rectangle' ? a.corners : a.vertices;
  const speed = speedOf(a);
  b.word(
    (a.attributes & JT808_AREA_ALARM_MASK) |
      (times ? AREA_BY_TIME : 0) |
      (speed ? AREA_SPEED : 0) |
      (hemisphere(points, 1) ? AREA_SOUTH : 0) |
      (hemisphere(points, 0) ? AREA_WEST : 0),
  ); // 区域属性
  if (a.area === 'circle') {
    writePoint(b, a.center); // 中心点纬度, 中心点经度
    if (!Number.isInteger(a.radius) || a.radius < 1) throw new RangeError(`radius ${a.radius}`);
    b.dword(a.radius); // 半径, metres
  } else if (a.area === 'rectangle') {
    writePoint(b, a.corners[0]); // 左上点纬度, 左上点经度
    writePoint(b, a.corners[1]); // 右下点纬度, 右下点经度
  }
  if (times) b.bytes(times); // 起始时间, 结束时间
  if (a.area !== 'polygon') {
    if (speed) writeSpeed(b, speed, v2019); // 最高速度, 超速持续时间 (2019: 夜间最高速度)
    if (v2019) writeName(b, a.name);
    return encodeJt808(JT808_AREA_SET_MSG[a.area], t, serial, b.done());
  }
  // 0x8604 keeps the speed before the vertices and moves the 2019 night speed after them.
  if (speed) {
    b.word(speed.limit);
    b.byte(speed.seconds);
  }
  if (a.vertices.length < 3 || a.vertices.length > JT808_AREA_LIMITS.polygonVertices)
    throw new RangeError(`polygon of ${a.vertices.length} vertices`);
  b.word(a.vertices.length); // 区域总顶点数
  for (const v of a.vertices) writePoint(b, v); // 顶点纬度, 顶点经度
  if (v2019) {
    if (speed) b.word(speed.limit); // 夜间最高速度: no night limit of our own, the day's
    writeName(b, a.name);
  }
  return encodeJt808(Jt808MsgId.SetPolygonArea, t, serial, b.done());
}

/** 0x8601 / 0x8603 / 0x8605 / 0x8607: 区域数 (路线数) BYTE, then the ids as DWORDs. */
export function encodeJt808ZoneDelete(t: Jt808Target, serial: number, d: Jt808ZoneDelete): Buffer {
  // 0 would delete every area of the kind: never sent for a list that happens to be empty.
  if (d.ids.length < 1 || d.ids.length > JT808_AREA_LIMITS.deleteIds) throw new RangeError(`${d.ids.length} ids`);
  const b = new Body();
  b.byte(d.ids.length);
  for (const id of d.ids) b.dword(id);
  return encodeJt808(JT808_AREA_DELETE_MSG[d.area], t, serial, b.done());
}

function timeBytes(start: string | undefined, end: string | undefined): Buffer | undefined {
  if (start === undefined && end === undefined) return undefined;
  if (!start || !end || !/^\d{12}$/.test(start) || !/^\d{12}$/.test(end))
    throw new RangeError('start and end are YYMMDDhhmmss, both or neither');
  return Buffer.concat([toBcd(start, 6), toBcd(end, 6)]);
}

function speedOf(s: { speedLimit?: number; overspeedSeconds?: number }) {
  if (s.speedLimit === undefined) return undefined;
  const limit = s.speedLimit;
  const seconds = s.overspeedSeconds;
  if (!Number.isInteger(limit) || limit < 0 || limit > 0xffff) throw new RangeError(`speed limit ${limit}`);
  if (seconds === undefined || !Number.isInteger(seconds) || seconds < 0 || seconds > 0xff)
    throw new RangeError(`overspeed duration ${seconds}`);
  return { limit, seconds };
}

function writeSpeed(b: Body, speed: { limit: number; seconds: number }, v2019: boolean) {
  b.word(speed.limit);
  b.byte(speed.seconds);
  if (v2019) b.word(speed.limit); // night limit: the day's
}

/** 2019 名称长度 WORD, 名称 STRING (GBK), cut at a character to the name budget. */
function writeName(b: Body, name = '') {
  const chars = Array.from(name);
  let bytes = gbkEncode(name);
  while (bytes.length > JT808_AREA_LIMITS.nameBytes) {
    chars.pop();
    bytes = gbkEncode(chars.join(''));
  }
  b.word(bytes.length);
  b.bytes(bytes);
}

/** One latitude then one longitude DWORD, as every area table orders them. */
function writePoint(b: Body, p: MicroLngLat) {
  const [lng, lat] = magnitudes(p);
  b.dword(lat);
  b.dword(lng);
}

function magnitudes([lng, lat]: MicroLngLat): MicroLngLat {
  if (!Number.isInteger(lng) || !Number.isInteger(lat) || Math.abs(lng) > 180e6 || Math.abs(lat) > 90e6)
    throw new RangeError(`not a 1e-6 degree position: ${lng},${lat}`);
  return [Math.abs(lng), Math.abs(lat)];
}

/**
 * Whether the area is south (axis 1) or west (axis 0): one bit for the whole area, so an area across the
 * equator or the prime meridian cannot be written (zero counts as either side).
 */
function hemisphere(points: readonly MicroLngLat[], axis: 0 | 1): boolean {
  const negative = points.some((p) => p[axis] < 0);
  if (negative && points.some((p) => p[axis] > 0))
    throw new RangeError(axis === 1 ? 'area across the equator' : 'area across the prime meridian');
  return negative;
}
