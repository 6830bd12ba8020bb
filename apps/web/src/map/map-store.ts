import {
  DEFAULT_MAP_PROVIDER,
  isMapProvider,
  type MapProviderId,
  type MapSettings as ServerMapSettings,
} from '@lodestar/domain';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import type { ConfiguredTiles } from './tile-settings.ts';

interface MapSettings {
  /** The map shown: the one chosen in this browser, else the server's default (spec section 3: Amap unless configured). */
  provider: MapProviderId;
  /** The map chosen in this browser (remembered), or null. */
  chosen: MapProviderId | null;
  /** The server's tile templates (account/config `map.tiles`); null until its settings arrived. */
  tiles: ConfiguredTiles | null;
  serverDefault: MapProviderId;
  setProvider(provider: MapProviderId): void;
  /** Takes the server's map settings, or none (an older server, or the call failed): the built-in tiles. */
  configure(settings: ServerMapSettings | undefined): void;
}

export const useMapSettings = create<MapSettings>()(
  persist(
    (set) => ({
      provider: DEFAULT_MAP_PROVIDER,
      chosen: null,
      tiles: null,
      serverDefault: DEFAULT_MAP_PROVIDER,
      setProvider: (provider) => set({ provider, chosen: provider }),
      configure: (settings) =>
        set(({ chosen }) => {
          const serverDefault =
            settings && isMapProvider(settings.defaultProvider) ? settings.defaultProvider : DEFAULT_MAP_PROVIDER;
          return { tiles: settings?.tiles ?? {}, serverDefault, provider: chosen ?? serverDefault };
        }),
    }),
    {
      name: 'lodestar-map',
      version: 1,
      storage: createJSONStorage(() => localStorage),
      // Only a choice is remembered (as `provider`, as before): a server default that changes later applies.
      partialize: (s) => ({ provider: s.chosen }),
      merge: (saved, current) => {
        const provider = (saved as { provider?: unknown } | undefined)?.provider;
        return isMapProvider(provider) ? { ...current, provider, chosen: provider } : current;
      },
    },
  ),
);
