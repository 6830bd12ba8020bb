import type { VehicleRow } from '@lodestar/contract/vehicles';
import { formatFen, type Language } from '@lodestar/domain';
import type { ColumnSpec, Texts } from '../../lib/list-export.ts';

/** VehicleLifeStatus as the console's vehicle list names it (locales monitor.json, lifeStatus). */
const LIFE_STATUS: Record<number, Texts> = {
  1: { zh: '正常', en: 'Normal', fr: 'Normal' },
  2: { zh: '逾期', en: 'Overdue', fr: 'En retard de paiement' },
  3: { zh: '已收车', en: 'Repossessed', fr: 'Repris' },
  4: { zh: '已结清', en: 'Settled', fr: 'Soldé' },
  5: { zh: '已报废', en: 'Scrapped', fr: 'Mis à la casse' },
};
const lifeText = (v: number | null, lang: Language) => (v ? (LIFE_STATUS[v]?.[lang] ?? String(v)) : '');
const point = (lat: number | null, lng: number | null) => (lat === null || lng === null ? '' : `${lat},${lng}`);

/** The vehicle list's columns and every field of the form, cost in yuan as the console shows it. */
export const VEHICLE_COLUMNS: ColumnSpec<VehicleRow>[] = [
  [{ zh: '车牌号', en: 'Plate', fr: 'Immatriculation' }, 14, (r) => r.Plate],
  [{ zh: '车主', en: 'Owner', fr: 'Propriétaire' }, 12, (r) => r.OwnerName],
  [{ zh: '所属单位', en: 'Unit', fr: 'Unité' }, 18, (r) => r.HoldName],
  [{ zh: '绑定设备', en: 'Devices', fr: 'Appareils' }, 34, (r) => r.DeviceIDs.join(', ')],
  [{ zh: '品牌', en: 'Brand', fr: 'Marque' }, 12, (r) => r.Brand],
  [{ zh: '车型', en: 'Type', fr: 'Type' }, 12, (r) => r.VehicleType],
  [{ zh: '颜色', en: 'Colour', fr: 'Couleur' }, 8, (r) => r.Colour],
  [{ zh: '车架号', en: 'VIN', fr: 'VIN' }, 20, (r) => r.VIN],
  [{ zh: '发动机号', en: 'Engine no.', fr: 'N° moteur' }, 16, (r) => r.EngineNo],
  [{ zh: '门店名称', en: 'Store', fr: 'Magasin' }, 16, (r) => r.StoreName],
  [{ zh: '门店电话', en: 'Store phone', fr: 'Tél. magasin' }, 14, (r) => r.StorePhone],
  [{ zh: '工单号', en: 'Work order no.', fr: 'N° d’ordre' }, 16, (r) => r.WorkOrderNo],
  [{ zh: '安装时间', en: 'Install time', fr: 'Date d’installation' }, 20, (r) => r.InstallTime ?? ''],
  [{ zh: '费用（元）', en: 'Cost (yuan)', fr: 'Coût (yuans)' }, 12, (r) => formatFen(r.Cost)],
  [{ zh: '家庭地址', en: 'Home address', fr: 'Adresse du domicile' }, 28, (r) => r.HomeAddress],
  [{ zh: '家庭位置', en: 'Home point', fr: 'Point du domicile' }, 22, (r) => point(r.HomeLat, r.HomeLng)],
  [{ zh: '公司地址', en: 'Company address', fr: 'Adresse de l’entreprise' }, 28, (r) => r.CompanyAddress],
  [{ zh: '公司位置', en: 'Company point', fr: 'Point de l’entreprise' }, 22, (r) => point(r.CompanyLat, r.CompanyLng)],
  [{ zh: '省份', en: 'Province', fr: 'Province' }, 10, (r) => r.Province],
  [{ zh: '车辆状态', en: 'Life status', fr: 'Cycle de vie' }, 10, (r, l) => lifeText(r.VehicleLifeStatus, l)],
  [{ zh: '标签', en: 'Tag', fr: 'Étiquette' }, 12, (r) => r.Tag],
  [{ zh: '备注', en: 'Remark', fr: 'Remarque' }, 24, (r) => r.Remark],
  [{ zh: '创建时间', en: 'Created', fr: 'Créé le' }, 20, (r) => r.CreateTime],
];

export const VEHICLE_EXPORT_NAME = { zh: '车辆', en: 'Vehicles', fr: 'Véhicules' };
