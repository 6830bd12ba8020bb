import type { BindResult, ZoneDevice } from '@lodestar/contract/zones';
import { type CommandStatus, type Protocol, ZONE_LIMITS } from '@lodestar/domain';
import { normaliseDeviceId } from '@lodestar/protocols';
import { badRequest, outsideHold } from '../../lib/errors.ts';
import type { HoldScope } from '../../lib/hold-scope.ts';
import { inSubtree } from '../../lib/tenancy.ts';
import { formatInZone } from '../../lib/time.ts';
import { assertVip, splitByVip, todayIn, vipRuns } from '../../lib/vip-gate.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import type { BindCandidate, ZoneBindingRepository, ZoneKind } from './binding-repository.ts';

/**
 * Writes zones to JT/T 808 terminals (modules/zones/push.ts, ZonePush): queues the commands for the bound
 * terminals among `devicePks` and answers how many it queued. Pushes run after the binding committed (they
 * record their command on its row); removals before the rows go.
 */
export interface ZonePushPort {
  pushFence(fenceId: number, devicePks: number[], userId: number): Promise<number>;
  pushRoad(roadId: number, devicePks: number[], userId: number): Promise<number>;
  removeFence(fenceId: number, devicePks: number[], userId: number): Promise<unknown>;
  removeRoad(roadId: number, devicePks: number[], userId: number): Promise<unknown>;
}

/** A fence or road as binding reads it: its id and its unit's path. */
export interface ZoneRef {
  id: number;
  holdPath: string;
}

export interface BindRequest {
  DeviceIDs?: string[] | undefined;
  HoldID?: number | undefined;
  Push?: boolean | undefined;
}

/**
 * Binding devices to a fence or road, the rules both share. A device bound must be in the zone's unit or below
 * it (so everyone who sees the zone sees its devices; one of a unit above is refused, named), and in the
 * caller's subtree (another's answers like a missing one). Named devices whose VIP has expired refuse the call,
 * named; a whole unit (HoldID) binds its devices with VIP and answers the others in VipExpired. Models that
 * are not full-function are bound and answered in NotFullFunction (spec section 9 prompts for them).
 */
export class ZoneBinder {
  constructor(
    private readonly holds: HoldScope,
    private readonly push: () => ZonePushPort | undefined,
  ) {}

  /** Checks the request and binds; run in the transaction holding the zone's row. Answers what to push. */
  async bind(
    auth: AuthContext,
    repo: ZoneBindingRepository,
    kind: ZoneKind,
    zone: ZoneRef,
    req: BindRequest,
  ): Promise<Omit<BindResult, 'Pushed'> & { pks: number[] }> {
    if (!req.DeviceIDs?.length && !req.HoldID) throw badRequest('selectTargetData', 'DeviceIDs');
    const chosen = new Map<number, BindCandidate>();
    const skipped: string[] = [];
    if (req.DeviceIDs?.length) {
      const named = await this.named(auth, repo, req.DeviceIDs);
      const outside = named.filter((d) => !inSubtree(zone.holdPath, d.holdPath));
      if (outside.length) throw badRequest('zoneDeviceOutsideUnit', outside.map((d) => d.deviceId).join(', '));
      // Spec section 6: geo-fences and roads are VIP-only.
      assertVip(named, auth.timeZone);
      for (const d of named) chosen.set(d.pk, d);
    }
    if (req.HoldID) {
      const unit = await this.holds.inReach(auth, req.HoldID);
      if (!inSubtree(zone.holdPath, unit.path)) throw badRequest('zoneDeviceOutsideUnit', 'HoldID');
      const all = await repo.devicesOfUnit(unit.path, ZONE_LIMITS.bindUnitMax + 1);
      if (all.length > ZONE_LIMITS.bindUnitMax) throw badRequest('zoneUnitTooLarge', `${ZONE_LIMITS.bindUnitMax}`);
      const { running, lapsed } = splitByVip(
        all.filter((d) => !chosen.has(d.pk)),
        auth.timeZone,
      );
      for (const d of running) chosen.set(d.pk, d);
      skipped.push(...lapsed);
    }
    const devices = [...chosen.values()];
    await repo.bind(kind, zone.id, [...chosen.keys()]);
    return {
      Bound: devices.length,
      NotFullFunction: devices.filter((d) => !d.fullFunction).map((d) => d.deviceId),
      VipExpired: skipped,
      pks: devices.map((d) => d.pk),
    };
  }

  /** Writes the zone to the terminals just bound, after the binding committed; answers how many were queued. */
  async pushAfterBind(auth: AuthContext, kind: ZoneKind, zoneId: number, pks: number[]): Promise<number> {
    const push = this.push();
    if (!push || !pks.length) return 0;
    return kind === 'fence' ? push.pushFence(zoneId, pks, auth.userId) : push.pushRoad(zoneId, pks, auth.userId);
  }

  /** Queues the deletion of the zone on terminals it was written to, before their bindings go. */
  async removeFromTerminals(auth: AuthContext, kind: ZoneKind, zoneId: number, pushedPks: number[]): Promise<void> {
    const push = this.push();
    if (!push || !pushedPks.length) return;
    if (kind === 'fence') await push.removeFence(zoneId, pushedPks, auth.userId);
    else await push.removeRoad(zoneId, pushedPks, auth.userId);
  }

  /** The devices named, each of the caller's subtree: one that is missing or another's refuses the call alike. */
  async named(auth: AuthContext, repo: ZoneBindingRepository, typed: string[]): Promise<BindCandidate[]> {
    const wanted = [...new Set(typed.map((t) => t.trim()))];
    const found = (await repo.devicesNamed(wanted)).filter((d) => inSubtree(auth.holdPath, d.holdPath));
    if (wanted.some((t) => !found.some((d) => matches(d, t)))) throw outsideHold();
    return [...new Map(found.map((d) => [d.pk, d])).values()];
  }
}

/** A device answers to its ID as typed or in its protocol's form (typedIdsMatch found it either way). */
const matches = (d: BindCandidate, typed: string) =>
  d.deviceId === typed || d.deviceId === normaliseDeviceId(d.protocol as Protocol, typed);

/** A bound device as GetFence and GetRoad answer it, times in the caller's zone. */
export function zoneDeviceRow(
  d: {
    deviceId: string;
    deviceName: string;
    plate: string | null;
    model: string;
    protocol: string;
    fullFunction: boolean;
    vipExpiresAt: string | null;
    pushStatus: string | null;
    boundAt: Date;
  },
  timeZone: string,
): ZoneDevice {
  return {
    DeviceID: d.deviceId,
    DeviceName: d.deviceName,
    Plate: d.plate,
    Model: d.model,
    Protocol: d.protocol,
    FullFunction: d.fullFunction,
    VipExpired: !vipRuns(d.vipExpiresAt, todayIn(timeZone)),
    PushStatus: d.pushStatus as CommandStatus | null,
    BindTime: formatInZone(d.boundAt, timeZone),
  };
}
