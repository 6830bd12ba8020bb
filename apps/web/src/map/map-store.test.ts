import type { MapSettings } from '@lodestar/domain';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';

// The store remembers a choice in localStorage, which node lacks: a Map stands in for it.
const saved = new Map<string, string>();
vi.stubGlobal('localStorage', {
  getItem: (k: string) => saved.get(k) ?? null,
  setItem: (k: string, v: string) => saved.set(k, v),
  removeItem: (k: string) => saved.delete(k),
});
// Test files share a worker (isolate: false): the next file must not find this stand-in.
afterAll(() => vi.unstubAllGlobals());

const load = async () => (await import('./map-store.ts')).useMapSettings;
const OSM_TILES = ['https://osm.example.org/{z}/{x}/{y}.png'];
const osmDefault = (): MapSettings => ({ defaultProvider: 'osm', tiles: { osm: OSM_TILES } });

describe('the map shown: a choice made in this browser, else the server’s default', () => {
  beforeEach(() => {
    saved.clear();
    vi.resetModules();
  });

  it('shows Amap with no tiles until the server’s settings arrive, then its default provider and tiles', async () => {
    const store = await load();
    expect(store.getState()).toMatchObject({ provider: 'amap', tiles: null });
    store.getState().configure(osmDefault());
    expect(store.getState()).toMatchObject({ provider: 'osm', tiles: { osm: OSM_TILES } });
  });

  it('keeps a remembered choice over the server’s default, and remembers only the choice', async () => {
    let store = await load();
    store.getState().configure(osmDefault());
    expect(JSON.parse(saved.get('lodestar-map') ?? '{}').state).toEqual({ provider: null });
    store.getState().setProvider('baidu');
    expect(JSON.parse(saved.get('lodestar-map') ?? '{}').state).toEqual({ provider: 'baidu' });

    vi.resetModules();
    store = await load();
    expect(store.getState().provider).toBe('baidu');
    store.getState().configure(osmDefault());
    expect(store.getState().provider).toBe('baidu');
  });

  it('falls back to Amap and the built-in tiles without the server’s settings', async () => {
    saved.set('lodestar-map', JSON.stringify({ state: { provider: 'bing' }, version: 1 }));
    const store = await load();
    store.getState().configure(undefined);
    expect(store.getState()).toMatchObject({ provider: 'amap', chosen: null, tiles: {} });
  });
});
