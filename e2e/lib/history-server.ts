import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ensureSuperAdmin, schema } from '@lodestar/db';
import { drizzle } from 'drizzle-orm/node-postgres';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { InProcessBus } from '../../apps/server/src/ingest/bus.ts';
import { createIngest } from '../../apps/server/src/ingest/index.ts';
import type { PositionRow } from '../../apps/server/src/ingest/plan.ts';
import { HistoryRepository } from '../../apps/server/src/modules/history/repository.ts';
import { TrackRollup } from '../../apps/server/src/modules/history/rollup.ts';
import { RollupRepository } from '../../apps/server/src/modules/history/rollup-repository.ts';
import { LocalSmsProvider } from '../../apps/server/src/modules/sms/provider.ts';
import { benchDatabase } from '../../bench/lib.ts';
import { copyPositions } from '../../bench/raw-insert.ts';

export const HISTORY_ADMIN = { phone: '13800000000', password: 'history-admin-1' };
const HOUR = 3_600_000;
/** The super administrator's zone (users.time_zone default), UTC+8 all year. */
export const HISTORY_ZONE_OFFSET_MS = 8 * HOUR;

const pad = (n: number) => String(n).padStart(2, '0');
/** A Unix ms instant as 'YYYY-MM-DD HH:mm:ss' on the super administrator's wall clock. */
export const inAdminZone = (ms: number) => {
  const s = new Date(ms + HISTORY_ZONE_OFFSET_MS);
  return `${s.getUTCFullYear()}-${pad(s.getUTCMonth() + 1)}-${pad(s.getUTCDate())} ${pad(s.getUTCHours())}:${pad(s.getUTCMinutes())}:${pad(s.getUTCSeconds())}`;
};

export interface SeededDevice {
  deviceId: string;
  /** First and last fix, Unix ms. */
  from: number;
  to: number;
  points: number;
}

export interface HistoryServer {
  url: string;
  /** Device-days the rollup packed into track_days. */
  rolled: number;
  devices: SeededDevice[];
  stop(): Promise<void>;
}

/**
 * A vehicle driving loops around Shanghai every `stepMs`: moving 50 minutes of each hour at 20–99
 * km/h (every speed class), stopped the other 10; an alarm every 5,000 points; no data for two hours
 * (a gap) at a quarter of the period unless `gap` is false. Device `d` is offset a little so several tracks lie apart.
 */
function row(pk: number, d: number, k: number, t: number): PositionRow {
  const moving = k % 360 < 300;
  return {
    device_pk: pk,
    fix_time: new Date(t),
    server_time: new Date(t + 1_500),
    valid: k % 997 !== 5,
    lat: Math.round((31.2 + d * 0.02 + Math.sin(k / 500) * 0.05) * 1e6) / 1e6,
    lon: Math.round((121.4 + d * 0.02 + Math.cos(k / 700) * 0.05) * 1e6) / 1e6,
    speed: moving ? 20 + (k % 80) : 0,
    course: (k * 7) % 360,
    altitude: 12,
    satellites: 9,
    alarms: k % 5000 === 2500 ? ['overspeed'] : [],
    attributes: { ignition: moving, odometer: k * 150 },
  };
}

/**
 * The real server (Fastify on 127.0.0.1 with the built console) over a fresh database holding the
 * given devices' history, written by binary COPY as the ingest writes it. In-process, unlike the
 * other browser tests' child server, because the history is seeded straight into its tables.
 */
export async function startHistoryServer(opts: {
  target?: 'embedded' | 'external';
  devices: { deviceId: string; days: number; stepMs: number; gap?: boolean }[];
  /** The last fix, Unix ms (default: a minute ago). */
  end?: number;
}): Promise<HistoryServer> {
  const bench = await benchDatabase(opts.target ?? 'embedded');
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'lodestar-history-web-'));
  const db = drizzle(bench.pool, { schema });
  // The track rollup runs once below, after seeding, rather than on its timer during the measurements.
  const config = loadConfig({ DEMO: '0', DATA_DIR: dataDir, GATEWAY_DISABLED: '1', TRACK_ROLLUP: '0' });
  const ingest = createIngest(bench.pool, new InProcessBus(), config.filters);
  const database = { db, pool: bench.pool, kind: 'external' as const, close: async () => {} };
  const app = await buildApp({ config, database, ingest, sms: new LocalSmsProvider(() => {}) });
  await ensureSuperAdmin(db, HISTORY_ADMIN);
  const root = (await bench.pool.query('SELECT id FROM holds WHERE parent_id IS NULL')).rows[0] as { id: number };
  const end = opts.end ?? Math.floor((Date.now() - 60_000) / 10_000) * 10_000;
  const devices: SeededDevice[] = [];
  for (const [d, spec] of opts.devices.entries()) {
    const { rows } = await bench.pool.query(
      `INSERT INTO devices (device_id, protocol, hold_id, name, vip_expires_at)
       VALUES ($1, 'jt808', $2, $1, current_date + 365) RETURNING id`,
      [spec.deviceId, root.id],
    );
    const pk = rows[0].id as number;
    const from = end - spec.days * 24 * HOUR;
    const gapFrom = from + (end - from) / 4;
    let batch: PositionRow[] = [];
    let points = 0;
    let first = 0;
    for (let t = from + spec.stepMs, k = 0; t <= end; t += spec.stepMs, k++) {
      if (spec.gap !== false && t > gapFrom && t < gapFrom + 2 * HOUR) continue;
      first ||= t;
      batch.push(row(pk, d, k, t));
      points++;
      if (batch.length >= 100_000) {
        await copyPositions(bench.pool, batch);
        batch = [];
      }
    }
    if (batch.length) await copyPositions(bench.pool, batch);
    devices.push({ deviceId: spec.deviceId, from: first, to: end, points });
  }
  // The days each device reported, as the ingest writer records them (the GPS home and the rollup read them).
  await bench.pool.query(
    `INSERT INTO device_days (day, device_pk)
     SELECT DISTINCT (fix_time AT TIME ZONE 'Asia/Shanghai')::date, device_pk FROM positions ON CONFLICT DO NOTHING`,
  );
  await bench.pool.query('VACUUM ANALYZE positions');
  // Closed days packed into track_days, as the server's rollup job leaves them (GetTrack's compact form reads them).
  const rolled = await new TrackRollup(new RollupRepository(bench.pool, new HistoryRepository(bench.pool))).run();
  await app.listen({ host: '127.0.0.1', port: 0 });
  return {
    rolled,
    url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`,
    devices,
    async stop() {
      await app.close();
      await ingest.writer.close();
      await bench.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
