import type { DeviceInfoRow } from '@lodestar/contract/devices';
import type { ColumnSpec, Texts } from '../../lib/list-export.ts';

const OBJECT_TYPE: Record<number, Texts> = {
  1: { zh: '车辆', en: 'Vehicle', fr: 'Véhicule' },
  2: { zh: '人员', en: 'Person', fr: 'Personne' },
  3: { zh: '物品', en: 'Asset', fr: 'Bien' },
};
const TRACKER: Record<string, Texts> = {
  wired: { zh: '有线', en: 'Wired', fr: 'Filaire' },
  wireless: { zh: '无线', en: 'Wireless', fr: 'Sans fil' },
};
const YES_NO = (v: boolean | null, l: keyof Texts) =>
  v === null ? '' : v ? { zh: '是', en: 'Yes', fr: 'Oui' }[l] : { zh: '否', en: 'No', fr: 'Non' }[l];

/** /info/device's columns (Device/ExportDevices), values as the page shows them. */
export const DEVICE_COLUMNS: ColumnSpec<DeviceInfoRow>[] = [
  [{ zh: '设备号', en: 'Device ID', fr: 'Identifiant' }, 18, (r) => r.DeviceID],
  [{ zh: '设备名称', en: 'Device name', fr: 'Nom de l’appareil' }, 18, (r) => r.DeviceName],
  [{ zh: '所属单位', en: 'Unit', fr: 'Unité' }, 18, (r) => r.HoldName],
  [{ zh: '设备类型', en: 'Device type', fr: 'Type d’appareil' }, 10, (r, l) => OBJECT_TYPE[r.ObjectType]?.[l] ?? ''],
  [{ zh: '对象', en: 'Object', fr: 'Objet' }, 16, (r) => r.ObjectName],
  [{ zh: 'SIM卡号', en: 'SIM', fr: 'SIM' }, 16, (r) => r.SIM],
  [{ zh: 'ICCID', en: 'ICCID', fr: 'ICCID' }, 22, (r) => r.Sim?.ICCID ?? ''],
  [{ zh: '型号', en: 'Model', fr: 'Modèle' }, 12, (r) => r.Model],
  [{ zh: '定位器类型', en: 'Tracker type', fr: 'Type de traceur' }, 10, (r, l) => TRACKER[r.TrackerType]?.[l] ?? ''],
  [{ zh: '协议', en: 'Protocol', fr: 'Protocole' }, 10, (r) => r.Protocol],
  [{ zh: 'VIP到期', en: 'VIP expiry', fr: 'Fin VIP' }, 12, (r) => r.VipExpiry],
  [{ zh: '时区', en: 'Time zone', fr: 'Fuseau horaire' }, 16, (r) => r.TimeZone],
  [{ zh: '在线', en: 'Online', fr: 'En ligne' }, 8, (r, l) => YES_NO(r.Online, l)],
  [{ zh: 'ACC', en: 'ACC', fr: 'ACC' }, 8, (r, l) => YES_NO(r.Acc, l)],
  [{ zh: '定位时间', en: 'GPS time', fr: 'Heure GPS' }, 20, (r) => r.GpsTime],
  [{ zh: '接收时间', en: 'Receive time', fr: 'Heure de réception' }, 20, (r) => r.ReceiveTime],
  [{ zh: '速度(km/h)', en: 'Speed (km/h)', fr: 'Vitesse (km/h)' }, 10, (r) => r.Speed],
  [{ zh: '里程(km)', en: 'Mileage (km)', fr: 'Kilométrage (km)' }, 10, (r) => r.Mileage],
  [{ zh: '油量(L)', en: 'Oil (L)', fr: 'Carburant (L)' }, 10, (r) => r.Oil],
  [{ zh: '纬度', en: 'Latitude', fr: 'Latitude' }, 12, (r) => r.Lat],
  [{ zh: '经度', en: 'Longitude', fr: 'Longitude' }, 12, (r) => r.Lng],
  [{ zh: '电量', en: 'Battery', fr: 'Batterie' }, 8, (r) => r.Battery],
  [{ zh: '报警', en: 'Alarms', fr: 'Alarmes' }, 16, (r) => r.Alarms.join(', ')],
  [{ zh: '备注', en: 'Remark', fr: 'Remarque' }, 20, (r) => r.Remark],
  [{ zh: '创建时间', en: 'Created', fr: 'Créé le' }, 20, (r) => r.CreateTime],
];

export const DEVICE_EXPORT_NAME = { zh: '设备', en: 'Devices', fr: 'Appareils' };
