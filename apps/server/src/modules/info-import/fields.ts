import type { Language } from '@lodestar/domain';

/**
 * The columns of the info imports, their headers in zh, en and fr (the template writes the caller's
 * language; the reader takes any of the three, and a few common aliases), in template order.
 */
export const VEHICLE_FIELDS = [
  'Plate',
  'OwnerName',
  'Brand',
  'VehicleType',
  'Colour',
  'VIN',
  'EngineNo',
  'StoreName',
  'StorePhone',
  'WorkOrderNo',
  'InstallTime',
  'Cost',
  'HomeAddress',
  'CompanyAddress',
  'Province',
  'Tag',
  'Remark',
  'DeviceIDs',
] as const;
export type VehicleField = (typeof VEHICLE_FIELDS)[number];

export const DEVICE_BASE_FIELDS = [
  'DeviceID',
  'Protocol',
  'SIM',
  'Model',
  'TrackerType',
  'DeviceName',
  'TimeZone',
  'Remark',
] as const;
export const PERSON_FIELDS = ['Name', 'ObjectNo', 'Age', 'IDCard', 'Phone', 'Sex', 'Category'] as const;
export const ASSET_FIELDS = ['Name', 'ObjectNo', 'Colour', 'Weight', 'Length', 'Width', 'Height', 'Shape'] as const;
export const DEVICE_FIELDS = [
  ...DEVICE_BASE_FIELDS,
  'ObjectType',
  'Name',
  'ObjectNo',
  'Age',
  'IDCard',
  'Phone',
  'Sex',
  'Category',
  'Colour',
  'Weight',
  'Length',
  'Width',
  'Height',
  'Shape',
] as const;
export type DeviceField = (typeof DEVICE_FIELDS)[number];

type Headers<F extends string> = Record<F, Record<Language, string> & { also?: string[] }>;

export const VEHICLE_HEADERS: Headers<VehicleField> = {
  Plate: { zh: '车牌号', en: 'Plate', fr: 'Immatriculation', also: ['车牌', 'plate number', 'plaque'] },
  OwnerName: { zh: '车主', en: 'Owner', fr: 'Propriétaire', also: ['owner name', '车主姓名'] },
  Brand: { zh: '品牌', en: 'Brand', fr: 'Marque' },
  VehicleType: { zh: '车辆类型', en: 'Vehicle type', fr: 'Type de véhicule', also: ['车型'] },
  Colour: { zh: '颜色', en: 'Colour', fr: 'Couleur', also: ['color', '车身颜色'] },
  VIN: { zh: '车架号', en: 'VIN', fr: 'VIN', also: ['车架号vin', '车辆识别代号'] },
  EngineNo: { zh: '发动机号', en: 'Engine number', fr: 'Numéro de moteur', also: ['engine no', 'engineno'] },
  StoreName: { zh: '门店名称', en: 'Store name', fr: 'Nom du magasin', also: ['门店'] },
  StorePhone: { zh: '门店电话', en: 'Store phone', fr: 'Téléphone du magasin' },
  WorkOrderNo: {
    zh: '工单号',
    en: 'Work order number',
    fr: 'Numéro de bon de travail',
    also: ['work order no', 'workorderno'],
  },
  InstallTime: { zh: '安装时间', en: 'Install time', fr: "Date d'installation", also: ['installation time'] },
  Cost: { zh: '费用(元)', en: 'Cost (yuan)', fr: 'Coût (yuan)', also: ['费用', 'cost', 'coût'] },
  HomeAddress: { zh: '家庭地址', en: 'Home address', fr: 'Adresse du domicile' },
  CompanyAddress: { zh: '公司地址', en: 'Company address', fr: "Adresse de l'entreprise", also: ['单位地址'] },
  Province: { zh: '省份', en: 'Province', fr: 'Province', also: ['省'] },
  Tag: { zh: '标签', en: 'Tag', fr: 'Étiquette' },
  Remark: { zh: '备注', en: 'Remark', fr: 'Remarque' },
  DeviceIDs: {
    zh: '绑定设备号',
    en: 'Device IDs',
    fr: 'ID des appareils',
    also: ['设备号', 'device id', 'deviceids', 'devices'],
  },
};

export const DEVICE_HEADERS: Headers<DeviceField> = {
  DeviceID: {
    zh: '设备号',
    en: 'Device ID',
    fr: 'ID appareil',
    also: ['imei', '设备id', '设备编号', "id de l'appareil"],
  },
  Protocol: { zh: '协议', en: 'Protocol', fr: 'Protocole' },
  SIM: { zh: 'SIM卡号', en: 'SIM', fr: 'SIM', also: ['sim卡', 'sim card', 'msisdn'] },
  Model: { zh: '型号', en: 'Model', fr: 'Modèle', also: ['设备型号'] },
  TrackerType: { zh: '定位器类型', en: 'Tracker type', fr: 'Type de traceur', also: ['有线/无线', 'wired/wireless'] },
  DeviceName: { zh: '设备名称', en: 'Device name', fr: "Nom de l'appareil" },
  TimeZone: { zh: '时区', en: 'Time zone', fr: 'Fuseau horaire', also: ['timezone'] },
  Remark: { zh: '备注', en: 'Remark', fr: 'Remarque' },
  ObjectType: { zh: '对象类型', en: 'Object type', fr: "Type d'objet", also: ['设备类别'] },
  Name: {
    zh: '名称',
    en: 'Name',
    fr: 'Nom',
    also: ['姓名', '人员姓名', '资产名称', '物品名称', 'person name', 'asset name', 'nom du bien'],
  },
  ObjectNo: { zh: '编号', en: 'Number', fr: 'Numéro', also: ['工号', '资产编号', 'id', 'object no'] },
  Age: { zh: '年龄', en: 'Age', fr: 'Âge' },
  IDCard: { zh: '身份证号', en: 'ID card', fr: "Carte d'identité", also: ['身份证', 'id card number'] },
  Phone: { zh: '电话', en: 'Phone', fr: 'Téléphone', also: ['手机', '手机号', '联系电话'] },
  Sex: { zh: '性别', en: 'Sex', fr: 'Sexe', also: ['gender'] },
  Category: { zh: '类别', en: 'Category', fr: 'Catégorie', also: ['分类'] },
  Colour: { zh: '颜色', en: 'Colour', fr: 'Couleur', also: ['color'] },
  Weight: { zh: '重量(kg)', en: 'Weight (kg)', fr: 'Poids (kg)', also: ['重量', 'weight', 'poids'] },
  Length: { zh: '长(m)', en: 'Length (m)', fr: 'Longueur (m)', also: ['长', 'length', 'longueur'] },
  Width: { zh: '宽(m)', en: 'Width (m)', fr: 'Largeur (m)', also: ['宽', 'width', 'largeur'] },
  Height: { zh: '高(m)', en: 'Height (m)', fr: 'Hauteur (m)', also: ['高', 'height', 'hauteur'] },
  Shape: { zh: '形状', en: 'Shape', fr: 'Forme' },
};

/** Each field's accepted header texts, for lib/sheet-reader's headerLookup (it compares them normalised). */
export function acceptedNames<F extends string>(headers: Headers<F>): Record<F, string[]> {
  const key = (text: string) => text.toLowerCase().replace(/[\s_\-*()（）]/g, '');
  const out = {} as Record<F, string[]>;
  for (const [field, h] of Object.entries(headers) as [F, Headers<F>[F]][])
    out[field] = [...new Set([field, h.zh, h.en, h.fr, ...(h.also ?? [])].map(key))];
  return out;
}

/** Cell values accepted in any of the three languages (compared lower-cased, without blanks). */
export const TRACKER_TYPES: Record<string, 1 | 2> = {
  wired: 1,
  有线: 1,
  filaire: 1,
  '1': 1,
  wireless: 2,
  无线: 2,
  sansfil: 2,
  '2': 2,
};
export const OBJECT_TYPES: Record<string, 1 | 2 | 3> = {
  vehicle: 1,
  车辆: 1,
  车: 1,
  véhicule: 1,
  vehicule: 1,
  '1': 1,
  person: 2,
  人员: 2,
  人: 2,
  personne: 2,
  '2': 2,
  asset: 3,
  资产: 3,
  物品: 3,
  bien: 3,
  '3': 3,
};
export const SEXES: Record<string, 1 | 2> = {
  male: 1,
  m: 1,
  男: 1,
  homme: 1,
  h: 1,
  '1': 1,
  female: 2,
  f: 2,
  女: 2,
  femme: 2,
  '2': 2,
};
export const valueKey = (text: string) => text.toLowerCase().replace(/\s+/g, '');
