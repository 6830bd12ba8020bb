import type { TaskImportRowInput } from '@lodestar/contract/install';
import type { Language } from '@lodestar/domain';
import ExcelJS from 'exceljs';
import { headerLookup } from '../../lib/sheet-reader.ts';
import { acceptedNames } from '../info-import/fields.ts';
import { readSheet } from '../info-import/sheet.ts';

/** Task/ImportTasks' columns in template order: the contract's TaskImportRow. */
export const TASK_FIELDS = [
  'OrderNo',
  'VIN',
  'Customer',
  'Project',
  'Agent',
  'ExpectedTime',
  'Store',
  'Cost',
  'Installer',
  'Remark',
] as const satisfies readonly (keyof TaskImportRowInput)[];
export type TaskField = (typeof TASK_FIELDS)[number];

/** Headers in zh, en and fr (the template writes the caller's language; the reader takes any, and a few aliases). */
export const TASK_HEADERS: Record<TaskField, Record<Language, string> & { also?: string[] }> = {
  OrderNo: { zh: '工单号', en: 'Order number', fr: 'Numéro de commande', also: ['order no', 'orderno', '订单号'] },
  VIN: { zh: '车架号', en: 'VIN', fr: 'VIN', also: ['车架号vin', '车辆识别代号'] },
  Customer: { zh: '客户', en: 'Customer', fr: 'Client', also: ['客户名称', '客户姓名', 'customer name'] },
  Project: { zh: '项目', en: 'Project', fr: 'Projet', also: ['项目名称'] },
  Agent: { zh: '代理商', en: 'Agent', fr: 'Agent', also: ['经销商'] },
  ExpectedTime: {
    zh: '期望完成时间',
    en: 'Expected time',
    fr: 'Date prévue',
    also: ['预计完成时间', 'expected', 'due'],
  },
  Store: { zh: '门店', en: 'Store', fr: 'Magasin', also: ['门店名称', 'store name'] },
  Cost: { zh: '费用(元)', en: 'Cost (yuan)', fr: 'Coût (yuan)', also: ['费用', 'cost', 'coût'] },
  Installer: {
    zh: '安装师傅手机号',
    en: 'Installer phone',
    fr: "Téléphone de l'installateur",
    also: ['安装师傅', '安装人员手机号', 'installer'],
  },
  Remark: { zh: '备注', en: 'Remark', fr: 'Remarque' },
};

const LOOKUP = headerLookup(acceptedNames(TASK_HEADERS));

export const readTaskSheet = (filePath: string, fileName: string, lang: Language) =>
  readSheet<TaskField>(filePath, fileName, LOOKUP, 'VIN', TASK_HEADERS.VIN[lang]);

export const taskHeaderOf = (field: TaskField, lang: Language): string => TASK_HEADERS[field][lang];

const NOTES: Record<Language, string[]> = {
  zh: [
    '只读取第一个工作表；第一行为表头，表头可用中文、英文或法文。',
    '每一行都会先检查，全部无误才写入；也可以选择只导入正确的行。',
    '车架号、客户必填。车架号17位，不含 I、O、Q；国产(L开头)和北美车辆校验第9位校验码。',
    '工单号留空时自动生成。期望完成时间格式 YYYY-MM-DD 或 YYYY-MM-DD HH:mm:ss（您的时区）；费用以元为单位，最多两位小数。',
    '安装师傅手机号：须为您单位内已启用的安装师傅；填写后工单为"待确认"并通知该师傅。',
  ],
  en: [
    'Only the first sheet is read; its first row is the header, in Chinese, English or French.',
    'Every row is checked before anything is written; you may choose to import only the good rows.',
    'VIN and Customer are required. VIN: 17 characters without I, O or Q; Chinese (starting L) and North American VINs must carry their check digit (position 9).',
    'An empty order number is made up. Expected time: YYYY-MM-DD or YYYY-MM-DD HH:mm:ss (your time zone). Cost in yuan, at most 2 decimals.',
    'Installer phone: an active installer of your units; the task then waits for that installer to confirm, who is notified.',
  ],
  fr: [
    'Seule la première feuille est lue ; sa première ligne est l’en-tête, en chinois, anglais ou français.',
    'Chaque ligne est vérifiée avant toute écriture ; vous pouvez choisir de n’importer que les lignes correctes.',
    'VIN et Client obligatoires. VIN : 17 caractères sans I, O ni Q ; les VIN chinois (commençant par L) et nord-américains portent leur clé de contrôle (9e position).',
    'Un numéro de commande vide est généré. Date prévue : AAAA-MM-JJ ou AAAA-MM-JJ HH:mm:ss (votre fuseau). Coût en yuans, au plus 2 décimales.',
    'Téléphone de l’installateur : un installateur actif de vos unités ; la tâche attend alors sa confirmation, et il est prévenu.',
  ],
};
const SHEET_NAME: Record<Language, string> = { zh: '安装工单', en: 'Install tasks', fr: 'Tâches de pose' };
const NOTES_NAME: Record<Language, string> = { zh: '说明', en: 'Notes', fr: 'Notes' };
/** Columns Excel would turn into numbers (and lose digits or leading zeros of). */
const TEXT_COLUMNS = new Set<TaskField>(['OrderNo', 'VIN', 'Installer']);

/** The .xlsx template, headers in the caller's language and a notes sheet. */
export async function taskTemplate(lang: Language): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet(SHEET_NAME[lang]);
  sheet.columns = TASK_FIELDS.map((f) => ({
    header: taskHeaderOf(f, lang),
    width: f === 'Remark' ? 32 : 20,
    style: TEXT_COLUMNS.has(f) ? { numFmt: '@' } : {},
  }));
  sheet.getRow(1).font = { bold: true };
  const notes = wb.addWorksheet(NOTES_NAME[lang]);
  notes.getColumn(1).width = 120;
  for (const line of NOTES[lang]) notes.addRow([line]);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

export const taskTemplateName = (lang: Language) =>
  lang === 'zh' ? '安装工单导入模板.xlsx' : 'install-task-import-template.xlsx';
