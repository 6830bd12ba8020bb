import {
  encodeGt06Command,
  encodeTerminalControl,
  GT06_COMMANDS,
  JT808_CONTROL,
  jt808TerminalId,
} from '@lodestar/protocols';
import { describe, expect, it } from 'vitest';
import { gt06Dialect } from './protocols/gt06.ts';
import { h02Dialect } from './protocols/h02.ts';
import { jt808Dialect } from './protocols/jt808.ts';
import { deviceSeed, seededRandom } from './random.ts';
import { type SimFix, Vehicle } from './route.ts';

const kinds = (events: { type: string; on?: boolean }[]) =>
  events.map((e) => (e.type === 'immobilise' ? e.on : e.type));

describe('the immobiliser in the simulated trackers', () => {
  it('H02: S20,1,1 cuts and S20,1,0 restores, each answered by the V4 reply', () => {
    const d = h02Dialect('4210051415');
    const cut = d.onFrame(Buffer.from('*HQ,4210051415,S20,010203,1,1#'));
    expect(kinds(cut)).toEqual([true, 'send']);
    const reply = cut[1]?.type === 'send' ? cut[1].bytes.toString() : '';
    expect(reply).toBe('*HQ,4210051415,V4,S20,1,1,010203#');
    expect(kinds(d.onFrame(Buffer.from('*HQ,4210051415,S20,010203,1,0#')))).toEqual([false, 'send']);
    expect(kinds(d.onFrame(Buffer.from('*HQ,4210051415,SCF,010203,0,0#')))).toEqual(['send']);
  });

  it('GT06: the 0x80 texts Relay,1# / Relay,0# cut and restore; other texts are only answered', () => {
    const d = gt06Dialect('868120300000017');
    expect(kinds(d.onFrame(encodeGt06Command(GT06_COMMANDS.engineStop, 1, 9)))).toEqual([true, 'send']);
    expect(kinds(d.onFrame(encodeGt06Command(GT06_COMMANDS.engineResume, 2, 10)))).toEqual([false, 'send']);
    expect(kinds(d.onFrame(encodeGt06Command('DYD,000000#', 3, 11)))).toEqual([true, 'send']);
    expect(kinds(d.onFrame(encodeGt06Command('WHERE#', 4, 12)))).toEqual(['send']);
  });

  it('JT/T 808: 0x8105 with 0xF0 cuts and 0xF1 restores', () => {
    const d = jt808Dialect('13900000001');
    const t = { phone: jt808TerminalId('13900000001') };
    expect(kinds(d.onFrame(encodeTerminalControl(t, 5, JT808_CONTROL.engineStop)))).toEqual([true, 'send']);
    expect(kinds(d.onFrame(encodeTerminalControl(t, 6, JT808_CONTROL.engineResume)))).toEqual([false, 'send']);
  });

  it('a cut vehicle brakes to a halt with the engine off and stays; restored, it drives again', () => {
    const v = new Vehicle(seededRandom(deviceSeed(5, 0)), new Date('2024-01-01T00:00:00Z'));
    let fix: SimFix = v.advance(10);
    for (let i = 0; i < 500 && fix.speedKmh < 40; i++) fix = v.advance(10);
    expect(fix.speedKmh).toBeGreaterThanOrEqual(40);
    v.setImmobilised(true);
    const halted = [v.advance(10), v.advance(10)].at(-1) as SimFix;
    expect([halted.speedKmh, halted.acc]).toEqual([0, false]);
    const held = Array.from({ length: 60 }, () => v.advance(10)); // ten minutes
    expect(held.every((f) => f.speedKmh === 0 && !f.acc && f.lat === halted.lat && f.lon === halted.lon)).toBe(true);
    v.setImmobilised(false);
    const after = Array.from({ length: 60 }, () => v.advance(10));
    expect(after.some((f) => f.speedKmh > 0 && f.acc)).toBe(true);
  });
});
