import type { Feature, FeatureCollection } from 'geojson';
import type { ExpressionSpecification, GeoJSONSource, MapLayerMouseEvent, MapMouseEvent } from 'maplibre-gl';
import { useEffect, useRef, useState } from 'react';
import type { LngLat } from '../../../map/coords.ts';
import { useMapHandle } from '../../../map/map-context.ts';
import { CORRIDOR_WIDTH, corridorPixelsAtZoom0 } from '../zone-style.ts';
import {
  completeSketch,
  type Draft,
  type DrawTool,
  draftOutline,
  fixedClicks,
  type Handle,
  handlesOf,
  minClicks,
  moveHandle,
  nearestSegment,
  removeVertex,
} from './draft.ts';

interface Props {
  /** The tool drawing a new shape (or a hole), or null: the draft's handles can be dragged. */
  tool: DrawTool | null;
  draft: Draft | null;
  onChange: (draft: Draft) => void;
  /** The tool finished or was cancelled (Esc). */
  onToolEnd: () => void;
  /** A click the tool refused (a hole's vertex outside the polygon). */
  onRefused?: (why: 'holeOutside') => void;
  color?: string;
  /** A line draft's corridor width in metres, drawn as a translucent band around it. */
  widthMetres?: number;
  /** A line draft's segment clicked (not on a handle) while no tool draws: per-segment limits. */
  onSegment?: (index: number) => void;
  /** The segment drawn highlighted. */
  segment?: number | null;
}

const SOURCE = 'zone-draft';
const LAYERS = [
  'zone-draft-band',
  'zone-draft-fill',
  'zone-draft-line',
  'zone-draft-segment',
  'zone-draft-sketch',
  'zone-draft-handles',
] as const;
/** A click this close to the sketch's last vertex (pixels) is the second click of a double-click, not a vertex. */
const SAME_POINT_PX = 4;
/** How near a click must fall to a road's segment (pixels) to pick it. */
const SEGMENT_PICK_PX = 10;

const at = (e: MapMouseEvent): LngLat => [e.lngLat.lng, e.lngLat.lat];
const sameHandle = (a: Handle, b: { role: string; ring?: number; index?: number }) =>
  a.role === b.role && (a.role === 'center' || a.role === 'radius' || (a.ring === b.ring && a.index === b.index));

/**
 * Draws and edits one shape in the map's displayed coordinates (draft.ts holds the rules). Drawing: click
 * the vertices; a circle takes its centre and a point of its edge, a rectangle two corners; a polygon, hole
 * or line ends with a double-click or Enter; Backspace removes the last vertex, Esc cancels. Editing: drag a
 * vertex (a circle's centre or radius handle), drag an edge's midpoint to add a vertex, right-click or
 * alt-click a vertex to remove it. The container's `data-draw-tool`, `data-sketch` (clicks so far) and
 * `data-draft` (`kind:vertices`) say what is on the map, for tests.
 */
export function DrawLayer({
  tool,
  draft,
  onChange,
  onToolEnd,
  onRefused,
  color = '#1677ff',
  widthMetres,
  onSegment,
  segment = null,
}: Props) {
  const { map } = useMapHandle();
  const [sketch, setSketch] = useState<LngLat[]>([]);
  const [hover, setHover] = useState<LngLat | null>(null);
  const latest = useRef({ tool, draft, sketch, onChange, onToolEnd, onRefused, onSegment });
  latest.current = { tool, draft, sketch, onChange, onToolEnd, onRefused, onSegment };
  const drag = useRef<Handle | null>(null);

  useEffect(() => {
    map.addSource(SOURCE, { type: 'geojson', data: { type: 'FeatureCollection', features: [] } });
    const is = (part: string): ExpressionSpecification => ['==', ['get', 'part'], part];
    map.addLayer({
      id: 'zone-draft-band',
      type: 'line',
      source: SOURCE,
      filter: ['all', is('shape'), ['==', ['geometry-type'], 'LineString']],
      layout: { 'line-join': 'round', 'line-cap': 'round' },
      paint: { 'line-color': color, 'line-opacity': 0.2, 'line-width': CORRIDOR_WIDTH },
    });
    map.addLayer({
      id: 'zone-draft-fill',
      type: 'fill',
      source: SOURCE,
      filter: ['all', is('shape'), ['==', ['geometry-type'], 'Polygon']],
      paint: { 'fill-color': color, 'fill-opacity': 0.18 },
    });
    map.addLayer({
      id: 'zone-draft-line',
      type: 'line',
      source: SOURCE,
      filter: is('shape'),
      paint: { 'line-color': color, 'line-width': 2.5 },
    });
    map.addLayer({
      id: 'zone-draft-segment',
      type: 'line',
      source: SOURCE,
      filter: is('segment'),
      layout: { 'line-cap': 'round' },
      paint: { 'line-color': '#f5222d', 'line-width': 5 },
    });
    map.addLayer({
      id: 'zone-draft-sketch',
      type: 'line',
      source: SOURCE,
      filter: is('sketch'),
      paint: { 'line-color': color, 'line-width': 2, 'line-dasharray': [2, 1.5] },
    });
    map.addLayer({
      id: 'zone-draft-handles',
      type: 'circle',
      source: SOURCE,
      filter: ['match', ['get', 'part'], ['handle', 'vertex'], true, false],
      paint: {
        'circle-radius': ['match', ['get', 'role'], 'mid', 4, 6],
        'circle-color': ['match', ['get', 'role'], 'mid', color, '#ffffff'],
        'circle-opacity': ['match', ['get', 'role'], 'mid', 0.6, 1],
        'circle-stroke-color': color,
        'circle-stroke-width': 2,
      },
    });
    return () => {
      const el = map.getContainer();
      delete el.dataset.drawTool;
      delete el.dataset.sketch;
      delete el.dataset.draft;
      if (!map.style) return;
      for (const l of LAYERS) if (map.getLayer(l)) map.removeLayer(l);
      if (map.getSource(SOURCE)) map.removeSource(SOURCE);
    };
  }, [map, color]);

  // What the source shows: the draft and its handles (editing) or the sketch so far (drawing).
  useEffect(() => {
    const features: Feature[] = [];
    if (draft) {
      const outline = draftOutline(draft);
      const w0 = outline.type === 'LineString' && widthMetres ? corridorPixelsAtZoom0(outline, widthMetres) : 0;
      features.push({ type: 'Feature', properties: { part: 'shape', w0 }, geometry: outline });
      if (draft.kind === 'line' && segment !== null && draft.points[segment + 1])
        features.push({
          type: 'Feature',
          properties: { part: 'segment' },
          geometry: { type: 'LineString', coordinates: draft.points.slice(segment, segment + 2) },
        });
      if (!tool)
        for (const h of handlesOf(draft))
          features.push({
            type: 'Feature',
            properties: {
              part: 'handle',
              role: h.role,
              ring: 'ring' in h ? h.ring : 0,
              index: 'index' in h ? h.index : 0,
            },
            geometry: { type: 'Point', coordinates: h.at },
          });
    }
    if (tool && sketch.length) {
      const preview = completeSketch(tool === 'hole' ? 'polygon' : tool, hover ? [...sketch, hover] : sketch, null);
      if (preview && (tool === 'circle' || tool === 'rectangle'))
        features.push({ type: 'Feature', properties: { part: 'sketch' }, geometry: draftOutline(preview) });
      else {
        const line = hover ? [...sketch, hover] : sketch;
        const closed = tool !== 'line' && line.length > 2 ? [...line, line[0] as LngLat] : line;
        if (closed.length > 1)
          features.push({
            type: 'Feature',
            properties: { part: 'sketch' },
            geometry: { type: 'LineString', coordinates: closed },
          });
      }
      for (const p of sketch)
        features.push({
          type: 'Feature',
          properties: { part: 'vertex', role: 'vertex' },
          geometry: { type: 'Point', coordinates: p },
        });
    }
    const data: FeatureCollection = { type: 'FeatureCollection', features };
    (map.getSource(SOURCE) as GeoJSONSource | undefined)?.setData(data);
    const el = map.getContainer();
    el.dataset.drawTool = tool ?? '';
    el.dataset.sketch = String(sketch.length);
    el.dataset.draft = draft ? `${draft.kind}:${vertexCount(draft)}` : '';
  }, [map, draft, tool, sketch, hover, widthMetres, segment]);

  // A new tool starts an empty sketch; double-click zooms only while nothing is being drawn.
  useEffect(() => {
    setSketch([]);
    setHover(null);
    if (tool) map.doubleClickZoom.disable();
    else map.doubleClickZoom.enable();
    map.getCanvas().style.cursor = tool ? 'crosshair' : '';
    return () => {
      map.doubleClickZoom.enable();
      map.getCanvas().style.cursor = '';
    };
  }, [map, tool]);

  useEffect(() => {
    const finish = (points: LngLat[]) => {
      const { tool, draft, onChange, onToolEnd, onRefused } = latest.current;
      if (!tool) return;
      const next = completeSketch(tool, points, draft);
      if (!next) {
        if (tool === 'hole' && points.length >= minClicks(tool)) onRefused?.('holeOutside');
        return;
      }
      setSketch([]);
      onChange(next);
      onToolEnd();
    };
    const onClick = (e: MapMouseEvent) => {
      const { tool, sketch, draft, onSegment } = latest.current;
      if (!tool) {
        if (draft?.kind === 'line' && onSegment) {
          const i = nearestSegment(
            draft.points.map((p) => map.project(p)),
            e.point,
            SEGMENT_PICK_PX,
          );
          if (i !== null) onSegment(i);
        }
        return;
      }
      const last = sketch[sketch.length - 1];
      if (last) {
        const px = map.project(last);
        if (Math.hypot(px.x - e.point.x, px.y - e.point.y) < SAME_POINT_PX) return;
      }
      const points = [...sketch, at(e)];
      if (fixedClicks(tool) === points.length) finish(points);
      else setSketch(points);
    };
    const onDblClick = (e: MapMouseEvent) => {
      if (!latest.current.tool) return;
      e.preventDefault();
      finish(latest.current.sketch);
    };
    const onMove = (e: MapMouseEvent) => {
      const { tool, draft, onChange } = latest.current;
      if (tool) {
        setHover(at(e));
        return;
      }
      if (drag.current && draft) onChange(moveHandle(draft, drag.current, at(e)));
    };
    const handleAt = (e: MapLayerMouseEvent): Handle | null => {
      const props = e.features?.[0]?.properties as { role: string; ring: number; index: number } | undefined;
      const draft = latest.current.draft;
      if (!props || !draft) return null;
      return handlesOf(draft).find((h) => sameHandle(h, props)) ?? null;
    };
    const remove = (h: Handle) => {
      const draft = latest.current.draft;
      if (h.role !== 'vertex' || !draft) return;
      const next = removeVertex(draft, h.ring, h.index);
      if (next) latest.current.onChange(next);
    };
    const onHandleDown = (e: MapLayerMouseEvent) => {
      if (latest.current.tool) return;
      const h = handleAt(e);
      const draft = latest.current.draft;
      if (!h || !draft) return;
      e.preventDefault();
      if (e.originalEvent.button === 2) return;
      if (e.originalEvent.altKey) {
        remove(h);
        return;
      }
      if (h.role === 'mid') {
        latest.current.onChange(moveHandle(draft, h, at(e)));
        drag.current = { role: 'vertex', ring: h.ring, index: h.index + 1, at: at(e) };
      } else drag.current = h;
      map.dragPan.disable();
    };
    const onContext = (e: MapLayerMouseEvent) => {
      if (latest.current.tool) return;
      e.preventDefault();
      const h = handleAt(e);
      if (h) remove(h);
    };
    const onUp = () => {
      if (!drag.current) return;
      drag.current = null;
      map.dragPan.enable();
    };
    const enterHandle = () => {
      if (!latest.current.tool) map.getCanvas().style.cursor = 'move';
    };
    const leaveHandle = () => {
      if (!latest.current.tool) map.getCanvas().style.cursor = '';
    };
    const onKey = (e: KeyboardEvent) => {
      const { tool, sketch, onToolEnd } = latest.current;
      if (!tool) return;
      const target = e.target as HTMLElement | null;
      if (target && /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName)) return;
      if (e.key === 'Enter') finish(sketch);
      else if (e.key === 'Escape') {
        setSketch([]);
        onToolEnd();
      } else if (e.key === 'Backspace') setSketch(sketch.slice(0, -1));
      else return;
      e.preventDefault();
    };
    map.on('click', onClick);
    map.on('dblclick', onDblClick);
    map.on('mousemove', onMove);
    map.on('mousedown', 'zone-draft-handles', onHandleDown);
    map.on('contextmenu', 'zone-draft-handles', onContext);
    map.on('mouseenter', 'zone-draft-handles', enterHandle);
    map.on('mouseleave', 'zone-draft-handles', leaveHandle);
    map.on('mouseup', onUp);
    window.addEventListener('keydown', onKey);
    return () => {
      map.off('click', onClick);
      map.off('dblclick', onDblClick);
      map.off('mousemove', onMove);
      map.off('mousedown', 'zone-draft-handles', onHandleDown);
      map.off('contextmenu', 'zone-draft-handles', onContext);
      map.off('mouseenter', 'zone-draft-handles', enterHandle);
      map.off('mouseleave', 'zone-draft-handles', leaveHandle);
      map.off('mouseup', onUp);
      window.removeEventListener('keydown', onKey);
      map.dragPan.enable();
    };
  }, [map]);

  return null;
}

function vertexCount(d: Draft): number {
  if (d.kind === 'circle') return 1;
  if (d.kind === 'rectangle') return 4;
  if (d.kind === 'line') return d.points.length;
  return d.rings.reduce((n, r) => n + r.length, 0);
}
