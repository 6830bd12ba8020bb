import type { Map as MapLibreMap } from 'maplibre-gl';
import { createContext, useContext } from 'react';
import type { Crs } from './coords.ts';

export interface MapHandle {
  map: MapLibreMap;
  /** The coordinate system of the current tiles; layers convert WGS-84 positions to it. */
  crs: Crs;
}

export const MapContext = createContext<MapHandle | null>(null);

export function useMapHandle(): MapHandle {
  const handle = useContext(MapContext);
  if (!handle) throw new Error('a map layer must be inside <MapView>');
  return handle;
}
