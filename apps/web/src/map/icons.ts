import { MAP_STATUSES, statusStyle } from './device-status.ts';

export const ICON_SIZE = 28;
const RATIO = 2;

/** Draws a status icon: a pointing arrow (north up, rotated by the layer) or a dot, white-edged. */
export function drawStatusIcon(status: string): ImageData | null {
  const { color, shape } = statusStyle(status);
  const px = ICON_SIZE * RATIO;
  const canvas = document.createElement('canvas');
  canvas.width = px;
  canvas.height = px;
  const ctx = canvas.getContext('2d');
  if (!ctx) return null;
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
  return ctx.getImageData(0, 0, px, px);
}

interface ImageTarget {
  hasImage(id: string): boolean;
  addImage(id: string, image: ImageData, options: { pixelRatio: number }): unknown;
}

/** Adds the icon of every map status to a map (once). */
export function addStatusIcons(map: ImageTarget): void {
  for (const status of MAP_STATUSES) {
    const { icon } = statusStyle(status);
    if (map.hasImage(icon)) continue;
    const image = drawStatusIcon(status);
    if (image) map.addImage(icon, image, { pixelRatio: RATIO });
  }
}
