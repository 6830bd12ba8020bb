import { AccountType } from '@lodestar/domain';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { hashPassword } from './password.ts';
import { users } from './schema.ts';
import { DEMO_PASSWORD, demoLogins, seedDemo } from './seed.ts';
import { createTestDatabase, dbTargets, stopTestServers } from './testing.ts';

afterAll(stopTestServers);

describe.each(dbTargets())('demo log-ins on $name PostgreSQL', (target) => {
  it('are found on every start once seeded, each with the demo password until it is changed', async () => {
    const t = await createTestDatabase(target);
    try {
      expect(await demoLogins(t.db)).toEqual([]);
      const seeded = await seedDemo(t.db);
      // A restart: nothing is seeded any more, the log-ins are still printed.
      expect(await seedDemo(t.db)).toBeUndefined();
      const again = await demoLogins(t.db);
      expect(again).toEqual(seeded);
      expect(again.map((u) => [u.phone, u.accountType])).toEqual([
        ['13900000001', AccountType.Admin],
        ['13900000002', AccountType.Admin],
        ['13900000003', AccountType.User],
        ['13900000004', AccountType.Installer],
      ]);

      await t.db
        .update(users)
        .set({ passwordHash: await hashPassword('changed-9') })
        .where(eq(users.phone, '13900000002'));
      await t.db.delete(users).where(eq(users.phone, '13900000004'));
      const now = await demoLogins(t.db);
      expect(now.map((u) => [u.phone, u.password])).toEqual([
        ['13900000001', DEMO_PASSWORD],
        ['13900000002', undefined],
        ['13900000003', DEMO_PASSWORD],
      ]);
    } finally {
      await t.close();
    }
  });
});
