import type { TrackPoint } from '@lodestar/contract/monitor';
import { api } from '../../../api/instance.ts';

/** Times are 'YYYY-MM-DD HH:mm:ss' in the user's time zone. */
export const getTrack = (deviceId: string, startTime: string, endTime: string) =>
  api.post<TrackPoint[]>('History/GetTrack', { DeviceID: deviceId, StartTime: startTime, EndTime: endTime });
