import type { WorkRow } from '@lodestar/contract/work-orders';
import type { ColumnSpec } from '../../lib/list-export.ts';

/** The approval dialog's columns, with the type's detail (package, months, IMEI, receiving unit) split out. */
export const WORK_COLUMNS: ColumnSpec<WorkRow>[] = [
  [{ zh: '工单号', en: 'Work order', fr: 'Ordre n°' }, 10, (r) => r.WorkID],
  [{ zh: '工单类型', en: 'Work type', fr: 'Type d’ordre' }, 14, (r) => r.WorkTypeText],
  [{ zh: '套餐', en: 'Package', fr: 'Forfait' }, 16, (r) => r.PackageName],
  [{ zh: '月数', en: 'Months', fr: 'Mois' }, 8, (r) => r.Months],
  [{ zh: 'IMEI', en: 'IMEI', fr: 'IMEI' }, 18, (r) => r.IMEI],
  [{ zh: 'ICCID', en: 'ICCID', fr: 'ICCID' }, 24, (r) => r.TargetID],
  [{ zh: 'MSISDN', en: 'MSISDN', fr: 'MSISDN' }, 16, (r) => r.MSISDN],
  [{ zh: '申请内容', en: 'Request', fr: 'Demande' }, 24, (r) => r.WorkCont],
  [{ zh: '申请人', en: 'Applicant', fr: 'Demandeur' }, 12, (r) => r.UserName],
  [{ zh: '申请时间', en: 'Apply time', fr: 'Date de demande' }, 20, (r) => r.ApplyTime],
  [{ zh: '所属客户', en: 'Customer', fr: 'Client' }, 18, (r) => r.HoldName],
  [{ zh: '审核状态', en: 'Status', fr: 'État' }, 10, (r) => r.CheckStatusText],
  [{ zh: '审核人', en: 'Reviewer', fr: 'Examinateur' }, 12, (r) => r.ReviewerName],
  [{ zh: '审核意见', en: 'Review comment', fr: 'Commentaire d’examen' }, 24, (r) => r.CheckText],
  [{ zh: '审核时间', en: 'Review time', fr: 'Date d’examen' }, 20, (r) => r.CheckTime],
  [{ zh: '接收单位', en: 'Receiving unit', fr: 'Unité destinataire' }, 18, (r) => r.ReHoldName],
];

export const WORK_EXPORT_NAME = { zh: '工单', en: 'Work orders', fr: 'Ordres de travail' };
