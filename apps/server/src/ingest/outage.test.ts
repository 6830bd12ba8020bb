import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { applyMigrations, poolFor, schema, startEmbedded } from '@lodestar/db';
import { type GatewayHandle, startGateway } from '@lodestar/gateway';
import { deviceIds, type SimAck, startSimulator } from '@lodestar/simulator';
import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { InProcessBus } from './bus.ts';
import { createIngest } from './index.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The promise the gateway makes: a position a device was told was received is never lost. Real
 * trackers (the simulator) report over TCP and HTTP while the embedded PostgreSQL is stopped and
 * started again under them; afterwards every acknowledged fix must be in the database.
 */
describe('a database outage under load', () => {
  let dir: string | undefined;
  const cleanups: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c().catch(() => {});
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('acknowledges nothing while the database is down and loses nothing that was acknowledged', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'lodestar-outage-'));
    let server = await startEmbedded(dir);
    cleanups.push(() => server.stop());
    const pool: pg.Pool = poolFor(server.url, 10);
    cleanups.push(() => pool.end());
    await applyMigrations(drizzle(pool, { schema }));
    // H02's "V4,V1" answer carries the server's clock, not the report's, so an H02 device cannot tell
    // which report an answer belongs to; the protocols here answer one identifiable report each.
    const mix = { gt06: 2, jt808: 2, osmand: 1 };
    const fleet = deviceIds(24, mix);
    const { rows } = await pool.query(
      `INSERT INTO holds (name, hold_type, path) VALUES ('fleet', 3, '/') RETURNING id`,
    );
    const holdId = rows[0].id as number;
    await pool.query(`UPDATE holds SET path = '/' || id || '/'`);
    await pool.query(
      `INSERT INTO devices (device_id, protocol, hold_id) SELECT d, p, $3 FROM unnest($1::text[], $2::text[]) AS u(d, p)`,
      [fleet.map((d) => d.deviceId), fleet.map((d) => d.protocol), holdId],
    );

    const ingest = createIngest(pool, new InProcessBus());
    const gateway: GatewayHandle = await startGateway({
      host: '127.0.0.1',
      listenOnFreePorts: true,
      ports: { teltonika: 0 },
      udp: [],
      sink: ingest.writer,
      directory: ingest.directory,
      commands: ingest.commands,
    });
    cleanups.push(() => gateway.close());
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
      seed: 3,
      onAck: (a) => acks.push({ ...a, at: Date.now() }),
    });
    cleanups.push(() => sim.close());

    await sleep(2500);
    const beforeOutage = acks.length;
    expect(beforeOutage).toBeGreaterThan(50);

    await server.stop();
    const downAt = Date.now();
    await sleep(2500);
    const upAt = Date.now();
    // Allow one in-flight ACK whose COMMIT landed just before the server stopped.
    const ackedWhileDown = acks.filter((a) => a.at > downAt + 200 && a.at < upAt).length;
    expect(ackedWhileDown).toBe(0);
    expect(gateway.stats().acksWithheld + gateway.stats().persistFailures).toBeGreaterThan(0);

    server = await startEmbedded(dir, () => {}, server.port);
    await sleep(4000);
    await sim.close();
    await ingest.writer.close();
    const afterRecovery = acks.filter((a) => a.at >= upAt).length;
    expect(afterRecovery).toBeGreaterThan(20);

    // Fixes travel with second resolution; compare each acknowledged fix to the stored ones by second.
    const stored = await pool.query<{ device_id: string; s: number }>(
      `SELECT d.device_id, floor(extract(epoch FROM p.fix_time))::bigint AS s FROM positions p JOIN devices d ON d.id = p.device_pk`,
    );
    const have = new Set(stored.rows.map((r) => `${r.device_id}@${r.s}`));
    const missing = acks.filter((a) => !have.has(`${a.deviceId}@${Math.floor(a.fix.time.getTime() / 1000)}`));
    expect(missing.map((a) => `${a.deviceId}@${a.fix.time.toISOString()}`)).toEqual([]);
    expect(acks.length).toBeGreaterThan(beforeOutage + 20);
  });
});
