import { SPEED_CLASSES } from '../speed-colours.ts';
import type { TrackArrays } from '../track-arrays.ts';
import type { DisplayPoints, Segments, TrackGeometry } from './geometry.ts';

/** World (0..1 Mercator, display system) → screen pixels: x = a·wx + b·wy + c, y = d·wx + e·wy + f. */
export interface Affine {
  a: number;
  b: number;
  c: number;
  d: number;
  e: number;
  f: number;
}

export interface DrawnTrack {
  track: TrackArrays;
  geo: TrackGeometry;
  display: DisplayPoints;
  segments: Segments;
  color: string;
}

export interface TrackStyle {
  mode: 'line' | 'point';
  colourBy: 'speed' | 'device';
}

const GAP_COLOUR = 'rgba(100,116,139,0.8)';

/**
 * Draws the tracks' segments inside the view on a 2D canvas: one path per colour, so a frame is a
 * handful of strokes whatever the number of points. Returns the points drawn.
 */
export function drawTracks(
  ctx: CanvasRenderingContext2D,
  tracks: readonly DrawnTrack[],
  m: Affine,
  width: number,
  height: number,
  style: TrackStyle,
): number {
  const margin = 8;
  const paths = new Map<string, Path2D>();
  const pathFor = (colour: string) => {
    let p = paths.get(colour);
    if (!p) {
      p = new Path2D();
      paths.set(colour, p);
    }
    return p;
  };
  const gaps = new Path2D();
  let drawn = 0;
  const dot = style.mode === 'point';
  const r = 2.5;
  for (const t of tracks) {
    const { segments: s, display: d, geo } = t;
    const classPaths = style.colourBy === 'speed' ? SPEED_CLASSES.map((c) => pathFor(c.color)) : null;
    const own = pathFor(t.color);
    let lastTo = -1;
    let lastPath: Path2D | null = null;
    for (let k = 0; k < s.count; k++) {
      const i = d.at(s.from[k] as number);
      const j = d.at(s.to[k] as number);
      const x0 = m.a * (d.x[i] as number) + m.b * (d.y[i] as number) + m.c;
      const y0 = m.d * (d.x[i] as number) + m.e * (d.y[i] as number) + m.f;
      const x1 = m.a * (d.x[j] as number) + m.b * (d.y[j] as number) + m.c;
      const y1 = m.d * (d.x[j] as number) + m.e * (d.y[j] as number) + m.f;
      if (
        (x0 < -margin && x1 < -margin) ||
        (y0 < -margin && y1 < -margin) ||
        (x0 > width + margin && x1 > width + margin) ||
        (y0 > height + margin && y1 > height + margin)
      )
        continue;
      const p = classPaths ? (classPaths[geo.cls[i] as number] as Path2D) : own;
      if (dot) {
        if (i !== lastTo) {
          p.moveTo(x0 + r, y0);
          p.arc(x0, y0, r, 0, Math.PI * 2);
          drawn++;
        }
        p.moveTo(x1 + r, y1);
        p.arc(x1, y1, r, 0, Math.PI * 2);
      } else {
        // A segment that goes on from the last one, in the same colour, continues its line: one
        // subpath per run instead of per segment, with joins rather than caps at every point.
        if (i !== lastTo || p !== lastPath) {
          if (i !== lastTo) drawn++;
          p.moveTo(x0, y0);
        }
        p.lineTo(x1, y1);
      }
      drawn++;
      lastTo = j;
      lastPath = p;
    }
    for (let k = 0; k < s.gapCount; k++) {
      const i = d.at(s.gapFrom[k] as number);
      const j = d.at(s.gapTo[k] as number);
      gaps.moveTo(
        m.a * (d.x[i] as number) + m.b * (d.y[i] as number) + m.c,
        m.d * (d.x[i] as number) + m.e * (d.y[i] as number) + m.f,
      );
      gaps.lineTo(
        m.a * (d.x[j] as number) + m.b * (d.y[j] as number) + m.c,
        m.d * (d.x[j] as number) + m.e * (d.y[j] as number) + m.f,
      );
    }
  }
  ctx.lineJoin = 'round';
  ctx.lineCap = 'round';
  ctx.setLineDash([6, 6]);
  ctx.lineWidth = 2;
  ctx.strokeStyle = GAP_COLOUR;
  ctx.stroke(gaps);
  ctx.setLineDash([]);
  for (const [colour, p] of paths) {
    if (dot) {
      ctx.fillStyle = colour;
      ctx.fill(p);
    } else {
      ctx.lineWidth = 3.5;
      ctx.strokeStyle = colour;
      ctx.stroke(p);
    }
  }
  return drawn;
}

const FONT = '"Helvetica Neue", Arial, "PingFang SC", "Microsoft YaHei", "WenQuanYi Zen Hei", sans-serif';

/** Numbered stop markers (display screen positions given). */
export function drawStops(ctx: CanvasRenderingContext2D, stops: readonly { x: number; y: number; n: number }[]): void {
  ctx.font = `bold 11px ${FONT}`;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  for (const s of stops) {
    ctx.beginPath();
    ctx.arc(s.x, s.y, 10, 0, Math.PI * 2);
    ctx.fillStyle = '#722ed1';
    ctx.fill();
    ctx.lineWidth = 2;
    ctx.strokeStyle = '#ffffff';
    ctx.stroke();
    ctx.fillStyle = '#ffffff';
    ctx.fillText(String(s.n), s.x, s.y + 0.5);
  }
}

/** Alarm markers: a red triangle with an exclamation mark above the point. */
export function drawAlarms(ctx: CanvasRenderingContext2D, at: readonly { x: number; y: number }[]): void {
  ctx.font = `bold 10px ${FONT}`;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  for (const { x, y } of at) {
    ctx.beginPath();
    ctx.moveTo(x, y - 9);
    ctx.lineTo(x + 8, y + 5);
    ctx.lineTo(x - 8, y + 5);
    ctx.closePath();
    ctx.fillStyle = '#cf1322';
    ctx.fill();
    ctx.lineWidth = 1.5;
    ctx.strokeStyle = '#ffffff';
    ctx.stroke();
    ctx.fillStyle = '#ffffff';
    ctx.fillText('!', x, y + 0.5);
  }
}

const arrows = new Map<string, HTMLCanvasElement>();
export const VEHICLE_SIZE = 30;

/** A vehicle arrow of a colour (north up, turned by course when drawn), drawn once per colour. */
export function vehicleIcon(colour: string): HTMLCanvasElement {
  let c = arrows.get(colour);
  if (c) return c;
  c = document.createElement('canvas');
  const ratio = 2;
  c.width = VEHICLE_SIZE * ratio;
  c.height = VEHICLE_SIZE * ratio;
  const ctx = c.getContext('2d');
  if (ctx) {
    ctx.scale(ratio, ratio);
    const mid = VEHICLE_SIZE / 2;
    ctx.shadowColor = 'rgba(0,0,0,0.45)';
    ctx.shadowBlur = 3;
    ctx.beginPath();
    ctx.moveTo(mid, 2);
    ctx.lineTo(mid + 11, VEHICLE_SIZE - 4);
    ctx.lineTo(mid, VEHICLE_SIZE - 10);
    ctx.lineTo(mid - 11, VEHICLE_SIZE - 4);
    ctx.closePath();
    ctx.fillStyle = colour;
    ctx.fill();
    ctx.shadowBlur = 0;
    ctx.lineJoin = 'round';
    ctx.lineWidth = 2.5;
    ctx.strokeStyle = '#ffffff';
    ctx.stroke();
  }
  arrows.set(colour, c);
  return c;
}
