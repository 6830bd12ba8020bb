import { describe, expect, it } from 'vitest';
import * as api from './index.ts';

describe('package entry', () => {
  it('exposes one stream codec per TCP protocol, wired end to end', () => {
    const login = api.encodeGt06Packet(0x01, 1, Buffer.from('0123456789012345', 'hex'));
    const heartbeat = Buffer.from('78780a13400504000000153dc20d0a', 'hex');
    const { createSplitter, createDecoder } = api.STREAM_PROTOCOLS.gt06;
    const splitter = createSplitter();
    const decoder = createDecoder();
    const messages = splitter.push(Buffer.concat([login, heartbeat])).map((f) => decoder.decode(f));
    expect(messages.map((m) => [m.kind, m.deviceId])).toEqual([
      ['login', '123456789012345'],
      ['heartbeat', '123456789012345'],
    ]);
    expect(Object.keys(api.STREAM_PROTOCOLS).sort()).toEqual(['gt06', 'h02', 'jt808', 'teltonika']);
  });
});
