import type { CommandStatus, CommandType, Language } from '@lodestar/domain';
import type { Texts } from './list-export.ts';

/**
 * Command types, statuses and channels named as the console names them (apps/web locales' commands.json `type.*`,
 * `status.*` and report-centre.json `via.*`; a test keeps them equal), for the files the server writes.
 */
export const COMMAND_TYPE_NAMES: Record<CommandType, Texts> = {
  message: { zh: '文本消息', en: 'Text message', fr: 'Message texte' },
  positionQuery: { zh: '位置查询', en: 'Position query', fr: 'Demande de position' },
  setParameters: { zh: '设置终端参数', en: 'Set terminal parameters', fr: 'Paramètres du terminal' },
  uploadInterval: { zh: '上传间隔', en: 'Upload interval', fr: 'Intervalle d’envoi' },
  speedAlarm: { zh: '超速报警', en: 'Overspeed alarm', fr: 'Alarme de survitesse' },
  sensorAlarm: { zh: '震动报警', en: 'Vibration alarm', fr: 'Alarme de vibration' },
  trackingMode: { zh: '临时跟踪', en: 'Temporary tracking', fr: 'Suivi temporaire' },
  centerNumber: { zh: '中心号码', en: 'Centre number', fr: 'Numéro du centre' },
  queryStatus: { zh: '查询状态', en: 'Query status', fr: 'Demander l’état' },
  queryParameters: { zh: '查询参数', en: 'Query parameters', fr: 'Demander les paramètres' },
  terminalControl: { zh: '终端控制', en: 'Terminal control', fr: 'Contrôle du terminal' },
  photo: { zh: '拍照', en: 'Take a photo', fr: 'Prendre une photo' },
  engineStop: { zh: '断油电', en: 'Cut fuel/power', fr: 'Coupure moteur' },
  engineResume: { zh: '恢复油电', en: 'Restore fuel/power', fr: 'Remise en marche' },
  arm: { zh: '设防', en: 'Arm', fr: 'Armer' },
  disarm: { zh: '撤防', en: 'Disarm', fr: 'Désarmer' },
  custom: { zh: '自定义指令', en: 'Custom command', fr: 'Commande personnalisée' },
  text: { zh: '文本指令', en: 'Text command', fr: 'Commande texte' },
  zoneSet: { zh: '下发围栏', en: 'Write fence', fr: 'Écrire la zone' },
  zoneDelete: { zh: '删除围栏', en: 'Delete fence', fr: 'Supprimer la zone' },
};

export const COMMAND_STATUS_NAMES: Record<CommandStatus, Texts> = {
  queued: { zh: '排队中', en: 'Queued', fr: 'En file' },
  sent: { zh: '已下发', en: 'Sent', fr: 'Envoyée' },
  acknowledged: { zh: '已应答', en: 'Acknowledged', fr: 'Acquittée' },
  failed: { zh: '失败', en: 'Failed', fr: 'Échec' },
  expired: { zh: '已过期', en: 'Expired', fr: 'Expirée' },
  cancelled: { zh: '已取消', en: 'Cancelled', fr: 'Annulée' },
};

/** How a command travelled: the device's own connection, or a text message to its SIM. */
export const COMMAND_VIA_NAMES: Record<'device' | 'sms', Texts> = {
  device: { zh: '设备连接', en: 'Device connection', fr: 'Connexion de l’appareil' },
  sms: { zh: '短信', en: 'SMS', fr: 'SMS' },
};

const named =
  (table: Record<string, Texts>) =>
  (id: string, lang: Language): string =>
    table[id]?.[lang] ?? id;

/** A command type's, status's or channel's name in `lang`; an id the table lacks reads as itself. */
export const commandTypeName = named(COMMAND_TYPE_NAMES);
export const commandStatusName = named(COMMAND_STATUS_NAMES);
export const commandViaName = named(COMMAND_VIA_NAMES);
