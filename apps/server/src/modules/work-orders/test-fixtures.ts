import { type Db, operators, simHistory, simPackages, sims, suppliers, workOrders } from '@lodestar/db';
import { SimState, withLuhn } from '@lodestar/domain';
import { asc, eq } from 'drizzle-orm';

type Hold = { id: number };

/**
 * Catalogue rows and SIM cards written straight to the database: these tests must not depend on
 * the catalogue and sims modules, which own the calls that normally create them.
 */
export function simFactories(db: Db) {
  let seq = 0;
  const next = () => ++seq;

  const carrier = async (hold: Hold, name = `carrier ${next()}`) => {
    const [row] = await db.insert(operators).values({ holdId: hold.id, name }).returning();
    return row!;
  };
  const supplier = async (hold: Hold, operatorId: number) => {
    const [row] = await db
      .insert(suppliers)
      .values({ holdId: hold.id, name: `supplier ${next()}`, operatorId })
      .returning();
    return row!;
  };
  const pkg = async (hold: Hold, operatorId: number, name = `package ${next()}`) => {
    const [row] = await db
      .insert(simPackages)
      .values({ holdId: hold.id, name, operatorId, periodMonths: 12, priceFen: 3600 })
      .returning();
    return row!;
  };

  /** A carrier, its supplier and two packages owned by `hold`. */
  const catalogue = async (hold: Hold) => {
    const op = await carrier(hold);
    return {
      operator: op,
      supplier: await supplier(hold, op.id),
      basic: await pkg(hold, op.id),
      premium: await pkg(hold, op.id),
    };
  };

  const sim = async (
    hold: Hold,
    cat: { operator: { id: number }; supplier: { id: number }; basic: { id: number } },
    over: Partial<typeof sims.$inferInsert> = {},
  ) => {
    const n = next();
    const [row] = await db
      .insert(sims)
      .values({
        iccid: withLuhn(`8986${String(n).padStart(15, '0')}`),
        msisdn: `1440${String(n).padStart(9, '0')}`,
        operatorId: cat.operator.id,
        supplierId: cat.supplier.id,
        packageId: cat.basic.id,
        holdId: hold.id,
        state: SimState.Active,
        expiresOn: '2031-03-15',
        ...over,
      })
      .returning();
    return row!;
  };

  const simById = async (id: number) => (await db.select().from(sims).where(eq(sims.id, id)))[0]!;
  const orderById = async (id: number) => (await db.select().from(workOrders).where(eq(workOrders.id, id)))[0]!;
  const historyOf = (simId: number) =>
    db.select().from(simHistory).where(eq(simHistory.simId, simId)).orderBy(asc(simHistory.id));

  return { carrier, supplier, pkg, catalogue, sim, simById, orderById, historyOf };
}
