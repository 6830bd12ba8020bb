import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { applyMigrations, poolFor, schema, startEmbedded } from '@lodestar/db';
import { type GatewayHandle, startGateway } from '@lodestar/gateway';
import { deviceIds, type SimAck, startSimulator } from '@lodestar/simulator';
import { drizzle } from 'drizzle-orm/node-postgres';
import { connect } from 'nats';
import type pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import type { Role } from '../config.ts';
import { InProcessBus } from '../ingest/bus.ts';
import { createIngest } from '../ingest/index.ts';
import { joinDeployment } from './deployment.ts';
import type { IngestStreamNames } from './ingest-stream.ts';

// The machine's NATS JetStream (CI has one at 127.0.0.1:4222).
const natsUrl = process.env.NATS_TEST_URL ?? 'nats://127.0.0.1:4222';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(what: string, test: () => Promise<boolean> | boolean, ms = 20_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await test())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

/**
 * Roles in separate processes (ROLES): a gateway that hands records to the ingest stream and acknowledges
 * devices once JetStream stored them, and an ingest worker that writes them to PostgreSQL. Here each side
 * has its own pool, device cache and NATS connection, as two processes would.
 */
describe('gateway and ingest apart, joined by NATS JetStream', () => {
  let dir: string | undefined;
  const cleanups: (() => Promise<unknown>)[] = [];
  const tag = randomBytes(4).toString('hex');
  const names: IngestStreamNames = {
    stream: `LODESTAR_INGEST_TEST_${tag}`,
    subject: `lodestar.test.${tag}.ingest`,
    consumer: 'ingest',
  };
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c().catch(() => {});
    const nc = await connect({ servers: natsUrl });
    await (await nc.jetstreamManager()).streams.delete(names.stream).catch(() => {});
    await nc.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  const settings = (roles: Role[]) => ({
    natsUrl,
    roles: new Set(roles),
    ingestPartitions: 4,
    ingestWorkerPartitions: undefined,
    ingestStreamMaxBytes: 64 * 1024 * 1024,
  });

  it('acknowledges once the stream has a record, writes it when a worker takes it, and loses nothing through a database outage', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'lodestar-split-'));
    let server = await startEmbedded(dir);
    cleanups.push(() => server.stop());
    const gatewayPool: pg.Pool = poolFor(server.url, 5);
    const workerPool: pg.Pool = poolFor(server.url, 5);
    cleanups.push(
      () => gatewayPool.end(),
      () => workerPool.end(),
    );
    await applyMigrations(drizzle(workerPool, { schema }));
    const mix = { gt06: 2, jt808: 2, osmand: 1 };
    const fleet = deviceIds(20, mix);
    const { rows } = await workerPool.query(
      `INSERT INTO holds (name, hold_type, path) VALUES ('fleet', 3, '/') RETURNING id`,
    );
    await workerPool.query(`UPDATE holds SET path = '/' || id || '/'`);
    await workerPool.query(
      `INSERT INTO devices (device_id, protocol, hold_id) SELECT d, p, $3 FROM unnest($1::text[], $2::text[]) AS u(d, p)`,
      [fleet.map((d) => d.deviceId), fleet.map((d) => d.protocol), rows[0].id],
    );

    // The gateway process.
    const gatewaySide = createIngest(gatewayPool, new InProcessBus());
    const front = await joinDeployment(settings(['gateway']), gatewaySide, names, `lodestar.test.${tag}.signal`);
    cleanups.push(() => front.close());
    expect(front.sink).toBeDefined();
    const gateway: GatewayHandle = await startGateway({
      host: '127.0.0.1',
      listenOnFreePorts: true,
      ports: { teltonika: 0 },
      udp: [],
      sink: front.sink!,
      directory: gatewaySide.directory,
      commands: gatewaySide.commands,
    });
    cleanups.push(() => gateway.close());
    await front.listen(gateway, () => {});

    const acks: (SimAck & { at: number })[] = [];
    const sim = startSimulator({
      host: '127.0.0.1',
      ports: {
        gt06: gateway.ports.gt06,
        jt808: gateway.ports.jt808,
        h02: gateway.ports.h02,
        osmand: gateway.ports.osmand,
      },
      devices: fleet.length,
      protocolMix: mix,
      intervalMs: 250,
      timeScale: 4,
      resendAfterMs: 700,
      seed: 5,
      onAck: (a) => acks.push({ ...a, at: Date.now() }),
    });
    cleanups.push(() => sim.close());

    // No worker yet: devices are acknowledged from the stream alone, and nothing is in the database.
    await until('acknowledgements with no worker running', () => acks.length > 40);
    const count = async () => Number((await workerPool.query('SELECT count(*) AS n FROM positions')).rows[0].n);
    expect(await count()).toBe(0);
    expect(front.sink!.stats.records).toBeGreaterThanOrEqual(40);

    // The ingest worker process starts and takes the backlog.
    const workerSide = createIngest(workerPool, new InProcessBus());
    const back = await joinDeployment(settings(['ingest']), workerSide, names, `lodestar.test.${tag}.signal`);
    cleanups.push(() => back.close());
    await back.listen(undefined, () => {});
    cleanups.push(() => back.stopWorker());
    await until('the backlog written', async () => (await count()) >= 40);

    // The database goes away under the worker; gateways go on acknowledging into the stream.
    await server.stop();
    const downAt = Date.now();
    await sleep(2500);
    expect(acks.filter((a) => a.at > downAt + 500).length).toBeGreaterThan(10);
    expect(back.worker!.stats.failedWrites).toBeGreaterThan(0);
    server = await startEmbedded(dir, () => {}, server.port);
    await sleep(1500);
    await sim.close();

    // Everything acknowledged ends up written once the worker has drained its partitions.
    const nc = await connect({ servers: natsUrl });
    cleanups.push(() => nc.close());
    const jsm = await nc.jetstreamManager();
    await until('the stream drained', async () => (await jsm.streams.info(names.stream)).state.messages === 0, 40_000);
    await workerSide.writer.close();
    const stored = await workerPool.query<{ device_id: string; s: number }>(
      `SELECT d.device_id, floor(extract(epoch FROM p.fix_time))::bigint AS s FROM positions p JOIN devices d ON d.id = p.device_pk`,
    );
    const have = new Set(stored.rows.map((r) => `${r.device_id}@${r.s}`));
    const missing = acks.filter((a) => !have.has(`${a.deviceId}@${Math.floor(a.fix.time.getTime() / 1000)}`));
    expect(missing.map((a) => `${a.deviceId}@${a.fix.time.toISOString()}`)).toEqual([]);
    expect(back.worker!.stats.redelivered).toBeGreaterThan(0);
  }, 90_000);
});
