import type { EventRow } from '@lodestar/contract/events';
import { eventName } from '../../lib/event-names.ts';
import type { ColumnSpec, Texts } from '../../lib/list-export.ts';

export const EVENT_EXPORT_NAME: Texts = { zh: '事件列表', en: 'Events', fr: 'Événements' };

/** The event list's columns, as the page shows them: the type by its name in the reader's language, as on the page. */
export const EVENT_COLUMNS: ColumnSpec<EventRow>[] = [
  [{ zh: '时间', en: 'Time', fr: 'Heure' }, 20, (r) => r.EventTime],
  [{ zh: '设备号', en: 'Device ID', fr: 'ID appareil' }, 18, (r) => r.DeviceID],
  [{ zh: '设备名称', en: 'Device name', fr: 'Nom de l’appareil' }, 16, (r) => r.DeviceName],
  [{ zh: '车牌号', en: 'Plate', fr: 'Immatriculation' }, 12, (r) => r.Plate],
  [{ zh: '所属单位', en: 'Unit', fr: 'Unité' }, 16, (r) => r.HoldName],
  [{ zh: '类型', en: 'Type', fr: 'Type' }, 16, (r, l) => eventName(r.Type, l)],
  [{ zh: '报警', en: 'Alarm', fr: 'Alarme' }, 8, (r, l) => (r.Alarm ? { zh: '是', en: 'Yes', fr: 'Oui' }[l] : '')],
  [{ zh: '围栏/路线', en: 'Fence / route', fr: 'Géoclôture / itinéraire' }, 18, (r) => r.ZoneName],
  [{ zh: '纬度', en: 'Latitude', fr: 'Latitude' }, 12, (r) => r.Lat],
  [{ zh: '经度', en: 'Longitude', fr: 'Longitude' }, 12, (r) => r.Lng],
  [{ zh: '速度(km/h)', en: 'Speed (km/h)', fr: 'Vitesse (km/h)' }, 12, (r) => r.Speed],
  [{ zh: '解除时间', en: 'Released', fr: 'Levée' }, 20, (r) => r.ReleaseTime],
];
