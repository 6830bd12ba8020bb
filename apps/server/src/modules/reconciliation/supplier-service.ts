import type { DetailExportBody, RecordExportBody, Summary } from '@lodestar/contract/reconciliation';
import { type Language, ReconState, SIM_RULES } from '@lodestar/domain';
import type { Type } from 'typebox';
import { badRequest, outsideHold } from '../../lib/errors.ts';
import { message } from '../../lib/messages.ts';
import { formatInZone } from '../../lib/time.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import type { UploadStore } from '../sims/files.ts';
import { checkBillRows } from './bill-check.ts';
import { readBillSheet } from './bill-sheet.ts';
import { matchBill } from './match.ts';
import type { ReconRow, SupplierReconRepository } from './supplier-repository.ts';
import { MATCH_TEXT, RECON_STATE_TEXT, textOf } from './texts.ts';

type SummaryView = Type.Static<typeof Summary>;
type DetailFilterInput = Type.Static<typeof DetailExportBody>;
type RecordFilterInput = Type.Static<typeof RecordExportBody>;

/** Supplier reconciliation (fn 21): the month's summary, the bill upload and match, details, records. */
export class SupplierReconService {
  constructor(
    private readonly repo: SupplierReconRepository,
    private readonly uploads: UploadStore,
  ) {}

  private view(r: ReconRow, auth: AuthContext, lang: Language): SummaryView {
    return {
      ReconciliationID: r.id,
      SupplierID: r.supplierId,
      SupplierName: r.supplierName,
      OperatorName: r.operatorName,
      Month: r.month,
      SimCount: r.simCount,
      ExpectedFen: r.expectedFen,
      BilledFen: r.billedFen,
      DifferenceFen: r.billedFen === null ? null : r.billedFen - r.expectedFen,
      BillRows: r.billRows,
      Matched: r.matched,
      MissingInBill: r.missingInBill,
      MissingInOurs: r.missingInOurs,
      PriceMismatch: r.priceMismatch,
      State: r.state,
      StateText: textOf(RECON_STATE_TEXT, r.state, lang),
      BillFileName: r.billFileName,
      UpdateTime: r.updatedAt ? formatInZone(r.updatedAt, auth.timeZone) : '',
    };
  }

  private async supplier(auth: AuthContext, supplierId: number) {
    const supplier = await this.repo.supplierInSubtree(supplierId, auth.holdPath);
    if (!supplier) throw outsideHold();
    return supplier;
  }

  /** The stored month, or what we expect live when nothing is stored yet. */
  async summary(auth: AuthContext, lang: Language, supplierId: number, month: string): Promise<SummaryView> {
    const supplier = await this.supplier(auth, supplierId);
    const stored = await this.repo.find(supplier.id, month);
    if (stored) return this.view(stored, auth, lang);
    const live = await this.repo.liveExpected(supplier.id, auth.holdPath);
    return this.view(
      {
        id: null,
        supplierId: supplier.id,
        supplierName: supplier.name,
        operatorName: supplier.operatorName,
        month,
        simCount: live.count,
        expectedFen: live.fen,
        billedFen: null,
        billRows: 0,
        matched: 0,
        missingInBill: 0,
        missingInOurs: 0,
        priceMismatch: 0,
        state: ReconState.Open,
        billFileName: '',
        userName: '',
        updatedAt: null,
      },
      auth,
      lang,
    );
  }

  /** Every row is checked first: any bad one answers the list of errors and nothing is saved. */
  async upload(auth: AuthContext, lang: Language, body: { SupplierID: number; Month: string; FileID: number }) {
    const supplier = await this.supplier(auth, body.SupplierID);
    const file = await this.uploads.find(auth.userId, body.FileID);
    const rows = await readBillSheet(file.path, file.fileName);
    if (rows.length > SIM_RULES.importMaxRows) throw badRequest('importTooManyRows', String(SIM_RULES.importMaxRows));
    if (!rows.length) throw badRequest('importEmpty');
    const { lines, errors } = checkBillRows(rows);
    if (errors.length)
      return {
        Errors: errors.map((e) => ({
          Row: e.row,
          ICCID: e.iccid,
          Field: e.field,
          Reason: message(e.reason, lang) + (e.detail ? `: ${e.detail}` : ''),
        })),
      };
    await this.repo.save({
      supplierId: supplier.id,
      supplierHoldId: supplier.holdId,
      month: body.Month,
      holdPath: auth.holdPath,
      userId: auth.userId,
      holdId: auth.holdId,
      ip: auth.ip,
      fileName: file.fileName,
      match: (expected) => matchBill(expected, lines),
    });
    await this.uploads.markUsed(auth.userId, body.FileID);
    return this.summary(auth, lang, supplier.id, body.Month);
  }

  private async recon(auth: AuthContext, id: number) {
    const row = await this.repo.findInSubtree(id, auth.holdPath);
    if (!row) throw outsideHold();
    return row;
  }

  async confirm(auth: AuthContext, lang: Language, id: number): Promise<SummaryView> {
    const row = await this.recon(auth, id);
    if (row.billedFen === null) throw badRequest('reconNoBill');
    await this.repo.confirm(id, { userId: auth.userId, holdId: auth.holdId, ip: auth.ip });
    return this.view((await this.repo.findInSubtree(id, auth.holdPath))!, auth, lang);
  }

  async details(auth: AuthContext, lang: Language, f: DetailFilterInput, pageIndex: number, pageSize: number) {
    await this.recon(auth, f.ReconciliationID);
    const page = await this.repo.details(
      { reconciliationId: f.ReconciliationID, match: f.Match, iccid: f.ICCID?.trim() },
      (pageIndex - 1) * pageSize,
      pageSize,
    );
    return {
      rows: page.rows.map((r) => ({
        ICCID: r.iccid,
        MSISDN: r.msisdn,
        PackageName: r.packageName,
        ExpectedFen: r.expectedFen,
        BilledFen: r.billedFen,
        DifferenceFen: (r.billedFen ?? 0) - (r.expectedFen ?? 0),
        Match: r.match,
        MatchText: textOf(MATCH_TEXT, r.match, lang),
      })),
      total: page.total,
      Totals: {
        ExpectedFen: page.totals.expectedFen,
        BilledFen: page.totals.billedFen,
        DifferenceFen: page.totals.differenceFen,
      },
    };
  }

  async records(auth: AuthContext, lang: Language, f: RecordFilterInput, pageIndex: number, pageSize: number) {
    if (f.SupplierID) await this.supplier(auth, f.SupplierID);
    if (f.MonthFrom && f.MonthTo && f.MonthFrom > f.MonthTo) throw badRequest('reconMonthRange');
    const page = await this.repo.records(
      { holdPath: auth.holdPath, supplierId: f.SupplierID, monthFrom: f.MonthFrom, monthTo: f.MonthTo, state: f.State },
      (pageIndex - 1) * pageSize,
      pageSize,
    );
    return {
      rows: page.rows.map((r) => ({ ...this.view(r, auth, lang), UserName: r.userName })),
      total: page.total,
      Totals: {
        SimCount: page.totals.simCount,
        ExpectedFen: page.totals.expectedFen,
        BilledFen: page.totals.billedFen,
        DifferenceFen: page.totals.differenceFen,
      },
    };
  }
}
