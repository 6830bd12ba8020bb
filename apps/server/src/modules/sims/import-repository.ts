import {
  cardTypes,
  type Db,
  holds,
  operationLogs,
  simImportBatches,
  simPackages,
  sims,
  suppliers,
  users,
} from '@lodestar/db';
import { SimState } from '@lodestar/domain';
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { ownedInLineage, ownedInSubtree } from '../../lib/hold-scope-repository.ts';
import type { CatalogueRef, GoodRow } from './import-check.ts';

export interface ImportWrite {
  holdId: number;
  userId: number;
  ip: string;
  supplierId: number;
  supplierName: string;
  operatorId: number;
  fileName: string;
  total: number;
  failed: number;
  rows: GoodRow[];
}

/** Lookups and the one-transaction write of an import (warehousing). */
export class ImportRepository {
  constructor(private readonly db: Db) {}

  async supplierInSubtree(id: number, holdPath: string) {
    const [row] = await this.db
      .select({ id: suppliers.id, name: suppliers.name, operatorId: suppliers.operatorId })
      .from(suppliers)
      .where(and(eq(suppliers.id, id), ownedInSubtree(suppliers.holdId, holdPath)));
    return row;
  }

  async packageInLineage(id: number, holdPath: string): Promise<CatalogueRef | undefined> {
    const [row] = await this.db
      .select({ id: simPackages.id, operatorId: simPackages.operatorId })
      .from(simPackages)
      .where(and(eq(simPackages.id, id), ownedInLineage(simPackages.holdId, holdPath)));
    return row;
  }

  async cardTypeInLineage(id: number, holdPath: string): Promise<CatalogueRef | undefined> {
    const [row] = await this.db
      .select({ id: cardTypes.id, operatorId: cardTypes.operatorId })
      .from(cardTypes)
      .where(and(eq(cardTypes.id, id), ownedInLineage(cardTypes.holdId, holdPath)));
    return row;
  }

  /** Visible packages by name; a name may exist at several levels, the nearest owner comes first. */
  async packagesByName(names: string[], holdPath: string): Promise<Map<string, CatalogueRef[]>> {
    if (!names.length) return new Map();
    const rows = await this.db
      .select({ id: simPackages.id, name: simPackages.name, operatorId: simPackages.operatorId })
      .from(simPackages)
      .innerJoin(holds, eq(holds.id, simPackages.holdId))
      .where(and(inArray(simPackages.name, names), ownedInLineage(simPackages.holdId, holdPath)))
      .orderBy(sql`length(${holds.path}) DESC`, simPackages.id);
    return groupByName(rows);
  }

  async cardTypesByName(names: string[], holdPath: string): Promise<Map<string, CatalogueRef[]>> {
    if (!names.length) return new Map();
    const rows = await this.db
      .select({ id: cardTypes.id, name: cardTypes.name, operatorId: cardTypes.operatorId })
      .from(cardTypes)
      .innerJoin(holds, eq(holds.id, cardTypes.holdId))
      .where(and(inArray(cardTypes.name, names), ownedInLineage(cardTypes.holdId, holdPath)))
      .orderBy(sql`length(${holds.path}) DESC`, cardTypes.id);
    return groupByName(rows);
  }

  async storedIccids(iccids: string[]): Promise<Set<string>> {
    if (!iccids.length) return new Set();
    const rows = await this.db
      .select({ iccid: sims.iccid })
      .from(sims)
      .where(sql`${sims.iccid} = ANY(${sql.param(iccids)}::text[])`);
    return new Set(rows.map((r) => r.iccid));
  }

  /** Which of these numbers a live (not cancelled) card has, anyone's: sims_msisdn_live_idx. */
  async liveMsisdns(msisdns: string[]): Promise<Set<string>> {
    if (!msisdns.length) return new Set();
    const rows = await this.db
      .select({ msisdn: sims.msisdn })
      .from(sims)
      .where(
        sql`${sims.msisdn} = ANY(${sql.param(msisdns)}::text[]) AND ${sims.msisdn} <> '' AND ${sims.state} <> ${SimState.Cancelled}`,
      );
    return new Set(rows.map((r) => r.msisdn));
  }

  /**
   * The batch, its SIMs, one `import` history row per SIM and the operation-log line, in one
   * transaction. SIMs go in through unnest(): one parameter per column instead of per cell, so
   * 10,000 rows are one statement well under PostgreSQL's 65,535-parameter limit.
   */
  async write(w: ImportWrite): Promise<number> {
    return this.db.transaction(async (tx) => {
      const [batch] = await tx
        .insert(simImportBatches)
        .values({
          holdId: w.holdId,
          supplierId: w.supplierId,
          userId: w.userId,
          fileName: w.fileName,
          total: w.total,
          imported: w.rows.length,
          failed: w.failed,
        })
        .returning({ id: simImportBatches.id });
      const batchId = batch!.id;
      // One array parameter per column (a bare array in sql`` would expand to one parameter per row).
      const col = <K extends keyof GoodRow>(k: K) => sql.param(w.rows.map((r) => r[k]));
      const detail = JSON.stringify({ batchId, supplier: w.supplierName, fileName: w.fileName });
      await tx.execute(sql`
        WITH ins AS (
          INSERT INTO ${sims} (iccid, msisdn, imsi, card_type_id, package_id, expires_on, remark,
                               operator_id, supplier_id, hold_id, batch_id, state)
          SELECT u.iccid, u.msisdn, u.imsi, u.card_type_id, u.package_id, u.expires_on, u.remark,
                 ${w.operatorId}, ${w.supplierId}, ${w.holdId}, ${batchId}, ${SimState.InStock}
            FROM unnest(${col('iccid')}::text[], ${col('msisdn')}::text[], ${col('imsi')}::text[],
                        ${col('cardTypeId')}::int[], ${col('packageId')}::int[], ${col('expiresOn')}::date[],
                        ${col('remark')}::text[])
                 AS u(iccid, msisdn, imsi, card_type_id, package_id, expires_on, remark)
          RETURNING id)
        INSERT INTO sim_history (sim_id, action, detail, user_id)
        SELECT id, 'import', ${detail}::jsonb, ${w.userId} FROM ins`);
      await tx.insert(operationLogs).values({
        userId: w.userId,
        holdId: w.holdId,
        action: 'importSims',
        detail: `batch ${batchId}: ${w.rows.length}/${w.total} ${w.fileName}`.trim(),
        ip: w.ip,
      });
      return batchId;
    });
  }

  async batches(holdPath: string, offset: number, limit: number) {
    const where = ownedInSubtree(simImportBatches.holdId, holdPath);
    const [rows, [total]] = await Promise.all([
      this.db
        .select({
          id: simImportBatches.id,
          supplierName: suppliers.name,
          fileName: simImportBatches.fileName,
          total: simImportBatches.total,
          imported: simImportBatches.imported,
          failed: simImportBatches.failed,
          userName: users.userName,
          createdAt: simImportBatches.createdAt,
        })
        .from(simImportBatches)
        .innerJoin(suppliers, eq(suppliers.id, simImportBatches.supplierId))
        .leftJoin(users, eq(users.id, simImportBatches.userId))
        .where(where)
        .orderBy(desc(simImportBatches.createdAt), desc(simImportBatches.id))
        .limit(limit)
        .offset(offset),
      this.db.select({ n: count() }).from(simImportBatches).where(where),
    ]);
    return { rows, total: total?.n ?? 0 };
  }

  async batchInSubtree(id: number, holdPath: string) {
    const [row] = await this.db
      .select({ id: simImportBatches.id })
      .from(simImportBatches)
      .where(and(eq(simImportBatches.id, id), ownedInSubtree(simImportBatches.holdId, holdPath)));
    return row;
  }
}

function groupByName(rows: { id: number; name: string; operatorId: number | null }[]) {
  const map = new Map<string, CatalogueRef[]>();
  for (const r of rows) {
    const list = map.get(r.name) ?? [];
    list.push({ id: r.id, operatorId: r.operatorId });
    map.set(r.name, list);
  }
  return map;
}
