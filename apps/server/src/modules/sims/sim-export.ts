import { formatFen, type Language } from '@lodestar/domain';
import type { ExportColumn } from '../../lib/exporter.ts';
import { message } from '../../lib/messages.ts';
import { formatInZone } from '../../lib/time.ts';
import { STATE_TEXT } from './history-text.ts';
import type { SimRowOut } from './service.ts';

type Texts = Record<Language, string>;

const DISPLAY_TEXT: Record<string, Texts> = {
  normal: { zh: '正常', en: 'Normal', fr: 'Normale' },
  expiring: { zh: '即将到期', en: 'Expiring', fr: 'Expire bientôt' },
  expired: { zh: '已过期', en: 'Expired', fr: 'Expirée' },
  lowBalance: { zh: '余额不足', en: 'Low balance', fr: 'Solde faible' },
};
const LOCK_TEXT: Record<number, Texts> = {
  0: { zh: '未绑定', en: 'Unlocked', fr: 'Non verrouillée' },
  1: { zh: '已绑定', en: 'Locked', fr: 'Verrouillée' },
};

/** [header per language, width, value]; the order is the sheet's column order. */
const COLUMNS: [Texts, number, (r: SimRowOut, lang: Language) => string | number | null][] = [
  [{ zh: 'ICCID', en: 'ICCID', fr: 'ICCID' }, 24, (r) => r.ICCID],
  [{ zh: '卡号', en: 'MSISDN', fr: 'MSISDN' }, 16, (r) => r.MSISDN],
  [{ zh: 'IMSI', en: 'IMSI', fr: 'IMSI' }, 18, (r) => r.IMSI],
  [{ zh: '运营商', en: 'Carrier', fr: 'Opérateur' }, 14, (r) => r.OperatorName],
  [{ zh: '卡类型', en: 'Card type', fr: 'Type de carte' }, 12, (r) => r.CardTypeName],
  [{ zh: '套餐', en: 'Package', fr: 'Forfait' }, 20, (r) => r.PackageName],
  [{ zh: '供应商', en: 'Supplier', fr: 'Fournisseur' }, 18, (r) => r.SupplierName],
  [{ zh: '所属单位', en: 'Organisation', fr: 'Organisation' }, 22, (r) => r.HoldName],
  [{ zh: '卡状态', en: 'State', fr: 'État' }, 10, (r, l) => STATE_TEXT[r.State]?.[l] ?? String(r.State)],
  [{ zh: '状态', en: 'Status', fr: 'Statut' }, 12, (r, l) => DISPLAY_TEXT[r.DisplayState]?.[l] ?? r.DisplayState],
  [{ zh: '激活日期', en: 'Activated on', fr: 'Activée le' }, 12, (r) => r.ActivatedOn],
  [{ zh: '到期日期', en: 'Expires on', fr: 'Expire le' }, 12, (r) => r.ExpiresOn],
  // Money is stored in fen; a person reads yuan.
  [{ zh: '余额(元)', en: 'Balance (CNY)', fr: 'Solde (CNY)' }, 12, (r) => formatFen(r.BalanceFen)],
  [{ zh: '已用流量(MB)', en: 'Data used (MB)', fr: 'Données (Mo)' }, 14, (r) => r.DataUsedMB],
  [{ zh: '机卡绑定', en: 'IMEI lock', fr: 'Verrouillage IMEI' }, 10, (r, l) => LOCK_TEXT[r.LockType]?.[l] ?? ''],
  [{ zh: '绑定IMEI', en: 'Locked IMEI', fr: 'IMEI verrouillé' }, 18, (r) => r.LockedIMEI],
  [{ zh: '设备号', en: 'Device ID', fr: 'Appareil' }, 18, (r) => r.DeviceID],
  [{ zh: '出库时间', en: 'Shipped at', fr: 'Expédiée le' }, 20, (r) => r.ShippedAt],
  [{ zh: '入库时间', en: 'Created', fr: 'Créée le' }, 20, (r) => r.CreateTime],
  [{ zh: '备注', en: 'Remark', fr: 'Remarque' }, 24, (r) => r.Remark],
];

export function simExportColumns(lang: Language): ExportColumn<SimRowOut>[] {
  return COLUMNS.map(([header, width, value]) => ({ header: header[lang], width, value: (r) => value(r, lang) }));
}

/** "SIM卡列表-20261121-093000.xlsx", the time in the caller's zone. */
export function exportFileName(lang: Language, timeZone: string): string {
  const stamp = formatInZone(new Date(), timeZone).replace(/-/g, '').replace(' ', '-').replace(/:/g, '');
  return `${message('simExportName', lang)}-${stamp}.xlsx`;
}
