import type { MoveDevicesInput, MovedDevice, MoveResult, MoveVehiclesInput } from '@lodestar/contract/moves';
import { OBJECT_TYPE_KEYS, type ObjectTypeCode, type Protocol, SimState } from '@lodestar/domain';
import { normaliseDeviceId } from '@lodestar/protocols';
import { outsideHold } from '../../lib/errors.ts';
import type { HoldRow, HoldScope } from '../../lib/hold-scope.ts';
import { inSubtree } from '../../lib/tenancy.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import type { MoveRepository, MoveTx, MovingDevice, MovingSim, MovingVehicle } from './repository.ts';

type Target = Pick<HoldRow, 'id' | 'name'>;

/**
 * Move parent / migrate (spec section 2). Devices or vehicles go to another unit of the caller's subtree, and
 * with them what belongs to them: a vehicle's bound devices, a device's person or asset row (keyed by the
 * device, so it needs no write), and the SIM cards the moving devices carry (their holder becomes the unit,
 * i.e. the unit is now their customer). A device moved without its vehicle is taken off it. Everything is
 * read, checked and written in one transaction; a preview (DryRun) answers the same and writes nothing.
 */
export class MoveService {
  constructor(
    private readonly moves: MoveRepository,
    private readonly holds: HoldScope,
    /** Drops a device id from the ingest caches: its hold decides who sees it live (DeviceInfo.holdPath). */
    private readonly invalidate: (deviceId: string) => void,
  ) {}

  async moveDevices(auth: AuthContext, body: MoveDevicesInput): Promise<MoveResult> {
    const target = await this.holds.inReach(auth, body.HoldID);
    const typed = [...new Set(body.DeviceIDs.map((id) => id.trim()))];
    return this.run(auth, target, Boolean(body.DryRun), async (tx) => {
      // A device of another unit answers like an unknown one, and nothing moves.
      const named = namedDevices(typed, await tx.lockDevices(typed, auth.holdPath));
      const devices = named.filter((d) => d.holdId !== target.id);
      const unbind = devices.filter((d) => d.vehicleId !== null && d.vehicleHoldId !== target.id).map((d) => d.pk);
      return { vehicles: [], devices, along: new Set<number>(), unbind, alreadyThere: named.length - devices.length };
    });
  }

  async moveVehicles(auth: AuthContext, body: MoveVehiclesInput): Promise<MoveResult> {
    const target = await this.holds.inReach(auth, body.HoldID);
    const ids = [...new Set(body.VehicleIDs)];
    return this.run(auth, target, Boolean(body.DryRun), async (tx) => {
      const named = await tx.lockVehicles(ids, auth.holdPath);
      if (named.length !== ids.length) throw outsideHold();
      const bound = await tx.lockDevicesOf(ids, auth.holdPath);
      // A bound device the caller cannot see cannot be moved, nor left behind on a vehicle that leaves.
      if (bound.some((d) => !inSubtree(auth.holdPath, d.holdPath))) throw outsideHold();
      const vehicles = named.filter((v) => v.holdId !== target.id);
      // The devices of a vehicle already in the unit still join it there.
      const devices = bound.filter((d) => d.holdId !== target.id);
      return {
        vehicles,
        devices,
        along: new Set(devices.map((d) => d.pk)),
        unbind: [],
        alreadyThere: named.length - vehicles.length,
      };
    });
  }

  private async run(
    auth: AuthContext,
    target: Target,
    dryRun: boolean,
    pick: (tx: MoveTx) => Promise<{
      vehicles: MovingVehicle[];
      devices: MovingDevice[];
      along: Set<number>;
      unbind: number[];
      alreadyThere: number;
    }>,
  ): Promise<MoveResult> {
    const result = await this.moves.transaction(async (tx) => {
      const p = await pick(tx);
      const sims = simsOf(p.devices, await tx.lockSims(simNumbers(p.devices), auth.holdPath)).filter(
        (s) => s.holdId !== target.id,
      );
      if (!dryRun)
        await tx.move({
          target: { id: target.id, name: target.name },
          userId: auth.userId,
          holdId: auth.holdId,
          ip: auth.ip,
          vehicles: p.vehicles,
          devices: p.devices,
          unbind: p.unbind,
          sims,
        });
      const unbound = new Set(p.unbind);
      return {
        moved: p.devices.map((d) => d.deviceId),
        reply: {
          HoldID: target.id,
          HoldName: target.name,
          DryRun: dryRun,
          Vehicles: p.vehicles.map((v) => ({
            VehicleID: v.id,
            Plate: v.plate,
            FromHoldID: v.holdId,
            FromHoldName: v.holdName,
          })),
          Devices: p.devices.map((d) => deviceOut(d, p.along.has(d.pk), unbound.has(d.pk))),
          Sims: sims.map((s) => ({
            SimID: s.id,
            ICCID: s.iccid,
            MSISDN: s.msisdn,
            DeviceID: s.deviceId,
            FromHoldID: s.holdId,
            FromHoldName: s.holdName,
          })),
          AlreadyThere: p.alreadyThere,
        } satisfies MoveResult,
      };
    });
    // Only once committed: the live feed and the gateway then read the device's new hold.
    if (!dryRun) for (const id of result.moved) this.invalidate(id);
    return result.reply;
  }
}

/**
 * The device each typed id names: the one stored as typed, else the one stored in its protocol's form
 * (a JT/T 808 id typed with its label's zeros). Every id must name one; two ids may name the same device.
 */
function namedDevices(typed: string[], found: MovingDevice[]): MovingDevice[] {
  const out = new Map<number, MovingDevice>();
  for (const id of typed) {
    const d =
      found.find((f) => f.deviceId === id) ??
      found.find((f) => f.deviceId === normaliseDeviceId(f.protocol as Protocol, id));
    if (!d) throw outsideHold();
    out.set(d.pk, d);
  }
  return [...out.values()].sort((a, b) => a.pk - b.pk);
}

const simNumbers = (devices: MovingDevice[]) => [...new Set(devices.map((d) => d.sim).filter(Boolean))];

/**
 * Each SIM card once, with the device that carries it: a device's SIM field is its ICCID or the MSISDN of a
 * live card (a cancelled card's number goes back to the carrier).
 */
function simsOf(devices: MovingDevice[], cards: MovingSim[]): (MovingSim & { deviceId: string })[] {
  const byNumber = new Map<string, MovingSim[]>();
  for (const c of cards)
    for (const n of new Set([c.iccid, c.state === SimState.Cancelled ? '' : c.msisdn].filter(Boolean)))
      byNumber.set(n, [...(byNumber.get(n) ?? []), c]);
  const out = new Map<number, MovingSim & { deviceId: string }>();
  for (const d of devices)
    for (const c of byNumber.get(d.sim) ?? []) if (!out.has(c.id)) out.set(c.id, { ...c, deviceId: d.deviceId });
  return [...out.values()].sort((a, b) => a.id - b.id);
}

function deviceOut(d: MovingDevice, along: boolean, unbound: boolean): MovedDevice {
  const kind = OBJECT_TYPE_KEYS[d.objectType as ObjectTypeCode] ?? 'vehicle';
  return {
    DeviceID: d.deviceId,
    DeviceName: d.name,
    FromHoldID: d.holdId,
    FromHoldName: d.holdName,
    ObjectType: kind,
    ObjectName: (kind === 'vehicle' ? d.plate : d.objectName) ?? '',
    Along: along,
    Unbound: unbound,
  };
}
