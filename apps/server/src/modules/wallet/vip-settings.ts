import { LIMITS } from '@lodestar/domain';
import type { Executor } from '../../lib/executor.ts';
import type { SettingsRow, WalletRepository } from './repository.ts';

export interface VipDefaults {
  price1: number;
  price2: number;
  vpointPerYuan: number;
}

export interface ResolvedPrices {
  Price1: number;
  Price2: number;
  VPointPerYuan: number;
  /** Set on the hold itself. */
  Own: boolean;
  DefaultVipYears: number;
  OwnDefaultVipYears: number | null;
}

const lineageOf = (path: string) =>
  path
    .split('/')
    .filter(Boolean)
    .map((id) => Number(id));

/**
 * A unit's VIP prices, top-up rate and default VIP years on activation: each value from the nearest hold of its lineage that set it (its own,
 * then its parent's, up to the root), else the settings' default.
 */
export class VipSettings {
  constructor(
    private readonly repo: WalletRepository,
    private readonly defaults: VipDefaults,
  ) {}

  async pathOf(ex: Executor, holdId: number): Promise<string> {
    return (await this.repo.on(ex).holdPath(holdId)) ?? `/${holdId}/`;
  }

  /** The prices of several units at once (one query over their lineages). */
  async pricesOf(paths: string[], ex?: Executor): Promise<Map<string, ResolvedPrices>> {
    const ids = [...new Set(paths.flatMap(lineageOf))];
    const rows = await (ex ? this.repo.on(ex) : this.repo).settingsOf(ids);
    const byHold = new Map(rows.map((r) => [r.holdId, r]));
    return new Map(paths.map((p) => [p, this.resolve(lineageOf(p), byHold)]));
  }

  async rateOf(path: string, ex?: Executor): Promise<number> {
    return (await this.pricesOf([path], ex)).get(path)!.VPointPerYuan;
  }

  private resolve(lineage: number[], byHold: Map<number, SettingsRow>): ResolvedPrices {
    const nearest = (pick: (r: SettingsRow) => number | null) => {
      for (let i = lineage.length - 1; i >= 0; i--) {
        const v = byHold.get(lineage[i]!);
        if (v && pick(v) !== null) return pick(v)!;
      }
      return undefined;
    };
    const own = byHold.get(lineage[lineage.length - 1]!);
    return {
      Price1: nearest((r) => r.price1) ?? this.defaults.price1,
      Price2: nearest((r) => r.price2) ?? this.defaults.price2,
      VPointPerYuan: nearest((r) => r.vpointPerYuan) ?? this.defaults.vpointPerYuan,
      Own: !!own && own.price1 !== null,
      // The same rule the activating statements apply in SQL (lib/vip-default-years.ts).
      DefaultVipYears: nearest((r) => r.defaultVipYears) ?? LIMITS.defaultVipYears,
      OwnDefaultVipYears: own?.defaultVipYears ?? null,
    };
  }
}
