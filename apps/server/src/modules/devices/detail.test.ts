import { decodeH02, decodeOsmAnd, Gt06Session, Jt808Decoder, Jt808FrameSplitter } from '@lodestar/protocols';
import { describe, expect, it } from 'vitest';
import { attributeDetail } from './detail.ts';

const hex = (h: string) => Buffer.from(h, 'hex');

describe('device detail from the decoded attributes of each codec', () => {
  it('GT06: the serving cell of a GPS+LBS packet, GPS positioning when the fix is valid', () => {
    const session = new Gt06Session();
    session.decode(hex('78780D01086471700328358100093F040D0A')); // login (Traccar vector)
    const m = session.decode(hex('78781f120f0a140e150bc505e51e780293a9e800540000f601006e0055da00035f240d0a'));
    const p = m.positions[0]!;
    const d = attributeDetail(p.attributes, p.valid);
    expect(d.Positioning).toEqual({
      Type: 'gps',
      Cells: [{ MCC: 246, MNC: 1, LAC: 110, CellID: 21978 }],
      Wifi: [],
    });
    expect(d.Oil).toBeNull();
    expect(d.Tires).toBeNull();
    expect(attributeDetail(p.attributes, false).Positioning.Type).toBe('lbs');
  });

  it('H02: NBR and VP1 towers with their signal; LBS positioning', () => {
    const nbr = decodeH02(
      Buffer.from('*HQ,1400046168,NBR,160169,460,0,1,2,9338,3692,150,9338,3691,145,180813,FFFFFBFF#', 'latin1'),
    );
    expect(attributeDetail(nbr.attributes, null).Positioning).toEqual({
      Type: 'lbs',
      Cells: [
        { MCC: 460, MNC: 0, LAC: 9338, CellID: 3692, Signal: 150 },
        { MCC: 460, MNC: 0, LAC: 9338, CellID: 3691, Signal: 145 },
      ],
      Wifi: [],
    });
    const vp1 = decodeH02(Buffer.from('*hq,356327081001239,VP1,V,470,002,92,3565,0Y92,19433,30Y92,1340,29#', 'latin1'));
    expect(attributeDetail(vp1.attributes, false).Positioning.Cells.map((c) => c.CellID)).toEqual([3565, 19433, 1340]);
  });

  it('OsmAnd: cells and Wi-Fi of a report without coordinates → Wi-Fi positioning; fuel in litres', () => {
    const m = decodeOsmAnd({
      uri: '/?id=123456&timestamp=1377177267&cell=257,02,16,2224&cell=257,02,16,2223,-90&wifi=00-14-22-01-23-45,-80&wifi=00-1C-B3-09-85-15,-70',
    });
    expect(attributeDetail(m.attributes, null).Positioning).toEqual({
      Type: 'wifi',
      Cells: [
        { MCC: 257, MNC: 2, LAC: 16, CellID: 2224 },
        { MCC: 257, MNC: 2, LAC: 16, CellID: 2223, Signal: -90 },
      ],
      Wifi: [
        { MAC: '00:14:22:01:23:45', RSSI: -80 },
        { MAC: '00:1C:B3:09:85:15', RSSI: -70 },
      ],
    });
    const fuel = decodeOsmAnd({ uri: '/?id=1&lat=40.7&lon=-74&ignition=true&fuel=24' });
    expect(attributeDetail(fuel.positions[0]!.attributes, true).Oil).toBe(24);
  });

  it('JT/T 808: fuel (0x02) and tyre pressure (0x05) of a real location report', () => {
    // go-jt808 "all known additional items": fuel 22 (1/10 L), tyres 55, 55, 55 then zeros.
    const wire = hex(
      '7e020000800123456789017fff000004000000080006eeb6ad02633df701380003006320070719235901040000000b02020016030200210402002c051e3737370000000000000000000000000000000000000000000000000000001105420000004212064d0000004d4d1307000000580058582504000000632a02000a2b040000001430011e31012806020001927e',
    );
    const [frame] = new Jt808FrameSplitter().push(wire);
    const p = new Jt808Decoder().decode(frame!).positions[0]!;
    const d = attributeDetail(p.attributes, p.valid);
    expect(d.Oil).toBe(2.2);
    expect(d.Tires?.slice(0, 3)).toEqual([
      { Position: 1, PressureKPa: 55 },
      { Position: 2, PressureKPa: 55 },
      { Position: 3, PressureKPa: 55 },
    ]);
    expect(d.Tires).toHaveLength(30);
  });

  it('JT/T 808: 0xFF tyre positions are no sensor; the 0xEB cell list', () => {
    const d = attributeDetail(
      { tyrePressure: `230,255,228,${Array(27).fill(255).join(',')}`, cells: '460,0,10365,8049,31' },
      true,
    );
    expect(d.Tires).toEqual([
      { Position: 1, PressureKPa: 230 },
      { Position: 3, PressureKPa: 228 },
    ]);
    expect(d.Positioning.Cells).toEqual([{ MCC: 460, MNC: 0, LAC: 10365, CellID: 8049, Signal: 31 }]);
    expect(attributeDetail({ tyrePressure: Array(30).fill(255).join(',') }, true).Tires).toBeNull();
  });

  it('Teltonika: lac and cellId with the operator code', () => {
    const d = attributeDetail({ lac: 10365, cellId: 8049, operator: 24602 }, true);
    expect(d.Positioning.Cells).toEqual([{ MCC: 246, MNC: 2, LAC: 10365, CellID: 8049 }]);
    expect(attributeDetail({ lac: 1, cellId: 2 }, true).Positioning.Cells).toEqual([]); // no MCC known
  });

  it('empty cases: no state, no network (zeros), nothing usable', () => {
    expect(attributeDetail(null, null)).toEqual({
      Oil: null,
      Positioning: { Type: 'lbs', Cells: [], Wifi: [] },
      Tires: null,
    });
    const zeros = attributeDetail({ mcc: 0, mnc: 0, lac: 0, cellId: 0, cells: '', wifi: ';', fuel: -1 }, true);
    expect(zeros).toEqual({ Oil: null, Positioning: { Type: 'gps', Cells: [], Wifi: [] }, Tires: null });
    expect(attributeDetail({ fuel: '12', tyrePressure: '' }, true)).toMatchObject({ Oil: null, Tires: null });
  });
});
