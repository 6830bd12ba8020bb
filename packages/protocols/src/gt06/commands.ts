/**
 * Concox online command texts (sent in 0x80, GT06N protocol v1.8 §6.1; the same texts work by SMS). Syntax as
 * the Concox GT06N / JM-VL series command lists write it: a comma list ended by '#'.
 */

/** TIMER's bounds on both intervals (Concox: 5–18000 seconds, "TIMER ACC ON:60s,ACC OFF:180s"). */
export const GT06_TIMER_SECONDS = { min: 5, max: 18000 } as const;

export const gt06Texts = {
  /** The device answers with a position text (and a position packet on most firmwares). */
  where: () => 'WHERE#',
  /** T1 upload interval with ACC on, T2 with ACC off (seconds); T2 omitted keeps the device's. */
  timer: (accOnSeconds: number, accOffSeconds?: number) =>
    accOffSeconds === undefined ? `TIMER,${accOnSeconds}#` : `TIMER,${accOnSeconds},${accOffSeconds}#`,
  /** Overspeed alarm after `seconds` above `kmh`. */
  speedOn: (seconds: number, kmh: number) => `SPEED,ON,${seconds},${kmh}#`,
  speedOff: () => 'SPEED,OFF#',
  /** Vibration sensor alarm. */
  sensorAlarm: (on: boolean) => (on ? 'SENALM,ON#' : 'SENALM,OFF#'),
  /** The centre number alarms are texted to: A adds, D deletes. */
  centerAdd: (phone: string) => `CENTER,A,${phone}#`,
  centerDelete: () => 'CENTER,D#',
  status: () => 'STATUS#',
  params: () => 'PARAM#',
} as const;
