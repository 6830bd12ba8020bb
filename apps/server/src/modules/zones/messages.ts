import type { GeometryProblem } from '@lodestar/domain';
import type { MessageCatalogue } from '../../lib/messages.ts';

/** The fence, road and device-model calls' server messages (registered by the module). */
export const ZONES_MESSAGES = {
  // Spec section 8's messages, where the server refuses for the same reason ("device VIP expired" is the VIP
  // gate's, lib/vip-gate.ts).
  selectTargetData: { zh: '请选择目标数据', en: 'Select target data', fr: 'Sélectionnez les données cibles' },
  chooseFenceOrRoute: {
    zh: '请选择围栏或路线',
    en: 'Choose a fence or a route',
    fr: 'Choisissez une géoclôture ou un itinéraire',
  },
  // The geometry checks of packages/domain/src/zone-geometry.ts, by their problem (GEOMETRY_PROBLEM below).
  zoneRingNotClosed: {
    zh: '多边形的边界须闭合（最后一个点与第一个点相同）',
    en: 'A polygon ring must end where it starts',
    fr: 'Un anneau de polygone doit finir là où il commence',
  },
  zoneRingTooSmall: {
    zh: '多边形的边界至少需要三个不同的点',
    en: 'A polygon ring needs at least three distinct corners',
    fr: 'Un anneau de polygone demande au moins trois sommets distincts',
  },
  zoneSelfIntersecting: {
    zh: '多边形的边界自相交',
    en: 'The outline crosses itself',
    fr: 'Le contour se croise lui-même',
  },
  zoneHoleOutside: {
    zh: '多边形的孔须位于外边界之内',
    en: 'A hole must lie inside the outer ring',
    fr: 'Un trou doit se trouver à l’intérieur de l’anneau extérieur',
  },
  zoneZeroArea: { zh: '围栏面积为零', en: 'The fence has no area', fr: 'La géoclôture n’a pas de surface' },
  zoneLineTooShort: {
    zh: '路线至少需要两个不同的点',
    en: 'A route needs at least two distinct points',
    fr: 'Un itinéraire demande au moins deux points distincts',
  },
  zoneValidToBeforeFrom: {
    zh: '有效期的结束时间须晚于开始时间',
    en: 'The end of the valid period must be after its start',
    fr: 'La fin de la période de validité doit suivre son début',
  },
  zoneDailyWindow: {
    zh: '每日时段须同时给出开始和结束时间，且两者不同',
    en: 'A daily window needs both a start and a different end',
    fr: 'Une plage quotidienne demande un début et une fin différente',
  },
  zoneSegmentLimits: {
    zh: '分段限速的个数须为路线点数减一',
    en: 'Segment limits must number the route’s points minus one',
    fr: 'Il faut autant de limites par tronçon que de points de l’itinéraire moins un',
  },
  zoneDeviceOutsideUnit: {
    zh: '设备不属于该围栏或路线所在单位',
    en: 'The device is not in the unit of the fence or route',
    fr: 'L’appareil n’est pas dans l’unité de la géoclôture ou de l’itinéraire',
  },
  zoneUnitTooLarge: {
    zh: '该单位的设备过多，请分批绑定',
    en: 'The unit has too many devices: bind them in parts',
    fr: 'L’unité a trop d’appareils : liez-les par parties',
  },
  modelPlatformOnly: {
    zh: '只有平台管理员可以设置全功能型号',
    en: 'Only platform administrators set which models are full-function',
    fr: 'Seuls les administrateurs de la plateforme choisissent les modèles complets',
  },
} as const satisfies MessageCatalogue;

export const GEOMETRY_PROBLEM = {
  ringNotClosed: 'zoneRingNotClosed',
  ringTooSmall: 'zoneRingTooSmall',
  selfIntersecting: 'zoneSelfIntersecting',
  holeOutside: 'zoneHoleOutside',
  zeroArea: 'zoneZeroArea',
  lineTooShort: 'zoneLineTooShort',
} as const satisfies Record<GeometryProblem, keyof typeof ZONES_MESSAGES>;

declare module '../../lib/messages.ts' {
  interface ModuleMessageKeys extends Record<keyof typeof ZONES_MESSAGES, true> {}
}
