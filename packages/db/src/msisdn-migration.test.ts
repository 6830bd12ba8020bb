import { randomBytes } from 'node:crypto';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { applyMigrations, MIGRATIONS_DIR, poolFor } from './connect.ts';
import * as schema from './schema.ts';
import { dbTargets, stopTestServers } from './testing.ts';

afterAll(stopTestServers);

/** The migrations folder as it was before `tag`: its journal cut there. */
async function migrationsBefore(tag: string): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'lodestar-migrations-'));
  await cp(MIGRATIONS_DIR, dir, { recursive: true });
  const journalPath = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((e) => e.tag === tag);
  expect(at).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, at);
  await writeFile(journalPath, JSON.stringify(journal));
  return dir;
}

describe.each(dbTargets())('migration 0008 (one live card per MSISDN) on $name PostgreSQL', (target) => {
  it('leaves a shared number to the oldest live card, then refuses a second live card with it', async () => {
    const adminUrl = await target.adminUrl();
    const name = `lodestar_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const pool = poolFor(url.toString(), 4);
    const old = await migrationsBefore('0008_msisdn_unique');
    try {
      const db = drizzle(pool, { schema });
      await migrate(db, { migrationsFolder: old });
      const q = (text: string, values: unknown[] = []) => pool.query(text, values);
      const one = async (text: string, values: unknown[] = []) => (await q(text, values)).rows[0] as { id: number };
      const hold = await one(`INSERT INTO holds (name, hold_type, path) VALUES ('root', 1, '/') RETURNING id`);
      const op = await one(`INSERT INTO operators (hold_id, name) VALUES ($1, 'CM') RETURNING id`, [hold.id]);
      const sup = await one(`INSERT INTO suppliers (hold_id, name, operator_id) VALUES ($1, 'S', $2) RETURNING id`, [
        hold.id,
        op.id,
      ]);
      const sim = (iccid: string, msisdn: string, state: number) =>
        q(
          `INSERT INTO sims (iccid, msisdn, operator_id, supplier_id, hold_id, state, remark)
           VALUES ($1, $2, $3, $4, $5, $6, 'r')`,
          [iccid, msisdn, op.id, sup.id, hold.id, state],
        );
      await sim('A', '14400000001', 4); // the first card with the number keeps it
      await sim('B', '14400000001', 1); // another unit's import of it loses it
      await sim('C', '14400000002', 7); // cancelled: the number went back to the carrier
      await sim('D', '14400000002', 4);
      await sim('E', '', 1); // no number, many times
      await sim('F', '', 1);

      await applyMigrations(db);

      const rows = (await q('SELECT iccid, msisdn, remark FROM sims ORDER BY iccid')).rows;
      expect(rows).toEqual([
        { iccid: 'A', msisdn: '14400000001', remark: 'r' },
        { iccid: 'B', msisdn: '', remark: '[MSISDN 14400000001: another card has it] r' },
        { iccid: 'C', msisdn: '14400000002', remark: 'r' },
        { iccid: 'D', msisdn: '14400000002', remark: 'r' },
        { iccid: 'E', msisdn: '', remark: 'r' },
        { iccid: 'F', msisdn: '', remark: 'r' },
      ]);
      await expect(sim('G', '14400000001', 1)).rejects.toMatchObject({ code: '23505' });
      await expect(sim('H', '14400000002', 2)).rejects.toMatchObject({ code: '23505' });
      await sim('I', '14400000002', 7);
      await sim('J', '', 1);
    } finally {
      await pool.end();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
      await rm(old, { recursive: true, force: true });
    }
  });
});
