import { statusStyle } from './device-status.ts';

export const ICON_SIZE = 28;
/** Icons are drawn at twice their size so they stay sharp on high-density screens. */
const RATIO = 2;

const cache = new Map<string, HTMLCanvasElement>();

/** A status icon: a pointing arrow (north up, rotated when drawn) or a dot, white-edged; drawn once per status. */
export function statusIcon(status: string): HTMLCanvasElement {
  const { color, shape, icon } = statusStyle(status);
  const cached = cache.get(icon);
  if (cached) return cached;
  const canvas = document.createElement('canvas');
  canvas.width = ICON_SIZE * RATIO;
  canvas.height = ICON_SIZE * RATIO;
  const ctx = canvas.getContext('2d');
  if (ctx) {
    ctx.scale(RATIO, RATIO);
    const c = ICON_SIZE / 2;
    ctx.lineJoin = 'round';
    ctx.lineWidth = 2;
    ctx.strokeStyle = '#ffffff';
    ctx.fillStyle = color;
    ctx.shadowColor = 'rgba(0,0,0,0.35)';
    ctx.shadowBlur = 2;
    ctx.beginPath();
    if (shape === 'arrow') {
      ctx.moveTo(c, 2);
      ctx.lineTo(c + 10, ICON_SIZE - 4);
      ctx.lineTo(c, ICON_SIZE - 9);
      ctx.lineTo(c - 10, ICON_SIZE - 4);
      ctx.closePath();
    } else ctx.arc(c, c, 8, 0, Math.PI * 2);
    ctx.fill();
    ctx.shadowBlur = 0;
    ctx.stroke();
  }
  cache.set(icon, canvas);
  return canvas;
}
