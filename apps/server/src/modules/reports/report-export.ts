import type { NewStoppedMonth, RenewalFeeRow } from '@lodestar/contract/reports';
import { formatFen, type Language } from '@lodestar/domain';
import type { ColumnSpec, Texts } from '../../lib/list-export.ts';

export const RENEWAL_EXPORT_NAME: Texts = { zh: '续费明细', en: 'Renewal fees', fr: 'Renouvellements' };
export const NEW_STOPPED_EXPORT_NAME: Texts = {
  zh: '新增与停用卡',
  en: 'New and stopped cards',
  fr: 'Cartes nouvelles et arrêtées',
};

export const SOURCE_TEXT: Record<number, Texts> = {
  1: { zh: '在线续费', en: 'Online', fr: 'En ligne' },
  2: { zh: '工单续费', en: 'Work order', fr: 'Ordre de travail' },
};
export const sourceText = (source: number, lang: Language) => SOURCE_TEXT[source]?.[lang] ?? String(source);

export const TOTAL_TEXT: Texts = { zh: '合计', en: 'Total', fr: 'Total' };

/** The renewal fee sheet: the list's columns, money as yuan text like the other exports. */
export const RENEWAL_COLUMNS: ColumnSpec<RenewalFeeRow>[] = [
  [{ zh: 'ICCID', en: 'ICCID', fr: 'ICCID' }, 24, (r) => r.ICCID],
  [{ zh: '卡号', en: 'MSISDN', fr: 'MSISDN' }, 16, (r) => r.MSISDN],
  [{ zh: '所属单位', en: 'Organisation', fr: 'Organisation' }, 22, (r) => r.HoldName],
  [{ zh: '运营商', en: 'Carrier', fr: 'Opérateur' }, 18, (r) => r.OperatorName],
  [{ zh: '套餐', en: 'Package', fr: 'Forfait' }, 22, (r) => r.PackageName],
  [{ zh: '续费月数', en: 'Months', fr: 'Mois' }, 10, (r) => r.Months],
  [{ zh: '续费金额(元)', en: 'Fee (CNY)', fr: 'Montant (CNY)' }, 14, (r) => formatFen(r.FeeFen)],
  [{ zh: '来源', en: 'Source', fr: 'Origine' }, 12, (r) => r.SourceText],
  [{ zh: '订单号', en: 'Order no.', fr: 'N° de commande' }, 24, (r) => r.OrderNo],
  [{ zh: '工单号', en: 'Work order', fr: 'Ordre de travail' }, 10, (r) => r.WorkID],
  [{ zh: '原到期日', en: 'Expired on', fr: 'Échéance avant' }, 12, (r) => r.ExpiresBefore],
  [{ zh: '新到期日', en: 'Expires on', fr: 'Échéance après' }, 12, (r) => r.ExpiresAfter],
  [{ zh: '操作人', en: 'User', fr: 'Utilisateur' }, 16, (r) => r.UserName],
  [{ zh: '续费时间', en: 'Renewed at', fr: 'Renouvelée le' }, 20, (r) => r.CreateTime],
];

export const NEW_STOPPED_COLUMNS: ColumnSpec<NewStoppedMonth>[] = [
  [{ zh: '月份', en: 'Month', fr: 'Mois' }, 12, (r) => r.Month],
  [{ zh: '新增卡', en: 'New cards', fr: 'Nouvelles cartes' }, 14, (r) => r.New],
  [{ zh: '停用卡', en: 'Stopped cards', fr: 'Cartes arrêtées' }, 14, (r) => r.Stopped],
];
