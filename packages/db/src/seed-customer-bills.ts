import { addMonths } from '@lodestar/domain';
import { asc, inArray, isNull } from 'drizzle-orm';
import type { Db } from './connect.ts';
import { generateCustomerBills } from './customer-bills.ts';
import { holds, settings } from './schema-core.ts';

const BILLS_KEY = 'billing_demo_bills_seeded';
/** The demo accounts' time zone (China has no daylight saving time): bill months are theirs. */
const DEMO_UTC_OFFSET = '+08:00';

/**
 * The customer bills of the demo's finished months (the current one is left to "Generate bills",
 * like a real month that has not ended), made by the code the button runs, for every hold below the
 * root. Runs once the history is there (its settings key `historyKey`, over `months` months), also
 * on a demo database whose history was seeded before bills were.
 */
export async function seedDemoBills(db: Db, history: { historyKey: string; months: number }): Promise<void> {
  const keys = await db
    .select()
    .from(settings)
    .where(inArray(settings.key, [history.historyKey, BILLS_KEY]));
  if (!keys.some((k) => k.key === history.historyKey) || keys.some((k) => k.key === BILLS_KEY)) return;
  const [root] = await db.select().from(holds).where(isNull(holds.parentId)).orderBy(asc(holds.id)).limit(1);
  if (!root) return;
  // This month in the demo zone, then the finished ones of the half year before it.
  const thisMonth = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 7);
  for (let back = history.months - 1; back >= 1; back--) {
    const month = addMonths(`${thisMonth}-01`, -back).slice(0, 7);
    const next = addMonths(`${month}-01`, 1).slice(0, 7);
    await generateCustomerBills(
      db,
      { path: root.path, callerHoldId: root.id },
      {
        month,
        from: new Date(`${month}-01T00:00:00${DEMO_UTC_OFFSET}`),
        to: new Date(`${next}-01T00:00:00${DEMO_UTC_OFFSET}`),
      },
    );
  }
  await db.insert(settings).values({ key: BILLS_KEY, value: new Date().toISOString() });
}
