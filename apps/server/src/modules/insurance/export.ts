import type { PolicyRow } from '@lodestar/contract/insurance';
import { formatFen, type InsuranceState, type InsuranceType } from '@lodestar/domain';
import type { ColumnSpec, Texts } from '../../lib/list-export.ts';

/** As the console's insurance page names them (locales insurance.json). */
export const POLICY_TYPE_TEXT: Record<InsuranceType, Texts> = {
  compulsory: { zh: '交强险', en: 'Compulsory', fr: 'Obligatoire' },
  commercial: { zh: '商业险', en: 'Commercial', fr: 'Commerciale' },
  thirdParty: { zh: '第三者责任险', en: 'Third party', fr: 'Responsabilité civile' },
  damage: { zh: '车损险', en: 'Vehicle damage', fr: 'Dommages au véhicule' },
  other: { zh: '其他', en: 'Other', fr: 'Autre' },
};
const STATE_TEXT: Record<InsuranceState, Texts> = {
  active: { zh: '生效中', en: 'In force', fr: 'En vigueur' },
  expiring: { zh: '即将到期', en: 'Expiring', fr: 'Bientôt échue' },
  expired: { zh: '已过期', en: 'Expired', fr: 'Échue' },
  pending: { zh: '未生效', en: 'Not started', fr: 'Pas encore en vigueur' },
};

export const POLICY_EXPORT_NAME: Texts = { zh: '车辆保单', en: 'Insurance policies', fr: "Polices d'assurance" };

export const POLICY_COLUMNS: ColumnSpec<PolicyRow>[] = [
  [{ zh: '车牌号', en: 'Plate', fr: 'Immatriculation' }, 14, (r) => r.Plate],
  [{ zh: '所属单位', en: 'Unit', fr: 'Unité' }, 18, (r) => r.HoldName],
  [{ zh: '保险公司', en: 'Insurer', fr: 'Assureur' }, 18, (r) => r.Insurer],
  [{ zh: '保单号', en: 'Policy no.', fr: 'N° de police' }, 22, (r) => r.PolicyNo],
  [{ zh: '险种', en: 'Type', fr: 'Type' }, 14, (r, lang) => POLICY_TYPE_TEXT[r.PolicyType][lang]],
  [{ zh: '保费（元）', en: 'Premium (yuan)', fr: 'Prime (yuans)' }, 12, (r) => formatFen(r.Premium)],
  [{ zh: '开始日期', en: 'Start date', fr: 'Début' }, 12, (r) => r.StartDate],
  [{ zh: '结束日期', en: 'End date', fr: 'Fin' }, 12, (r) => r.EndDate],
  [{ zh: '状态', en: 'State', fr: 'État' }, 12, (r, lang) => STATE_TEXT[r.State][lang]],
  [{ zh: '附件', en: 'Attachment', fr: 'Pièce jointe' }, 20, (r) => r.Attachment],
  [{ zh: '备注', en: 'Remark', fr: 'Remarque' }, 24, (r) => r.Remark],
];
