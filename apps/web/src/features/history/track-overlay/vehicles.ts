import { type Crs, type LngLat, toDisplay } from '../../../map/coords.ts';
import { speedColour } from '../speed-colours.ts';
import { positionAt, type TrackArrays } from '../track-arrays.ts';
import type { Affine } from './draw.ts';
import { mercX, mercY } from './geometry.ts';

export interface VehicleAt {
  deviceId: string;
  index: number;
  x: number;
  y: number;
  course: number;
  colour: string;
  /** Display coordinates (for re-centring on it). */
  display: LngLat;
}

/** Each track's vehicle at time t, on screen; tracks without points have none. */
export function vehiclesAt(
  tracks: readonly { track: TrackArrays; color: string }[],
  t: number,
  crs: Crs,
  m: Affine,
  colourBy: 'speed' | 'device' = 'device',
): VehicleAt[] {
  const out: VehicleAt[] = [];
  for (const { track, color } of tracks) {
    const p = positionAt(track, t);
    if (!p) continue;
    const display = toDisplay([p.lng, p.lat], crs);
    const wx = mercX(display[0]);
    const wy = mercY(display[1]);
    out.push({
      deviceId: track.deviceId,
      index: p.index,
      x: m.a * wx + m.b * wy + m.c,
      y: m.d * wx + m.e * wy + m.f,
      course: p.course,
      colour: colourBy === 'speed' ? speedColour(p.speed) : color,
      display,
    });
  }
  return out;
}
