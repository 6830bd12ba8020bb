import { describe, expect, it } from 'vitest';
import { checkEveryOffset, fuzz, type StreamCodec } from '../testing/fuzz.ts';
import { allAttributes, frameBytes, isSanePosition, loadVectors } from '../testing/vectors.ts';
import { decodeH02, H02FrameSplitter, h02Commands, isH02Binary } from './index.ts';

const vectors = loadVectors('traccar-h02.json');
const now = () => new Date('2024-01-02T01:02:03Z');

describe('H02 Traccar vectors', () => {
  for (const f of vectors.frames) {
    it(`${f.test} order ${f.order}: ${f.note?.slice(0, 60)}`, () => {
      const m = decodeH02(frameBytes(f), { now });
      expect(m.error, m.error).toBeUndefined();
      expect(m.deviceId).toBeTruthy();
      if (f.verify === 'verifyNull') expect(m.positions).toHaveLength(0);
      if (f.verify === 'verifyPosition') {
        expect(m.positions).toHaveLength(1);
        expect(m.positions.every(isSanePosition)).toBe(true);
      }
      if (f.verify === 'verifyAttributes' || f.verify === 'verifyNotNull') {
        expect(m.kind).not.toBe('unknown');
      }
      const e = f.expect ?? {};
      const p = m.positions[0];
      if (e.fixTime) expect(p?.fixTime.toISOString()).toBe(e.fixTime);
      if (e.valid !== undefined) expect(p?.valid).toBe(e.valid);
      const tolerance = (e.coordinateTolerance as number | undefined) ?? 1e-6;
      if (e.latitude !== undefined) expect(Math.abs((p?.lat ?? 0) - (e.latitude as number))).toBeLessThan(tolerance);
      if (e.longitude !== undefined) expect(Math.abs((p?.lon ?? 0) - (e.longitude as number))).toBeLessThan(tolerance);
      const attributes = allAttributes(m);
      for (const [key, value] of Object.entries((e.attributes as Record<string, unknown>) ?? {})) {
        expect(attributes[key]).toBe(value);
      }
    });
  }

  it('echoes heartbeats and answers V1 with V4,V1', () => {
    expect(decodeH02(Buffer.from('*HQ,135790246811220,HTBT,100#')).reply?.toString()).toBe('*HQ,135790246811220,HTBT#');
    const v1 = decodeH02(
      Buffer.from('*HQ,4210051415,V1,164549,A,0956.3869,N,08406.7068,W,000.00,000,221215,FFFFFBFF#'),
      {
        now,
      },
    );
    expect(v1.reply?.toString()).toBe('*HQ,4210051415,V4,V1,20240102010203#');
    expect(v1.positions[0]?.attributes.ignition).toBe(false);
  });

  it('puts the towers of NBR, V3 and VP1 reports in the common cells text (mcc,mnc,lac,cid[,rssi];…)', () => {
    const cells = (text: string) => decodeH02(Buffer.from(text, 'latin1'), { now }).attributes.cells;
    expect(
      cells(
        '*HQ,1400046168,NBR,160169,460,0,1,4,9338,3692,150,9338,3691,145,9338,3690,140,9338,3692,139,180813,FFFFFBFF#',
      ),
    ).toBe('460,0,9338,3692,150;460,0,9338,3691,145;460,0,9338,3690,140;460,0,9338,3692,139');
    // Six towers, then date, status and a trailing field that is not a tower.
    const six = cells(
      '*HQ,4109179024,NBR,103732,722,310,0,6,8106,32010,23,8101,22007,25,8106,12010,23,8106,22105,22,8101,22012,16,8106,42010,5,100217,FFFFFBFF,5#',
    );
    expect(String(six).split(';')).toHaveLength(6);
    expect(String(six).split(';')[5]).toBe('722,310,8106,42010,5');
    expect(cells('*HQ,353111080001055,V3,044855,28403,01,001450,011473,158,-62,0292,0,X,030817,FFFFFBFF#')).toBe(
      '284,3,1450,11473',
    );
    expect(cells('*hq,356327081001239,VP1,V,470,002,92,3565,0Y92,19433,30Y92,1340,29#')).toBe(
      '470,2,92,3565,0;470,2,92,19433,30;470,2,92,1340,29',
    );
    const base = decodeH02(Buffer.from('*HQ,8401016597,BASE,152609,0,0,0,0,211014,FFFFFFFF#'));
    expect(base.attributes.cells).toBeUndefined();
    expect(base.attributes.base).toBe('152609,0,0,0,0,211014,FFFFFFFF');
  });

  it('converts knots to km/h', () => {
    const m = decodeH02(Buffer.from('*TH,2020916012,V1,050316,A,2212.8745,N,11346.6574,E,14.28,028,220902,FFFFFBFF#'));
    expect(m.positions[0]?.speedKmh).toBeCloseTo(14.28 * 1.852, 6);
    expect(m.positions[0]?.course).toBe(28);
  });

  it('encodes the Traccar command vectors', () => {
    const at = new Date('2024-01-01T01:02:03Z');
    const id = '123456789012345';
    const made = [
      h02Commands.engineStop(id, at),
      h02Commands.engineResume(id, at),
      h02Commands.alarmArm(id, at),
      h02Commands.positionPeriodic(id, 10, at),
    ].map((b) => b.toString());
    expect(made).toEqual(vectors.commandVectors?.map((c) => c.text));
  });

  it('D1 asks for one position now (catalogue positionQuery)', () => {
    const at = new Date('2024-01-01T01:02:03Z');
    expect(h02Commands.positionOnce('4210051415', at).toString()).toBe('*HQ,4210051415,D1,010203,1,1#');
  });
});

const wires = vectors.frames.map(frameBytes);
const emitted = (wire: Buffer) => (wire[0] === 0x24 ? wire : Buffer.from(wire.toString('latin1').trimEnd(), 'latin1'));

const codec: StreamCodec = {
  splitter: () => new H02FrameSplitter(),
  decode: (frame) => decodeH02(frame, { now }),
  wellFormed: (frame) =>
    isH02Binary(frame) || (frame[0] === 0x2a && frame[frame.length - 1] === 0x23 && frame.length <= 2049),
  emitted,
};

describe('H02 stream framing', () => {
  it('re-frames every vector split at every offset, with the same decode', () => {
    for (const wire of wires) checkEveryOffset(codec, wire, emitted(wire));
  });

  it('splits glued text and binary reports, skipping garbage and CR/LF', () => {
    const garbage = Buffer.from('\r\n#x*$', 'latin1');
    const out = new H02FrameSplitter().push(Buffer.concat(wires.flatMap((w) => [garbage, w])));
    expect(out.map((b) => b.toString('hex'))).toEqual(wires.map((w) => emitted(w).toString('hex')));
  });

  it('survives 100k random and mutated frames and resynchronises', () => {
    fuzz(codec, wires, 0x402);
  });
});
