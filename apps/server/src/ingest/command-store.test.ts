import { createTestDatabase, dbTargets, stopTestServers } from '@lodestar/db/testing';
import { afterAll, describe, expect, it } from 'vitest';
import { PgCommandStore } from './command-store.ts';

afterAll(stopTestServers);

describe.each(dbTargets())('command queue on $name PostgreSQL', (target) => {
  it('answers devices asking together with one query, each with its own pending commands in order', async () => {
    const database = await createTestDatabase(target);
    try {
      const { pool } = database;
      const { rows } = await pool.query(`INSERT INTO holds (name, hold_type, path) VALUES ('f', 3, '/') RETURNING id`);
      await pool.query(`UPDATE holds SET path = '/' || id || '/'`);
      const ids = Array.from({ length: 300 }, (_, i) => `86812030${String(i).padStart(7, '0')}`);
      const devices = await pool.query<{ id: number; device_id: string }>(
        `INSERT INTO devices (device_id, protocol, hold_id) SELECT d, 'gt06', $2 FROM unnest($1::text[]) AS d RETURNING id, device_id`,
        [ids, rows[0].id],
      );
      const pk = new Map(devices.rows.map((d) => [d.device_id, d.id]));
      // Device 0: two pending (in order) and one already sent; device 1: one pending; the rest nothing.
      const insert = (deviceId: string, type: string, status: string) =>
        pool.query<{ id: number }>(
          `INSERT INTO commands (device_pk, type, payload, status) VALUES ($1, $2, '{}', $3) RETURNING id`,
          [pk.get(deviceId), type, status],
        );
      const first = (await insert(ids[0]!, 'engineStop', 'queued')).rows[0]!.id;
      await insert(ids[0]!, 'arm', 'sent');
      const second = (await insert(ids[0]!, 'engineResume', 'queued')).rows[0]!.id;
      const other = (await insert(ids[1]!, 'disarm', 'queued')).rows[0]!.id;

      let queries = 0;
      const counted = new Proxy(pool, {
        get(target, prop, receiver) {
          if (prop === 'query') {
            return (...args: Parameters<typeof pool.query>) => {
              queries++;
              return (target.query as (...a: unknown[]) => unknown).apply(target, args);
            };
          }
          return Reflect.get(target, prop, receiver);
        },
      });
      const store = new PgCommandStore(counted);
      const answers = await Promise.all([...ids, ids[0]!].map((id) => store.pendingFor(id)));
      expect(queries).toBe(1);
      expect(answers[0]!.map((c) => [c.id, c.type, c.deviceId])).toEqual([
        [first, 'engineStop', ids[0]],
        [second, 'engineResume', ids[0]],
      ]);
      expect(answers[ids.length]!.map((c) => c.id)).toEqual([first, second]);
      expect(answers[1]!.map((c) => [c.id, c.type, c.deviceId])).toEqual([[other, 'disarm', ids[1]]]);
      expect(answers.slice(2, ids.length).every((a) => a.length === 0)).toBe(true);

      // A later tick is a new query.
      expect(await store.pendingFor(ids[1]!)).toHaveLength(1);
      expect(queries).toBe(2);
    } finally {
      await database.close();
    }
  });
});
