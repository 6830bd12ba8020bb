/**
 * Links that open a task's address in the phone's own map app. Android resolves `geo:` to whichever map app is
 * installed; Amap and Baidu answer their web URIs by opening the app when present (the web page otherwise);
 * iPhones open maps.apple.com in Apple Maps. Coordinates are used only when the task has them (WGS-84).
 */
export interface MapLink {
  key: 'geo' | 'amap' | 'baidu' | 'apple';
  href: string;
}

export function mapLinks(address: string, point?: { lat: number; lon: number } | null): MapLink[] {
  const q = encodeURIComponent(address.trim());
  if (point) {
    const { lat, lon } = point;
    const name = q || `${lat},${lon}`;
    return [
      { key: 'geo', href: `geo:${lat},${lon}?q=${lat},${lon}(${name})` },
      // coordinate=wgs84: Amap and Baidu convert to their own systems themselves.
      {
        key: 'amap',
        href: `https://uri.amap.com/marker?position=${lon},${lat}&name=${name}&coordinate=wgs84&callnative=1`,
      },
      {
        key: 'baidu',
        href: `https://api.map.baidu.com/marker?location=${lat},${lon}&title=${name}&content=${name}&coord_type=wgs84&output=html&src=lodestar`,
      },
      { key: 'apple', href: `https://maps.apple.com/?ll=${lat},${lon}&q=${name}` },
    ];
  }
  if (!q) return [];
  return [
    { key: 'geo', href: `geo:0,0?q=${q}` },
    { key: 'amap', href: `https://uri.amap.com/search?keyword=${q}&callnative=1` },
    { key: 'baidu', href: `https://api.map.baidu.com/geocoder?address=${q}&output=html&src=lodestar` },
    { key: 'apple', href: `https://maps.apple.com/?q=${q}` },
  ];
}
