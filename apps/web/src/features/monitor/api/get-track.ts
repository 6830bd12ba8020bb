import { api } from '../../../api/instance.ts';

export interface TrackPoint {
  GpsTime: string;
  Lat: number;
  Lng: number;
  Speed: number;
  Course: number;
}

/** Times are 'YYYY-MM-DD HH:mm:ss' in the user's time zone. */
export const getTrack = (deviceId: string, startTime: string, endTime: string) =>
  api.post<TrackPoint[]>('History/GetTrack', { DeviceID: deviceId, StartTime: startTime, EndTime: endTime });
