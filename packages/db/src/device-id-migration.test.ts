import { afterAll, describe, expect, it } from 'vitest';
import { applyMigrations } from './connect.ts';
import { withDatabaseBefore } from './migration-testing.ts';
import { dbTargets, stopTestServers } from './testing.ts';

afterAll(stopTestServers);

describe.each(dbTargets())('migration 0007 (device id forms) on $name PostgreSQL', (target) => {
  it('stores JT/T 808 and GT06 ids in the form the gateway sends, moving bound vehicles along', async () => {
    await withDatabaseBefore(target, '0007_device_id_forms', async (pool, db) => {
      const q = (text: string, values: unknown[] = []) => pool.query(text, values);
      const [hold] = (await q(`INSERT INTO holds (name, hold_type, path) VALUES ('root', 1, '/') RETURNING id`))
        .rows as { id: number }[];
      const devicesBefore: [string, string][] = [
        ['013912345678', 'jt808'], // the label's 12 digits: renamed
        ['00000000013700000001', 'jt808'], // a 2019 20-digit id: renamed
        ['015800000001', 'jt808'], // registered twice, with and without the zero: left alone
        ['15800000001', 'jt808'],
        ['0868120303771234', 'gt06'], // the login packet's 16 digits: renamed
        ['086812030377123', 'gt06'], // an IMEI that starts with 0: kept
        ['0412345678', 'h02'], // other protocols: as sent
        ['0ABC12', 'jt808'], // not digits: kept
      ];
      for (const [id, protocol] of devicesBefore)
        await q('INSERT INTO devices (device_id, protocol, hold_id) VALUES ($1, $2, $3)', [id, protocol, hold!.id]);
      await q(
        `INSERT INTO vehicles (hold_id, plate, device_id) VALUES ($1, 'A', '013912345678'), ($1, 'B', '0013700000001'),
           ($1, 'C', '0412345678'), ($1, 'D', '099')`,
        [hold!.id],
      );

      await applyMigrations(db);

      const ids = (await q('SELECT device_id FROM devices ORDER BY id')).rows.map((r) => r.device_id);
      expect(ids).toEqual([
        '13912345678',
        '13700000001',
        '015800000001',
        '15800000001',
        '868120303771234',
        '086812030377123',
        '0412345678',
        '0ABC12',
      ]);
      // Migration 0009 then binds each device to the vehicle that named it (devices.vehicle_id); 099 is no device.
      const plates = (
        await q('SELECT v.plate, d.device_id FROM vehicles v LEFT JOIN devices d ON d.vehicle_id = v.id ORDER BY plate')
      ).rows;
      expect(plates).toEqual([
        { plate: 'A', device_id: '13912345678' },
        { plate: 'B', device_id: '13700000001' },
        { plate: 'C', device_id: '0412345678' },
        { plate: 'D', device_id: null },
      ]);
    });
  });
});
