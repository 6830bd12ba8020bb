import { afterAll, describe, expect, it } from 'vitest';
import { applyMigrations } from './connect.ts';
import { withDatabaseBefore } from './migration-testing.ts';
import { dbTargets, stopTestServers } from './testing.ts';

afterAll(stopTestServers);

describe.each(dbTargets())('migration 0008 (one live card per MSISDN) on $name PostgreSQL', (target) => {
  it('leaves a shared number to the oldest live card, then refuses a second live card with it', async () => {
    await withDatabaseBefore(target, '0008_msisdn_unique', async (pool, db) => {
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
    });
  });
});
