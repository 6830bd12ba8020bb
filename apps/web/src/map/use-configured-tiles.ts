import { useEffect } from 'react';
import { useAppConfig } from '../features/auth/api/get-config.ts';
import { useMapSettings } from './map-store.ts';
import type { ConfiguredTiles } from './tile-settings.ts';

/**
 * The tile templates of the server's settings (MAP_TILES_*), null until account/config answered: the
 * server's map settings go into the map store then (the built-in tiles if the call failed).
 */
export function useConfiguredTiles(): ConfiguredTiles | null {
  const { data, isError } = useAppConfig();
  useEffect(() => {
    if (data || isError) useMapSettings.getState().configure(data?.map);
  }, [data, isError]);
  return useMapSettings((s) => s.tiles);
}
