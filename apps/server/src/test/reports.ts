import type { InboundRecord } from '@lodestar/gateway';
import type { AlarmName, Attributes } from '@lodestar/protocols';

export interface ReportOptions {
  protocol?: 'gt06' | 'jt808';
  secondsAgo?: number;
  valid?: boolean;
  speedKmh?: number;
  course?: number;
  alarms?: AlarmName[];
  /** The position's attributes (acc, fuel, cells…). */
  attributes?: Attributes;
}

/** One decoded position report from a device in Shanghai, as the gateway hands it to the ingest. */
export function positionReport(deviceId: string, o: ReportOptions = {}): InboundRecord {
  const protocol = o.protocol ?? 'gt06';
  return {
    protocol,
    deviceId,
    receivedAt: new Date(),
    remoteAddress: '127.0.0.1',
    message: {
      protocol,
      kind: 'position',
      messageType: protocol === 'gt06' ? 0x22 : 0x0200,
      alarms: [],
      attributes: {},
      positions: [
        {
          fixTime: new Date(Date.now() - (o.secondsAgo ?? 5) * 1000),
          valid: o.valid ?? true,
          lat: 31.23,
          lon: 121.47,
          speedKmh: o.speedKmh ?? 0,
          course: o.course ?? 0,
          satellites: 9,
          alarms: o.alarms ?? [],
          attributes: o.attributes ?? {},
        },
      ],
    },
  };
}
