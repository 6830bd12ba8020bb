/** What the snapshot draws of a track: WGS-84 columns, as TrackArrays holds them. */
export interface SnapshotTrack {
  n: number;
  lat: ArrayLike<number>;
  lng: ArrayLike<number>;
  color: string;
}

export interface SnapshotStop {
  lat: number;
  lng: number;
  n: number;
}

const PAD = 28;

/**
 * The period's track drawn on a plain 2D canvas for the evidence page: the WebGL map's canvas cannot be read
 * back without preserveDrawingBuffer (which costs every frame of the live map), and a print wants a still
 * image anyway. Equirectangular with the longitude scaled by cos(latitude), which keeps a city-sized track's
 * shape; start (green) and end (red) marked, stops numbered as on the map, a scale bar in the corner.
 */
export function drawTrackSnapshot(
  canvas: HTMLCanvasElement,
  tracks: readonly SnapshotTrack[],
  stops: readonly SnapshotStop[],
): void {
  const ctx = canvas.getContext('2d');
  if (!ctx) return;
  const { width, height } = canvas;
  ctx.fillStyle = '#f4f6f8';
  ctx.fillRect(0, 0, width, height);
  let minLat = Infinity;
  let maxLat = -Infinity;
  let minLng = Infinity;
  let maxLng = -Infinity;
  for (const t of tracks)
    for (let i = 0; i < t.n; i++) {
      const la = t.lat[i]!;
      const lo = t.lng[i]!;
      if (la < minLat) minLat = la;
      if (la > maxLat) maxLat = la;
      if (lo < minLng) minLng = lo;
      if (lo > maxLng) maxLng = lo;
    }
  if (!Number.isFinite(minLat)) return;
  const kx = Math.cos((((minLat + maxLat) / 2) * Math.PI) / 180);
  // A parked device's track is a point: give the frame a few hundred metres.
  const spanX = Math.max((maxLng - minLng) * kx, 0.004);
  const spanY = Math.max(maxLat - minLat, 0.004);
  const scale = Math.min((width - 2 * PAD) / spanX, (height - 2 * PAD) / spanY);
  const cx = (minLng + maxLng) / 2;
  const cy = (minLat + maxLat) / 2;
  const x = (lng: number) => width / 2 + (lng - cx) * kx * scale;
  const y = (lat: number) => height / 2 - (lat - cy) * scale;

  ctx.lineJoin = 'round';
  ctx.lineCap = 'round';
  for (const t of tracks) {
    if (!t.n) continue;
    ctx.strokeStyle = t.color;
    ctx.lineWidth = 3;
    ctx.beginPath();
    ctx.moveTo(x(t.lng[0]!), y(t.lat[0]!));
    for (let i = 1; i < t.n; i++) ctx.lineTo(x(t.lng[i]!), y(t.lat[i]!));
    ctx.stroke();
    dot(ctx, x(t.lng[0]!), y(t.lat[0]!), '#52c41a');
    dot(ctx, x(t.lng[t.n - 1]!), y(t.lat[t.n - 1]!), '#f5222d');
  }
  ctx.font = 'bold 11px sans-serif';
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  for (const s of stops) {
    ctx.fillStyle = '#fa8c16';
    ctx.beginPath();
    ctx.arc(x(s.lng), y(s.lat), 9, 0, 2 * Math.PI);
    ctx.fill();
    ctx.fillStyle = '#fff';
    ctx.fillText(String(s.n), x(s.lng), y(s.lat) + 0.5);
  }
  scaleBar(ctx, scale, height);
}

function dot(ctx: CanvasRenderingContext2D, px: number, py: number, color: string) {
  ctx.fillStyle = color;
  ctx.strokeStyle = '#fff';
  ctx.lineWidth = 2;
  ctx.beginPath();
  ctx.arc(px, py, 6, 0, 2 * Math.PI);
  ctx.fill();
  ctx.stroke();
}

/** A round length (1, 2 or 5 × 10^k metres) about a fifth of the width. */
function scaleBar(ctx: CanvasRenderingContext2D, pxPerDegree: number, height: number) {
  const pxPerMetre = pxPerDegree / 111_320;
  const target = 120 / pxPerMetre;
  const pow = 10 ** Math.floor(Math.log10(target));
  const metres = [5, 2, 1].map((m) => m * pow).find((m) => m <= target) ?? pow;
  const len = metres * pxPerMetre;
  ctx.strokeStyle = '#333';
  ctx.lineWidth = 2;
  ctx.beginPath();
  ctx.moveTo(12, height - 12);
  ctx.lineTo(12 + len, height - 12);
  ctx.stroke();
  ctx.fillStyle = '#333';
  ctx.textAlign = 'left';
  ctx.textBaseline = 'bottom';
  ctx.font = '11px sans-serif';
  ctx.fillText(metres >= 1000 ? `${metres / 1000} km` : `${metres} m`, 12, height - 16);
}
