import type { Branding, GetBrandingInput, SetBrandingInput } from '@lodestar/contract/bulletins';
import { BRANDING_CONFIRM_WORD, BRANDING_LOGO_SIZE, type Platform } from '@lodestar/domain';
import { badRequest } from '../../lib/errors.ts';
import type { HoldScope } from '../../lib/hold-scope.ts';
import type { OperationLogRepository } from '../../lib/operation-log-repository.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import type { BrandingRepository, HoldSettingsPatch, HoldSettingsRecord } from './branding-repository.ts';
import { checkPng } from './png.ts';

/**
 * A hold's custom title and logo (spec section 5) and platform setting (spec section 6). What the console shows is
 * the hold's own value, else the nearest ancestor's: a provider's branding reaches every customer below it until
 * one sets its own; the platform setting falls back to the deployment's (PLATFORM).
 */
export class BrandingService {
  constructor(
    private readonly repo: BrandingRepository,
    private readonly holds: HoldScope,
    private readonly logs: OperationLogRepository,
    /** The deployment's setting (PLATFORM): what a lineage that chose none shows. */
    private readonly platform: Platform = 1,
  ) {}

  async get(auth: AuthContext, input: GetBrandingInput): Promise<Branding> {
    const path = await this.holds.pathOf(auth, input.HoldID);
    return this.of(path);
  }

  async set(auth: AuthContext, input: SetBrandingInput): Promise<Branding> {
    const hold = input.HoldID ? await this.holds.inReach(auth, input.HoldID) : { id: auth.holdId, path: auth.holdPath };
    if (input.Logo) {
      const png = checkPng(input.Logo, BRANDING_LOGO_SIZE);
      if (!png.ok) throw badRequest(png.problem === 'size' ? 'brandingLogoSize' : 'brandingLogoNotPng', 'Logo');
    }
    const below = input.ApplyToSubordinates === true;
    if (below && input.ConfirmWord?.trim() !== BRANDING_CONFIRM_WORD) {
      throw badRequest('brandingConfirmWord', 'ConfirmWord');
    }
    const patch: HoldSettingsPatch = {};
    if (input.Title !== undefined) patch.title = input.Title;
    if (input.Logo !== undefined) patch.logoPng = input.Logo;
    if (input.Platform !== undefined) patch.platform = input.Platform;
    if (input.ExternalLink !== undefined) patch.externalLink = input.ExternalLink;
    const cleared = await this.repo.transaction(async (repo) => {
      await repo.upsert(hold.id, patch, auth.userId);
      return below
        ? repo.clearBelow(hold.id, hold.path, { title: input.Title !== undefined, logo: input.Logo !== undefined })
        : 0;
    });
    const changed = Object.keys(patch).join(', ');
    await this.logs.operation({
      userId: auth.userId,
      holdId: auth.holdId,
      action: 'setBranding',
      detail: `#${hold.id}: ${changed}${below ? ` (+${cleared})` : ''}`,
      ip: auth.ip,
    });
    return this.of(hold.path);
  }

  private async of(path: string): Promise<Branding> {
    const lineage = path
      .split('/')
      .filter(Boolean)
      .map((id) => Number(id));
    const holdId = lineage.at(-1)!;
    const rows = new Map((await this.repo.ofHolds(lineage)).map((r) => [r.holdId, r]));
    // Nearest first: the hold itself, then its parent, up to the root.
    const nearest = <K extends keyof HoldSettingsRecord>(key: K): HoldSettingsRecord[K] | null => {
      for (const id of [...lineage].reverse()) {
        const v = rows.get(id)?.[key];
        if (v !== null && v !== undefined) return v;
      }
      return null;
    };
    const own = rows.get(holdId);
    return {
      HoldID: holdId,
      Effective: {
        Title: nearest('title'),
        Logo: nearest('logoPng'),
        Platform: (nearest('platform') ?? this.platform) as Platform,
        ExternalLink: nearest('externalLink'),
      },
      Own: {
        Title: own?.title ?? null,
        Logo: own?.logoPng ?? null,
        Platform: (own?.platform ?? null) as Platform | null,
        ExternalLink: own?.externalLink ?? null,
      },
    };
  }
}
