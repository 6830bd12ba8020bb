import type { Language } from '@lodestar/domain';
import { iso1A2Code } from '@rapideditor/country-coder';
import gcoord from 'gcoord';
import { provinceAt } from './china.ts';
import { countryName, provinceName } from './names.ts';

export interface Place {
  Country: string;
  Province: string;
  Address: string;
  /** Which provider answered: the console says when it is the offline one. */
  Source: 'offline' | 'amap' | 'nominatim';
}

/** Reverse geocoding: WGS-84 in, a place in the caller's language out. */
export interface Geocoder {
  readonly name: Place['Source'];
  reverse(lat: number, lon: number, lang: Language): Promise<Place>;
}

/**
 * Works with no network: the country from country-coder's borders and, inside China, the
 * province from the boundary data shipped with the app. No street or city level.
 */
export class OfflineGeocoder implements Geocoder {
  readonly name = 'offline' as const;

  async reverse(lat: number, lon: number, lang: Language): Promise<Place> {
    const code = iso1A2Code([lon, lat]);
    const country = code ? countryName(code, lang) : '';
    const inChina = code === 'CN' || code === 'HK' || code === 'MO' || code === 'TW';
    const province = inChina ? provinceAt(lon, lat) : undefined;
    const provinceText = province ? provinceName(province.name, lang) : '';
    const parts = lang === 'zh' ? [country, provinceText] : [provinceText, country];
    return {
      Country: country,
      Province: provinceText,
      Address: parts.filter(Boolean).join(lang === 'zh' ? '' : ', '),
      Source: 'offline',
    };
  }
}

/** Amap's web service (expects GCJ-02, answers in Chinese). */
export class AmapGeocoder implements Geocoder {
  readonly name = 'amap' as const;
  constructor(
    private readonly key: string,
    private readonly url = 'https://restapi.amap.com/v3/geocode/regeo',
  ) {}

  async reverse(lat: number, lon: number): Promise<Place> {
    const [gx, gy] = gcoord.transform([lon, lat], gcoord.WGS84, gcoord.GCJ02) as [number, number];
    const res = await fetch(
      `${this.url}?key=${encodeURIComponent(this.key)}&location=${gx.toFixed(6)},${gy.toFixed(6)}`,
      {
        signal: AbortSignal.timeout(5000),
      },
    );
    const body = (await res.json()) as {
      status?: string;
      regeocode?: { formatted_address?: string; addressComponent?: { country?: string; province?: string } };
    };
    if (body.status !== '1' || !body.regeocode) throw new Error('Amap reverse geocoding failed');
    const c = body.regeocode.addressComponent ?? {};
    return {
      Country: c.country ?? '',
      Province: c.province ?? '',
      Address: body.regeocode.formatted_address ?? '',
      Source: 'amap',
    };
  }
}

/** OpenStreetMap's Nominatim, or a server of your own speaking its API. */
export class NominatimGeocoder implements Geocoder {
  readonly name = 'nominatim' as const;
  constructor(private readonly url = 'https://nominatim.openstreetmap.org/reverse') {}

  async reverse(lat: number, lon: number, lang: Language): Promise<Place> {
    const res = await fetch(`${this.url}?format=jsonv2&lat=${lat}&lon=${lon}&accept-language=${lang}`, {
      headers: { 'user-agent': 'Lodestar GPS platform' },
      signal: AbortSignal.timeout(5000),
    });
    if (!res.ok) throw new Error(`Nominatim answered HTTP ${res.status}`);
    const body = (await res.json()) as { display_name?: string; address?: { country?: string; state?: string } };
    return {
      Country: body.address?.country ?? '',
      Province: body.address?.state ?? '',
      Address: body.display_name ?? '',
      Source: 'nominatim',
    };
  }
}

/**
 * Answers from a cache (positions repeat: parked cars), then the configured provider, and falls
 * back to the offline one when the network provider fails.
 */
export class CachedGeocoder {
  private readonly cache = new Map<string, Place>();
  private readonly offline = new OfflineGeocoder();

  constructor(
    private readonly primary: Geocoder,
    private readonly maxEntries = 50_000,
  ) {}

  async reverse(lat: number, lon: number, lang: Language): Promise<Place> {
    // About 100 m: close enough for a place name, coarse enough to hit the cache.
    const key = `${lang}:${lat.toFixed(3)},${lon.toFixed(3)}`;
    const hit = this.cache.get(key);
    if (hit) return hit;
    let place: Place;
    try {
      place = await this.primary.reverse(lat, lon, lang);
    } catch {
      place = await this.offline.reverse(lat, lon, lang);
    }
    if (this.cache.size >= this.maxEntries) this.cache.delete(this.cache.keys().next().value!);
    this.cache.set(key, place);
    return place;
  }
}
