import { describe, expect, it } from 'vitest';
import { encodeGt06Packet } from '../gt06/index.ts';
import { encodeH02Reply } from '../h02/index.ts';
import { encodeGeneralReply } from '../jt808/index.ts';
import { STREAM_PROTOCOLS } from '../registry.ts';

/** One well-formed frame per stream protocol (as the splitter emits it: no JT/T 808 escapes in these bytes). */
const FRAMES = {
  gt06: encodeGt06Packet(0x01, 1, Buffer.from('0123456789012345', 'hex')),
  jt808: encodeGeneralReply({ phone: Buffer.from('013900000001', 'hex') }, 0x4001, 0x1234, 0x0200),
  h02: encodeH02Reply('4100000001', 'V4,V1', new Date('2026-11-22T01:02:03Z'), 'datetime'),
  teltonika: Buffer.from('000F313233343536373839303132333435', 'hex'),
};

describe('frame splitters and the caller’s chunks', () => {
  for (const [name, frame] of Object.entries(FRAMES)) {
    it(`${name}: a chunk reused by the caller after push does not change what was held back`, () => {
      const splitter = STREAM_PROTOCOLS[name as keyof typeof FRAMES].createSplitter();
      const cut = Math.floor(frame.length / 2);
      // A whole frame and the head of the next in one chunk, which the caller then overwrites (a socket may).
      const chunk = Buffer.concat([frame, frame.subarray(0, cut)]);
      const first = splitter.push(chunk);
      chunk.fill(0xaa);
      const second = splitter.push(Buffer.from(frame.subarray(cut)));
      expect([...first, ...second].map((f) => f.toString('hex'))).toEqual([
        frame.toString('hex'),
        frame.toString('hex'),
      ]);
    });
  }
});
