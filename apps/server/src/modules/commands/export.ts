import type { BatchRow } from '@lodestar/contract/commands';
import { commandStatusName } from '../../lib/command-names.ts';
import type { ColumnSpec, Texts } from '../../lib/list-export.ts';

export const BATCH_EXPORT_NAME: Texts = {
  zh: '批量指令结果',
  en: 'Batch command result',
  fr: 'Résultat de commande groupée',
};

/** The progress table's columns, in its order. */
export const BATCH_COLUMNS: ColumnSpec<BatchRow>[] = [
  [{ zh: '设备号', en: 'Device ID', fr: 'ID appareil' }, 18, (r) => r.DeviceID],
  [{ zh: '设备名称', en: 'Device name', fr: 'Nom de l’appareil' }, 16, (r) => r.DeviceName],
  [{ zh: '车牌号', en: 'Plate', fr: 'Immatriculation' }, 12, (r) => r.Plate],
  [{ zh: '状态', en: 'Status', fr: 'Statut' }, 12, (r, l) => commandStatusName(r.Status, l)],
  [{ zh: '结果', en: 'Result', fr: 'Résultat' }, 30, (r) => r.Result],
  [{ zh: '发送时间', en: 'Sent', fr: 'Envoyée le' }, 20, (r) => r.SentTime],
  [{ zh: '完成时间', en: 'Done', fr: 'Terminée le' }, 20, (r) => r.DoneTime],
];
