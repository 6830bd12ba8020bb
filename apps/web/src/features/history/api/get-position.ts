import type { Position, PositionInput } from '@lodestar/contract/history';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../api/instance.ts';

export type { Position };

/** History/GetPosition: the whole record (alarms, attributes) of the point the user clicked; null when gone. */
export const getPosition = (q: PositionInput) => api.post<Position | null>('History/GetPosition', q);

export const usePosition = (q: PositionInput | null) =>
  useQuery({
    queryKey: ['history', 'position', q?.DeviceID, q?.GpsTime],
    queryFn: () => getPosition(q!),
    enabled: q !== null,
    staleTime: Number.POSITIVE_INFINITY,
  });
