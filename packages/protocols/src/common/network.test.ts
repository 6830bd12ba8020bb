import { describe, expect, it } from 'vitest';
import { decodeOsmAnd } from '../osmand/decode.ts';
import { formatCells, formatWifi, parseCells, parseWifi } from './network.ts';

describe('cells and Wi-Fi text shared by the codecs', () => {
  it('round-trips towers with and without a signal', () => {
    const towers = [
      { mcc: 460, mnc: 0, lac: 10365, cid: 8049, rssi: -71 },
      { mcc: 460, mnc: 0, lac: 10365, cid: 8050 },
    ];
    expect(formatCells(towers)).toBe('460,0,10365,8049,-71;460,0,10365,8050');
    expect(parseCells(formatCells(towers))).toEqual(towers);
    expect(parseWifi(formatWifi([{ mac: 'aa:bb:cc:dd:ee:01', rssi: -60 }]))).toEqual([
      { mac: 'AA:BB:CC:DD:EE:01', rssi: -60 },
    ]);
  });

  it('reads what OsmAnd puts in attributes, and skips broken parts', () => {
    const m = decodeOsmAnd({
      uri: '/?id=123456&timestamp=1377177267&cell=257,02,16,2224&cell=257,02,16,2223,-90&wifi=00-14-22-01-23-45,-80&wifi=00-1C-B3-09-85-15,-70',
    });
    expect(parseCells(String(m.attributes.cells))).toEqual([
      { mcc: 257, mnc: 2, lac: 16, cid: 2224 },
      { mcc: 257, mnc: 2, lac: 16, cid: 2223, rssi: -90 },
    ]);
    expect(parseWifi(String(m.attributes.wifi))).toEqual([
      { mac: '00:14:22:01:23:45', rssi: -80 },
      { mac: '00:1C:B3:09:85:15', rssi: -70 },
    ]);
    expect(parseCells('460,0,1;x,1,2,3;;460,1,2,3')).toEqual([{ mcc: 460, mnc: 1, lac: 2, cid: 3 }]);
    expect(parseWifi('aa:bb,;,-50;cc:dd,-40')).toEqual([{ mac: 'CC:DD', rssi: -40 }]);
    expect(parseCells('')).toEqual([]);
  });
});
