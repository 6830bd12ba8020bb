import { MAP_BUILTIN_TILES, MAP_PROVIDERS, type MapSettings } from '@lodestar/domain';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Where a tile URL template's tiles come from, as a CSP source: its scheme, host and port; a host
 * label holding a placeholder (`webrd0{s}.is.autonavi.com`) becomes the leftmost wildcard CSP
 * allows (`*.is.autonavi.com`). A path on this server needs no source ('self').
 */
export function tileSource(template: string): string | undefined {
  const m = /^(https?):\/\/([^/?#]+)/i.exec(template);
  if (!m?.[1] || !m[2]) return undefined;
  const scheme = m[1];
  const labels = m[2].split('.');
  const last = labels.findLastIndex((l) => l.includes('{'));
  const host = last < 0 ? m[2] : ['*', ...labels.slice(last + 1)].join('.');
  return `${scheme.toLowerCase()}://${host.toLowerCase()}`;
}

/** The tile hosts the console may load from: each provider's configured templates, else its built-in one. */
export function tileSources(map: MapSettings): string[] {
  const templates = MAP_PROVIDERS.flatMap((id) => (map.tiles[id]?.length ? map.tiles[id] : [MAP_BUILTIN_TILES[id]]));
  return [...new Set(templates.map(tileSource).filter((s): s is string => s !== undefined))].sort();
}

/**
 * The console's policy: scripts only its own files (no inline script, no eval), styles inline too
 * (Ant Design writes its CSS-in-JS into <style> elements, MapLibre positions markers with style
 * attributes), images and fetches from itself and the tile hosts (MapLibre fetches raster tiles, Baidu's are
 * fetched and re-tiled in the page), images from blob: too (/monitor/photo shows the JPEGs it fetched with the
 * token header as object URLs, since an <img> cannot send the header), the live feed's WebSocket on the same host ('self'),
 * MapLibre's worker from the console's own file (map/setup.ts sets its URL, so no blob: worker), and
 * no framing by any page. Checked in chromium on the monitor, SIM pages and /API/docs: no violations.
 */
export function contentSecurityPolicy(map: MapSettings): string {
  const tiles = tileSources(map).join(' ');
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob: ${tiles}`,
    "font-src 'self' data:",
    `connect-src 'self' ${tiles}`,
    "worker-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * Security headers on every reply (the console's pages, its files and the API): the CSP above,
 * X-Frame-Options for browsers without frame-ancestors, no MIME sniffing, and only the origin as
 * referrer to other sites (tile hosts may check it against a key's allowed domains). HSTS belongs
 * to the TLS proxy in front (README, "Behind a reverse proxy"): this server speaks plain HTTP.
 */
export const securityHeadersPlugin = fp(async (app: FastifyInstance, opts: { map: MapSettings }) => {
  const headers = {
    'content-security-policy': contentSecurityPolicy(opts.map),
    'x-frame-options': 'DENY',
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
  };
  app.addHook('onSend', async (_req, reply, payload) => {
    reply.headers(headers);
    return payload;
  });
});
