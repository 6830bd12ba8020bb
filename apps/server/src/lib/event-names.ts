import type { EventType, Language } from '@lodestar/domain';
import type { Texts } from './list-export.ts';

/**
 * The event and alarm types' names as the console shows them (apps/web locales' events.json `type.*`; a test keeps
 * the two equal), for the files the server writes: a spreadsheet is read without the console to translate it.
 */
export const EVENT_NAMES: Record<EventType, Texts> = {
  fenceEnter: { zh: '进入围栏', en: 'Fence entered', fr: 'Entrée dans la clôture' },
  fenceLeave: { zh: '离开围栏', en: 'Fence left', fr: 'Sortie de la clôture' },
  fenceOverspeed: { zh: '围栏内超速', en: 'Overspeed in fence', fr: 'Excès de vitesse dans la clôture' },
  fenceStay: { zh: '围栏内超时停留', en: 'Stay over the maximum', fr: 'Séjour au-delà du maximum' },
  roadDeviation: { zh: '偏离路线', en: 'Road deviation', fr: 'Écart d’itinéraire' },
  roadOverspeed: { zh: '路线超速', en: 'Road overspeed', fr: 'Excès de vitesse sur l’itinéraire' },
  sos: { zh: 'SOS求救', en: 'SOS', fr: 'SOS' },
  powerCut: { zh: '断电', en: 'Power cut', fr: 'Coupure d’alimentation' },
  powerOff: { zh: '关机', en: 'Power off', fr: 'Extinction' },
  powerOn: { zh: '开机', en: 'Power on', fr: 'Mise sous tension' },
  lowBattery: { zh: '电池低电', en: 'Low battery', fr: 'Batterie faible' },
  lowPower: { zh: '外部低电压', en: 'Low power', fr: 'Alimentation faible' },
  vibration: { zh: '震动', en: 'Vibration', fr: 'Vibration' },
  overspeed: { zh: '超速', en: 'Overspeed', fr: 'Excès de vitesse' },
  removal: { zh: '拆除', en: 'Removal', fr: 'Dépose' },
  tampering: { zh: '防拆', en: 'Tampering', fr: 'Sabotage' },
  geofence: { zh: '终端围栏', en: 'Device geofence', fr: 'Clôture du terminal' },
  geofenceEnter: { zh: '终端进围栏', en: 'Device fence entered', fr: 'Entrée (clôture du terminal)' },
  geofenceExit: { zh: '终端出围栏', en: 'Device fence left', fr: 'Sortie (clôture du terminal)' },
  fatigue: { zh: '疲劳驾驶', en: 'Fatigue driving', fr: 'Conduite en fatigue' },
  hardAcceleration: { zh: '急加速', en: 'Hard acceleration', fr: 'Accélération brusque' },
  hardBraking: { zh: '急刹车', en: 'Hard braking', fr: 'Freinage brusque' },
  hardCornering: { zh: '急转弯', en: 'Hard cornering', fr: 'Virage brusque' },
  accident: { zh: '碰撞', en: 'Accident', fr: 'Accident' },
  fallDown: { zh: '跌倒', en: 'Fall', fr: 'Chute' },
  door: { zh: '车门', en: 'Door', fr: 'Portière' },
  movement: { zh: '位移', en: 'Movement', fr: 'Déplacement' },
  parking: { zh: '停车', en: 'Parking', fr: 'Stationnement' },
  gpsAntennaCut: { zh: 'GPS天线断开', en: 'GPS antenna cut', fr: 'Antenne GPS coupée' },
  fault: { zh: '故障', en: 'Fault', fr: 'Panne' },
  jamming: { zh: '信号干扰', en: 'Jamming', fr: 'Brouillage' },
  temperature: { zh: '温度', en: 'Temperature', fr: 'Température' },
  tow: { zh: '拖车', en: 'Towing', fr: 'Remorquage' },
  general: { zh: '一般报警', en: 'General alarm', fr: 'Alarme générale' },
  ignitionOn: { zh: '点火', en: 'Ignition on', fr: 'Contact mis' },
  ignitionOff: { zh: '熄火', en: 'Ignition off', fr: 'Contact coupé' },
  online: { zh: '上线', en: 'Online', fr: 'En ligne' },
  offline: { zh: '离线', en: 'Offline', fr: 'Hors ligne' },
};

const OTHER: Texts = { zh: '事件：', en: 'Event: ', fr: 'Événement : ' };

/** An event type's name in `lang`; a type the table lacks (a codec's new alarm) reads as the console's "Event: x". */
export function eventName(type: string, lang: Language): string {
  const known = (EVENT_NAMES as Record<string, Texts | undefined>)[type];
  return known ? known[lang] : `${OTHER[lang]}${type}`;
}
