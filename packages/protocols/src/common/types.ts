/**
 * The decoded-message model shared by every protocol codec. A gateway only ever sees these shapes.
 * Units: degrees WGS-84 (south/west negative), km/h, degrees clockwise from north, metres, UTC Dates.
 */

export type ProtocolName = 'gt06' | 'jt808' | 'h02' | 'osmand' | 'teltonika';

/** What a message means to the platform. */
export type MessageKind =
  | 'login' // device identified itself (GT06 0x01, JT/T 808 0x0100/0x0102, Teltonika IMEI)
  | 'position' // carries one or more fixes
  | 'heartbeat' // keep-alive / status without a fix
  | 'alarm' // alarm without a fix (status or LBS alarm packets)
  | 'info' // command result, ICCID, text, parameters …
  | 'unknown'; // recognised frame we do not decode, or a malformed one (see `error`)

/**
 * Normalised alarm names. Traccar spells some differently: removing→removal, fatigueDriving→fatigue
 * (see TRACCAR_ALARM_ALIASES).
 */
export type AlarmName =
  | 'sos'
  | 'powerCut'
  | 'powerOff'
  | 'powerOn'
  | 'lowBattery'
  | 'lowPower'
  | 'vibration'
  | 'overspeed'
  | 'removal'
  | 'tampering'
  | 'geofence'
  | 'geofenceEnter'
  | 'geofenceExit'
  | 'fatigue'
  | 'hardAcceleration'
  | 'hardBraking'
  | 'hardCornering'
  | 'accident'
  | 'fallDown'
  | 'door'
  | 'movement'
  | 'parking'
  | 'gpsAntennaCut'
  | 'fault'
  | 'jamming'
  | 'temperature'
  | 'tow'
  | 'general';

/** Traccar alarm spellings that differ from ours (used when comparing against Traccar vectors). */
export const TRACCAR_ALARM_ALIASES: Readonly<Record<string, AlarmName>> = {
  removing: 'removal',
  fatigueDriving: 'fatigue',
};

export type AttributeValue = number | string | boolean;
export type Attributes = Record<string, AttributeValue>;

export interface Position {
  fixTime: Date;
  valid: boolean;
  lat: number;
  lon: number;
  speedKmh: number;
  course: number;
  altitude?: number;
  satellites?: number;
  alarms: AlarmName[];
  /** acc/ignition, charge, batteryLevel (%), battery/power (V), odometer (m), mileage (km), fuel, rssi, … */
  attributes: Attributes;
}

export interface DecodedMessage {
  protocol: ProtocolName;
  kind: MessageKind;
  /** IMEI / terminal phone; absent when a stateful protocol has not identified the connection yet. */
  deviceId?: string;
  /** Protocol message id (GT06 protocol number, JT/T 808 message id, H02 type, Teltonika codec). */
  messageType: number | string;
  serial?: number;
  positions: Position[];
  /** Alarms reported without a fix (status packets). Positions carry their own. */
  alarms: AlarmName[];
  /** Message-level values reported without a fix (ICCID, command result, battery of a heartbeat …). */
  attributes: Attributes;
  /** Bytes the device expects back. Send after the message is durably stored. */
  reply?: Buffer;
  /** Checksum verdict; a bad checksum is accepted (as Traccar does) but flagged here. */
  crcValid?: boolean;
  /** Why nothing (or only part) was decoded: malformed frame, or no login/handshake yet. Decoders never throw. */
  error?: string;
  /** A multimedia upload's announcement or one of its packets (JT/T 808 0x0800 / 0x0801), for the gateway to gather. */
  media?: MediaMessage;
}

/** What a terminal says of a photo (or recording) it takes: JT/T 808-2019 table 83 / 85. */
export interface MediaEvent {
  mediaId: number;
  /** 0 image, 1 audio, 2 video */
  type: number;
  /** 0 JPEG, 1 TIF, 2 MP3, 3 WAV, 4 WMV */
  format: number;
  /** 0 platform command, 1 timed, 2 robbery alarm, 3 collision or rollover, 4 door opened, 5 door closed, … */
  event: number;
  channel: number;
}

export type MediaMessage =
  | { kind: 'event'; event: MediaEvent }
  | {
      kind: 'packet';
      /** 1-based packet number and the packets in the upload (1 of 1 when the header carries no sub-package fields). */
      index: number;
      total: number;
      /** Only the first packet starts with the multimedia header and its 28-byte location. */
      head?: MediaEvent & { position: Position };
      data: Buffer;
    };

export function newMessage(protocol: ProtocolName, messageType: number | string): DecodedMessage {
  return { protocol, kind: 'unknown', messageType, positions: [], alarms: [], attributes: {} };
}

export function addAlarm(target: { alarms: AlarmName[] }, alarm: AlarmName | undefined): void {
  if (alarm !== undefined && !target.alarms.includes(alarm)) target.alarms.push(alarm);
}

/** Wrap a decode step so that a malformed frame becomes `kind: 'unknown'` with `error` instead of a throw. */
export function safely(message: DecodedMessage, step: () => void): DecodedMessage {
  try {
    step();
  } catch (err) {
    malformed(message, err);
  }
  return message;
}

/** What `safely` does with a throw, for decoders that catch it themselves (no closure per frame). */
export function malformed(message: DecodedMessage, err: unknown): void {
  message.kind = 'unknown';
  message.positions = [];
  message.error = err instanceof Error ? err.message : String(err);
}

export const KNOTS_TO_KMH = 1.852;
