import { BillLineKind, BillState, formatFen, type Language, ReconMatch, ReconState } from '@lodestar/domain';
import type { ColumnSpec, Texts } from '../../lib/list-export.ts';

/** Names of the enum values as the lists and exports show them (the console's locale files say the same). */
export const MATCH_TEXT: Record<ReconMatch, Texts> = {
  [ReconMatch.Matched]: { zh: '一致', en: 'Matched', fr: 'Concordant' },
  [ReconMatch.MissingInBill]: { zh: '账单缺失', en: 'Missing in bill', fr: 'Absent de la facture' },
  [ReconMatch.MissingInOurs]: { zh: '我方缺失', en: 'Missing in ours', fr: 'Absent chez nous' },
  [ReconMatch.PriceMismatch]: { zh: '金额不符', en: 'Price mismatch', fr: 'Écart de prix' },
};
export const RECON_STATE_TEXT: Record<ReconState, Texts> = {
  [ReconState.Open]: { zh: '待确认', en: 'Open', fr: 'Ouvert' },
  [ReconState.Confirmed]: { zh: '已确认', en: 'Confirmed', fr: 'Confirmé' },
};
export const BILL_STATE_TEXT: Record<BillState, Texts> = {
  [BillState.Unpaid]: { zh: '未结清', en: 'Unpaid', fr: 'Impayée' },
  [BillState.Paid]: { zh: '已结清', en: 'Paid', fr: 'Payée' },
};
export const LINE_KIND_TEXT: Record<BillLineKind, Texts> = {
  [BillLineKind.Sim]: { zh: 'SIM卡', en: 'SIM', fr: 'SIM' },
  [BillLineKind.Renewal]: { zh: '续费', en: 'Renewal', fr: 'Renouvellement' },
  [BillLineKind.SmsPack]: { zh: '短信包', en: 'SMS pack', fr: 'Pack SMS' },
};

export const textOf = <K extends number>(table: Record<K, Texts>, value: number, lang: Language): string =>
  table[value as K]?.[lang] ?? String(value);

const yuan = (fen: number | null) => (fen === null ? '' : formatFen(fen));
const yes: Texts = { zh: '是', en: 'Yes', fr: 'Oui' };
const no: Texts = { zh: '否', en: 'No', fr: 'Non' };

export interface DetailRow {
  ICCID: string;
  MSISDN: string;
  PackageName: string;
  ExpectedFen: number | null;
  BilledFen: number | null;
  DifferenceFen: number;
  Match: number;
  MatchText: string;
}
export const DETAIL_EXPORT_NAME: Texts = {
  zh: '供应商对账明细',
  en: 'Supplier reconciliation lines',
  fr: 'Lignes rapprochement',
};
export const DETAIL_COLUMNS: ColumnSpec<DetailRow>[] = [
  [{ zh: 'ICCID', en: 'ICCID', fr: 'ICCID' }, 24, (r) => r.ICCID],
  [{ zh: '卡号', en: 'MSISDN', fr: 'MSISDN' }, 16, (r) => r.MSISDN],
  [{ zh: '套餐', en: 'Package', fr: 'Forfait' }, 18, (r) => r.PackageName],
  [{ zh: '应付(元)', en: 'Expected (yuan)', fr: 'Attendu (yuans)' }, 14, (r) => yuan(r.ExpectedFen)],
  [{ zh: '账单(元)', en: 'Billed (yuan)', fr: 'Facturé (yuans)' }, 14, (r) => yuan(r.BilledFen)],
  [{ zh: '差额(元)', en: 'Difference (yuan)', fr: 'Écart (yuans)' }, 14, (r) => yuan(r.DifferenceFen)],
  [{ zh: '对账结果', en: 'Match', fr: 'Résultat' }, 16, (r) => r.MatchText],
];

export interface RecordRow {
  SupplierName: string;
  OperatorName: string;
  Month: string;
  SimCount: number;
  ExpectedFen: number;
  BilledFen: number | null;
  DifferenceFen: number | null;
  Matched: number;
  PriceMismatch: number;
  MissingInBill: number;
  MissingInOurs: number;
  State: number;
  BillFileName: string;
  UserName: string;
  UpdateTime: string;
}
export const RECORD_EXPORT_NAME: Texts = {
  zh: '供应商对账记录',
  en: 'Supplier reconciliations',
  fr: 'Rapprochements fournisseurs',
};
export const RECORD_COLUMNS: ColumnSpec<RecordRow>[] = [
  [{ zh: '月份', en: 'Month', fr: 'Mois' }, 10, (r) => r.Month],
  [{ zh: '供应商', en: 'Supplier', fr: 'Fournisseur' }, 20, (r) => r.SupplierName],
  [{ zh: '运营商', en: 'Carrier', fr: 'Opérateur' }, 14, (r) => r.OperatorName],
  [{ zh: 'SIM卡数', en: 'SIMs', fr: 'SIM' }, 10, (r) => r.SimCount],
  [{ zh: '应付(元)', en: 'Expected (yuan)', fr: 'Attendu (yuans)' }, 14, (r) => yuan(r.ExpectedFen)],
  [{ zh: '账单(元)', en: 'Billed (yuan)', fr: 'Facturé (yuans)' }, 14, (r) => yuan(r.BilledFen)],
  [{ zh: '差额(元)', en: 'Difference (yuan)', fr: 'Écart (yuans)' }, 14, (r) => yuan(r.DifferenceFen)],
  [{ zh: '一致', en: 'Matched', fr: 'Concordants' }, 10, (r) => r.Matched],
  [{ zh: '金额不符', en: 'Price mismatch', fr: 'Écarts de prix' }, 12, (r) => r.PriceMismatch],
  [{ zh: '账单缺失', en: 'Missing in bill', fr: 'Absents facture' }, 12, (r) => r.MissingInBill],
  [{ zh: '我方缺失', en: 'Missing in ours', fr: 'Absents chez nous' }, 12, (r) => r.MissingInOurs],
  [{ zh: '状态', en: 'State', fr: 'État' }, 10, (r, l) => textOf(RECON_STATE_TEXT, r.State, l)],
  [{ zh: '账单文件', en: 'Bill file', fr: 'Fichier facture' }, 20, (r) => r.BillFileName],
  [{ zh: '操作人', en: 'User', fr: 'Utilisateur' }, 14, (r) => r.UserName],
  [{ zh: '更新时间', en: 'Updated', fr: 'Mis à jour' }, 20, (r) => r.UpdateTime],
];

export interface BillRow {
  HoldName: string;
  Month: string;
  SimCount: number;
  RenewalCount: number;
  RenewalFen: number;
  SmsPackFen: number;
  SmsSent: number;
  TotalFen: number;
  PaidFen: number;
  DueFen: number;
  StateText: string;
  PaidTime: string;
}
export const BILL_EXPORT_NAME: Texts = { zh: '客户账单', en: 'Customer bills', fr: 'Factures clients' };
export const BILL_COLUMNS: ColumnSpec<BillRow>[] = [
  [{ zh: '客户', en: 'Customer', fr: 'Client' }, 20, (r) => r.HoldName],
  [{ zh: '月份', en: 'Month', fr: 'Mois' }, 10, (r) => r.Month],
  [{ zh: 'SIM卡数', en: 'SIMs', fr: 'SIM' }, 10, (r) => r.SimCount],
  [{ zh: '续费次数', en: 'Renewals', fr: 'Renouvellements' }, 10, (r) => r.RenewalCount],
  [{ zh: '续费(元)', en: 'Renewals (yuan)', fr: 'Renouvellements (yuans)' }, 14, (r) => yuan(r.RenewalFen)],
  [{ zh: '短信包(元)', en: 'SMS packs (yuan)', fr: 'Packs SMS (yuans)' }, 14, (r) => yuan(r.SmsPackFen)],
  [{ zh: '短信条数', en: 'SMS sent', fr: 'SMS envoyés' }, 10, (r) => r.SmsSent],
  [{ zh: '合计(元)', en: 'Total (yuan)', fr: 'Total (yuans)' }, 14, (r) => yuan(r.TotalFen)],
  [{ zh: '已付(元)', en: 'Paid (yuan)', fr: 'Payé (yuans)' }, 14, (r) => yuan(r.PaidFen)],
  [{ zh: '应收(元)', en: 'Due (yuan)', fr: 'Dû (yuans)' }, 14, (r) => yuan(r.DueFen)],
  [{ zh: '状态', en: 'State', fr: 'État' }, 10, (r) => r.StateText],
  [{ zh: '结清时间', en: 'Paid at', fr: 'Payée le' }, 20, (r) => r.PaidTime],
];

export interface LineRow {
  KindText: string;
  ICCID: string;
  MSISDN: string;
  Description: string;
  AmountFen: number;
  Paid: boolean;
  Ref: string;
  OccurredTime: string;
}
export const LINE_EXPORT_NAME: Texts = { zh: '客户账单明细', en: 'Customer bill lines', fr: 'Lignes facture client' };
export const LINE_COLUMNS: ColumnSpec<LineRow>[] = [
  [{ zh: '类型', en: 'Kind', fr: 'Type' }, 12, (r) => r.KindText],
  [{ zh: 'ICCID', en: 'ICCID', fr: 'ICCID' }, 24, (r) => r.ICCID],
  [{ zh: '卡号', en: 'MSISDN', fr: 'MSISDN' }, 16, (r) => r.MSISDN],
  [{ zh: '说明', en: 'Description', fr: 'Description' }, 20, (r) => r.Description],
  [{ zh: '金额(元)', en: 'Amount (yuan)', fr: 'Montant (yuans)' }, 14, (r) => yuan(r.AmountFen)],
  [{ zh: '已付', en: 'Paid', fr: 'Payé' }, 8, (r, l) => (r.Paid ? yes : no)[l]],
  [{ zh: '单号', en: 'Reference', fr: 'Référence' }, 22, (r) => r.Ref],
  [{ zh: '时间', en: 'Time', fr: 'Date' }, 20, (r) => r.OccurredTime],
];
