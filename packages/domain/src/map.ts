/** The console's map providers (spec section 2's change-map dialog); Amap is the default (spec section 3). */
export const MAP_PROVIDERS = ['amap', 'amapSatellite', 'tencent', 'baidu', 'osm', 'google'] as const;
export type MapProviderId = (typeof MAP_PROVIDERS)[number];
export const DEFAULT_MAP_PROVIDER: MapProviderId = 'amap';

export const isMapProvider = (v: unknown): v is MapProviderId => MAP_PROVIDERS.includes(v as MapProviderId);

/**
 * Each provider's built-in tile URL template, used when MAP_TILES_<PROVIDER> gives none: the console
 * draws from them (expanding {s} over the provider's sub-domains), and the server's Content-Security-Policy
 * allows their hosts.
 */
export const MAP_BUILTIN_TILES: Record<MapProviderId, string> = {
  amap: 'https://webrd0{s}.is.autonavi.com/appmaptile?lang=zh_cn&size=1&scale=1&style=8&x={x}&y={y}&z={z}',
  amapSatellite: 'https://webst0{s}.is.autonavi.com/appmaptile?style=6&x={x}&y={y}&z={z}',
  tencent: 'https://rt{s}.map.gtimg.com/realtimerender?z={z}&x={x}&y={y}&type=vector&style=0',
  baidu: 'https://maponline{s}.bdimg.com/tile/?qt=vtile&x={x}&y={y}&z={z}&styles=pl&scaler=1&udt=20240101',
  osm: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
  google: 'https://mt{s}.google.com/vt/lyrs=m&x={x}&y={y}&z={z}',
};

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
