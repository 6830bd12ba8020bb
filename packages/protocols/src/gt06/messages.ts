/** Concox GT06 / Jimi protocol numbers (Concox GT06N protocol v1.8, JM-VL03 protocol, Traccar Gt06ProtocolDecoder). */
export enum Gt06Type {
  Login = 0x01,
  Gps = 0x10,
  GpsLbs6 = 0x11,
  GpsLbs = 0x12,
  Status = 0x13,
  String = 0x15,
  GpsLbsStatus = 0x16,
  LbsStatus = 0x19,
  GpsPhone = 0x1a,
  StringInfo = 0x21,
  GpsLbs2 = 0x22,
  Heartbeat = 0x23,
  GpsLbsStatus2 = 0x26,
  GpsLbsStatus3 = 0x27,
  GpsLbs4 = 0x2d,
  GpsLbs5 = 0x31,
  GpsLbs3 = 0x37,
  Modular = 0x70,
  Command = 0x80,
  Command1 = 0x81,
  Command2 = 0x82,
  TimeRequest = 0x8a,
  Info = 0x94,
  Alarm = 0x95,
  Serial = 0x9b,
  GpsLbs7 = 0xa0,
  FenceMulti = 0xa4,
  LbsAlarm = 0xa5,
  DeviceStatus = 0xf1,
}

export const START_SHORT = 0x7878;
export const START_LONG = 0x7979;
export const STOP = 0x0d0a;

/** Per-type layout of the GPS/LBS/status family. */
export interface Gt06Layout {
  gps: boolean;
  /** LBS block: 'std' mcc2 mnc1 lac2 cid3; 'g6' mnc2 cid4 (0x11); 'long' lac4 cid8 (0xA0/0xA5). */
  lbs?: 'std' | 'g6' | 'long';
  /** LBS block starts with its own length byte (status types). */
  lbsLength?: boolean;
  status?: boolean;
  /** A language byte and a geofence byte follow the status (0x27, 0xA4). */
  fenceTail?: boolean;
  /** ACC / upload-mode / re-upload bytes may follow (VL03 0x22 family). */
  accTail?: boolean;
}

export const LAYOUTS: ReadonlyMap<number, Gt06Layout> = new Map<number, Gt06Layout>([
  [Gt06Type.Gps, { gps: true }],
  [Gt06Type.GpsLbs6, { gps: true, lbs: 'g6' }],
  [Gt06Type.GpsLbs, { gps: true, lbs: 'std' }],
  [Gt06Type.GpsPhone, { gps: true }],
  [Gt06Type.GpsLbs2, { gps: true, lbs: 'std', accTail: true }],
  [Gt06Type.GpsLbs3, { gps: true, lbs: 'std', accTail: true }],
  [Gt06Type.GpsLbs4, { gps: true, lbs: 'std', accTail: true }],
  [Gt06Type.GpsLbs5, { gps: true, lbs: 'std', accTail: true }],
  [Gt06Type.GpsLbs7, { gps: true, lbs: 'long', accTail: true }],
  [Gt06Type.GpsLbsStatus, { gps: true, lbs: 'std', lbsLength: true, status: true }],
  [Gt06Type.GpsLbsStatus2, { gps: true, lbs: 'std', lbsLength: true, status: true }],
  [Gt06Type.GpsLbsStatus3, { gps: true, lbs: 'std', lbsLength: true, status: true, fenceTail: true }],
  [Gt06Type.FenceMulti, { gps: true, lbs: 'std', lbsLength: true, status: true, fenceTail: true }],
  [Gt06Type.LbsStatus, { gps: false, lbs: 'std', status: true }],
  [Gt06Type.LbsAlarm, { gps: false, lbs: 'long', status: true }],
  [Gt06Type.Status, { gps: false, status: true }],
]);

/** Types the server acknowledges by default (login, heartbeat/status, alarms, strings, info). */
export function expectsAck(type: number, ackLocations: boolean): boolean {
  if (type === Gt06Type.Command || type === Gt06Type.Command1 || type === Gt06Type.Command2) return false;
  const layout = LAYOUTS.get(type);
  // Concox GT06N v1.8 §5.2: plain location packets need no reply; Traccar replies anyway (option).
  if (layout?.gps && !layout.status) return ackLocations;
  return true;
}
