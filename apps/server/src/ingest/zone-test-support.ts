import { createConnection, type Socket } from 'node:net';
import type { FenceGeometry, LineGeometry, LngLat } from '@lodestar/domain';
import { Gt06FrameSplitter, Gt06Type, parseGt06Frame } from '@lodestar/protocols';
import type pg from 'pg';
import { encodeGt06Location, encodeGt06Login } from '../../../../packages/simulator/src/protocols/gt06.ts';

/** Fence engine tests' support: places by metres from a point, zones and bindings written as the API writes them, a GT06 tracker. */

const M_PER_DEG = 111_320;

/** The place `east` and `north` metres from `origin`. */
export function offset(origin: LngLat, east: number, north: number): LngLat {
  const [lng, lat] = origin;
  return [lng + east / (M_PER_DEG * Math.cos((lat * Math.PI) / 180)), lat + north / M_PER_DEG];
}

function boxOf(points: LngLat[], padMetres = 0): [number, number, number, number] {
  const lngs = points.map((p) => p[0]);
  const lats = points.map((p) => p[1]);
  const [minLng, minLat] = offset([Math.min(...lngs), Math.min(...lats)], -padMetres, -padMetres);
  const [maxLng, maxLat] = offset([Math.max(...lngs), Math.max(...lats)], padMetres, padMetres);
  return [minLng, minLat, maxLng, maxLat];
}

export interface FenceSpec {
  holdId: number;
  name: string;
  geometry: FenceGeometry;
  recordType?: 'both' | 'enter' | 'leave' | 'none';
  triggerAlarm?: boolean;
  speedLimit?: number | null;
  maxStayMinutes?: number | null;
}

export async function insertFence(pool: pg.Pool, f: FenceSpec): Promise<number> {
  const g = f.geometry;
  const box =
    g.type === 'Circle'
      ? boxOf([offset(g.Center, -g.Radius, -g.Radius), offset(g.Center, g.Radius, g.Radius)])
      : boxOf(g.coordinates[0]!);
  const shape = g.type === 'Circle' ? 'circle' : 'polygon';
  const { rows } = await pool.query<{ id: number }>(
    `INSERT INTO fences (hold_id, name, shape, geometry, min_lng, min_lat, max_lng, max_lat, record_type, trigger_alarm,
                         time_zone, speed_limit, max_stay_minutes)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, 'Asia/Shanghai', $11, $12) RETURNING id`,
    [
      f.holdId,
      f.name,
      shape,
      JSON.stringify(g),
      ...box,
      f.recordType ?? 'both',
      f.triggerAlarm ?? true,
      f.speedLimit ?? null,
      f.maxStayMinutes ?? null,
    ],
  );
  return rows[0]!.id;
}

export async function insertRoad(
  pool: pg.Pool,
  r: {
    holdId: number;
    name: string;
    geometry: LineGeometry;
    width: number;
    speedLimit?: number;
    triggerAlarm?: boolean;
  },
): Promise<number> {
  const box = boxOf(r.geometry.coordinates, r.width / 2);
  const { rows } = await pool.query<{ id: number }>(
    `INSERT INTO roads (hold_id, name, geometry, min_lng, min_lat, max_lng, max_lat, width, speed_limit, trigger_alarm)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id`,
    [r.holdId, r.name, JSON.stringify(r.geometry), ...box, r.width, r.speedLimit ?? null, r.triggerAlarm ?? true],
  );
  return rows[0]!.id;
}

export async function bind(pool: pg.Pool, kind: 'fence' | 'road', zoneId: number, devicePks: number[]): Promise<void> {
  const table = kind === 'fence' ? 'fence_devices (fence_id, device_pk)' : 'road_devices (road_id, device_pk)';
  await pool.query(`INSERT INTO ${table} SELECT $1, unnest($2::int[])`, [zoneId, devicePks]);
}

/** A GT06 device (`imei`) of the hold, VIP until `vip` (a date; null: not started). Answers its pk. */
export async function insertDevice(pool: pg.Pool, holdId: number, imei: string, vip: string | null): Promise<number> {
  const { rows } = await pool.query<{ id: number }>(
    `INSERT INTO devices (device_id, protocol, hold_id, vip_expires_at) VALUES ($1, 'gt06', $2, $3) RETURNING id`,
    [imei, holdId, vip],
  );
  return rows[0]!.id;
}

export interface DriveFix {
  time: Date;
  at: LngLat;
  speedKmh: number;
}

/**
 * A GT06 tracker on a real TCP connection to the gateway: `send` resolves on the position's ACK, which the gateway
 * gives only after the writer's COMMIT, so what a fix caused is in the database by then.
 */
export class Gt06Tracker {
  private serial = 0;
  private readonly waiting = new Map<number, () => void>();

  private constructor(private readonly socket: Socket) {
    const splitter = new Gt06FrameSplitter();
    socket.on('data', (chunk) => {
      for (const frame of splitter.push(chunk)) {
        const f = parseGt06Frame(frame);
        if (f) this.waiting.get(f.type === Gt06Type.Login ? -1 : f.serial)?.();
      }
    });
  }

  static async connect(port: number, imei: string): Promise<Gt06Tracker> {
    const socket = createConnection({ host: '127.0.0.1', port });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('error', reject);
    });
    const t = new Gt06Tracker(socket);
    const login = t.acked(-1);
    socket.write(encodeGt06Login(imei, ++t.serial));
    await login;
    return t;
  }

  private acked(key: number): Promise<void> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`GT06: no ACK for ${key}`)), 15_000);
      this.waiting.set(key, () => {
        clearTimeout(timer);
        this.waiting.delete(key);
        resolve();
      });
    });
  }

  async send(fix: DriveFix): Promise<void> {
    const s = ++this.serial;
    const ack = this.acked(s);
    this.socket.write(
      encodeGt06Location(
        {
          time: fix.time,
          lat: fix.at[1],
          lon: fix.at[0],
          speedKmh: fix.speedKmh,
          course: 90,
          altitude: 10,
          acc: true,
          odometerM: 0,
        },
        s,
      ),
    );
    await ack;
  }

  async drive(fixes: DriveFix[]): Promise<void> {
    for (const f of fixes) await this.send(f);
  }

  close(): void {
    this.socket.destroy();
  }
}
