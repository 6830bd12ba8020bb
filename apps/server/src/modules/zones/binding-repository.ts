import { sql } from 'drizzle-orm';
import type { Executor } from '../../lib/executor.ts';
import { typedIdsMatch } from '../devices/repository.ts';

export type ZoneKind = 'fence' | 'road';

/** The tables of each kind; fixed names, never the caller's text. */
const TABLES = {
  fence: { links: 'fence_devices', key: 'fence_id', state: 'f' },
  road: { links: 'road_devices', key: 'road_id', state: 'r' },
} as const;

/** A device named for binding, with what the VIP and full-function rules read. */
export type BindCandidate = {
  pk: number;
  deviceId: string;
  protocol: string;
  holdPath: string;
  /** `YYYY-MM-DD`, null: never had VIP. */
  vipExpiresAt: string | null;
  fullFunction: boolean;
};

export type BoundDeviceRecord = {
  deviceId: string;
  deviceName: string;
  plate: string | null;
  model: string;
  protocol: string;
  fullFunction: boolean;
  vipExpiresAt: string | null;
  pushStatus: string | null;
  boundAt: Date;
};

const CANDIDATE = sql`d.id AS pk, d.device_id AS "deviceId", d.protocol, h.path AS "holdPath",
                      to_char(d.vip_expires_at, 'YYYY-MM-DD') AS "vipExpiresAt",
                      coalesce(m.full_function, false) AS "fullFunction"`;

/** The devices bound to fences and roads (fence_devices, road_devices) and the visits of them (zone_states). SQL only. */
export class ZoneBindingRepository {
  constructor(private readonly db: Executor) {}

  /** The devices the typed ids name (as typed or in their protocol's form). */
  async devicesNamed(typed: string[]): Promise<BindCandidate[]> {
    if (!typed.length) return [];
    const { rows } = await this.db.execute<BindCandidate>(sql`
      SELECT ${CANDIDATE}
        FROM devices d
        JOIN holds h ON h.id = d.hold_id
        LEFT JOIN device_models m ON m.model = d.model
       WHERE d.id IN (SELECT devices.id FROM devices WHERE ${typedIdsMatch(typed)})`);
    return rows;
  }

  /** Every device of a unit and its subunits, at most `limit` (the caller asks one more than it allows). */
  async devicesOfUnit(holdPath: string, limit: number): Promise<BindCandidate[]> {
    const { rows } = await this.db.execute<BindCandidate>(sql`
      SELECT ${CANDIDATE}
        FROM devices d
        JOIN holds h ON h.id = d.hold_id
        LEFT JOIN device_models m ON m.model = d.model
       WHERE h.path LIKE ${`${holdPath}%`}
       ORDER BY d.id
       LIMIT ${limit}`);
    return rows;
  }

  async bind(kind: ZoneKind, zoneId: number, pks: number[]): Promise<void> {
    if (!pks.length) return;
    const t = TABLES[kind];
    await this.db.execute(sql`
      INSERT INTO ${sql.raw(t.links)} (${sql.raw(t.key)}, device_pk)
      SELECT ${zoneId}, pk FROM unnest(${sql.param(pks)}::int[]) AS pk
      ON CONFLICT DO NOTHING`);
  }

  /** Unbinds the devices and forgets their visits of the zone, so a later binding starts outside. */
  async unbind(kind: ZoneKind, zoneId: number, pks: number[]): Promise<void> {
    if (!pks.length) return;
    const t = TABLES[kind];
    await this.db.execute(sql`
      DELETE FROM ${sql.raw(t.links)} WHERE ${sql.raw(t.key)} = ${zoneId} AND device_pk = ANY(${sql.param(pks)}::int[])`);
    await this.db.execute(sql`
      DELETE FROM zone_states
       WHERE zone_kind = ${t.state} AND zone_id = ${zoneId} AND device_pk = ANY(${sql.param(pks)}::int[])`);
  }

  /** The visits of removed zones (their bindings go with the zone rows, by cascade). */
  async forgetZones(kind: ZoneKind, zoneIds: number[]): Promise<void> {
    if (!zoneIds.length) return;
    await this.db.execute(sql`
      DELETE FROM zone_states WHERE zone_kind = ${TABLES[kind].state} AND zone_id = ANY(${sql.param(zoneIds)}::int[])`);
  }

  /** The bound devices among `pks`, or all of the zone's when `pks` is absent. */
  async boundPks(kind: ZoneKind, zoneId: number, pks?: number[]): Promise<number[]> {
    const t = TABLES[kind];
    const { rows } = await this.db.execute<{ pk: number }>(sql`
      SELECT device_pk AS pk FROM ${sql.raw(t.links)}
       WHERE ${sql.raw(t.key)} = ${zoneId} ${pks ? sql`AND device_pk = ANY(${sql.param(pks)}::int[])` : sql``}
       ORDER BY device_pk`);
    return rows.map((r) => r.pk);
  }

  /** The zone's devices once written to their terminal (a push command recorded). */
  async pushedPks(kind: ZoneKind, zoneId: number): Promise<number[]> {
    const t = TABLES[kind];
    const { rows } = await this.db.execute<{ pk: number }>(sql`
      SELECT device_pk AS pk FROM ${sql.raw(t.links)}
       WHERE ${sql.raw(t.key)} = ${zoneId} AND command_id IS NOT NULL ORDER BY device_pk`);
    return rows.map((r) => r.pk);
  }

  /** The zone's devices in the caller's subtree (one moved away since stays bound, but is not shown). */
  async devicesOf(kind: ZoneKind, zoneId: number, holdPath: string): Promise<BoundDeviceRecord[]> {
    const t = TABLES[kind];
    const { rows } = await this.db.execute<BoundDeviceRecord>(sql`
      SELECT d.device_id AS "deviceId", d.name AS "deviceName", v.plate, d.model, d.protocol,
             coalesce(m.full_function, false) AS "fullFunction",
             to_char(d.vip_expires_at, 'YYYY-MM-DD') AS "vipExpiresAt",
             c.status AS "pushStatus", l.created_at AS "boundAt"
        FROM ${sql.raw(t.links)} l
        JOIN devices d ON d.id = l.device_pk
        JOIN holds h ON h.id = d.hold_id
        LEFT JOIN vehicles v ON v.id = d.vehicle_id
        LEFT JOIN device_models m ON m.model = d.model
        LEFT JOIN commands c ON c.id = l.command_id
       WHERE l.${sql.raw(t.key)} = ${zoneId} AND h.path LIKE ${`${holdPath}%`}
       ORDER BY d.device_id`);
    return rows.map((r) => ({ ...r, boundAt: new Date(r.boundAt) }));
  }
}
