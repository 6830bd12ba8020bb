import type { MapProviderId } from '@lodestar/domain';
import './setup.ts';
import { Map as MapLibreMap, NavigationControl, ScaleControl } from 'maplibre-gl';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { type Crs, fromDisplay, type LngLat } from './coords.ts';
import { MapContext, type MapHandle } from './map-context.ts';
import { setTiles, TILE_SOURCE } from './tile-layer.ts';
import { tileProvider } from './tile-settings.ts';
import { useConfiguredTiles } from './use-configured-tiles.ts';

interface Props {
  provider: MapProviderId;
  /** Shown over the map while the tiles cannot be loaded. */
  offlineNotice: ReactNode;
  /** A click on the map, converted back to WGS-84. */
  onMapClick?: (wgs84: LngLat) => void;
  children?: ReactNode;
}

/** A MapLibre map: the offline base layer, the chosen provider's tiles above it, and the layers given as children. */
export function MapView({ provider, offlineNotice, onMapClick, children }: Props) {
  const container = useRef<HTMLDivElement>(null);
  const [map, setMap] = useState<MapLibreMap | null>(null);
  const [tilesDown, setTilesDown] = useState(false);
  // The provider's tiles wait for the server's settings, so that a configured host is the only one asked.
  const configured = useConfiguredTiles();
  const settings = useMemo(() => tileProvider(provider, configured ?? {}), [provider, configured]);
  const crsRef = useRef<Crs>(settings.crs);
  crsRef.current = settings.crs;
  const clickRef = useRef(onMapClick);
  clickRef.current = onMapClick;

  useEffect(() => {
    let cancelled = false;
    let created: MapLibreMap | null = null;
    // The offline base data is a chunk of its own, loaded with the first map.
    void import('./offline-base.ts').then(({ OFFLINE_LAYERS, offlineSources }) => {
      if (cancelled || !container.current) return;
      const m = new MapLibreMap({
        container: container.current,
        style: { version: 8, sources: offlineSources(), layers: OFFLINE_LAYERS },
        center: [108, 34],
        zoom: 3.4,
        attributionControl: { compact: true },
        // Labels fading in after every live update would repaint the map for 300 ms each second;
        // without a GPU (software WebGL) that was most of the main thread.
        fadeDuration: 0,
      });
      created = m;
      m.addControl(new NavigationControl({ showCompass: true }), 'bottom-left');
      m.addControl(new ScaleControl({}), 'bottom-left');
      m.on('error', (e) => {
        if ((e as { sourceId?: string }).sourceId === TILE_SOURCE) setTilesDown(true);
        else console.warn('map:', e.error?.message);
      });
      m.on('sourcedata', (e) => {
        if (e.sourceId === TILE_SOURCE && e.tile && e.tile.state === 'loaded') setTilesDown(false);
      });
      m.on('click', (e) => clickRef.current?.(fromDisplay([e.lngLat.lng, e.lngLat.lat], crsRef.current)));
      // Where the map rests, in the displayed coordinates (browser tests check the tiles' placement with it).
      const rest = () => {
        const c = m.getCenter();
        const el = m.getContainer();
        el.dataset.center = `${c.lng.toFixed(7)},${c.lat.toFixed(7)}`;
        el.dataset.zoom = m.getZoom().toFixed(6);
      };
      rest();
      m.on('moveend', rest);
      // Layers go on as soon as the style is parsed, not at 'load' (every base tile ready): the
      // devices are tiled while the offline base layer still is, and show up to a second sooner.
      m.once('style.load', () => setMap(m));
      // When every base tile was first drawn (wall clock, read by bench:web beside the devices' paint).
      m.once('idle', () => {
        m.getContainer().dataset.settledAt = String(Date.now());
      });
    });
    return () => {
      cancelled = true;
      setMap(null);
      created?.remove();
    };
  }, []);

  useEffect(() => {
    if (!map || !configured) return;
    setTilesDown(false);
    setTiles(map, settings);
  }, [map, configured, settings]);

  const handle = useMemo<MapHandle | null>(() => (map ? { map, crs: settings.crs } : null), [map, settings.crs]);

  return (
    <div className="map-view">
      <div ref={container} className="map-canvas" data-provider={provider} data-ready={map ? 'true' : 'false'} />
      {tilesDown ? <div className="map-offline-notice">{offlineNotice}</div> : null}
      {handle ? <MapContext.Provider value={handle}>{children}</MapContext.Provider> : null}
    </div>
  );
}
