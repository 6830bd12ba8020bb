import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveUpdate } from './bus.ts';
import { NatsBus } from './nats-bus.ts';

// The machine's NATS JetStream (CI has one at 127.0.0.1:4222).
const url = process.env.NATS_TEST_URL ?? 'nats://127.0.0.1:4222';

const update = (n: number): LiveUpdate => ({
  devicePk: n,
  deviceId: `86000000000000${n}`,
  holdId: 7,
  holdPath: '/1/7/',
  fixTime: new Date(Date.UTC(2026, 10, 1, 8, 0, n)).toISOString(),
  lat: 31.23,
  lon: 121.47,
  speed: 40,
  course: 90,
  acc: true,
  alarms: n === 2 ? ['sos'] : [],
  status: n === 2 ? 'alarm' : 'moving',
  mileage: n,
  events: [],
});

describe('live bus on NATS JetStream', () => {
  let bus: NatsBus;
  let other: NatsBus;
  beforeAll(async () => {
    bus = await NatsBus.connect(url);
    other = await NatsBus.connect(url);
  });
  afterAll(async () => {
    await bus?.close();
    await other?.close();
  });

  it('delivers every update published after a subscription, in order, to another connection', async () => {
    const got: LiveUpdate[] = [];
    const stop = await other.subscribe((u) => got.push(u));
    bus.publish([update(1), update(2), update(3)]);
    const deadline = Date.now() + 5000;
    while (got.filter((u) => u.holdId === 7).length < 3 && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 20));
    stop();
    const mine = got.filter((u) => u.holdPath === '/1/7/');
    expect(mine.map((u) => u.devicePk)).toEqual([1, 2, 3]);
    expect(mine[1]!.alarms).toEqual(['sos']);
  });
});
