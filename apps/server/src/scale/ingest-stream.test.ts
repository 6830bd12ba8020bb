import { randomBytes } from 'node:crypto';
import type { InboundRecord } from '@lodestar/gateway';
import { connect, type NatsConnection } from 'nats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { decodeRecords, encodeRecords, ensureIngestStream, parsePartitions, partitionOf } from './ingest-stream.ts';
import { NatsSignals } from './signals.ts';

const natsUrl = process.env.NATS_TEST_URL ?? 'nats://127.0.0.1:4222';

const record = (deviceId: string): InboundRecord => ({
  protocol: 'gt06',
  deviceId,
  receivedAt: new Date(Date.UTC(2026, 10, 24, 8, 0, 1, 250)),
  remoteAddress: '10.0.0.7',
  message: {
    protocol: 'gt06',
    kind: 'position',
    deviceId,
    messageType: 0x12,
    serial: 9,
    positions: [
      {
        fixTime: new Date(Date.UTC(2026, 10, 24, 8, 0, 0)),
        valid: true,
        lat: 31.2304,
        lon: 121.4737,
        speedKmh: 42.5,
        course: 270,
        alarms: ['sos'],
        attributes: { satellites: 9, acc: true },
      },
    ],
    alarms: [],
    attributes: {},
    reply: Buffer.from([0x78, 0x78, 0x05, 0x12, 0x00, 0x09, 0x0d, 0x0a]),
  },
});

describe('ingest stream records and partitions', () => {
  it('carries records with their dates and values, without the reply bytes', () => {
    const [back] = decodeRecords(encodeRecords([record('868120300000001')]));
    const original = record('868120300000001');
    expect(back!.receivedAt).toBeInstanceOf(Date);
    expect(back!.receivedAt.getTime()).toBe(original.receivedAt.getTime());
    expect(back!.message.positions[0]!.fixTime.toISOString()).toBe('2026-11-24T08:00:00.000Z');
    expect(back!.message.positions[0]).toMatchObject({ lat: 31.2304, lon: 121.4737, speedKmh: 42.5, alarms: ['sos'] });
    expect(back!.message.reply).toBeUndefined();
    // The gateway still has its reply to send.
    expect(original.message.reply).toBeDefined();
  });

  it('puts a device in the same partition every time and spreads a fleet over all of them', () => {
    const counts = new Array(8).fill(0);
    for (let i = 0; i < 8000; i++) {
      const id = `8681203${String(i).padStart(8, '0')}`;
      const p = partitionOf(id, 8);
      expect(partitionOf(id, 8)).toBe(p);
      counts[p]++;
    }
    for (const n of counts) expect(n).toBeGreaterThan(800);
  });

  it('reads the partitions a worker takes and names a bad setting', () => {
    expect(parsePartitions(undefined, 4)).toEqual([0, 1, 2, 3]);
    expect(parsePartitions('0-2,6, 4', 8)).toEqual([0, 1, 2, 4, 6]);
    expect(() => parsePartitions('3-9', 8)).toThrow(/INGEST_WORKER_PARTITIONS/);
    expect(() => parsePartitions('two', 8)).toThrow(/INGEST_WORKER_PARTITIONS/);
  });

  it('needs NATS and a shared PostgreSQL before it runs some roles only', () => {
    expect(loadConfig({}).roles).toEqual(new Set(['api', 'gateway', 'ingest']));
    expect(() => loadConfig({ ROLES: 'gateway' })).toThrow(/NATS_URL/);
    expect(() => loadConfig({ ROLES: 'gateway', NATS_URL: natsUrl })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ ROLES: 'gateway,mapper' })).toThrow(/ROLES/);
    const c = loadConfig({ ROLES: 'gateway, ingest', NATS_URL: natsUrl, DATABASE_URL: 'postgres://x@y/z' });
    expect([...c.roles].sort()).toEqual(['gateway', 'ingest']);
  });
});

describe('on NATS', () => {
  let a: NatsConnection;
  let b: NatsConnection;
  const tag = randomBytes(4).toString('hex');
  beforeAll(async () => {
    a = await connect({ servers: natsUrl });
    b = await connect({ servers: natsUrl });
  });
  afterAll(async () => {
    await (await a.jetstreamManager()).streams.delete(`LODESTAR_INGEST_P_${tag}`).catch(() => {});
    await a?.close();
    await b?.close();
  });

  it('refuses to join a stream made with another number of partitions', async () => {
    const names = { stream: `LODESTAR_INGEST_P_${tag}`, subject: `lodestar.test.${tag}.p`, consumer: 'ingest' };
    const jsm = await a.jetstreamManager();
    await ensureIngestStream(jsm, { names, partitions: 3, maxBytes: 1 << 20 });
    await ensureIngestStream(jsm, { names, partitions: 3, maxBytes: 1 << 20 });
    expect((await jsm.consumers.info(names.stream, 'ingest-2')).config.filter_subject).toBe(`${names.subject}.2`);
    await expect(ensureIngestStream(jsm, { names, partitions: 4, maxBytes: 1 << 20 })).rejects.toThrow(
      /INGEST_PARTITIONS=4/,
    );
  });

  it('delivers signals to the process that listens for them, and only those it handles', async () => {
    const prefix = `lodestar.test.${tag}.signal`;
    const api = new NatsSignals(a, prefix);
    const gatewayProcess = new NatsSignals(b, prefix);
    const got: string[] = [];
    await gatewayProcess.listen({
      commandQueued: (id) => got.push(`command ${id}`),
      deviceChanged: (id) => got.push(`changed ${id}`),
    });
    api.send('commandQueued', '868120300000001');
    api.send('alarmsReleased', 17);
    api.send('deviceChanged', '13800138000');
    await a.flush();
    const deadline = Date.now() + 5000;
    while (got.length < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    await new Promise((r) => setTimeout(r, 100));
    expect(got).toEqual(['command 868120300000001', 'changed 13800138000']);
    gatewayProcess.close();
  });
});
