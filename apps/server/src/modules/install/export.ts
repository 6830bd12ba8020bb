import type { InstallerRow, TaskRow } from '@lodestar/contract/install';
import { formatFen } from '@lodestar/domain';
import type { ColumnSpec, Texts } from '../../lib/list-export.ts';

/** Task statuses as the console names them (locales install.json, status). */
const STATUS: Record<number, Texts> = {
  0: { zh: '已创建', en: 'Created', fr: 'Créée' },
  1: { zh: '待确认', en: 'Waiting confirm', fr: 'À confirmer' },
  2: { zh: '施工中', en: 'Working', fr: 'En cours' },
  3: { zh: '待审核', en: 'Waiting approval', fr: 'À approuver' },
  8: { zh: '已取消', en: 'Cancelled', fr: 'Annulée' },
  9: { zh: '已完成', en: 'Completed', fr: 'Terminée' },
};
const yes: Texts = { zh: '启用', en: 'Active', fr: 'Actif' };
const no: Texts = { zh: '停用', en: 'Inactive', fr: 'Inactif' };
const rate = (v: number | null) => (v === null ? '' : `${v}%`);

export const INSTALLER_COLUMNS: ColumnSpec<InstallerRow>[] = [
  [{ zh: '姓名', en: 'Name', fr: 'Nom' }, 14, (r) => r.UserName],
  [{ zh: '手机号', en: 'Phone', fr: 'Téléphone' }, 14, (r) => r.Phone],
  [{ zh: '所属单位', en: 'Unit', fr: 'Unité' }, 18, (r) => r.HoldName],
  [{ zh: '区域', en: 'Region', fr: 'Région' }, 14, (r) => r.Region],
  [{ zh: '公司/代理', en: 'Company / agent', fr: 'Société / agent' }, 16, (r) => r.Company],
  [{ zh: '状态', en: 'State', fr: 'État' }, 8, (r, l) => (r.Active ? yes : no)[l]],
  [{ zh: '进行中', en: 'Open tasks', fr: 'Tâches ouvertes' }, 10, (r) => String(r.OpenTasks)],
  [{ zh: '已完成', en: 'Finished', fr: 'Terminées' }, 10, (r) => String(r.FinishedTasks)],
  [{ zh: '准时率', en: 'On time', fr: 'À l’heure' }, 10, (r) => rate(r.OnTimeRate)],
  [{ zh: '返工率', en: 'Rework', fr: 'Reprises' }, 10, (r) => rate(r.ReworkRate)],
  [{ zh: '创建时间', en: 'Created', fr: 'Créé le' }, 20, (r) => r.CreateTime],
];
export const INSTALLER_EXPORT_NAME = { zh: '安装师傅', en: 'Installers', fr: 'Installateurs' };

export const TASK_COLUMNS: ColumnSpec<TaskRow>[] = [
  [{ zh: '工单号', en: 'Order no.', fr: 'N° d’ordre' }, 18, (r) => r.OrderNo],
  [{ zh: '状态', en: 'Status', fr: 'Statut' }, 12, (r, l) => STATUS[r.Status]?.[l] ?? String(r.Status)],
  [{ zh: '所属单位', en: 'Unit', fr: 'Unité' }, 18, (r) => r.HoldName],
  [{ zh: '车架号', en: 'VIN', fr: 'VIN' }, 20, (r) => r.VIN],
  [{ zh: '客户', en: 'Customer', fr: 'Client' }, 14, (r) => r.Customer],
  [{ zh: '项目', en: 'Project', fr: 'Projet' }, 14, (r) => r.Project],
  [{ zh: '代理商', en: 'Agent', fr: 'Agent' }, 14, (r) => r.Agent],
  [{ zh: '安装师傅', en: 'Installer', fr: 'Installateur' }, 12, (r) => r.InstallerName],
  [{ zh: '期望完成', en: 'Expected', fr: 'Prévue' }, 20, (r) => r.ExpectedTime ?? ''],
  [{ zh: '开始时间', en: 'Start', fr: 'Début' }, 20, (r) => r.StartTime ?? ''],
  [{ zh: '结束时间', en: 'End', fr: 'Fin' }, 20, (r) => r.EndTime ?? ''],
  [{ zh: '审核时间', en: 'Checked', fr: 'Contrôlée' }, 20, (r) => r.CheckTime ?? ''],
  [{ zh: '门店', en: 'Store', fr: 'Magasin' }, 14, (r) => r.Store],
  [{ zh: '费用（元）', en: 'Cost (yuan)', fr: 'Coût (yuans)' }, 12, (r) => formatFen(r.Cost)],
  [{ zh: '驳回次数', en: 'Rejections', fr: 'Rejets' }, 8, (r) => String(r.Rejections)],
  [{ zh: '创建人', en: 'Creator', fr: 'Créateur' }, 12, (r) => r.CreatorName],
  [{ zh: '创建时间', en: 'Created', fr: 'Créée le' }, 20, (r) => r.CreateTime],
];
export const TASK_EXPORT_NAME = { zh: '安装工单', en: 'Install tasks', fr: 'Tâches d’installation' };
