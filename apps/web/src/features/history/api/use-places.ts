import { useQuery } from '@tanstack/react-query';
import { useSession } from '../../../store/session.ts';
import { type Place, reverseGeocode } from '../../monitor/api/reverse-geocode.ts';

export type { Place };

/** Geocode/Reverse takes at most this many points a call. */
const PER_CALL = 100;

/** Rounded to about 10 m, as the monitor's usePlace does, so the server's cache and ours both hit. */
const round = (v: number) => Math.round(v * 1e4) / 1e4;

/**
 * The places of a list's points (trip ends, stops) in as few Geocode/Reverse calls as the limit allows,
 * instead of a call per row; answers them in the points' order.
 */
export function usePlaces(points: readonly { lat: number; lng: number }[]) {
  const language = useSession((s) => s.language);
  const rounded = points.map((p) => ({ Lat: round(p.lat), Lng: round(p.lng) }));
  return useQuery({
    queryKey: ['geocode', 'many', rounded.map((p) => `${p.Lat},${p.Lng}`).join(';'), language],
    enabled: rounded.length > 0,
    staleTime: Number.POSITIVE_INFINITY,
    queryFn: async () => {
      const out: (Place | null)[] = [];
      for (let i = 0; i < rounded.length; i += PER_CALL) {
        const chunk = rounded.slice(i, i + PER_CALL);
        const places = await reverseGeocode(chunk);
        for (let j = 0; j < chunk.length; j++) out.push(places[j] ?? null);
      }
      return out;
    },
  });
}

/** A place as one line: the address, or city and province, or the coordinates when nothing is known. */
export function placeText(place: Place | null | undefined, lat: number, lng: number): string {
  if (place?.Address) return place.Address;
  const parts = [place?.Province, place?.City].filter(Boolean);
  return parts.length ? parts.join(' ') : `${lat.toFixed(5)}, ${lng.toFixed(5)}`;
}
