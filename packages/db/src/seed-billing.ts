import type { Db } from './connect.ts';

/**
 * The SIM administration II demo (issue #6): paid and abandoned payment orders, renewals over the
 * last half year, SMS balances and records, so the reports and bills have something to show.
 * Runs once, after seedSimDemo. Skeleton until the reports land.
 */
export async function seedBillingDemo(_db: Db): Promise<boolean> {
  return false;
}
