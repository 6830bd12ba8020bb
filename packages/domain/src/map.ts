/** The console's map providers (spec section 2's change-map dialog); Amap is the default (spec section 3). */
export const MAP_PROVIDERS = ['amap', 'amapSatellite', 'tencent', 'baidu', 'osm', 'google'] as const;
export type MapProviderId = (typeof MAP_PROVIDERS)[number];
export const DEFAULT_MAP_PROVIDER: MapProviderId = 'amap';

export const isMapProvider = (v: unknown): v is MapProviderId => MAP_PROVIDERS.includes(v as MapProviderId);

/** The server setting holding a provider's tile URL templates: amapSatellite → MAP_TILES_AMAP_SATELLITE. */
export const mapTilesSetting = (id: MapProviderId) => `MAP_TILES_${id.replace(/[A-Z]/g, (c) => `_${c}`).toUpperCase()}`;

/**
 * The map settings the server gives the console (account/config `map`): the provider shown until a
 * user chooses one, and the tile URL templates configured for some providers, which replace the
 * console's built-in ones. Templates keep {x} {y} {z} and {s} (the console expands {s} over the
 * provider's sub-domains); {key} is already filled in.
 */
export interface MapSettings {
  defaultProvider: MapProviderId;
  tiles: Partial<Record<MapProviderId, string[]>>;
}
