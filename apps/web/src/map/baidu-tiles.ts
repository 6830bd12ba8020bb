import { type AddProtocolAction, addProtocol } from 'maplibre-gl';
import { BAIDU_TILE_SIZE, type BaiduTilePlan, planTile } from './baidu-grid.ts';
import { SharedLoads } from './shared-loads.ts';

/**
 * Baidu's tiles re-tiled onto Web Mercator in the browser: a MapLibre raster source with the tiles
 * `baidu://{z}/{x}/{y}` is served by `loadBaiduTile`, which fetches the Baidu tiles under the tile
 * from the configured URL templates (Baidu's own numbering) and warps them into it, one strip per
 * row (`baidu-grid.ts`). No server is involved.
 */
export const BAIDU_PROTOCOL = 'baidu';
export const BAIDU_TILES = `${BAIDU_PROTOCOL}://{z}/{x}/{y}`;

const OUTPUT_SIZE = 256;
/** Source tiles kept decoded (256×256 RGBA, 256 KB each): about two screens of a large map. */
const CACHE_TILES = 96;

let templates: readonly string[] = [];

/** Serves `baidu://` tiles from these URL templates ({x} {y} {z} in Baidu's numbering, {s} already expanded). */
export function serveBaiduTiles(urls: readonly string[]): void {
  templates = urls;
  addProtocol(BAIDU_PROTOCOL, loadBaiduTile);
}

/** The URL of Baidu tile x/y at `level`: one template per tile, so each tile keeps one URL (and cache entry). */
export function baiduTileUrl(list: readonly string[], level: number, x: number, y: number): string {
  const template = list[Math.abs(x + y) % list.length] ?? '';
  return template.replace('{z}', String(level)).replace('{x}', String(x)).replace('{y}', String(y));
}

async function fetchBitmap(url: string, signal: AbortSignal): Promise<ImageBitmap> {
  const response = await fetch(url, { signal });
  if (!response.ok) throw new Error(`${response.status} ${url}`);
  return createImageBitmap(await response.blob());
}

const sources = new SharedLoads<ImageBitmap>(fetchBitmap, CACHE_TILES, (bitmap) => bitmap.close());

const loadBaiduTile: AddProtocolAction = async (params, abortController) => {
  const match = /^baidu:\/\/(\d+)\/(\d+)\/(\d+)/.exec(params.url);
  if (!match) throw new Error(`not a Baidu tile: ${params.url}`);
  const plan = planTile(Number(match[1]), Number(match[2]), Number(match[3]), OUTPUT_SIZE);
  // Wholly beyond Baidu's latitudes: an empty tile (MapLibre draws nothing for an empty body).
  if (!plan) return { data: new ArrayBuffer(0) };
  const tiles = tilesOf(plan);
  const { values, release } = await sources.acquire(
    tiles.map((t) => baiduTileUrl(templates, plan.level, t.x, t.y)),
    abortController.signal,
  );
  try {
    // Every source failed: fail like any unreachable tile (the map says the tiles cannot be reached).
    if (values.every((v) => v === null)) throw new Error(`Baidu tiles unreachable for ${params.url}`);
    const mosaic = new OffscreenCanvas(
      (plan.maxX - plan.minX + 1) * BAIDU_TILE_SIZE,
      (plan.maxY - plan.minY + 1) * BAIDU_TILE_SIZE,
    );
    const mosaicContext = mosaic.getContext('2d');
    const out = new OffscreenCanvas(OUTPUT_SIZE, OUTPUT_SIZE);
    const context = out.getContext('2d');
    if (!mosaicContext || !context) throw new Error('no 2D canvas');
    for (const [i, bitmap] of values.entries()) {
      const tile = tiles[i];
      if (!bitmap || !tile) continue;
      // Scaled to 256 so that high-DPI templates (512-pixel tiles) line up too.
      mosaicContext.drawImage(bitmap, tile.left, tile.top, BAIDU_TILE_SIZE, BAIDU_TILE_SIZE);
    }
    for (const s of plan.strips) context.drawImage(mosaic, s.sx, s.sy, s.sw, 1, 0, s.row, OUTPUT_SIZE, 1);
    return { data: out.transferToImageBitmap() };
  } finally {
    release();
  }
};

/** The plan's Baidu tiles and where each goes in the mosaic (north at the top). */
function tilesOf(plan: BaiduTilePlan): { x: number; y: number; left: number; top: number }[] {
  const out: { x: number; y: number; left: number; top: number }[] = [];
  for (let y = plan.maxY; y >= plan.minY; y--)
    for (let x = plan.minX; x <= plan.maxX; x++)
      out.push({ x, y, left: (x - plan.minX) * BAIDU_TILE_SIZE, top: (plan.maxY - y) * BAIDU_TILE_SIZE });
  return out;
}
