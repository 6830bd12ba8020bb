import { AccountType } from '@lodestar/domain';
import { eq, like } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { verifyPassword } from './password.ts';
import { holds, userFunctions, users } from './schema.ts';
import { DEMO_PASSWORD, ensureSuperAdmin, seedDemo } from './seed.ts';
import { createTestDatabase, dbTargets, stopTestServers } from './testing.ts';

afterAll(stopTestServers);

describe.each(dbTargets())('database on $name PostgreSQL', (target) => {
  it('applies the migrations and reports the server version', async () => {
    const t = await createTestDatabase(target);
    try {
      const { rows } = await t.pool.query<{ server_version_num: string }>('SHOW server_version_num');
      const major = Math.floor(Number(rows[0]!.server_version_num) / 10000);
      expect(major).toBeGreaterThanOrEqual(15);
      const tables = await t.pool.query<{ tablename: string }>(
        "SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename",
      );
      expect(tables.rows.map((r) => r.tablename)).toEqual(
        expect.arrayContaining(['holds', 'users', 'user_functions', 'sessions', 'sms_codes', 'operation_logs']),
      );
    } finally {
      await t.close();
    }
  });

  it('creates the super administrator once and seeds a four-level demo tree', async () => {
    const t = await createTestDatabase(target);
    try {
      const first = await ensureSuperAdmin(t.db, { phone: '13800000000' });
      expect(first?.generated).toBe(true);
      expect(await ensureSuperAdmin(t.db, { phone: '13800000000' })).toBeUndefined();
      const [admin] = await t.db.select().from(users).where(eq(users.phone, '13800000000'));
      expect(admin?.accountType).toBe(AccountType.SuperAdmin);
      expect(await verifyPassword(first!.password, admin!.passwordHash)).toBe(true);
      expect(await verifyPassword('wrong-password', admin!.passwordHash)).toBe(false);

      const seeded = await seedDemo(t.db);
      expect(seeded?.map((u) => u.accountType).sort()).toEqual([2, 2, 3, 4]);
      expect(await seedDemo(t.db)).toBeUndefined();

      const all = await t.db.select().from(holds);
      const depth = Math.max(...all.map((h) => h.path.split('/').filter(Boolean).length));
      expect(depth).toBe(4);
      // "This hold and everything below" is one prefix query on the materialised path.
      const east = all.find((h) => h.name === '华东服务商')!;
      const subtree = await t.db
        .select()
        .from(holds)
        .where(like(holds.path, `${east.path}%`));
      expect(subtree.map((h) => h.name).sort()).toEqual(
        [
          '华东服务商',
          '上海快运物流 Shanghai Express',
          '杭州车贷金融',
          '冷链车队',
          '城配车队 City Delivery',
          '张先生 (个人)',
        ].sort(),
      );
      const [installer] = await t.db.select().from(users).where(eq(users.phone, '13900000004'));
      expect(await verifyPassword(DEMO_PASSWORD, installer!.passwordHash)).toBe(true);
      const funs = await t.db.select().from(userFunctions).where(eq(userFunctions.userId, installer!.id));
      expect(funs.length).toBeGreaterThan(0);
    } finally {
      await t.close();
    }
  });
});
