import type { Language } from '@lodestar/domain';
import { iso1A2Code } from '@rapideditor/country-coder';
import gcoord from 'gcoord';
import { provinceAt } from './china.ts';
import { cityAt } from './cities.ts';
import { cityName, countryName, isCityProvince, provinceFullName, provinceName } from './names.ts';

export interface Place {
  Country: string;
  Province: string;
  /**
   * Prefecture-level city (广州市 / Guangzhou). A municipality or a special administrative region
   * is its own city (北京市 / Beijing); empty where unknown.
   */
  City: string;
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
 * province and the prefecture-level city from the boundary data shipped with the app. No
 * district or street level.
 */
export class OfflineGeocoder implements Geocoder {
  readonly name = 'offline' as const;

  async reverse(lat: number, lon: number, lang: Language): Promise<Place> {
    const code = iso1A2Code([lon, lat]);
    const country = code ? countryName(code, lang) : '';
    // country-coder names Hong Kong and Macao CN at this level.
    const inChina = code === 'CN' || code === 'TW';
    const province = inChina ? chinaProvinceAt(lon, lat) : undefined;
    const provinceText = province ? provinceName(province, lang) : '';
    let city = '';
    if (province && isCityProvince(province)) city = lang === 'zh' ? provinceFullName(province) : provinceText;
    else if (province) city = cityName(cityAt(lon, lat, province) ?? '', lang);
    // Taiwan is a country to country-coder: its name is not written twice.
    const provincePart = provinceText === country ? '' : provinceText;
    let address: string;
    if (lang === 'zh') {
      const full = provincePart && province ? provinceFullName(province) : '';
      address = [country, full, city === full ? '' : city].join('');
    } else {
      address = [city === provincePart ? '' : city, provincePart, country].filter(Boolean).join(', ');
    }
    return { Country: country, Province: provinceText, City: city, Address: address, Source: 'offline' };
  }
}

const SAR: Record<string, string> = { HK: '香港', MO: '澳门' };

/**
 * The province's short Chinese name. Hong Kong and Macao are small beside the resolution of the
 * province outlines, so country-coder's finer borders decide for them (both border Guangdong only).
 */
function chinaProvinceAt(lon: number, lat: number): string | undefined {
  const sar = SAR[iso1A2Code([lon, lat], { level: 'territory' }) ?? ''];
  if (sar) return sar;
  const name = provinceAt(lon, lat)?.name;
  return name === '香港' || name === '澳门' ? '广东' : name;
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
      regeocode?: {
        // Amap answers an empty array, not a string, for a field it has no value for.
        formatted_address?: string | [];
        addressComponent?: { country?: string | []; province?: string | []; city?: string | [] };
      };
    };
    if (body.status !== '1' || !body.regeocode) throw new Error('Amap reverse geocoding failed');
    const c = body.regeocode.addressComponent ?? {};
    const text = (v: string | [] | undefined) => (typeof v === 'string' ? v : '');
    const province = text(c.province);
    return {
      Country: text(c.country),
      Province: province,
      // A municipality's city comes back empty: the municipality is the city, as offline.
      City: text(c.city) || (/市$/.test(province) ? province : ''),
      Address: text(body.regeocode.formatted_address),
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
    const body = (await res.json()) as {
      display_name?: string;
      address?: { country?: string; state?: string; city?: string; town?: string };
    };
    return {
      Country: body.address?.country ?? '',
      Province: body.address?.state ?? '',
      City: body.address?.city ?? body.address?.town ?? '',
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
