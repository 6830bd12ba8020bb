/** Query keys of the zone pages: a write invalidates its resource's prefix. */
export const FENCES_KEY = ['zones', 'fences'] as const;
export const ROADS_KEY = ['zones', 'roads'] as const;
export const POIS_KEY = ['zones', 'pois'] as const;
export const ZONE_EVENTS_KEY = ['zones', 'events'] as const;
