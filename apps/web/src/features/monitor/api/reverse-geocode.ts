import type { Place, ReverseGeocodeInput } from '@lodestar/contract/monitor';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../api/instance.ts';
import { useSession } from '../../../store/session.ts';

export type { Place };

export const reverseGeocode = (points: ReverseGeocodeInput['Points']) =>
  api.post<Place[]>('Geocode/Reverse', { Points: points });

/**
 * The address of one position. Rounded to about 10 m so a parked or slowly moving device does not
 * ask again on every live update; the server caches too.
 */
export function usePlace(lat: number | null, lng: number | null) {
  const language = useSession((s) => s.language);
  const rLat = lat === null ? null : Math.round(lat * 1e4) / 1e4;
  const rLng = lng === null ? null : Math.round(lng * 1e4) / 1e4;
  return useQuery({
    queryKey: ['geocode', rLat, rLng, language],
    enabled: rLat !== null && rLng !== null,
    staleTime: Number.POSITIVE_INFINITY,
    queryFn: async () => (await reverseGeocode([{ Lat: rLat!, Lng: rLng! }]))[0] ?? null,
  });
}
