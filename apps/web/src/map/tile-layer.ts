import type { Map as MapLibreMap } from 'maplibre-gl';
import { BAIDU_TILES, serveBaiduTiles } from './baidu-tiles.ts';
import type { TileProvider } from './tile-settings.ts';

export const TILE_SOURCE = 'tiles';

/**
 * Replaces the raster tiles, keeping them above the offline base and below every other layer.
 * Baidu's tiles go through the `baidu://` protocol, which re-tiles them onto Web Mercator.
 */
export function setTiles(map: MapLibreMap, provider: TileProvider): void {
  if (map.getLayer(TILE_SOURCE)) map.removeLayer(TILE_SOURCE);
  if (map.getSource(TILE_SOURCE)) map.removeSource(TILE_SOURCE);
  const baidu = provider.grid === 'baidu';
  if (baidu) serveBaiduTiles(provider.tiles);
  map.addSource(TILE_SOURCE, {
    type: 'raster',
    tiles: baidu ? [BAIDU_TILES] : provider.tiles,
    scheme: baidu ? 'xyz' : provider.scheme,
    tileSize: 256,
    minzoom: provider.minzoom,
    maxzoom: provider.maxzoom,
    attribution: provider.attribution,
  });
  const above = map.getStyle().layers.find((l) => !l.id.startsWith('offline-'));
  map.addLayer({ id: TILE_SOURCE, type: 'raster', source: TILE_SOURCE }, above?.id);
}
