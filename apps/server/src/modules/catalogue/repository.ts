import {
  cardTypes,
  type Db,
  holds,
  operators,
  simImportBatches,
  simPackages,
  sims,
  suppliers,
  workOrders,
} from '@lodestar/db';
import {
  type AnyColumn,
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  ilike,
  isNull,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import { ownedInLineage, ownedInSubtree } from '../../lib/hold-scope-repository.ts';
import { escapeLike } from '../../lib/like.ts';

export type OperatorRow = typeof operators.$inferSelect;
export type CardTypeRow = typeof cardTypes.$inferSelect;
export type PackageRow = typeof simPackages.$inferSelect;
export type SupplierRow = typeof suppliers.$inferSelect;
/** A row with its owner hold's name and path, so the service can decide readable / writable. */
export type Owned<T> = T & { holdName: string; holdPath: string };
export type WithOperator<T> = Owned<T> & { operatorName: string | null };
export type SupplierListRow = WithOperator<SupplierRow> & { simCount: number };

export type CatalogueKind = 'operator' | 'cardType' | 'package' | 'supplier';
const TABLES = { operator: operators, cardType: cardTypes, package: simPackages, supplier: suppliers } as const;

/** What still points at a catalogue row; a removal is refused while any count is above zero. */
export interface Usage {
  sims: number;
  cardTypes: number;
  packages: number;
  suppliers: number;
  workOrders: number;
  batches: number;
}

export interface ListQuery<S extends string> {
  callerPath: string;
  name?: string | undefined;
  operatorId?: number | undefined;
  sort: S;
  desc: boolean;
  offset: number;
  limit: number;
}

const ordered = (col: AnyColumn | SQL, descending: boolean, id: AnyColumn) => [
  descending ? desc(col) : asc(col),
  asc(id),
];
const holdCols = { holdName: holds.name, holdPath: holds.path };

/** SQL only: visibility comes in as the caller's path, rules live in the service. */
export class CatalogueRepository {
  constructor(private readonly db: Db) {}

  async findOperator(id: number): Promise<Owned<OperatorRow> | undefined> {
    const [row] = await this.db
      .select({ ...getTableColumns(operators), ...holdCols })
      .from(operators)
      .innerJoin(holds, eq(holds.id, operators.holdId))
      .where(eq(operators.id, id));
    return row;
  }

  async findCardType(id: number): Promise<Owned<CardTypeRow> | undefined> {
    const [row] = await this.db
      .select({ ...getTableColumns(cardTypes), ...holdCols })
      .from(cardTypes)
      .innerJoin(holds, eq(holds.id, cardTypes.holdId))
      .where(eq(cardTypes.id, id));
    return row;
  }

  async findPackage(id: number): Promise<Owned<PackageRow> | undefined> {
    const [row] = await this.db
      .select({ ...getTableColumns(simPackages), ...holdCols })
      .from(simPackages)
      .innerJoin(holds, eq(holds.id, simPackages.holdId))
      .where(eq(simPackages.id, id));
    return row;
  }

  async findSupplier(id: number, callerPath: string): Promise<SupplierListRow | undefined> {
    const [row] = await this.supplierRows(callerPath, eq(suppliers.id, id), [asc(suppliers.id)], 1, 0);
    return row;
  }

  async selectOperators(callerPath: string, name?: string) {
    return this.db
      .select({ id: operators.id, name: operators.name })
      .from(operators)
      .where(
        and(ownedInLineage(operators.holdId, callerPath), name ? ilike(operators.name, escapeLike(name)) : undefined),
      )
      .orderBy(asc(operators.name), asc(operators.id));
  }

  async listOperators(q: ListQuery<'OperatorName' | 'CreateTime'>) {
    const where = and(
      ownedInLineage(operators.holdId, q.callerPath),
      q.name ? ilike(operators.name, escapeLike(q.name)) : undefined,
    );
    const col = { OperatorName: operators.name, CreateTime: operators.createdAt }[q.sort];
    const [rows, [total]] = await Promise.all([
      this.db
        .select({ ...getTableColumns(operators), ...holdCols })
        .from(operators)
        .innerJoin(holds, eq(holds.id, operators.holdId))
        .where(where)
        .orderBy(...ordered(col, q.desc, operators.id))
        .limit(q.limit)
        .offset(q.offset),
      this.db.select({ n: count() }).from(operators).where(where),
    ]);
    return { rows, total: total?.n ?? 0 };
  }

  /** A card type without a carrier fits every carrier, so a carrier filter keeps it. */
  private cardTypeWhere(callerPath: string, name?: string, operatorId?: number) {
    return and(
      ownedInLineage(cardTypes.holdId, callerPath),
      name ? ilike(cardTypes.name, escapeLike(name)) : undefined,
      operatorId ? or(eq(cardTypes.operatorId, operatorId), isNull(cardTypes.operatorId)) : undefined,
    );
  }

  async selectCardTypes(callerPath: string, name?: string, operatorId?: number) {
    return this.db
      .select({ id: cardTypes.id, name: cardTypes.name, operatorId: cardTypes.operatorId })
      .from(cardTypes)
      .where(this.cardTypeWhere(callerPath, name, operatorId))
      .orderBy(asc(cardTypes.name), asc(cardTypes.id));
  }

  async listCardTypes(q: ListQuery<'CardTypeName' | 'OperatorName' | 'CreateTime'>) {
    const where = this.cardTypeWhere(q.callerPath, q.name, q.operatorId);
    const col = { CardTypeName: cardTypes.name, OperatorName: operators.name, CreateTime: cardTypes.createdAt }[q.sort];
    const [rows, [total]] = await Promise.all([
      this.db
        .select({ ...getTableColumns(cardTypes), ...holdCols, operatorName: operators.name })
        .from(cardTypes)
        .innerJoin(holds, eq(holds.id, cardTypes.holdId))
        .leftJoin(operators, eq(operators.id, cardTypes.operatorId))
        .where(where)
        .orderBy(...ordered(col, q.desc, cardTypes.id))
        .limit(q.limit)
        .offset(q.offset),
      this.db.select({ n: count() }).from(cardTypes).where(where),
    ]);
    return { rows, total: total?.n ?? 0 };
  }

  private packageWhere(callerPath: string, name?: string, operatorId?: number) {
    return and(
      ownedInLineage(simPackages.holdId, callerPath),
      name ? ilike(simPackages.name, escapeLike(name)) : undefined,
      operatorId ? eq(simPackages.operatorId, operatorId) : undefined,
    );
  }

  async selectPackages(callerPath: string, name?: string, operatorId?: number) {
    return this.db
      .select({
        id: simPackages.id,
        name: simPackages.name,
        operatorId: simPackages.operatorId,
        periodMonths: simPackages.periodMonths,
        priceFen: simPackages.priceFen,
      })
      .from(simPackages)
      .where(this.packageWhere(callerPath, name, operatorId))
      .orderBy(asc(simPackages.name), asc(simPackages.id));
  }

  async listPackages(q: ListQuery<'PackageName' | 'OperatorName' | 'PeriodMonths' | 'PriceFen' | 'CreateTime'>) {
    const where = this.packageWhere(q.callerPath, q.name, q.operatorId);
    const col = {
      PackageName: simPackages.name,
      OperatorName: operators.name,
      PeriodMonths: simPackages.periodMonths,
      PriceFen: simPackages.priceFen,
      CreateTime: simPackages.createdAt,
    }[q.sort];
    const [rows, [total]] = await Promise.all([
      this.db
        .select({ ...getTableColumns(simPackages), ...holdCols, operatorName: operators.name })
        .from(simPackages)
        .innerJoin(holds, eq(holds.id, simPackages.holdId))
        .innerJoin(operators, eq(operators.id, simPackages.operatorId))
        .where(where)
        .orderBy(...ordered(col, q.desc, simPackages.id))
        .limit(q.limit)
        .offset(q.offset),
      this.db.select({ n: count() }).from(simPackages).where(where),
    ]);
    return { rows, total: total?.n ?? 0 };
  }

  /** SimCount counts only the caller's SIMs: a supplier's cards shipped elsewhere are not its business. */
  private simCount(callerPath: string) {
    return sql<number>`(SELECT count(*)::int FROM ${sims} WHERE ${sims.supplierId} = ${suppliers.id} AND ${ownedInSubtree(sims.holdId, callerPath)})`;
  }

  private supplierRows(callerPath: string, where: SQL | undefined, order: SQL[], limit: number, offset: number) {
    return this.db
      .select({
        ...getTableColumns(suppliers),
        ...holdCols,
        operatorName: operators.name,
        simCount: this.simCount(callerPath),
      })
      .from(suppliers)
      .innerJoin(holds, eq(holds.id, suppliers.holdId))
      .innerJoin(operators, eq(operators.id, suppliers.operatorId))
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset(offset);
  }

  private supplierWhere(callerPath: string, name?: string, operatorId?: number) {
    return and(
      ownedInSubtree(suppliers.holdId, callerPath),
      name ? ilike(suppliers.name, escapeLike(name)) : undefined,
      operatorId ? eq(suppliers.operatorId, operatorId) : undefined,
    );
  }

  async selectSuppliers(callerPath: string, name?: string) {
    return this.db
      .select({
        id: suppliers.id,
        name: suppliers.name,
        operatorId: suppliers.operatorId,
        operatorName: operators.name,
      })
      .from(suppliers)
      .innerJoin(operators, eq(operators.id, suppliers.operatorId))
      .where(this.supplierWhere(callerPath, name))
      .orderBy(asc(suppliers.name), asc(suppliers.id));
  }

  async listSuppliers(q: ListQuery<'SupplierName' | 'OperatorName' | 'SimCount' | 'CreateTime'>) {
    const where = this.supplierWhere(q.callerPath, q.name, q.operatorId);
    const col = {
      SupplierName: suppliers.name,
      OperatorName: operators.name,
      SimCount: this.simCount(q.callerPath),
      CreateTime: suppliers.createdAt,
    }[q.sort];
    const [rows, [total]] = await Promise.all([
      this.supplierRows(q.callerPath, where, ordered(col, q.desc, suppliers.id), q.limit, q.offset),
      this.db.select({ n: count() }).from(suppliers).where(where),
    ]);
    return { rows, total: total?.n ?? 0 };
  }

  /** Names are unique per owner hold (the tables' unique indexes); checked first for a clear message. */
  async nameTaken(kind: CatalogueKind, holdId: number, name: string, exceptId = 0): Promise<boolean> {
    const t = TABLES[kind];
    const r = await this.db.execute(
      sql`SELECT 1 FROM ${t} WHERE ${t.holdId} = ${holdId} AND ${t.name} = ${name} AND ${t.id} <> ${exceptId} LIMIT 1`,
    );
    return r.rows.length > 0;
  }

  /** Every row in any hold that points at this one: a removal must not leave dangling references. */
  async usage(kind: CatalogueKind, id: number): Promise<Usage> {
    const n = (table: { id: AnyColumn }, column: AnyColumn) =>
      sql`(SELECT count(*)::int FROM ${table} WHERE ${column} = ${id})`;
    const zero = sql`0`;
    const r = await this.db.execute<Record<keyof Usage, number>>(sql`SELECT
      ${kind === 'supplier' ? n(sims, sims.supplierId) : kind === 'package' ? n(sims, sims.packageId) : kind === 'cardType' ? n(sims, sims.cardTypeId) : n(sims, sims.operatorId)} AS sims,
      ${kind === 'operator' ? n(cardTypes, cardTypes.operatorId) : zero} AS "cardTypes",
      ${kind === 'operator' ? n(simPackages, simPackages.operatorId) : zero} AS packages,
      ${kind === 'operator' ? n(suppliers, suppliers.operatorId) : zero} AS suppliers,
      ${kind === 'package' ? n(workOrders, workOrders.packageId) : zero} AS "workOrders",
      ${kind === 'supplier' ? n(simImportBatches, simImportBatches.supplierId) : zero} AS batches`);
    const row = r.rows[0]!;
    return {
      sims: Number(row.sims),
      cardTypes: Number(row.cardTypes),
      packages: Number(row.packages),
      suppliers: Number(row.suppliers),
      workOrders: Number(row.workOrders),
      batches: Number(row.batches),
    };
  }

  async insertOperator(v: typeof operators.$inferInsert): Promise<number> {
    const [row] = await this.db.insert(operators).values(v).returning({ id: operators.id });
    return row!.id;
  }
  async insertCardType(v: typeof cardTypes.$inferInsert): Promise<number> {
    const [row] = await this.db.insert(cardTypes).values(v).returning({ id: cardTypes.id });
    return row!.id;
  }
  async insertPackage(v: typeof simPackages.$inferInsert): Promise<number> {
    const [row] = await this.db.insert(simPackages).values(v).returning({ id: simPackages.id });
    return row!.id;
  }
  async insertSupplier(v: typeof suppliers.$inferInsert): Promise<number> {
    const [row] = await this.db.insert(suppliers).values(v).returning({ id: suppliers.id });
    return row!.id;
  }

  async updateOperator(id: number, patch: Partial<typeof operators.$inferInsert>) {
    if (Object.keys(patch).length) await this.db.update(operators).set(patch).where(eq(operators.id, id));
  }
  async updateCardType(id: number, patch: Partial<typeof cardTypes.$inferInsert>) {
    if (Object.keys(patch).length) await this.db.update(cardTypes).set(patch).where(eq(cardTypes.id, id));
  }
  async updatePackage(id: number, patch: Partial<typeof simPackages.$inferInsert>) {
    if (Object.keys(patch).length) await this.db.update(simPackages).set(patch).where(eq(simPackages.id, id));
  }
  async updateSupplier(id: number, patch: Partial<typeof suppliers.$inferInsert>) {
    if (Object.keys(patch).length) await this.db.update(suppliers).set(patch).where(eq(suppliers.id, id));
  }

  async remove(kind: CatalogueKind, id: number): Promise<void> {
    const t = TABLES[kind];
    await this.db.execute(sql`DELETE FROM ${t} WHERE ${t.id} = ${id}`);
  }
}
