import { describe, expect, it } from 'vitest';
import { crc16Ibm, crc16X25, xor8 } from './common/crc.ts';
import { encodeGt06Command, GT06_COMMANDS } from './gt06/encode.ts';
import { parseGt06Frame } from './gt06/frame.ts';
import { h02Commands } from './h02/encode.ts';
import { encodeTerminalControl, JT808_CONTROL, type Jt808Target, jt808TerminalId } from './jt808/index.ts';
import { encodeTeltonikaCommand } from './teltonika/encode.ts';
import { loadVectors } from './testing/vectors.ts';

/**
 * The remote immobiliser (function 83, lock/unlock) in every protocol that has one: cut (engineStop)
 * and restore (engineResume). Traccar's encoder tests give the cut frames; each restore frame is the
 * same frame with the documented restore argument and its checksum computed again here.
 */
const vector = (file: string, command: string) => {
  const v = loadVectors(file).commandVectors?.find((c) => c.command === command);
  if (!v) throw new Error(`no ${command} vector in ${file}`);
  return v;
};

describe('immobiliser commands', () => {
  it('H02: S20 with 1,1 cuts the oil/power and 1,0 restores it (time field hhmmss, UTC)', () => {
    const at = new Date('2024-01-01T01:02:03Z');
    const id = '123456789012345';
    expect(h02Commands.engineStop(id, at).toString()).toBe(vector('traccar-h02.json', 'engineStop').text);
    expect(h02Commands.engineResume(id, at).toString()).toBe(vector('traccar-h02.json', 'engineResume').text);
  });

  it('GT06: 0x80 text "Relay,1#" cuts and "Relay,0#" restores, CRC-ITU over length to serial', () => {
    const stop = Buffer.from(vector('traccar-gt06.json', 'engineStop').hex ?? '', 'hex');
    expect(encodeGt06Command(GT06_COMMANDS.engineStop).equals(stop)).toBe(true);
    const resume = Buffer.from(stop);
    resume.write('Relay,0#', 9, 'latin1'); // start, length, 0x80, command length, server flag
    resume.writeUInt16BE(crc16X25(resume, 2, resume.length - 4), resume.length - 4);
    const made = encodeGt06Command(GT06_COMMANDS.engineResume);
    expect(made.toString('hex')).toBe(resume.toString('hex'));
    const frame = parseGt06Frame(made);
    expect(frame?.type).toBe(0x80);
    expect(frame?.body.toString('latin1', 5, 13)).toBe('Relay,0#');
  });

  it('JT/T 808: 0x8105 terminal control with command word 0xF0 cuts and 0xF1 restores', () => {
    const t: Jt808Target = { phone: jt808TerminalId('123456789012345') };
    const stop = Buffer.from(vector('traccar-jt808.json', 'engineStop').hex ?? '', 'hex');
    expect(encodeTerminalControl(t, 0, JT808_CONTROL.engineStop).equals(stop)).toBe(true);
    const resume = encodeTerminalControl(t, 0, JT808_CONTROL.engineResume);
    // Same header and serial; the body byte and the XOR check code change, nothing else.
    expect(resume.toString('hex')).toBe('7e810500010b3a73ce2ff20000f1257e');
    expect(xor8(resume, 1, resume.length - 2)).toBe(resume[resume.length - 2]);
  });

  it('Teltonika: codec 12 "setdigout 1" drives DOUT1 (the relay) and "setdigout 0" releases it', () => {
    for (const text of ['setdigout 1', 'setdigout 0']) {
      const frame = encodeTeltonikaCommand(text);
      const size = frame.readUInt32BE(4);
      const data = frame.subarray(8, 8 + size);
      expect([frame.readUInt32BE(0), data[0], data[1], data[2], data.readUInt32BE(3)]).toEqual([
        0,
        0x0c,
        1,
        0x05,
        text.length,
      ]);
      expect(data.toString('latin1', 7, 7 + text.length)).toBe(text);
      expect(frame.readUInt32BE(8 + size)).toBe(crc16Ibm(data));
    }
  });
});
