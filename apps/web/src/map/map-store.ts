import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { DEFAULT_PROVIDER, isProvider, type ProviderId } from './tile-settings.ts';

interface MapSettings {
  /** The session's current map (spec section 3: default Amap). */
  provider: ProviderId;
  setProvider(provider: ProviderId): void;
}

export const useMapSettings = create<MapSettings>()(
  persist(
    (set) => ({
      provider: DEFAULT_PROVIDER,
      setProvider: (provider) => set({ provider }),
    }),
    {
      name: 'lodestar-map',
      version: 1,
      storage: createJSONStorage(() => localStorage),
      merge: (saved, current) => {
        const provider = (saved as { provider?: unknown } | undefined)?.provider;
        return { ...current, provider: isProvider(provider) ? provider : DEFAULT_PROVIDER };
      },
    },
  ),
);
