import type { Language } from '@lodestar/domain';

type Texts = Record<Language, string>;

/** `sim_history.action` values (see the table's comment) as a person reads them. */
const ACTION_TEXT: Record<string, Texts> = {
  import: { zh: '入库', en: 'Imported', fr: 'Entrée en stock' },
  outbound: { zh: '出库', en: 'Shipped', fr: 'Sortie de stock' },
  // Its device moved to another unit (Device/MoveDevices, Vehicle/MoveVehicles) and the card went along.
  move: { zh: '随设备迁移', en: 'Moved with its device', fr: 'Déplacée avec son appareil' },
  stop: { zh: '停机', en: 'Service stopped', fr: 'Ligne suspendue' },
  resume: { zh: '复机', en: 'Service resumed', fr: 'Ligne réactivée' },
  return: { zh: '退卡', en: 'Returned', fr: 'Retournée' },
  packageChange: { zh: '套餐变更', en: 'Package changed', fr: 'Forfait changé' },
  renewal: { zh: '续费', en: 'Renewed', fr: 'Renouvelée' },
  lock: { zh: '机卡绑定', en: 'Locked to IMEI', fr: 'Verrouillée sur IMEI' },
  unlock: { zh: '机卡解绑', en: 'IMEI lock removed', fr: 'Verrouillage IMEI retiré' },
  edit: { zh: '修改', en: 'Edited', fr: 'Modifiée' },
  workOrder: { zh: '工单', en: 'Work order', fr: 'Ordre de travail' },
  reject: { zh: '工单驳回', en: 'Order rejected', fr: 'Ordre rejeté' },
};

export const STATE_TEXT: Record<number, Texts> = {
  1: { zh: '库存', en: 'In stock', fr: 'En stock' },
  2: { zh: '测试期', en: 'Testing', fr: 'En test' },
  3: { zh: '沉默期', en: 'Silent', fr: 'Dormante' },
  4: { zh: '正使用', en: 'Active', fr: 'Active' },
  5: { zh: '停机', en: 'Suspended', fr: 'Suspendue' },
  6: { zh: '预销户', en: 'Stopped', fr: 'Pré-résiliée' },
  7: { zh: '已销户', en: 'Cancelled', fr: 'Résiliée' },
};

/** Labels, in the order a detail reads (jsonb keeps its own key order, so it cannot be used). */
const FIELD_TEXT: Record<string, Texts> = {
  batchId: { zh: '批次', en: 'Batch', fr: 'Lot' },
  supplier: { zh: '供应商', en: 'Supplier', fr: 'Fournisseur' },
  fileName: { zh: '文件', en: 'File', fr: 'Fichier' },
  holdName: { zh: '单位', en: 'Organisation', fr: 'Organisation' },
  holdId: { zh: '单位', en: 'Organisation', fr: 'Organisation' },
  reHoldId: { zh: '接收单位', en: 'Receiving organisation', fr: 'Organisation destinataire' },
  state: { zh: '状态', en: 'State', fr: 'État' },
  packageName: { zh: '套餐', en: 'Package', fr: 'Forfait' },
  packageId: { zh: '套餐', en: 'Package', fr: 'Forfait' },
  months: { zh: '月数', en: 'Months', fr: 'Mois' },
  expiresOn: { zh: '到期日期', en: 'Expires on', fr: 'Expire le' },
  lockType: { zh: '机卡绑定', en: 'IMEI lock', fr: 'Verrouillage IMEI' },
  lockedImei: { zh: '绑定IMEI', en: 'Locked IMEI', fr: 'IMEI verrouillé' },
  msisdn: { zh: '卡号', en: 'MSISDN', fr: 'MSISDN' },
  deviceId: { zh: '设备号', en: 'Device ID', fr: 'ID appareil' },
  imsi: { zh: 'IMSI', en: 'IMSI', fr: 'IMSI' },
  shippedAt: { zh: '出库时间', en: 'Shipped at', fr: 'Expédiée le' },
  workCont: { zh: '申请说明', en: 'Request', fr: 'Demande' },
  checkText: { zh: '审核意见', en: 'Review comment', fr: 'Commentaire' },
  remark: { zh: '备注', en: 'Remark', fr: 'Remarque' },
};
const FIELD_ORDER = new Map(Object.keys(FIELD_TEXT).map((k, i) => [k, i]));
const byFieldOrder = (a: string, b: string) =>
  (FIELD_ORDER.get(a) ?? FIELD_ORDER.size) - (FIELD_ORDER.get(b) ?? FIELD_ORDER.size) || a.localeCompare(b);

const LOCK_TEXT: Record<number, Texts> = {
  0: { zh: '未绑定', en: 'Unlocked', fr: 'Déverrouillée' },
  1: { zh: '已绑定', en: 'Locked', fr: 'Verrouillée' },
};

/** Names for the ids a detail may hold, looked up by the caller once per history. */
export interface HistoryNames {
  holds: Map<number, string>;
  packages: Map<number, string>;
}

/** The hold and package ids mentioned in these details, for one name look-up. */
export function idsInDetails(details: unknown[]): { holds: number[]; packages: number[] } {
  const holds = new Set<number>();
  const packages = new Set<number>();
  for (const d of details) {
    if (!d || typeof d !== 'object') continue;
    const rec = d as Record<string, unknown>;
    for (const v of [rec.holdId, rec.reHoldId].flat()) if (typeof v === 'number') holds.add(v);
    for (const v of [rec.packageId].flat()) if (typeof v === 'number') packages.add(v);
  }
  return { holds: [...holds], packages: [...packages] };
}

export const actionText = (action: string, lang: Language) => ACTION_TEXT[action]?.[lang] ?? action;

/**
 * `{ field: [before, after], context… }` as one line: "State: In stock → Silent; Organisation: A → B".
 * Names stored beside ids (holdName) win over looking the id up, since names change later.
 */
export function detailText(detail: unknown, lang: Language, names: HistoryNames): string {
  if (!detail || typeof detail !== 'object') return detail === null || detail === undefined ? '' : String(detail);
  const rec = detail as Record<string, unknown>;
  const parts: string[] = [];
  for (const key of Object.keys(rec).sort(byFieldOrder)) {
    const value = rec[key];
    if (key === 'holdId' && 'holdName' in rec) continue;
    if (key === 'packageId' && 'packageName' in rec) continue;
    const label = FIELD_TEXT[key]?.[lang] ?? key;
    const show = (v: unknown) => valueText(key, v, lang, names);
    parts.push(
      Array.isArray(value) && value.length === 2
        ? `${label}: ${show(value[0])} → ${show(value[1])}`
        : `${label}: ${show(value)}`,
    );
  }
  return parts.join(lang === 'zh' ? '；' : '; ');
}

function valueText(key: string, v: unknown, lang: Language, names: HistoryNames): string {
  if (v === null || v === undefined || v === '') return '—';
  if (typeof v === 'number') {
    if (key === 'state') return STATE_TEXT[v]?.[lang] ?? String(v);
    if (key === 'lockType') return LOCK_TEXT[v]?.[lang] ?? String(v);
    if (key === 'holdId' || key === 'reHoldId') return names.holds.get(v) ?? `#${v}`;
    if (key === 'packageId') return names.packages.get(v) ?? `#${v}`;
  }
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
}
