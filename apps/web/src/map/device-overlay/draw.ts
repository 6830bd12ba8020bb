import { ICON_SIZE, statusIcon } from '../icons.ts';
import { abbreviateCount, type Cluster } from './cluster.ts';
import { LabelSpace } from './labels.ts';

export interface OverlayDevice {
  id: string;
  /** The label drawn below the device (the view settings choose its parts); empty: none. */
  name: string;
  status: string;
  course: number;
  selected: boolean;
  followed: boolean;
  /** Display coordinates (the tiles' system). */
  at: readonly [number, number];
}

/** What was drawn where, for clicks and the pointer. */
export type Hit =
  | { kind: 'device'; id: string; x: number; y: number; r: number }
  | { kind: 'cluster'; cluster: Cluster<OverlayDevice>; x: number; y: number; r: number };

export interface Frame {
  width: number;
  height: number;
  pixelRatio: number;
  /** The map's bearing in degrees: arrows turn with the map, as icon-rotation-alignment "map". */
  bearing: number;
  project: (at: readonly [number, number]) => { x: number; y: number };
}

export interface Drawn {
  hits: Hit[];
  /** Devices drawn inside the view: single icons plus the members of drawn clusters. */
  devices: number;
  /** Where the selected device is, when it was drawn. */
  selectedX: number | null;
  /** The selected device's label as drawn (null when it has none or it was left out). */
  selectedLabel: string | null;
}

const FONT = '"Helvetica Neue", Arial, "PingFang SC", "Microsoft YaHei", "WenQuanYi Zen Hei", sans-serif';
const CLUSTER_STEPS = [
  { from: 100, color: '#1e3a8a', radius: 24 },
  { from: 10, color: '#2563eb', radius: 18 },
  { from: 0, color: '#4c8df6', radius: 14 },
] as const;
const HALO = {
  selected: { fill: 'rgba(22,119,255,0.18)', stroke: '#1677ff' },
  followed: { fill: 'rgba(250,173,20,0.18)', stroke: '#faad14' },
};
/** Label widths by name: measureText allocates a browser object per call, 500 per frame adds up to major GCs. */
const labelWidths = new Map<string, number>();
const LABEL_WIDTHS_MAX = 20_000;

function labelWidth(ctx: CanvasRenderingContext2D, name: string): number {
  let w = labelWidths.get(name);
  if (w === undefined) {
    if (labelWidths.size >= LABEL_WIDTHS_MAX) labelWidths.clear();
    w = ctx.measureText(name).width;
    labelWidths.set(name, w);
  }
  return w;
}

/** Drawn a little outside the view too, so an icon half out of the view is still drawn. */
const MARGIN = ICON_SIZE;

/**
 * Draws the devices on the overlay's 2D canvas: clusters with their counts, halos of the selected
 * and followed devices, status arrows turned by course, and names below them where they do not
 * overlap another name. Drawing here never repaints the WebGL map, which without a GPU costs a
 * 150 ms frame; 500 devices draw in a few milliseconds.
 */
export function drawDevices(ctx: CanvasRenderingContext2D, items: readonly Cluster<OverlayDevice>[], f: Frame): Drawn {
  ctx.setTransform(f.pixelRatio, 0, 0, f.pixelRatio, 0, 0);
  ctx.clearRect(0, 0, f.width, f.height);
  const inView = (x: number, y: number) => x > -MARGIN && y > -MARGIN && x < f.width + MARGIN && y < f.height + MARGIN;
  const clusters: { c: Cluster<OverlayDevice>; x: number; y: number }[] = [];
  const singles: { d: OverlayDevice; x: number; y: number }[] = [];
  for (const c of items) {
    const { x, y } = f.project(c.at);
    if (!inView(x, y)) continue;
    if (c.members.length > 1) clusters.push({ c, x, y });
    else singles.push({ d: c.members[0] as OverlayDevice, x, y });
  }
  const hits: Hit[] = [];
  let devices = 0;
  let selectedX: number | null = null;

  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.font = `12px ${FONT}`;
  for (const { c, x, y } of clusters) {
    const n = c.members.length;
    const step = CLUSTER_STEPS.find((s) => n >= s.from) ?? CLUSTER_STEPS[2];
    ctx.beginPath();
    ctx.arc(x, y, step.radius, 0, Math.PI * 2);
    ctx.fillStyle = step.color;
    ctx.fill();
    ctx.lineWidth = 3;
    ctx.strokeStyle = 'rgba(255,255,255,0.8)';
    ctx.stroke();
    ctx.fillStyle = '#ffffff';
    ctx.fillText(abbreviateCount(n), x, y);
    hits.push({ kind: 'cluster', cluster: c, x, y, r: step.radius + 2 });
    devices += n;
  }

  for (const { d, x, y } of singles) {
    const halo = d.selected ? HALO.selected : d.followed ? HALO.followed : null;
    if (!halo) continue;
    ctx.beginPath();
    ctx.arc(x, y, 17, 0, Math.PI * 2);
    ctx.fillStyle = halo.fill;
    ctx.fill();
    ctx.lineWidth = 2;
    ctx.strokeStyle = halo.stroke;
    ctx.stroke();
  }

  const half = ICON_SIZE / 2;
  for (const { d, x, y } of singles) {
    const turn = ((d.course - f.bearing) * Math.PI) / 180;
    const cos = Math.cos(turn) * f.pixelRatio;
    const sin = Math.sin(turn) * f.pixelRatio;
    ctx.setTransform(cos, sin, -sin, cos, x * f.pixelRatio, y * f.pixelRatio);
    ctx.drawImage(statusIcon(d.status), -half, -half, ICON_SIZE, ICON_SIZE);
    hits.push({ kind: 'device', id: d.id, x, y, r: half });
    devices++;
    if (d.selected) selectedX = Math.round(x);
  }
  ctx.setTransform(f.pixelRatio, 0, 0, f.pixelRatio, 0, 0);

  // Names: the selected and followed first, so theirs are never the ones left out.
  const space = new LabelSpace();
  let selectedLabel: string | null = null;
  const ordered = singles.filter((s) => s.d.selected || s.d.followed);
  for (const s of singles) if (!s.d.selected && !s.d.followed) ordered.push(s);
  ctx.font = `11px ${FONT}`;
  ctx.textBaseline = 'top';
  ctx.lineJoin = 'round';
  ctx.lineWidth = 3;
  ctx.strokeStyle = '#ffffff';
  ctx.fillStyle = '#1f2937';
  for (const { d, x, y } of ordered) {
    if (!d.name) continue;
    const top = y + half + 2;
    const w = labelWidth(ctx, d.name);
    if (!space.place({ x0: x - w / 2, y0: top, x1: x + w / 2, y1: top + 13 })) continue;
    ctx.strokeText(d.name, x, top);
    ctx.fillText(d.name, x, top);
    if (d.selected) selectedLabel = d.name;
  }
  return { hits, devices, selectedX, selectedLabel };
}

/** The topmost thing drawn under a point (icons above clusters, as drawn). */
export function hitAt(hits: readonly Hit[], x: number, y: number): Hit | null {
  for (let i = hits.length - 1; i >= 0; i--) {
    const h = hits[i] as Hit;
    if ((h.x - x) ** 2 + (h.y - y) ** 2 <= h.r * h.r) return h;
  }
  return null;
}
