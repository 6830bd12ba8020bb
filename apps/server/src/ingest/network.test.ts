import type { InboundRecord } from '@lodestar/gateway';
import { decodeH02, Gt06Session } from '@lodestar/protocols';
import { describe, expect, it } from 'vitest';
import { DEFAULT_FILTERS } from './filters.ts';
import { withNetwork } from './network.ts';
import { planFlush } from './plan.ts';
import { EMPTY_STATE, type LatestState } from './state.ts';

const now = new Date('2026-11-01T08:00:00Z');
const device = {
  pk: 7,
  deviceId: '1400046168',
  protocol: 'h02',
  holdId: 1,
  holdPath: '/1/',
  speedLimit: 0,
  overspeedSeconds: 5,
};
const parked: LatestState = {
  ...EMPTY_STATE,
  fixTime: new Date(now.getTime() - 60_000),
  lastSeen: new Date(now.getTime() - 60_000),
  valid: true,
  lat: 31.23,
  lon: 121.47,
  attributes: { ignition: true, mcc: 460, mnc: 0, lac: 1, cellId: 2, fuel: 30 },
};
const record = (message: InboundRecord['message']): InboundRecord => ({
  protocol: message.protocol,
  deviceId: device.deviceId,
  receivedAt: now,
  remoteAddress: '127.0.0.1',
  message,
});
const plan = (r: InboundRecord) =>
  planFlush([r], new Map([[device.deviceId, device]]), () => parked, now, DEFAULT_FILTERS).states.get(device.pk);

describe('cells and Wi-Fi of reports without a stored fix reach the latest state', () => {
  it('replaces the network attributes and keeps the others', () => {
    const s = withNetwork(parked, { cells: '460,0,9338,3692,150', rssi: 3 });
    expect(s.attributes).toEqual({ ignition: true, fuel: 30, cells: '460,0,9338,3692,150' });
    expect(withNetwork(parked, { rssi: 3 })).toBe(parked);
  });

  it('takes an H02 NBR cell report (a message without positions)', () => {
    const m = decodeH02(
      Buffer.from('*HQ,1400046168,NBR,160169,460,0,1,2,9338,3692,150,9338,3691,145,180813,FFFFFBFF#', 'latin1'),
    );
    const s = plan(record(m));
    expect(s?.attributes?.cells).toBe('460,0,9338,3692,150;460,0,9338,3691,145');
    expect(s?.attributes?.lac).toBeUndefined();
    expect(s?.lastSeen).toEqual(now);
    expect(s?.lat).toBe(31.23);
  });

  it('takes the serving cell of a GT06 GPS+LBS packet whose GPS has no fix', () => {
    const session = new Gt06Session();
    session.decode(Buffer.from('78780D01086471700328358100093F040D0A', 'hex')); // login (Traccar vector)
    // Traccar's 0x12 GPS+LBS vector with the "positioned" bit cleared (course/status 0x5400 → 0x4400).
    const m = session.decode(
      Buffer.from('78781f120f0a140e150bc505e51e780293a9e800440000f601006e0055da00035f240d0a', 'hex'),
    );
    expect(m.positions[0]?.valid).toBe(false);
    const s = plan({ ...record(m), protocol: 'gt06' });
    expect(s?.valid).toBe(false);
    expect(s?.attributes).toMatchObject({ mcc: 246, mnc: 1, lac: 110, cellId: 21978, fuel: 30 });
  });
});
