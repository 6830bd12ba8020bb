import type { PoiIcon, PoiKind } from '@lodestar/domain';

/** The marker's size in CSS pixels; drawn at twice that for high-density screens. */
export const POI_ICON_SIZE = 26;
const RATIO = 2;

/** A risk point is red whatever its icon (spec section 3: risk points stand out); favourites gold; others blue. */
export const POI_KIND_COLOURS: Record<PoiKind, string> = { poi: '#1677ff', favourite: '#d48806', risk: '#cf1322' };

/** The MapLibre image name of an icon in a kind's colour. */
export const poiImageName = (icon: PoiIcon, kind: PoiKind) => `poi-${kind}-${icon}`;

type Ctx = CanvasRenderingContext2D;

/** Each icon's white glyph inside a 16-pixel box centred on (0, 0): a few strokes, no font or image file. */
const GLYPHS: Record<PoiIcon, (ctx: Ctx) => void> = {
  pin: (ctx) => {
    ctx.beginPath();
    ctx.arc(0, 0, 3.5, 0, Math.PI * 2);
    ctx.fill();
  },
  star: (ctx) => {
    ctx.beginPath();
    for (let i = 0; i < 10; i++) {
      const r = i % 2 ? 2.6 : 6;
      const a = -Math.PI / 2 + (i * Math.PI) / 5;
      ctx.lineTo(Math.cos(a) * r, Math.sin(a) * r);
    }
    ctx.closePath();
    ctx.fill();
  },
  home: (ctx) => {
    ctx.beginPath();
    ctx.moveTo(0, -6);
    ctx.lineTo(6, 0);
    ctx.lineTo(4, 0);
    ctx.lineTo(4, 5);
    ctx.lineTo(-4, 5);
    ctx.lineTo(-4, 0);
    ctx.lineTo(-6, 0);
    ctx.closePath();
    ctx.fill();
  },
  office: (ctx) => {
    ctx.fillRect(-4.5, -6, 9, 11);
    ctx.clearRect(-2.5, -4, 2, 2);
    ctx.clearRect(0.5, -4, 2, 2);
    ctx.clearRect(-2.5, -0.5, 2, 2);
    ctx.clearRect(0.5, -0.5, 2, 2);
  },
  shop: (ctx) => {
    ctx.fillRect(-5, -2, 10, 7);
    ctx.beginPath();
    ctx.arc(0, -2, 3, Math.PI, 0);
    ctx.stroke();
  },
  fuel: (ctx) => {
    ctx.fillRect(-5, -5, 6, 10);
    ctx.clearRect(-4, -4, 4, 3);
    ctx.beginPath();
    ctx.moveTo(1, -3);
    ctx.lineTo(4, -1);
    ctx.lineTo(4, 4);
    ctx.stroke();
  },
  parking: (ctx) => letter(ctx, 'P'),
  repair: (ctx) => {
    ctx.save();
    ctx.rotate(Math.PI / 4);
    ctx.fillRect(-1.2, -2, 2.4, 8);
    ctx.beginPath();
    ctx.arc(0, -3.5, 3, 0, Math.PI * 2);
    ctx.fill();
    ctx.restore();
  },
  warning: (ctx) => {
    ctx.beginPath();
    ctx.moveTo(0, -6);
    ctx.lineTo(6, 5);
    ctx.lineTo(-6, 5);
    ctx.closePath();
    ctx.fill();
    ctx.clearRect(-0.8, -2, 1.6, 4);
    ctx.clearRect(-0.8, 3, 1.6, 1.2);
  },
  flag: (ctx) => {
    ctx.fillRect(-4, -6, 1.6, 12);
    ctx.beginPath();
    ctx.moveTo(-2.4, -6);
    ctx.lineTo(5, -3.5);
    ctx.lineTo(-2.4, -1);
    ctx.closePath();
    ctx.fill();
  },
};

function letter(ctx: Ctx, text: string) {
  ctx.font = 'bold 11px sans-serif';
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText(text, 0, 0.5);
}

/**
 * A point's marker: a round badge in the kind's colour, white-edged, with the icon's glyph. Answers the
 * pixels MapLibre's addImage takes (with pixelRatio 2). Null where a canvas cannot be had.
 */
export function drawPoiIcon(icon: PoiIcon, kind: PoiKind): ImageData | null {
  const size = POI_ICON_SIZE * RATIO;
  const canvas = document.createElement('canvas');
  canvas.width = size;
  canvas.height = size;
  const ctx = canvas.getContext('2d');
  if (!ctx) return null;
  ctx.scale(RATIO, RATIO);
  const c = POI_ICON_SIZE / 2;
  ctx.shadowColor = 'rgba(0,0,0,0.35)';
  ctx.shadowBlur = 2;
  ctx.fillStyle = POI_KIND_COLOURS[kind];
  ctx.beginPath();
  ctx.arc(c, c, c - 3, 0, Math.PI * 2);
  ctx.fill();
  ctx.shadowBlur = 0;
  ctx.lineWidth = 1.5;
  ctx.strokeStyle = '#ffffff';
  ctx.stroke();
  // clearRect in a glyph cuts through to the badge's colour, not to transparency: the glyph draws on its own layer.
  const glyph = document.createElement('canvas');
  glyph.width = size;
  glyph.height = size;
  const g = glyph.getContext('2d');
  if (g) {
    g.scale(RATIO, RATIO);
    g.translate(c, c);
    g.fillStyle = '#ffffff';
    g.strokeStyle = '#ffffff';
    g.lineWidth = 1.6;
    GLYPHS[icon](g);
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.drawImage(glyph, 0, 0);
  }
  return ctx.getImageData(0, 0, size, size);
}
