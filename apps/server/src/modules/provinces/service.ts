import type {
  CityCount,
  LineListInput,
  LineRow,
  ProvinceCountsInput,
  ProvinceList,
  ProvinceListInput,
  SetDefaultProvinceInput,
  SetHoldProvincesInput,
  SetLineProvinceInput,
} from '@lodestar/contract/provinces';
import { type Language, PROVINCE_CODES, type ProvinceCode } from '@lodestar/domain';
import { outsideHold } from '../../lib/errors.ts';
import type { HoldScope } from '../../lib/hold-scope.ts';
import type { OperationLogRepository } from '../../lib/operation-log-repository.ts';
import { assertInSubtree } from '../../lib/tenancy.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { cityName, provinceName, provinceOfCode } from '../geocode/names.ts';
import { zoneLog } from '../zones/log.ts';
import type { ProvinceRepository } from './repository.ts';

const nameOf = (code: string, lang: Language) => (code ? provinceName(provinceOfCode(code) ?? code, lang) : '');

/**
 * Province management (function 40): a unit's provinces and default province (a unit of the caller's subtree),
 * the subtree's devices and vehicles per province and city, and roads tagged as a province's lines.
 */
export class ProvinceService {
  /** Located devices are counted from device_regions; this brings it up to date first (the spread locator). */
  constructor(
    private readonly repo: ProvinceRepository,
    private readonly holds: HoldScope,
    private readonly logs: OperationLogRepository,
    private readonly locate: () => Promise<unknown>,
  ) {}

  async list(auth: AuthContext, q: ProvinceListInput, lang: Language): Promise<ProvinceList> {
    const hold = await this.holds.inReach(auth, q.HoldID ?? auth.holdId);
    await this.locate();
    const [own, figures, lines] = await Promise.all([
      this.repo.holdProvinces(hold.id),
      this.repo.figures(hold.path),
      this.repo.lineCounts(hold.path),
    ]);
    return {
      HoldID: hold.id,
      HoldName: hold.name,
      rows: PROVINCE_CODES.map((code) => {
        const mine = own.find((p) => p.province === code);
        const f = figures.find((x) => x.province === code);
        return {
          Code: code,
          Name: nameOf(code, lang),
          Selected: mine !== undefined,
          Default: mine?.isDefault ?? false,
          Devices: f?.devices ?? 0,
          Vehicles: f?.vehicles ?? 0,
          Lines: lines.get(code) ?? 0,
        };
      }),
    };
  }

  async setProvinces(auth: AuthContext, input: SetHoldProvincesInput): Promise<void> {
    const hold = await this.holds.inReach(auth, input.HoldID);
    await this.repo.setProvinces(hold.id, input.Provinces);
    await zoneLog(this.logs, auth, 'setHoldProvinces', `${hold.name} #${hold.id}: ${input.Provinces.join(', ')}`);
  }

  async setDefault(auth: AuthContext, input: SetDefaultProvinceInput): Promise<void> {
    const hold = await this.holds.inReach(auth, input.HoldID);
    await this.repo.setDefault(hold.id, input.Province);
    await zoneLog(this.logs, auth, 'setDefaultProvince', `${hold.name} #${hold.id}: ${input.Province || '-'}`);
  }

  async counts(auth: AuthContext, q: ProvinceCountsInput, lang: Language): Promise<{ rows: CityCount[] }> {
    const holdPath = await this.holds.pathOf(auth, q.HoldID);
    await this.locate();
    const rows = await this.repo.cityFigures(holdPath, q.Province);
    return {
      rows: rows.map((r) => ({ City: r.city, Name: cityName(r.city, lang), Devices: r.devices, Vehicles: r.vehicles })),
    };
  }

  async lines(auth: AuthContext, q: LineListInput, lang: Language): Promise<{ rows: LineRow[]; total: number }> {
    const holdPath = await this.holds.pathOf(auth, q.HoldID);
    const roads = await this.repo.roads({ holdPath, province: q.Province });
    return {
      rows: roads.map((r) => ({
        RoadID: r.id,
        RoadName: r.name,
        HoldID: r.holdId,
        HoldName: r.holdName,
        Province: r.province,
        ProvinceName: nameOf(r.province, lang),
        Width: r.width,
      })),
      total: roads.length,
    };
  }

  /** One road of another hold refuses them all, like a missing one. */
  async tagLines(auth: AuthContext, input: SetLineProvinceInput): Promise<void> {
    const ids = [...new Set(input.RoadIDs)];
    const roads = await this.repo.findRoads(ids);
    if (roads.length !== ids.length) throw outsideHold();
    for (const r of roads) assertInSubtree(auth.holdPath, r);
    await this.repo.tagRoads(ids, input.Province as ProvinceCode | '');
    await zoneLog(
      this.logs,
      auth,
      'setLineProvince',
      `${roads.map((r) => `${r.name} #${r.id}`).join(', ')}: ${input.Province || '-'}`,
    );
  }
}
