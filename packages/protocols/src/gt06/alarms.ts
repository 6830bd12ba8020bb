import type { AlarmName } from '../common/types.ts';

/** Status byte bits 3-5 ("terminal information content", Concox GT06N v1.8 §5.3.1). */
export function statusAlarm(status: number): AlarmName | undefined {
  switch ((status >> 3) & 0x07) {
    case 1:
      return 'vibration';
    case 2:
      return 'powerCut';
    case 3:
      return 'lowBattery';
    case 4:
      return 'sos';
    case 6:
      return 'geofence';
    case 7:
      return 'removal';
    default:
      return undefined;
  }
}

/** Alarm/language byte codes (Concox GT06N v1.8 §5.4 and Jimi extensions as decoded by Traccar). */
const ALARM_CODES: ReadonlyMap<number, AlarmName> = new Map<number, AlarmName>([
  [0x01, 'sos'],
  [0x02, 'powerCut'],
  [0x03, 'vibration'],
  [0x04, 'geofenceEnter'],
  [0x05, 'geofenceExit'],
  [0x06, 'overspeed'],
  [0x09, 'vibration'],
  [0x0c, 'tampering'],
  [0x0e, 'lowBattery'],
  [0x0f, 'lowBattery'],
  [0x11, 'powerOff'],
  [0x13, 'tampering'],
  [0x14, 'door'],
  [0x18, 'removal'],
  [0x19, 'lowBattery'],
  [0x1a, 'hardBraking'],
  [0x1b, 'hardCornering'],
  [0x23, 'fallDown'],
  [0x25, 'tampering'],
  [0x26, 'hardAcceleration'],
  [0x27, 'hardBraking'],
  [0x28, 'hardBraking'],
  [0x29, 'hardAcceleration'],
  [0x2a, 'hardCornering'],
  [0x2b, 'hardCornering'],
  [0x2c, 'accident'],
  [0x2e, 'hardCornering'],
  [0x30, 'jamming'],
  [0x32, 'tampering'],
  [0x5b, 'temperature'],
  [0x5c, 'temperature'],
]);

/** LW-series devices reuse 0x18/0x19 for accident / acceleration (Traccar modelLW). */
export function alarmCode(code: number, modelLw = false): AlarmName | undefined {
  if (modelLw && code === 0x18) return 'accident';
  if (modelLw && code === 0x19) return 'hardAcceleration';
  return ALARM_CODES.get(code);
}

/** 0x95 alarm packet event codes (Jimi JC100 protocol). */
export function eventAlarm(event: number, extended: boolean): AlarmName | undefined {
  switch (event) {
    case 0x01:
      return extended ? 'sos' : 'general';
    case 0x0e:
      return 'lowPower';
    case 0x76:
      return 'temperature';
    case 0x80:
      return 'vibration';
    case 0x87:
      return 'overspeed';
    case 0x88:
      return 'powerCut';
    case 0x90:
      return 'hardAcceleration';
    case 0x91:
      return 'hardBraking';
    case 0x92:
      return 'hardCornering';
    case 0x93:
      return 'accident';
    default:
      return undefined;
  }
}
