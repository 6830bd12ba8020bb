import { describe, expect, it } from 'vitest';
import { encodeTeltonikaCommand, TELTONIKA_TEXTS } from './index.ts';

describe('Teltonika codec 12 commands', () => {
  it('frames "getinfo" exactly as the Teltonika codec 12 documentation example', () => {
    expect(encodeTeltonikaCommand('getinfo').toString('hex')).toBe(
      '000000000000000f0c010500000007676574696e666f0100004312',
    );
  });

  it('getgps, getstatus and getparam for the catalogue queries', () => {
    // Zero preamble, data size 14, codec 0x0C, 1 command of type 5, size 6, "getgps", 1, CRC-16/IBM.
    expect(encodeTeltonikaCommand(TELTONIKA_TEXTS.position).toString('hex')).toBe(
      '000000000000000e0c010500000006676574677073010000ccd7',
    );
    expect([TELTONIKA_TEXTS.status, TELTONIKA_TEXTS.parameters]).toEqual(['getstatus', 'getparam 2001;2004;2005;2006']);
  });
});
