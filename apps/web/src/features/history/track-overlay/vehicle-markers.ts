import type { Map as MapLibreMap } from 'maplibre-gl';
import { VEHICLE_SIZE, vehicleIcon } from './draw.ts';

export interface Marker {
  x: number;
  y: number;
  course: number;
  colour: string;
}

/**
 * The vehicles as small elements over the map, moved and turned by a CSS transform each frame: the
 * browser only composites them again, with no canvas to clear, paint and upload (a full-size overlay
 * canvas redrawn every frame took most of a playback frame without a GPU).
 */
export function vehicleMarkers(map: MapLibreMap) {
  const host = map.getCanvasContainer();
  const els: { el: HTMLCanvasElement; colour: string; transform: string }[] = [];
  const make = (colour: string) => {
    const el = document.createElement('canvas');
    el.className = 'history-vehicle';
    el.width = VEHICLE_SIZE * 2;
    el.height = VEHICLE_SIZE * 2;
    el.style.width = `${VEHICLE_SIZE}px`;
    el.style.height = `${VEHICLE_SIZE}px`;
    el.getContext('2d')?.drawImage(vehicleIcon(colour), 0, 0);
    host.appendChild(el);
    return { el, colour, transform: '' };
  };
  return {
    update(markers: readonly Marker[], bearing: number) {
      const half = VEHICLE_SIZE / 2;
      markers.forEach((m, i) => {
        let e = els[i];
        if (!e || e.colour !== m.colour) {
          e?.el.remove();
          e = make(m.colour);
          els[i] = e;
        }
        const transform = `translate(${(m.x - half).toFixed(1)}px,${(m.y - half).toFixed(1)}px) rotate(${Math.round(m.course - bearing)}deg)`;
        if (transform !== e.transform) {
          e.el.style.transform = transform;
          e.transform = transform;
        }
      });
      for (const e of els.splice(markers.length)) e.el.remove();
    },
    remove() {
      for (const e of els.splice(0)) e.el.remove();
    },
  };
}
