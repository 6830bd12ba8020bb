import type { ImportBody } from '@lodestar/contract/sims';
import { type Language, SIM_RULES } from '@lodestar/domain';
import type { Type } from 'typebox';
import { badRequest, conflict, outsideHold } from '../../lib/errors.ts';
import { message } from '../../lib/messages.ts';
import { formatInZone } from '../../lib/time.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import type { UploadStore } from './files.ts';
import { checkRows, lookupsNeeded } from './import-check.ts';
import type { ImportRepository } from './import-repository.ts';
import { IMPORT_FIELDS, type RawRow, readSheet } from './sheet.ts';

type Body = Type.Static<typeof ImportBody>;

export interface ImportResult {
  BatchID: number | null;
  Total: number;
  Imported: number;
  Failed: number;
  Errors: { Row: number; ICCID: string; Field: string; Reason: string }[];
}

/** Sim/ImportSims and the batch list of manage/warehousing. */
export class ImportService {
  constructor(
    private readonly repo: ImportRepository,
    private readonly uploads: UploadStore,
  ) {}

  async importSims(auth: AuthContext, lang: Language, body: Body): Promise<ImportResult> {
    const supplier = await this.repo.supplierInSubtree(body.SupplierID, auth.holdPath);
    if (!supplier) throw outsideHold();
    const defaultPackage = body.PackageID ? await this.repo.packageInLineage(body.PackageID, auth.holdPath) : undefined;
    if (body.PackageID && !defaultPackage) throw outsideHold();
    if (defaultPackage && defaultPackage.operatorId !== supplier.operatorId) throw badRequest('importPackageCarrier');
    const defaultCardType = body.CardTypeID
      ? await this.repo.cardTypeInLineage(body.CardTypeID, auth.holdPath)
      : undefined;
    if (body.CardTypeID && !defaultCardType) throw outsideHold();
    if (defaultCardType?.operatorId && defaultCardType.operatorId !== supplier.operatorId)
      throw badRequest('importCardTypeCarrier');

    const { rows, fileName } = await this.source(auth, body);
    if (rows.length > SIM_RULES.importMaxRows) throw badRequest('importTooManyRows', String(SIM_RULES.importMaxRows));
    if (!rows.length) throw badRequest('importEmpty');

    const need = lookupsNeeded(rows);
    const [packagesByName, cardTypesByName, stored, storedMsisdns] = await Promise.all([
      this.repo.packagesByName(need.packages, auth.holdPath),
      this.repo.cardTypesByName(need.cardTypes, auth.holdPath),
      this.repo.storedIccids(need.iccids),
      this.repo.liveMsisdns(need.msisdns),
    ]);
    const { good, errors, failed } = checkRows(rows, {
      operatorId: supplier.operatorId,
      defaultPackage,
      defaultCardType,
      packagesByName,
      cardTypesByName,
      stored,
      storedMsisdns,
    });
    const result: ImportResult = {
      BatchID: null,
      Total: rows.length,
      Imported: 0,
      Failed: failed,
      Errors: errors.map((e) => ({
        Row: e.row,
        ICCID: e.iccid,
        Field: e.field,
        Reason: message(e.reason, lang) + (e.detail ? `: ${e.detail}` : ''),
      })),
    };
    if ((errors.length && !body.AllowPartial) || !good.length) return result;
    try {
      result.BatchID = await this.repo.write({
        holdId: auth.holdId,
        userId: auth.userId,
        ip: auth.ip,
        supplierId: supplier.id,
        supplierName: supplier.name,
        operatorId: supplier.operatorId,
        fileName,
        total: rows.length,
        failed,
        rows: good,
      });
    } catch (err) {
      // Someone stored one of these ICCIDs or numbers between the check and the write.
      if (isUniqueViolation(err)) throw conflict('importConflict');
      throw err;
    }
    result.Imported = good.length;
    if (body.FileID !== undefined) await this.uploads.markUsed(auth.userId, body.FileID);
    return result;
  }

  private async source(auth: AuthContext, body: Body): Promise<{ rows: RawRow[]; fileName: string }> {
    if ((body.FileID === undefined) === (body.Rows === undefined)) throw badRequest('importNoSource');
    if (body.FileID !== undefined) {
      const file = await this.uploads.find(auth.userId, body.FileID);
      return { rows: await readSheet(file.path, file.fileName), fileName: file.fileName };
    }
    const rows = body.Rows!.map((r, i): RawRow => {
      const cells: RawRow['cells'] = {};
      for (const f of IMPORT_FIELDS) if (r[f] !== undefined) cells[f] = r[f].trim();
      return { row: i + 1, cells, lossy: new Set() };
    });
    return { rows, fileName: '' };
  }

  async batches(auth: AuthContext, pageIndex: number, pageSize: number) {
    const { rows, total } = await this.repo.batches(auth.holdPath, (pageIndex - 1) * pageSize, pageSize);
    return {
      rows: rows.map((r) => ({
        BatchID: r.id,
        SupplierName: r.supplierName,
        FileName: r.fileName,
        Total: r.total,
        Imported: r.imported,
        Failed: r.failed,
        UserName: r.userName ?? '',
        CreateTime: formatInZone(r.createdAt, auth.timeZone),
      })),
      total,
    };
  }
}

/** drizzle wraps the driver's error; PostgreSQL's unique_violation is 23505. */
function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } } | undefined;
  return e?.code === '23505' || e?.cause?.code === '23505';
}
