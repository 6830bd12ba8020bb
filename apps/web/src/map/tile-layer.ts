import type { Map as MapLibreMap } from 'maplibre-gl';
import type { TileProvider } from './tile-settings.ts';

export const TILE_SOURCE = 'tiles';

/** Replaces the raster tiles, keeping them above the offline base and below every other layer. */
export function setTiles(map: MapLibreMap, provider: TileProvider): void {
  if (map.getLayer(TILE_SOURCE)) map.removeLayer(TILE_SOURCE);
  if (map.getSource(TILE_SOURCE)) map.removeSource(TILE_SOURCE);
  map.addSource(TILE_SOURCE, {
    type: 'raster',
    tiles: provider.tiles,
    scheme: provider.scheme,
    tileSize: 256,
    maxzoom: provider.maxzoom,
    attribution: provider.attribution,
  });
  const above = map.getStyle().layers.find((l) => !l.id.startsWith('offline-'));
  map.addLayer({ id: TILE_SOURCE, type: 'raster', source: TILE_SOURCE }, above?.id);
}
