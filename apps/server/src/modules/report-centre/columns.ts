import type { Language, ReportColumnKind } from '@lodestar/domain';
import { commandStatusName, commandTypeName, commandViaName } from '../../lib/command-names.ts';
import { eventName } from '../../lib/event-names.ts';
import type { Texts } from '../../lib/list-export.ts';

/** Every column a report may show: its kind, its title in each language, and whether the totals row sums it. */
export const COLUMNS = {
  Date: ['date', { zh: '日期', en: 'Date', fr: 'Date' }],
  Month: ['text', { zh: '月份', en: 'Month', fr: 'Mois' }],
  DeviceID: ['text', { zh: '设备号', en: 'Device ID', fr: 'ID appareil' }],
  DeviceName: ['text', { zh: '设备名称', en: 'Device name', fr: 'Nom de l’appareil' }],
  HoldName: ['text', { zh: '所属单位', en: 'Unit', fr: 'Unité' }],
  Distance: ['distance', { zh: '里程', en: 'Distance', fr: 'Distance' }, true],
  TripCount: ['number', { zh: '行程数', en: 'Trips', fr: 'Trajets' }, true],
  MovingTime: ['duration', { zh: '行驶时长', en: 'Driving time', fr: 'Temps de conduite' }, true],
  MaxSpeed: ['speed', { zh: '最高速度', en: 'Top speed', fr: 'Vitesse max.' }],
  AvgSpeed: ['speed', { zh: '平均速度', en: 'Average speed', fr: 'Vitesse moyenne' }],
  StartTime: ['time', { zh: '开始时间', en: 'Start', fr: 'Début' }],
  EndTime: ['time', { zh: '结束时间', en: 'End', fr: 'Fin' }],
  Duration: ['duration', { zh: '时长', en: 'Duration', fr: 'Durée' }, true],
  StartLat: ['number', { zh: '起点纬度', en: 'Start latitude', fr: 'Latitude de départ' }],
  StartLng: ['number', { zh: '起点经度', en: 'Start longitude', fr: 'Longitude de départ' }],
  EndLat: ['number', { zh: '终点纬度', en: 'End latitude', fr: 'Latitude d’arrivée' }],
  EndLng: ['number', { zh: '终点经度', en: 'End longitude', fr: 'Longitude d’arrivée' }],
  Lat: ['number', { zh: '纬度', en: 'Latitude', fr: 'Latitude' }],
  Lng: ['number', { zh: '经度', en: 'Longitude', fr: 'Longitude' }],
  Time: ['time', { zh: '时间', en: 'Time', fr: 'Heure' }],
  EventType: ['text', { zh: '类型', en: 'Type', fr: 'Type' }],
  Speed: ['speed', { zh: '速度', en: 'Speed', fr: 'Vitesse' }],
  Zone: ['text', { zh: '围栏/路线', en: 'Fence / route', fr: 'Géoclôture / itinéraire' }],
  StaySeconds: ['duration', { zh: '停留时长', en: 'Stay', fr: 'Séjour' }, true],
  Count: ['number', { zh: '次数', en: 'Count', fr: 'Nombre' }, true],
  OnTime: ['time', { zh: 'ACC开', en: 'ACC on', fr: 'ACC allumé' }],
  OffTime: ['time', { zh: 'ACC关', en: 'ACC off', fr: 'ACC éteint' }],
  Online: ['number', { zh: '上线设备', en: 'Online devices', fr: 'Appareils en ligne' }],
  Total: ['number', { zh: '设备总数', en: 'Devices', fr: 'Appareils' }],
  Rate: ['percent', { zh: '上线率', en: 'Online rate', fr: 'Taux de connexion' }],
  LastSeen: ['time', { zh: '最后通信', en: 'Last report', fr: 'Dernier rapport' }],
  LastFix: ['time', { zh: '最后定位', en: 'Last fix', fr: 'Dernière position' }],
  OfflineTime: ['duration', { zh: '离线时长', en: 'Offline for', fr: 'Hors ligne depuis' }],
  VipExpiry: ['date', { zh: 'VIP到期', en: 'VIP expiry', fr: 'Fin du VIP' }],
  SimExpiry: ['date', { zh: 'SIM到期', en: 'SIM expiry', fr: 'Fin de la SIM' }],
  DaysLeft: ['number', { zh: '剩余天数', en: 'Days left', fr: 'Jours restants' }],
  Sim: ['text', { zh: 'SIM卡号', en: 'SIM number', fr: 'Numéro SIM' }],
  Iccid: ['text', { zh: 'ICCID', en: 'ICCID', fr: 'ICCID' }],
  Protocol: ['text', { zh: '协议', en: 'Protocol', fr: 'Protocole' }],
  Model: ['text', { zh: '型号', en: 'Model', fr: 'Modèle' }],
  FuelStart: ['volume', { zh: '起始油量', en: 'Fuel at start', fr: 'Carburant au début' }],
  FuelEnd: ['volume', { zh: '结束油量', en: 'Fuel at end', fr: 'Carburant à la fin' }],
  FuelMin: ['volume', { zh: '最低油量', en: 'Lowest fuel', fr: 'Carburant min.' }],
  Refuel: ['volume', { zh: '加油量', en: 'Refuelled', fr: 'Ravitaillé' }, true],
  Drain: ['volume', { zh: '漏油/偷油量', en: 'Drained', fr: 'Vidangé' }, true],
  IdleTime: ['duration', { zh: '怠速时长', en: 'Idling', fr: 'Ralenti' }, true],
  Command: ['text', { zh: '指令', en: 'Command', fr: 'Commande' }],
  Status: ['text', { zh: '状态', en: 'Status', fr: 'État' }],
  Result: ['text', { zh: '结果', en: 'Result', fr: 'Résultat' }],
  Via: ['text', { zh: '通道', en: 'Sent by', fr: 'Envoyée par' }],
  SentTime: ['time', { zh: '发送时间', en: 'Sent', fr: 'Envoyée' }],
  DoneTime: ['time', { zh: '完成时间', en: 'Done', fr: 'Terminée' }],
  Channel: ['number', { zh: '通道号', en: 'Camera', fr: 'Caméra' }],
  Size: ['number', { zh: '大小(字节)', en: 'Size (bytes)', fr: 'Taille (octets)' }],
  HardAcceleration: ['number', { zh: '急加速', en: 'Harsh acceleration', fr: 'Accélération brusque' }, true],
  HardBraking: ['number', { zh: '急刹车', en: 'Harsh braking', fr: 'Freinage brusque' }, true],
  HardCornering: ['number', { zh: '急转弯', en: 'Harsh cornering', fr: 'Virage brusque' }, true],
  Overspeed: ['number', { zh: '超速', en: 'Overspeed', fr: 'Excès de vitesse' }, true],
  Fatigue: ['number', { zh: '疲劳驾驶', en: 'Fatigue', fr: 'Fatigue' }, true],
  Note: ['text', { zh: '备注', en: 'Note', fr: 'Remarque' }],
} as const satisfies Record<string, readonly [ReportColumnKind, Texts, true?]>;

export type ColumnKey = keyof typeof COLUMNS;

/** What the report's own notes say (a row's `Note` holds the id, the console and the files its words). */
export const NOTES = {
  noAcc: { zh: '无数据(未上报ACC)', en: 'No data (no ACC)', fr: 'Aucune donnée (pas d’ACC)' },
} as const satisfies Record<string, Texts>;

/**
 * Columns whose cells are ids the files must name in the reader's language (Report/Run answers the ids; the console
 * names them with its own labels).
 */
export const CELL_NAMES: Partial<Record<ColumnKey, (id: string, lang: Language) => string>> = {
  EventType: eventName,
  Command: commandTypeName,
  Status: commandStatusName,
  Via: commandViaName,
  Note: (id, lang) => (NOTES as Record<string, Texts | undefined>)[id]?.[lang] ?? id,
};
