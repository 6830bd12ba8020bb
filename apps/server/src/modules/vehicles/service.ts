import type {
  AddVehicleInput,
  BindDevicesInput,
  ModifyVehicleInput,
  VehicleExportInput,
  VehicleRow,
} from '@lodestar/contract/vehicles';
import { checkVin, type Language, normaliseVin, ObjectType, type Protocol } from '@lodestar/domain';
import { normaliseDeviceId } from '@lodestar/protocols';
import { badRequest, conflict, outsideHold } from '../../lib/errors.ts';
import type { HoldScope } from '../../lib/hold-scope.ts';
import { message } from '../../lib/messages.ts';
import type { OperationLogRepository } from '../../lib/operation-log-repository.ts';
import { assertInSubtree, inSubtree } from '../../lib/tenancy.ts';
import { formatInZone, parseInZone } from '../../lib/time.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import type { DeviceToBind, VehiclePatch, VehicleRepository, VehicleWithHold } from './repository.ts';

type Fields = Omit<ModifyVehicleInput, 'VehicleID' | 'DeviceIDs' | 'Force'>;

const isUniqueViolation = (err: unknown): boolean =>
  (err as { code?: string }).code === '23505' || (err as { cause?: { code?: string } }).cause?.code === '23505';

/** A point is both coordinates or neither: one alone names no place. */
function checkPoint(lat: number | null | undefined, lng: number | null | undefined, field: string) {
  if ((lat === undefined) !== (lng === undefined) || (lat === null) !== (lng === null))
    throw badRequest('vehiclePointIncomplete', field);
}

/**
 * Vehicle management (function 38): vehicles of the caller's subtree and the devices bound to them. A device
 * is on one object at a time: binding one that is on another vehicle, a person or an asset is refused with
 * where it is now, unless the caller says Force.
 */
export class VehicleService {
  constructor(
    private readonly repo: VehicleRepository,
    private readonly holds: HoldScope,
    private readonly logs: OperationLogRepository,
    private readonly onlineTimeoutMs: number,
  ) {}

  async add(auth: AuthContext, input: AddVehicleInput, lang: Language): Promise<{ VehicleID: number }> {
    const hold = await this.holds.inReach(auth, input.HoldID);
    const patch = this.patchOf(auth, input);
    const id = await this.vinGuard(auth, patch.vin, () =>
      this.repo.transaction(async (repo) => {
        await this.checkVinFree(auth, repo, patch.vin, undefined);
        const vehicleId = await repo.insert({ ...patch, holdId: hold.id, plate: input.Plate });
        if (input.DeviceIDs?.length)
          await this.bind(auth, repo, vehicleId, input.DeviceIDs, input.Force ?? false, lang);
        return vehicleId;
      }),
    );
    await this.log(auth, 'addVehicle', `${input.Plate} #${id}${this.devicesText(input.DeviceIDs)}`);
    return { VehicleID: id };
  }

  async modify(auth: AuthContext, input: ModifyVehicleInput, lang: Language): Promise<void> {
    const patch = this.patchOf(auth, input);
    const plate = await this.vinGuard(auth, patch.vin, () =>
      this.repo.transaction(async (repo) => {
        const current = await this.owned(auth, repo, input.VehicleID, true);
        if (patch.vin !== undefined && patch.vin !== current.vin)
          await this.checkVinFree(auth, repo, patch.vin, current.id);
        await repo.update(current.id, patch);
        if (input.DeviceIDs) await this.bind(auth, repo, current.id, input.DeviceIDs, input.Force ?? false, lang);
        return patch.plate ?? current.plate;
      }),
    );
    await this.log(auth, 'modifyVehicle', `${plate} #${input.VehicleID}${this.devicesText(input.DeviceIDs)}`);
  }

  async remove(auth: AuthContext, vehicleId: number): Promise<void> {
    const plate = await this.repo.transaction(async (repo) => {
      const current = await this.owned(auth, repo, vehicleId, true);
      await repo.remove(current.id);
      return current.plate;
    });
    await this.log(auth, 'removeVehicle', `${plate} #${vehicleId}`);
  }

  async bindDevices(auth: AuthContext, input: BindDevicesInput, lang: Language): Promise<void> {
    const plate = await this.repo.transaction(async (repo) => {
      const current = await this.owned(auth, repo, input.VehicleID, true);
      await this.bind(auth, repo, current.id, input.DeviceIDs, input.Force ?? false, lang);
      return current.plate;
    });
    await this.log(auth, 'bindVehicleDevices', `${plate} #${input.VehicleID}${this.devicesText(input.DeviceIDs)}`);
  }

  async get(auth: AuthContext, vehicleId: number): Promise<VehicleRow> {
    const v = await this.owned(auth, this.repo, vehicleId, false);
    const [row] = await this.toRows(auth, [v]);
    return row!;
  }

  async list(
    auth: AuthContext,
    q: VehicleExportInput & { PageIndex: number; PageSize: number },
  ): Promise<{ rows: VehicleRow[]; total: number }> {
    const holdPath = await this.holds.pathOf(auth, q.HoldID);
    const { rows, total } = await this.repo.list({
      holdPath,
      keyword: q.Keyword,
      lifeStatus: q.VehicleLifeStatus,
      province: q.Province,
      tag: q.Tag,
      sort: q.SortColumn,
      desc: q.SortType === 'desc',
      offset: (q.PageIndex - 1) * q.PageSize,
      limit: q.PageSize,
    });
    return { rows: await this.toRows(auth, rows), total };
  }

  /** The stored columns a request's fields set; only the fields given. */
  private patchOf(auth: AuthContext, f: Fields): VehiclePatch {
    checkPoint(f.HomeLat, f.HomeLng, 'HomeLng');
    checkPoint(f.CompanyLat, f.CompanyLng, 'CompanyLng');
    const p: VehiclePatch = {};
    if (f.Plate !== undefined) p.plate = f.Plate;
    if (f.OwnerName !== undefined) p.ownerName = f.OwnerName;
    if (f.Brand !== undefined) p.brand = f.Brand;
    if (f.VehicleType !== undefined) p.vehicleType = f.VehicleType;
    if (f.Colour !== undefined) p.colour = f.Colour;
    if (f.VIN !== undefined) {
      const vin = normaliseVin(f.VIN);
      const problem = vin ? checkVin(vin) : null;
      if (problem) throw badRequest(VIN_PROBLEM[problem], 'VIN');
      p.vin = vin;
    }
    if (f.EngineNo !== undefined) p.engineNo = f.EngineNo;
    if (f.StoreName !== undefined) p.storeName = f.StoreName;
    if (f.StorePhone !== undefined) p.storePhone = f.StorePhone;
    if (f.WorkOrderNo !== undefined) p.workOrderNo = f.WorkOrderNo;
    if (f.InstallTime !== undefined) {
      const at = f.InstallTime === null ? null : parseInZone(f.InstallTime, auth.timeZone);
      if (at === undefined) throw badRequest('invalidField', 'InstallTime');
      p.installTime = at;
    }
    if (f.Cost !== undefined) p.cost = f.Cost;
    if (f.HomeAddress !== undefined) p.homeAddress = f.HomeAddress;
    if (f.HomeLat !== undefined) p.homeLat = f.HomeLat;
    if (f.HomeLng !== undefined) p.homeLng = f.HomeLng;
    if (f.CompanyAddress !== undefined) p.companyAddress = f.CompanyAddress;
    if (f.CompanyLat !== undefined) p.companyLat = f.CompanyLat;
    if (f.CompanyLng !== undefined) p.companyLng = f.CompanyLng;
    if (f.Province !== undefined) p.province = f.Province;
    if (f.VehicleLifeStatus !== undefined) p.lifeStatus = f.VehicleLifeStatus;
    if (f.Tag !== undefined) p.tag = f.Tag;
    if (f.Remark !== undefined) p.remark = f.Remark;
    return p;
  }

  /**
   * Runs a write that may store a VIN: one taken meanwhile by another request fails on the unique index,
   * and is answered like the check before it (after the transaction, which the failure ended).
   */
  private async vinGuard<T>(auth: AuthContext, vin: string | undefined, write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (err) {
      if (vin && isUniqueViolation(err)) throw await this.vinTaken(auth, this.repo, vin);
      throw err;
    }
  }

  private async checkVinFree(auth: AuthContext, repo: VehicleRepository, vin: string | undefined, self?: number) {
    if (!vin) return;
    const holder = await repo.findByVin(vin);
    if (holder && holder.id !== self) throw await this.vinTaken(auth, repo, vin);
  }

  /** VINs are unique system-wide; the unit holding one is named only to a caller who may see it. */
  private async vinTaken(auth: AuthContext, repo: VehicleRepository, vin: string) {
    const holder = vin ? await repo.findByVin(vin) : undefined;
    return holder && inSubtree(auth.holdPath, holder.holdPath)
      ? conflict('vehicleVinExistsIn', `${holder.holdName} (VIN)`)
      : conflict('vehicleVinExists', 'VIN');
  }

  private async owned(auth: AuthContext, repo: VehicleRepository, id: number, forUpdate: boolean) {
    const v = await repo.findById(id, forUpdate);
    assertInSubtree(auth.holdPath, v);
    return v!;
  }

  /**
   * Binds exactly these devices (of the caller's subtree) to the vehicle. Each typed id must name a device of
   * the subtree (another's answers like a missing one); one on another object is refused without Force.
   */
  private async bind(
    auth: AuthContext,
    repo: VehicleRepository,
    vehicleId: number,
    typed: string[],
    force: boolean,
    lang: Language,
  ): Promise<void> {
    const wanted = [...new Set(typed.map((t) => t.trim()))];
    const found = (await repo.devicesToBind(wanted)).filter((d) => inSubtree(auth.holdPath, d.holdPath));
    const named = (t: string) =>
      found.find((d) => d.deviceId === t) ??
      found.find((d) => d.deviceId === normaliseDeviceId(d.protocol as Protocol, t));
    const devices = wanted.map(named);
    if (devices.some((d) => !d)) throw outsideHold();
    const chosen = [...new Map(devices.map((d) => [d!.id, d!])).values()];
    const elsewhere = chosen.filter(
      (d) => d.objectType !== ObjectType.Vehicle || (d.vehicleId !== null && d.vehicleId !== vehicleId),
    );
    if (elsewhere.length && !force)
      throw conflict(
        'vehicleDeviceBoundElsewhere',
        elsewhere.map((d) => `${d.deviceId} → ${this.whereIs(auth, d, lang)}`).join('; '),
      );
    await repo.setDevices(
      vehicleId,
      chosen.map((d) => d.id),
      auth.holdPath,
    );
  }

  /** Where a device is now, as the conflict names it: a plate only when the caller may see that vehicle. */
  private whereIs(auth: AuthContext, d: DeviceToBind, lang: Language): string {
    if (d.objectType === ObjectType.Person) return `${message('vehicleBoundToPerson', lang)} ${d.objectName ?? ''}`;
    if (d.objectType === ObjectType.Asset) return `${message('vehicleBoundToAsset', lang)} ${d.objectName ?? ''}`;
    if (d.vehicleHoldPath && inSubtree(auth.holdPath, d.vehicleHoldPath))
      return `${message('vehicleBoundToVehicle', lang)} ${d.vehiclePlate}`;
    return message('vehicleBoundToOtherVehicle', lang);
  }

  private async toRows(auth: AuthContext, vehicles: VehicleWithHold[]): Promise<VehicleRow[]> {
    const bound = await this.repo.devicesOf(
      vehicles.map((v) => v.id),
      auth.holdPath,
      new Date(),
      this.onlineTimeoutMs,
    );
    const at = (d: Date | null) => (d ? formatInZone(d, auth.timeZone) : null);
    return vehicles.map((v) => {
      const devices = bound
        .filter((d) => d.vehicleId === v.id)
        .map((d) => ({
          DeviceID: d.deviceId,
          TrackerType: d.trackerType === 2 ? 'wireless' : 'wired',
          Online: d.online,
        }));
      return {
        VehicleID: v.id,
        HoldID: v.holdId,
        HoldName: v.holdName,
        Plate: v.plate,
        OwnerName: v.ownerName,
        Brand: v.brand,
        VehicleType: v.vehicleType,
        Colour: v.colour,
        VIN: v.vin,
        EngineNo: v.engineNo,
        StoreName: v.storeName,
        StorePhone: v.storePhone,
        WorkOrderNo: v.workOrderNo,
        InstallTime: at(v.installTime),
        Cost: v.cost,
        HomeAddress: v.homeAddress,
        HomeLat: v.homeLat,
        HomeLng: v.homeLng,
        CompanyAddress: v.companyAddress,
        CompanyLat: v.companyLat,
        CompanyLng: v.companyLng,
        Province: v.province,
        VehicleLifeStatus: v.lifeStatus,
        Tag: v.tag,
        Remark: v.remark,
        DeviceIDs: devices.map((d) => d.DeviceID),
        Devices: devices,
        CreateTime: formatInZone(v.createdAt, auth.timeZone),
        UpdateTime: formatInZone(v.updatedAt, auth.timeZone),
      };
    });
  }

  private devicesText(ids: string[] | undefined): string {
    return ids ? ` DeviceIDs ${ids.join(',') || '-'}` : '';
  }

  private log(auth: AuthContext, action: string, detail: string) {
    return this.logs.operation({
      userId: auth.userId,
      holdId: auth.holdId,
      action,
      detail: detail.slice(0, 2000),
      ip: auth.ip,
    });
  }
}

const VIN_PROBLEM = {
  vinLength: 'vehicleVinLength',
  vinCharacters: 'vehicleVinCharacters',
  vinCheckDigit: 'vehicleVinCheckDigit',
} as const;
