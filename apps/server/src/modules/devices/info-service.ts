import type { AssetInput, DeviceInfoRow, PersonInput } from '@lodestar/contract/devices';
import {
  checkIdCard,
  type DeviceSortColumn,
  type DeviceStateFilter,
  HoldType,
  ObjectType,
  type ObjectTypeCode,
  type Protocol,
  type VipFilter,
} from '@lodestar/domain';
import { normaliseDeviceId } from '@lodestar/protocols';
import { badRequest, conflict, forbidden } from '../../lib/errors.ts';
import type { HoldScope } from '../../lib/hold-scope.ts';
import type { OperationLogRepository } from '../../lib/operation-log-repository.ts';
import { assertInSubtree } from '../../lib/tenancy.ts';
import { formatInZone, isTimeZone } from '../../lib/time.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { oilOf } from './detail.ts';
import type { DeviceInfoRepository, DeviceObjectRow, NewDeviceObject } from './info-repository.ts';
import { type PhotoStore, photoType } from './photos.ts';
import type { DeviceKeyword, DeviceRepository, DeviceWithHold, NewDevice } from './repository.ts';
import { toDeviceRow } from './service.ts';

export interface DeviceInput {
  DeviceID: string;
  Protocol?: Protocol | undefined;
  SIM?: string | undefined;
  Model?: string | undefined;
  DeviceName?: string | undefined;
  HoldID?: number | undefined;
  TrackerType?: 'wired' | 'wireless' | undefined;
  TimeZone?: string | undefined;
  Remark?: string | undefined;
  ObjectType?: ObjectTypeCode | undefined;
  Person?: PersonInput | undefined;
  Asset?: AssetInput | undefined;
}

export interface DeviceInfoQuery {
  HoldID?: number | undefined;
  Keyword?: string | undefined;
  Protocol?: Protocol | undefined;
  State?: DeviceStateFilter | undefined;
  Vip?: VipFilter | undefined;
  Recent?: 0 | 1 | undefined;
  ObjectType?: ObjectTypeCode | undefined;
  TrackerType?: 'wired' | 'wireless' | undefined;
  SortColumn?: DeviceSortColumn | undefined;
  SortType?: 'asc' | 'desc' | undefined;
}

const isUniqueViolation = (err: unknown): boolean =>
  (err as { code?: string }).code === '23505' || (err as { cause?: { code?: string } }).cause?.code === '23505';

const ID_CARD_KEYS = {
  idCardLength: 'personIdCardLength',
  idCardBirthDate: 'personIdCardBirthDate',
  idCardCheckDigit: 'personIdCardCheckDigit',
} as const;

/** The person or asset row a device's input describes; null for a vehicle device. Refuses what spec section 5 does. */
export function objectOf(type: ObjectTypeCode, person?: PersonInput, asset?: AssetInput): NewDeviceObject | null {
  if (type === ObjectType.Person) {
    if (!person?.Name) throw badRequest('invalidField', 'Person.Name is required');
    const idCard = (person.IdCard ?? '').trim().toUpperCase();
    const problem = idCard ? checkIdCard(idCard) : null;
    if (problem) throw badRequest(ID_CARD_KEYS[problem], 'Person.IdCard');
    return {
      kind: type,
      name: person.Name,
      objectNo: person.ObjectNo ?? '',
      age: person.Age ?? null,
      idCard,
      phone: person.Phone ?? '',
      sex: person.Sex ?? null,
      category: person.Category ?? '',
      colour: '',
      weight: null,
      length: null,
      width: null,
      height: null,
      shape: '',
    };
  }
  if (type === ObjectType.Asset) {
    if (!asset?.Name) throw badRequest('invalidField', 'Asset.Name is required');
    return {
      kind: type,
      name: asset.Name,
      objectNo: asset.ObjectNo ?? '',
      age: null,
      idCard: '',
      phone: '',
      sex: null,
      category: '',
      colour: asset.Colour ?? '',
      weight: asset.Weight ?? null,
      length: asset.Length ?? null,
      width: asset.Width ?? null,
      height: asset.Height ?? null,
      shape: asset.Shape ?? '',
    };
  }
  return null;
}

/**
 * The device register of /info/device (spec section 3, Device, Person device, Asset device): add, modify and
 * remove with what the device is on, the list with the GPS home's filters, and a person's photo.
 */
export class DeviceInfoService {
  constructor(
    private readonly devices: DeviceRepository,
    private readonly info: DeviceInfoRepository,
    private readonly holds: HoldScope,
    private readonly logs: OperationLogRepository,
    private readonly photos: PhotoStore,
    /** Drops a device id from the ingest side's caches after it changes. */
    private readonly invalidate: (deviceId: string) => void,
    private readonly onlineTimeoutMs: number,
  ) {}

  async add(auth: AuthContext, d: DeviceInput): Promise<{ DeviceID: string }> {
    const hold = await this.holds.findById(d.HoldID!);
    assertInSubtree(auth.holdPath, hold);
    // Anyone with a phone can open a customer's unit (self-registration): if it could add any IMEI, it could
    // take a tracker that reports here unregistered, or one not sold yet, and watch it. A customer's devices
    // come from its provider instead: claimed from stock at registration, or moved there by the provider.
    if ((await this.holds.findById(auth.holdId))?.holdType === HoldType.Individual)
      throw forbidden('devicesFromProvider');
    this.checkTimeZone(d.TimeZone);
    const objectType = d.ObjectType ?? ObjectType.Vehicle;
    const object = objectOf(objectType, d.Person, d.Asset);
    // The form the gateway looks the device up by: `013912345678` and `13912345678` are one JT/T 808 terminal.
    const deviceId = normaliseDeviceId(d.Protocol!, d.DeviceID);
    const row: NewDevice = {
      deviceId,
      protocol: d.Protocol!,
      holdId: hold!.id,
      name: d.DeviceName || object?.name || deviceId,
      sim: d.SIM ?? '',
      model: d.Model ?? '',
      trackerType: d.TrackerType === 'wireless' ? 2 : 1,
      remark: d.Remark ?? '',
      objectType,
      ...(d.TimeZone ? { timeZone: d.TimeZone } : {}),
    };
    try {
      await this.info.insert(row, object);
    } catch (err) {
      if (isUniqueViolation(err)) throw await this.duplicate(auth, deviceId);
      throw err;
    }
    await this.devices.forgetUnknown(deviceId);
    this.invalidate(deviceId);
    await this.log(auth, 'addDevice', deviceId);
    return { DeviceID: deviceId };
  }

  async modify(auth: AuthContext, d: DeviceInput): Promise<void> {
    const current = await this.owned(auth, d.DeviceID);
    if (d.HoldID !== undefined && d.HoldID !== current.holdId)
      assertInSubtree(auth.holdPath, await this.holds.findById(d.HoldID));
    this.checkTimeZone(d.TimeZone);
    const patch: Partial<NewDevice> = {};
    if (d.Protocol) {
      patch.protocol = d.Protocol;
      const deviceId = normaliseDeviceId(d.Protocol, current.deviceId);
      if (deviceId !== current.deviceId) patch.deviceId = deviceId;
    }
    if (d.SIM !== undefined) patch.sim = d.SIM;
    if (d.Model !== undefined) patch.model = d.Model;
    if (d.DeviceName) patch.name = d.DeviceName;
    if (d.HoldID !== undefined) patch.holdId = d.HoldID;
    if (d.TrackerType) patch.trackerType = d.TrackerType === 'wireless' ? 2 : 1;
    if (d.TimeZone) patch.timeZone = d.TimeZone;
    if (d.Remark !== undefined) patch.remark = d.Remark;
    const objectType = d.ObjectType ?? (current.objectType as ObjectTypeCode);
    let object: NewDeviceObject | null | undefined;
    if (objectType !== current.objectType) {
      patch.objectType = objectType;
      object = objectOf(objectType, d.Person, d.Asset);
    } else if (objectType !== ObjectType.Vehicle && (d.Person || d.Asset)) {
      object = objectOf(objectType, d.Person, d.Asset);
    }
    // A person or an asset carries the device: it is on no vehicle any more (spec: one object at a time).
    const unbound = objectType !== ObjectType.Vehicle && current.vehicleId !== null ? current.vehicleId : null;
    if (unbound !== null) patch.vehicleId = null;
    try {
      await this.info.update(current.id, patch, object);
    } catch (err) {
      if (isUniqueViolation(err)) throw await this.duplicate(auth, patch.deviceId ?? current.deviceId);
      throw err;
    }
    if (object === null) await this.photos.remove(current.id);
    this.invalidate(current.deviceId);
    if (patch.deviceId) this.invalidate(patch.deviceId);
    const deviceId = patch.deviceId ?? current.deviceId;
    await this.log(auth, 'modifyDevice', deviceId);
    if (unbound !== null) await this.log(auth, 'unbindDevice', `${deviceId} ✕ ${await this.info.plateOf(unbound)}`);
  }

  async remove(auth: AuthContext, deviceId: string): Promise<void> {
    const current = await this.owned(auth, deviceId);
    await this.devices.remove(current.id);
    await this.photos.remove(current.id);
    this.invalidate(current.deviceId);
    await this.log(auth, 'removeDevice', current.deviceId);
  }

  async list(
    auth: AuthContext,
    q: DeviceInfoQuery,
    offset: number,
    limit: number,
  ): Promise<{ rows: DeviceInfoRow[]; total: number }> {
    const holdPath = await this.holds.pathOf(auth, q.HoldID);
    const keyword: DeviceKeyword | undefined = q.Keyword
      ? { text: q.Keyword, also: { info: auth.holdPath } }
      : undefined;
    const recent = q.Recent === 1;
    const sort = recent ? 'CreateTime' : (q.SortColumn ?? 'CreateTime');
    const { rows, total } = await this.devices.list({
      holdPath,
      keyword,
      protocol: q.Protocol,
      status: q.State
        ? { filter: q.State, judge: { userId: auth.userId, now: new Date(), onlineTimeoutMs: this.onlineTimeoutMs } }
        : undefined,
      vip: q.Vip ? { filter: q.Vip, today: formatInZone(new Date(), auth.timeZone).slice(0, 10) } : undefined,
      objectType: q.ObjectType,
      trackerType: q.TrackerType ? (q.TrackerType === 'wireless' ? 2 : 1) : undefined,
      offset,
      limit,
      sort,
      desc: recent || (q.SortType ?? (q.SortColumn ? 'asc' : 'desc')) === 'desc',
    });
    return { rows: await this.rows(auth, rows), total };
  }

  async get(auth: AuthContext, deviceId: string) {
    const d = await this.owned(auth, deviceId);
    const [row] = await this.rows(auth, [d]);
    const o = d.objectType === ObjectType.Vehicle ? undefined : await this.info.object(d.id);
    return {
      ...row!,
      Person: o && d.objectType === ObjectType.Person ? { ...personOf(o), HasPhoto: o.photo !== '' } : null,
      Asset: o && d.objectType === ObjectType.Asset ? assetOf(o) : null,
    };
  }

  /** A person device's photo (JPG or PNG, checked by its first bytes), replacing the one before. */
  async uploadPhoto(auth: AuthContext, deviceId: string, bytes: Buffer): Promise<void> {
    const d = await this.owned(auth, deviceId);
    if (d.objectType !== ObjectType.Person) throw badRequest('photoPersonOnly', 'DeviceID');
    if (!photoType(bytes)) throw badRequest('photoFormat', 'file');
    const stored = await this.photos.save(d.id, bytes);
    if (!(await this.info.setPhoto(d.id, stored))) {
      await this.photos.remove(d.id);
      throw badRequest('photoPersonOnly', 'DeviceID');
    }
    await this.log(auth, 'uploadPersonPhoto', d.deviceId);
  }

  async photo(auth: AuthContext, deviceId: string): Promise<{ path: string; type: string }> {
    const d = await this.owned(auth, deviceId);
    const o = d.objectType === ObjectType.Person ? await this.info.object(d.id) : undefined;
    const found = o?.photo ? this.photos.resolve(o.photo) : undefined;
    if (!found) throw badRequest('noPhoto', 'DeviceID');
    return found;
  }

  private async rows(auth: AuthContext, list: DeviceWithHold[]): Promise<DeviceInfoRow[]> {
    const pks = list.map((r) => r.id);
    const [states, extras] = await Promise.all([this.devices.statesOf(pks), this.info.extrasOf(pks, auth.holdPath)]);
    return list.map((d) => {
      const x = extras.get(d.id);
      const objectType = d.objectType as ObjectTypeCode;
      return {
        ...toDeviceRow(d, states.get(d.id), auth.timeZone, this.onlineTimeoutMs),
        Plate: x?.plate ?? null,
        ObjectType: objectType,
        ObjectName: (objectType === ObjectType.Vehicle ? x?.plate : x?.objectName) ?? '',
        VehicleID: x?.vehicleId ?? null,
        Oil: oilOf({ fuel: x?.fuel }),
        CreateTime: formatInZone(d.createdAt, auth.timeZone),
        Sim: x?.sim
          ? {
              SimID: x.sim.id,
              ICCID: x.sim.iccid,
              MSISDN: x.sim.msisdn,
              State: x.sim.state,
              ExpiresOn: x.sim.expiresOn,
            }
          : null,
      };
    });
  }

  /** Device IDs are unique system-wide: the unit holding it is named only when the caller may see it. */
  private async duplicate(auth: AuthContext, deviceId: string) {
    const other = await this.devices.findByDeviceId(deviceId);
    if (other?.holdPath.startsWith(auth.holdPath))
      return conflict('deviceExistsInUnit', `${other.holdName} (DeviceID)`);
    return conflict('deviceExists', 'DeviceID');
  }

  private async owned(auth: AuthContext, deviceId: string): Promise<DeviceWithHold> {
    const d = await this.devices.findByDeviceId(deviceId);
    assertInSubtree(auth.holdPath, d);
    return d!;
  }

  private checkTimeZone(tz: string | undefined) {
    if (tz && !isTimeZone(tz)) throw badRequest('invalidField', `TimeZone ${tz}`);
  }

  private log(auth: AuthContext, action: string, detail: string) {
    return this.logs.operation({ userId: auth.userId, holdId: auth.holdId, action, detail, ip: auth.ip });
  }
}

function personOf(o: DeviceObjectRow): PersonInput {
  return {
    Name: o.name,
    ObjectNo: o.objectNo,
    ...(o.age !== null ? { Age: o.age } : {}),
    IdCard: o.idCard,
    Phone: o.phone,
    ...(o.sex === 1 || o.sex === 2 ? { Sex: o.sex } : {}),
    Category: o.category,
  };
}

function assetOf(o: DeviceObjectRow): AssetInput {
  return {
    Name: o.name,
    ObjectNo: o.objectNo,
    Colour: o.colour,
    ...(o.weight !== null ? { Weight: o.weight } : {}),
    ...(o.length !== null ? { Length: o.length } : {}),
    ...(o.width !== null ? { Width: o.width } : {}),
    ...(o.height !== null ? { Height: o.height } : {}),
    Shape: o.shape,
  };
}
