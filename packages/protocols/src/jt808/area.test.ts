import { describe, expect, it } from 'vitest';
import {
  encodeJt808ZoneDelete,
  encodeJt808ZoneSet,
  JT808_AREA_ALARM,
  JT808_AREA_LIMITS,
  Jt808FrameSplitter,
  type Jt808PolygonArea,
  type Jt808Route,
  type Jt808Target,
  type Jt808ZoneSet,
  parseJt808Frame,
  readJt808ZoneDelete,
  readJt808ZoneSet,
} from './index.ts';

const v2013: Jt808Target = { phone: Buffer.from('013912345678', 'hex') };
const v2019: Jt808Target = { phone: Buffer.from('00000000013912345678', 'hex'), version: 1 };
const { enterToDriver, enterToPlatform, leaveToDriver, leaveToPlatform } = JT808_AREA_ALARM;

/** One frame as a terminal reads it (split, un-escaped, checked): message id, serial and body. */
function frameOf(wire: Buffer) {
  const frames = new Jt808FrameSplitter().push(wire);
  expect(frames).toHaveLength(1);
  const f = parseJt808Frame(frames[0] as Buffer);
  if (!f?.checkValid || !f.lengthValid) throw new Error('frame does not check');
  return f;
}
function sent(wire: Buffer) {
  const f = frameOf(wire);
  return { msgId: f.header.msgId, serial: f.header.serial, body: f.body.toString('hex') };
}
const hex = (...fields: string[]) => fields.join('');

// Shanghai People's Square, 31.2304 N 121.4737 E, in 1e-6 degrees: lat 01dc89c0, lng 073d8aa4.
const depot: Jt808ZoneSet = {
  area: 'circle',
  id: 7,
  attributes: enterToPlatform | leaveToPlatform,
  name: '仓库',
  center: [121_473_700, 31_230_400],
  radius: 500,
  speedLimit: 60,
  overspeedSeconds: 10,
};

describe('JT/T 808 set area (0x8600 / 0x8602 / 0x8604)', () => {
  it('circle, 2013: append one area with a speed limit, no times and no name', () => {
    expect(sent(encodeJt808ZoneSet(v2013, 0x4001, depot))).toEqual({
      msgId: 0x8600,
      serial: 0x4001,
      body: hex(
        '01', // 设置属性: 1 追加区域
        '01', // 区域总数
        '00000007', // 区域ID
        '002a', // 区域属性: bit 1 限速, bit 3 进区域报警给平台, bit 5 出区域报警给平台; north, east
        '01dc89c0', // 中心点纬度 31.230400
        '073d8aa4', // 中心点经度 121.473700
        '000001f4', // 半径 500 m
        '003c', // 最高速度 60 km/h
        '0a', // 超速持续时间 10 s
      ),
    });
  });

  it('circle, 2019: a daily window, the night speed and the GBK name follow', () => {
    const daily = { ...depot, start: '000000083000', end: '000000180000' };
    expect(sent(encodeJt808ZoneSet(v2019, 1, daily)).body).toBe(
      hex(
        '0101', // 设置属性 append, 区域总数 1
        '00000007',
        '002b', // bit 0 根据时间 joins bits 1, 3, 5
        '01dc89c0',
        '073d8aa4',
        '000001f4',
        '000000083000', // 起始时间 00-00-00-08-30-00: every day from 08:30 (the standard's note under 0x8600)
        '000000180000', // 结束时间 …18:00:00
        '003c', // 最高速度
        '0a', // 超速持续时间
        '003c', // 夜间最高速度 (2019): the day's
        '0004', // 名称长度 (2019)
        'b2d6bfe2', // 区域名称 仓库 in GBK
      ),
    );
  });

  it('rectangle south of the equator: the magnitudes, and bit 6 for south', () => {
    // Sydney: top-left 33.8688 S 151.2070 E, bottom-right 33.8700 S 151.2093 E.
    const rect: Jt808ZoneSet = {
      area: 'rectangle',
      id: 9,
      attributes: enterToDriver | enterToPlatform,
      corners: [
        [151_207_000, -33_868_800],
        [151_209_300, -33_870_000],
      ],
    };
    expect(sent(encodeJt808ZoneSet(v2013, 2, rect))).toEqual({
      msgId: 0x8602,
      serial: 2,
      body: hex(
        '0101', // 设置属性 append, 区域总数 1
        '00000009', // 区域ID
        '004c', // 区域属性: bits 2, 3 enter alarms to driver and platform, bit 6 南纬
        '0204cc00', // 左上点纬度 33.868800
        '09033c58', // 左上点经度 151.207000
        '0204d0b0', // 右下点纬度 33.870000
        '09034554', // 右下点经度 151.209300
      ),
    });
  });

  it('polygon, 2019: speed before the vertices, night speed and name after them', () => {
    const triangle: Jt808ZoneSet = {
      area: 'polygon',
      id: 12,
      attributes: leaveToPlatform,
      name: 'LODE depot',
      vertices: [
        [121_470_000, 31_230_000],
        [121_476_000, 31_230_000],
        [121_474_000, 31_232_000],
      ],
      speedLimit: 80,
      overspeedSeconds: 10,
    };
    expect(sent(encodeJt808ZoneSet(v2019, 3, triangle))).toMatchObject({
      msgId: 0x8604,
      body: hex(
        '0000000c', // 区域ID 12 (no 设置属性 in 0x8604: one polygon per message)
        '0022', // 区域属性: bit 1 限速, bit 5 出区域报警给平台
        '0050', // 最高速度 80 km/h
        '0a', // 超速持续时间 10 s
        '0003', // 区域总顶点数
        '01dc8830073d7c30', // 顶点 1: 纬度 31.230000, 经度 121.470000
        '01dc8830073d93a0', // 顶点 2: 31.230000, 121.476000
        '01dc9000073d8bd0', // 顶点 3: 31.232000, 121.474000
        '0050', // 夜间最高速度 (2019)
        '000a', // 名称长度
        '4c4f4445206465706f74', // 区域名称 "LODE depot"
      ),
    });
  });

  it('a polygon of the most vertices and the longest name still fits one packet; more is refused', () => {
    const ring = Array.from(
      { length: JT808_AREA_LIMITS.polygonVertices },
      (_, i) =>
        [
          121_000_000 + Math.round(1e5 * Math.cos((i / 60) * Math.PI)),
          31_000_000 + Math.round(1e5 * Math.sin((i / 60) * Math.PI)),
        ] as [number, number],
    );
    const big: Jt808PolygonArea = {
      area: 'polygon',
      id: 1,
      attributes: 0,
      name: '一个名字很长很长很长很长很长很长的围栏区域名称',
      vertices: ring,
      start: '260101000000',
      end: '261231235959',
      speedLimit: 120,
      overspeedSeconds: 10,
    };
    const body = frameOf(encodeJt808ZoneSet(v2019, 1, big)).body;
    expect(body.length).toBe(1019);
    // The name was cut to 32 GBK bytes, on a character: 16 hanzi.
    expect(body.readUInt16BE(1019 - 34)).toBe(32);
    expect(() => encodeJt808ZoneSet(v2013, 1, { ...big, vertices: [...ring, [121_000_001, 31_000_001]] })).toThrow(
      /121 vertices/,
    );
  });

  it('refuses what the terminal cannot hold: across the equator or prime meridian, half a time range', () => {
    const across: Jt808ZoneSet = {
      area: 'polygon',
      id: 2,
      attributes: 0,
      vertices: [
        [10_000_000, -1_000_000],
        [11_000_000, -1_000_000],
        [10_500_000, 1_000_000],
      ],
    };
    expect(() => encodeJt808ZoneSet(v2013, 1, across)).toThrow(/equator/);
    const greenwich: Jt808ZoneSet = {
      area: 'rectangle',
      id: 3,
      attributes: 0,
      corners: [
        [-100_000, 51_510_000],
        [100_000, 51_500_000],
      ],
    };
    expect(() => encodeJt808ZoneSet(v2013, 1, greenwich)).toThrow(/prime meridian/);
    expect(() => encodeJt808ZoneSet(v2013, 1, { ...depot, start: '000000083000' })).toThrow(/both or neither/);
  });
});

describe('JT/T 808 set route (0x8606)', () => {
  const route: Jt808Route = {
    area: 'route',
    id: 0x4000_0003,
    attributes: leaveToDriver | leaveToPlatform,
    name: 'R1',
    points: [
      { at: [121_470_000, 31_230_000], width: 25, speedLimit: 60, overspeedSeconds: 10 },
      { at: [121_474_000, 31_231_000], width: 25 },
      { at: [121_476_000, 31_232_000], width: 25 },
    ],
  };

  it('2013: route attribute, then each 拐点 with its segment width and, where limited, speed', () => {
    expect(sent(encodeJt808ZoneSet(v2013, 9, route))).toMatchObject({
      msgId: 0x8606,
      body: hex(
        '40000003', // 路线ID: road 3 + 0x40000000
        '0030', // 路线属性: bits 4, 5 出路线报警给驾驶员/平台; no bit 0, so no times
        '0003', // 路线总拐点数
        '00000001', // 拐点ID
        '00000001', // 路段ID: from this point to the next
        '01dc8830', // 拐点纬度 31.230000
        '073d7c30', // 拐点经度 121.470000
        '19', // 路段宽度 25 m
        '02', // 路段属性: bit 1 限速; north, east
        '003c', // 路段最高速度 60 km/h
        '0a', // 路段超速持续时间 10 s
        '0000000200000002', // 拐点 2, 路段 2
        '01dc8c18073d8bd0', // 31.231000, 121.474000
        '1900', // width 25, no speed
        '0000000300000003', // 拐点 3, 路段 3 (the last point: its segment is empty)
        '01dc9000073d93a0', // 31.232000, 121.476000
        '1900',
      ),
    });
  });

  it('2019: the segment night speed and the route name; a point west of Greenwich sets the segment bit 3', () => {
    const west: Jt808Route = {
      ...route,
      points: [
        { at: [-73_985_700, 40_748_400], width: 10, speedLimit: 50, overspeedSeconds: 10 },
        { at: [-73_980_000, 40_750_000], width: 10 },
      ],
    };
    const body = sent(encodeJt808ZoneSet(v2019, 9, west)).body;
    expect(body).toBe(
      hex(
        '40000003',
        '0030',
        '0002',
        '0000000100000001',
        '026dc570', // 40.748400 N
        '0468eea4', // 73.985700, west by bit 3 below
        '0a', // 路段宽度 10 m
        '0a', // 路段属性: bit 1 限速, bit 3 西经
        '0032', // 路段最高速度 50
        '0a', // 路段超速持续时间
        '0032', // 路段夜间最高速度 (2019)
        '0000000200000002',
        '026dcbb0', // 40.750000
        '0468d860', // 73.980000
        '0a',
        '08', // bit 3 西经 only
        '0002', // 名称长度 (2019)
        '5231', // "R1"
      ),
    );
  });
});

describe('JT/T 808 delete areas (0x8601 / 0x8603 / 0x8605 / 0x8607)', () => {
  it('writes the count and the ids; an empty list (which would delete all) is refused', () => {
    expect(sent(encodeJt808ZoneDelete(v2013, 5, { area: 'circle', ids: [7, 9] }))).toMatchObject({
      msgId: 0x8601,
      body: hex('02', '00000007', '00000009'), // 区域数, 区域ID 1, 区域ID 2
    });
    expect(sent(encodeJt808ZoneDelete(v2019, 5, { area: 'route', ids: [0x4000_0003] }))).toMatchObject({
      msgId: 0x8607,
      body: '0140000003',
    });
    expect(sent(encodeJt808ZoneDelete(v2013, 5, { area: 'rectangle', ids: [9] })).msgId).toBe(0x8603);
    expect(sent(encodeJt808ZoneDelete(v2013, 5, { area: 'polygon', ids: [12] })).msgId).toBe(0x8605);
    expect(() => encodeJt808ZoneDelete(v2013, 5, { area: 'circle', ids: [] })).toThrow(RangeError);
  });
});

describe('zone payloads as stored (jsonb)', () => {
  it('read back to what was written, and a malformed one names its field', () => {
    for (const p of [depot, { area: 'route', id: 3, attributes: 0, points: [{ at: [1, 2], width: 5 }] }])
      expect(readJt808ZoneSet(JSON.parse(JSON.stringify(p)))).toEqual(p);
    expect(readJt808ZoneDelete({ area: 'polygon', ids: [1, 2] })).toEqual({ area: 'polygon', ids: [1, 2] });
    expect(() => readJt808ZoneSet({ area: 'hexagon', id: 1 })).toThrow('area');
    expect(() => readJt808ZoneSet({ area: 'circle', id: 1, center: [1.5, 2], radius: 3 })).toThrow('center');
    expect(() => readJt808ZoneSet({ area: 'polygon', id: 1, vertices: 'x' })).toThrow('vertices');
    expect(() => readJt808ZoneDelete({ area: 'circle', ids: ['7'] })).toThrow('ids');
  });
});
