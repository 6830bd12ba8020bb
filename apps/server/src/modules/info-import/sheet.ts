import type { ImportKind } from '@lodestar/contract/imports';
import { type Language, PROTOCOLS } from '@lodestar/domain';
import ExcelJS from 'exceljs';
import { AppError, badRequest } from '../../lib/errors.ts';
import { headerLookup, readSheetRows, type SheetRow } from '../../lib/sheet-reader.ts';
import {
  ASSET_FIELDS,
  acceptedNames,
  DEVICE_BASE_FIELDS,
  DEVICE_HEADERS,
  type DeviceField,
  PERSON_FIELDS,
  VEHICLE_FIELDS,
  VEHICLE_HEADERS,
  type VehicleField,
} from './fields.ts';

const VEHICLE_LOOKUP = headerLookup(acceptedNames(VEHICLE_HEADERS));
const DEVICE_LOOKUP = headerLookup(acceptedNames(DEVICE_HEADERS));

/** The rows of a sheet and each field's header as the file writes it (row errors name the column by it). */
export interface ReadRows<F extends string> {
  rows: SheetRow<F>[];
  headers: Partial<Record<F, string>>;
}

export async function readSheet<F extends string>(
  filePath: string,
  fileName: string,
  lookup: (header: string) => F | undefined,
  required: F,
  requiredHeader: string,
): Promise<ReadRows<F>> {
  const stats = { lines: 0, unpackedBytes: 0, headers: {} as Record<string, string> };
  try {
    const rows = await readSheetRows(filePath, fileName, lookup, required, {}, stats);
    return { rows, headers: stats.headers as Partial<Record<F, string>> };
  } catch (err) {
    // The shared reader names the SIM import's column; these sheets have their own.
    if (err instanceof AppError && err.key === 'importNoIccidColumn') throw badRequest('impNoColumn', requiredHeader);
    throw err;
  }
}

export const readVehicleSheet = (filePath: string, fileName: string, lang: Language) =>
  readSheet<VehicleField>(filePath, fileName, VEHICLE_LOOKUP, 'Plate', VEHICLE_HEADERS.Plate[lang]);
export const readDeviceSheet = (filePath: string, fileName: string, lang: Language) =>
  readSheet<DeviceField>(filePath, fileName, DEVICE_LOOKUP, 'DeviceID', DEVICE_HEADERS.DeviceID[lang]);

/** The template's columns per kind: a person's or asset's sheet has its object's fields and no ObjectType. */
export function templateFields(kind: ImportKind): readonly (VehicleField | DeviceField)[] {
  if (kind === 'vehicle') return VEHICLE_FIELDS;
  if (kind === 'person') return [...DEVICE_BASE_FIELDS, ...PERSON_FIELDS];
  if (kind === 'asset') return [...DEVICE_BASE_FIELDS, ...ASSET_FIELDS];
  return [...DEVICE_BASE_FIELDS, 'ObjectType'];
}

/** The header a field has in the caller's language: a missing column's errors name it so. */
export const headerOf = (kind: ImportKind, field: string, lang: Language): string =>
  kind === 'vehicle'
    ? (VEHICLE_HEADERS[field as VehicleField]?.[lang] ?? field)
    : field === 'Name' && (kind === 'person' || kind === 'asset')
      ? NAME_HEADERS[kind][lang]
      : (DEVICE_HEADERS[field as DeviceField]?.[lang] ?? field);

/** A person's sheet calls the name 姓名, an asset's 资产名称 (both among DEVICE_HEADERS.Name's aliases). */
const NAME_HEADERS = {
  person: { zh: '姓名', en: 'Name', fr: 'Nom' },
  asset: { zh: '资产名称', en: 'Asset name', fr: 'Nom du bien' },
} as const;

const protocols = PROTOCOLS.join(', ');
const NOTES: Record<'vehicle' | 'device' | 'person' | 'asset' | 'common', Record<Language, string[]>> = {
  common: {
    zh: [
      '只读取第一个工作表；第一行为表头，表头可用中文、英文或法文。',
      '每一行都会先检查，全部无误才写入；也可以选择只导入正确的行。',
    ],
    en: [
      'Only the first sheet is read; its first row is the header, in Chinese, English or French.',
      'Every row is checked before anything is written; you may choose to import only the good rows.',
    ],
    fr: [
      'Seule la première feuille est lue ; sa première ligne est l’en-tête, en chinois, anglais ou français.',
      'Chaque ligne est vérifiée avant toute écriture ; vous pouvez choisir de n’importer que les lignes correctes.',
    ],
  },
  vehicle: {
    zh: [
      '车牌号必填。车架号(VIN)选填：17位，不含 I、O、Q；国产(L开头)和北美车辆校验第9位校验码。',
      '安装时间格式 YYYY-MM-DD 或 YYYY-MM-DD HH:mm:ss（您的时区）；费用以元为单位，最多两位小数。',
      '绑定设备号：多个用逗号分隔；每个设备须属于您的单位，且未绑定其他车辆、人员或资产。',
    ],
    en: [
      'Plate is required. VIN is optional: 17 characters without I, O or Q; Chinese (starting L) and North American VINs must carry their check digit (position 9).',
      'Install time: YYYY-MM-DD or YYYY-MM-DD HH:mm:ss (your time zone). Cost in yuan, at most 2 decimals.',
      'Device IDs: several separated by commas; each must be a device of your units not on another vehicle, person or asset.',
    ],
    fr: [
      'Immatriculation obligatoire. VIN facultatif : 17 caractères sans I, O ni Q ; les VIN chinois (commençant par L) et nord-américains portent leur clé de contrôle (9e position).',
      'Date d’installation : AAAA-MM-JJ ou AAAA-MM-JJ HH:mm:ss (votre fuseau). Coût en yuans, au plus 2 décimales.',
      'ID des appareils : plusieurs séparés par des virgules ; chacun doit être un appareil de vos unités, sur aucun autre véhicule, personne ou bien.',
    ],
  },
  device: {
    zh: [
      `设备号、协议必填。协议：${protocols}。`,
      '定位器类型：有线 或 无线（留空为有线）。时区如 Asia/Shanghai（留空为默认）。',
      '对象类型：车辆、人员 或 资产（留空为车辆）；人员和资产请使用各自的模板。',
      '设备号、SIM卡号列请保持"文本"格式，否则 Excel 会丢失位数。',
    ],
    en: [
      `Device ID and Protocol are required. Protocol: ${protocols}.`,
      'Tracker type: wired or wireless (empty: wired). Time zone such as Asia/Shanghai (empty: the default).',
      'Object type: vehicle, person or asset (empty: vehicle); persons and assets have templates of their own.',
      'Keep the Device ID and SIM columns formatted as Text, or Excel drops digits.',
    ],
    fr: [
      `ID appareil et Protocole obligatoires. Protocole : ${protocols}.`,
      'Type de traceur : filaire ou sans fil (vide : filaire). Fuseau horaire comme Asia/Shanghai (vide : celui par défaut).',
      'Type d’objet : véhicule, personne ou bien (vide : véhicule) ; personnes et biens ont leur propre modèle.',
      'Gardez les colonnes ID appareil et SIM au format Texte, sinon Excel perd des chiffres.',
    ],
  },
  person: {
    zh: ['姓名必填。身份证号：18位，校验末位校验码（GB 11643）。性别：男 或 女。年龄：0–150。'],
    en: [
      'Name is required. ID card: 18 characters with its check character (GB 11643). Sex: male or female. Age: 0–150.',
    ],
    fr: [
      'Nom obligatoire. Carte d’identité : 18 caractères avec sa clé (GB 11643). Sexe : homme ou femme. Âge : 0 à 150.',
    ],
  },
  asset: {
    zh: ['名称必填。重量以千克、长宽高以米为单位，填写数字。'],
    en: ['Name is required. Weight in kilograms, length, width and height in metres, as numbers.'],
    fr: ['Nom obligatoire. Poids en kilogrammes, longueur, largeur et hauteur en mètres, en chiffres.'],
  },
};

const SHEET_NAMES: Record<ImportKind, Record<Language, string>> = {
  vehicle: { zh: '车辆', en: 'Vehicles', fr: 'Véhicules' },
  device: { zh: '设备', en: 'Devices', fr: 'Appareils' },
  person: { zh: '人员', en: 'Persons', fr: 'Personnes' },
  asset: { zh: '资产', en: 'Assets', fr: 'Biens' },
};
const NOTES_NAME: Record<Language, string> = { zh: '说明', en: 'Notes', fr: 'Notes' };
/** Columns Excel would turn into numbers and lose digits of. */
const TEXT_COLUMNS = new Set(['DeviceID', 'SIM', 'DeviceIDs', 'VIN', 'IDCard', 'Phone', 'StorePhone', 'ObjectNo']);

/** The .xlsx template of a kind, headers in the caller's language and a notes sheet. */
export async function importTemplate(kind: ImportKind, lang: Language): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet(SHEET_NAMES[kind][lang]);
  sheet.columns = templateFields(kind).map((f) => ({
    header: headerOf(kind, f, lang),
    width: f === 'DeviceIDs' || f.endsWith('Address') ? 32 : 18,
    style: TEXT_COLUMNS.has(f) ? { numFmt: '@' } : {},
  }));
  sheet.getRow(1).font = { bold: true };
  const notes = wb.addWorksheet(NOTES_NAME[lang]);
  notes.getColumn(1).width = 120;
  const kindNotes = kind === 'vehicle' ? NOTES.vehicle : kind === 'device' ? NOTES.device : NOTES[kind];
  const lines = [
    ...NOTES.common[lang],
    ...(kind === 'person' || kind === 'asset' ? NOTES.device[lang].slice(0, 2) : []),
    ...kindNotes[lang],
  ];
  for (const line of lines) notes.addRow([line]);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

export const templateName = (kind: ImportKind, lang: Language) =>
  lang === 'zh' ? `${SHEET_NAMES[kind].zh}导入模板.xlsx` : `${kind}-import-template.xlsx`;
