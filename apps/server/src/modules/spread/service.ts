import type { Distribution, DistributionInput, MapInput, SpreadMap } from '@lodestar/contract/spread';
import type { Language, SpreadLevel } from '@lodestar/domain';
import { badRequest } from '../../lib/errors.ts';
import type { HoldScope } from '../../lib/hold-scope.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { cityName, provinceCodeOf, provinceName, provinceOfCode } from '../geocode/names.ts';
import type { RegionLocator } from './locator.ts';
import { provinceOfCity, spreadMap } from './maps.ts';
import { type AreaFilter, COUNTRY_CELL, type SpreadRepository } from './repository.ts';

/** Heat cells: about 50 km for the country, 10 km in a province, 2 km in a city. */
const CELL: Record<SpreadLevel, number> = { country: COUNTRY_CELL, province: 0.1, city: 0.02 };
/** A request locates at most this many moved devices itself (≈ 0.1 s); the background pass does the rest. */
const LOCATE_ON_REQUEST = 5000;

/** The business distribution map (function 41): aggregates over device_regions, outlines to draw them on. */
export class SpreadService {
  constructor(
    private readonly repo: SpreadRepository,
    private readonly locator: RegionLocator,
    private readonly holds: HoldScope,
  ) {}

  async distribution(auth: AuthContext, q: DistributionInput, lang: Language): Promise<Distribution> {
    const holdPath = await this.holds.pathOf(auth, q.HoldID);
    const area = this.area(q.Level, q.Code);
    await this.locator.run(LOCATE_ON_REQUEST);
    const f: AreaFilter = { holdPath, kind: q.Kind, province: area.province, city: area.city };
    const by = q.Level === 'country' ? 'province' : 'city';
    const [{ counts, heat }, total] = await Promise.all([
      q.Level === 'country' && q.Kind === 'devices' ? this.countryDevices(holdPath) : this.live(f, q.Level, by),
      q.Level === 'country' ? this.repo.total(holdPath, q.Kind) : Promise.resolve(0),
    ]);
    const located = counts.reduce((s, r) => s + r.n, 0);
    const nameOf = (code: string) =>
      by === 'province' ? provinceName(provinceOfCode(code) ?? code, lang) : cityName(code, lang);
    return {
      Level: q.Level,
      Code: q.Code ?? '',
      Name: area.zh ? (q.Level === 'province' ? provinceName(area.zh, lang) : cityName(q.Code!, lang)) : '',
      Rows: counts.map((r) => ({ Code: r.code, Name: nameOf(r.code) || r.code, Count: r.n })),
      Total: located,
      Unlocated: q.Level === 'country' ? Math.max(0, total - located) : 0,
      Heat: heat,
    };
  }

  /** Counts and heat off device_regions itself: a province's or city's devices, or vehicles and customers. */
  private async live(f: AreaFilter, level: SpreadLevel, by: 'province' | 'city') {
    const [counts, heat] = await Promise.all([
      this.repo.counts(f, by),
      f.kind === 'customers' ? Promise.resolve([]) : this.repo.heat(f, CELL[level]),
    ]);
    return { counts, heat };
  }

  /**
   * The country's devices off the spread_cells rollup: a few thousand rows per province and 0.5° cell instead of
   * every located device (100,000 took 0.6 s at p50 on the shared 2-core machine, bench/RESULTS.md).
   */
  private async countryDevices(holdPath: string) {
    const cells = await this.repo.countryCells(holdPath);
    const byProvince = new Map<string, number>();
    const byCell = new Map<string, [number, number, number]>();
    for (const c of cells) {
      byProvince.set(c.province, (byProvince.get(c.province) ?? 0) + c.n);
      const key = `${c.x},${c.y}`;
      const hit = byCell.get(key);
      if (hit) hit[2] += c.n;
      else byCell.set(key, [Number((c.x * COUNTRY_CELL).toFixed(4)), Number((c.y * COUNTRY_CELL).toFixed(4)), c.n]);
    }
    const counts = [...byProvince]
      .map(([code, n]) => ({ code, n }))
      .sort((a, b) => b.n - a.n || (a.code < b.code ? -1 : a.code > b.code ? 1 : 0));
    return { counts, heat: [...byCell.values()] };
  }

  map(q: MapInput, lang: Language): SpreadMap {
    this.area(q.Level, q.Code);
    const map = spreadMap(q.Level, q.Code ?? '', lang);
    if (!map) throw badRequest('invalidField', 'Code');
    return map;
  }

  /** The province code and city a level's Code names; an unknown one is a 400 naming Code. */
  private area(level: SpreadLevel, code: string | undefined): { province?: string; city?: string; zh?: string } {
    if (level === 'country') return {};
    if (!code) throw badRequest('invalidField', 'Code is required');
    if (level === 'province') {
      const zh = /^\d{2}$/.test(code) ? provinceOfCode(code) : undefined;
      if (!zh) throw badRequest('invalidField', 'Code');
      return { province: code, zh };
    }
    const zh = provinceOfCity(code);
    if (!zh) throw badRequest('invalidField', 'Code');
    return { province: provinceCodeOf(zh) ?? '', city: code, zh };
  }
}
