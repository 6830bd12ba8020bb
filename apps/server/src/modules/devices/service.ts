import { AccountType, LIMITS, type StatusFilter, splitDeviceIds, type VipFilter } from '@lodestar/domain';
import { isOnline, type LatestState, lifeState, type MapStatus, mapStatus } from '../../ingest/state.ts';
import { badRequest, conflict, forbidden } from '../../lib/errors.ts';
import type { HoldScope } from '../../lib/hold-scope.ts';
import type { OperationLogRepository } from '../../lib/operation-log-repository.ts';
import { assertInSubtree } from '../../lib/tenancy.ts';
import { formatInZone } from '../../lib/time.ts';
import { todayIn } from '../../lib/vip-gate.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import type { DeviceRepository, DeviceWithHold } from './repository.ts';

export { STATUS_FILTERS, type StatusFilter } from '@lodestar/domain';

export interface MonitorQuery {
  holdId?: number | undefined;
  /** Comma-separated batch (spec section 5). */
  deviceIds?: string | undefined;
  status: StatusFilter;
  /** Device ID, device name or the bound vehicle's plate (a part of any, any case). */
  keyword?: string | undefined;
  /** A VIP state of spec section 4 (VIP_FILTERS). */
  vip?: VipFilter | undefined;
}

export class DeviceService {
  constructor(
    private readonly devices: DeviceRepository,
    private readonly holds: HoldScope,
    private readonly logs: OperationLogRepository,
    readonly _invalidate: (deviceId: string) => void,
    private readonly onlineTimeoutMs: number,
    private readonly followedPks: (userId: number) => Promise<Set<number>> = async () => new Set(),
  ) {}

  /**
   * Trackers that report without being registered, from every tenant: their IMEIs and addresses are the
   * platform's to see, not any unit's (an IMEI seen here could be registered into one's own unit and watched).
   */
  async unknown(auth: AuthContext, offset: number, limit: number) {
    if (auth.accountType !== AccountType.SuperAdmin) throw forbidden('unknownDevicesSuperAdmin');
    const tz = auth.timeZone;
    const { rows, total } = await this.devices.listUnknown(offset, limit);
    return {
      rows: rows.map((u) => ({
        DeviceID: u.deviceId,
        Protocol: u.protocol,
        Address: u.remoteAddress,
        FirstSeen: formatInZone(u.firstSeen, tz),
        LastSeen: formatInZone(u.lastSeen, tz),
        Attempts: u.attempts,
      })),
      total,
    };
  }

  /**
   * Monitor rows for a hold (spec section 9: monitor-all loads at most 500 devices), or for a batch
   * of device IDs (at most 1000), narrowed by status and keyword, with how many match in all.
   */
  async monitor(auth: AuthContext, q: MonitorQuery) {
    const holdPath = await this.scope(auth, q.holdId);
    const ids = q.deviceIds ? splitDeviceIds(q.deviceIds) : undefined;
    if (ids && ids.length > LIMITS.batchDeviceIds)
      throw badRequest('tooManySelected', `DeviceIDs ≤ ${LIMITS.batchDeviceIds}`);
    const cap = ids ? LIMITS.batchDeviceIds : LIMITS.monitorAllDevices;
    // Status and keyword are judged by PostgreSQL over the whole scope, so only the devices shown are loaded.
    const { rows, total } = await this.devices.list({
      holdPath,
      deviceIds: ids,
      keyword: q.keyword ? { text: q.keyword, also: { platesOf: auth.holdPath } } : undefined,
      vip: q.vip ? { filter: q.vip, today: todayIn(auth.timeZone) } : undefined,
      status: {
        filter: q.status,
        judge: { userId: auth.userId, now: new Date(), onlineTimeoutMs: this.onlineTimeoutMs },
      },
      offset: 0,
      limit: cap,
      sort: 'DeviceID',
      desc: false,
    });
    const [states, followed] = await Promise.all([
      this.devices.statesOf(rows.map((r) => r.id)),
      this.followedPks(auth.userId),
    ]);
    const all = rows.map((d) => ({ ...this.toRow(auth, d, states.get(d.id)), Followed: followed.has(d.id) }));
    // The same judgement again in JavaScript: a device whose status changed between the two is not shown.
    const shown = all.filter((r) => matches(r, q.status));
    // Spec section 3: "Table rows may carry VehicleLifeStatus and a tag": from the bound vehicle.
    const vehicles = await this.devices.vehiclesOf(
      shown.map((r) => r.DeviceID),
      auth.holdPath,
    );
    const rowsOut = shown.map((r) => {
      const v = vehicles.get(r.DeviceID);
      return { ...r, Plate: v?.plate ?? null, VehicleLifeStatus: v?.lifeStatus ?? null };
    });
    return { rows: rowsOut, total };
  }

  /**
   * Device/Activate (function 76): a device that never reported and was never activated starts its
   * life now, so it counts as offline (then downtime) until it reports, instead of inactivated.
   */
  async activate(auth: AuthContext, deviceId: string) {
    const device = await this.owned(auth, deviceId);
    const state = (await this.devices.statesOf([device.id])).get(device.id);
    const at = new Date();
    if (state?.lastSeen || !(await this.devices.activate(device.id, at))) throw conflict('deviceActivated', deviceId);
    await this.log(auth, 'activateDevice', deviceId);
    const online = isOnline(state, at, this.onlineTimeoutMs);
    return {
      DeviceID: deviceId,
      ActivateTime: formatInZone(at, auth.timeZone),
      State: lifeState(state, online, at, at),
    };
  }

  private async scope(auth: AuthContext, holdId: number | undefined): Promise<string> {
    if (!holdId) return auth.holdPath;
    const hold = await this.holds.findById(holdId);
    assertInSubtree(auth.holdPath, hold);
    return hold!.path;
  }

  private async owned(auth: AuthContext, deviceId: string): Promise<DeviceWithHold> {
    const d = await this.devices.findByDeviceId(deviceId);
    assertInSubtree(auth.holdPath, d);
    return d!;
  }

  private toRow(auth: AuthContext, d: DeviceWithHold, s: LatestState | undefined) {
    return toDeviceRow(d, s, auth.timeZone, this.onlineTimeoutMs);
  }

  private log(auth: AuthContext, action: string, detail: string) {
    return this.logs.operation({ userId: auth.userId, holdId: auth.holdId, action, detail, ip: auth.ip });
  }
}

function matches(r: { Status: MapStatus; Online: boolean; Followed: boolean }, filter: StatusFilter): boolean {
  switch (filter) {
    case 'all':
      return true;
    case 'online':
      return r.Online;
    case 'normal':
      return r.Online && r.Status !== 'alarm';
    case 'followed':
      return r.Followed;
    default:
      return r.Status === filter;
  }
}

/** A device and its latest state as the device lists answer it, times in `timeZone`. */
export function toDeviceRow(d: DeviceWithHold, s: LatestState | undefined, timeZone: string, onlineTimeoutMs: number) {
  const online = isOnline(s, new Date(), onlineTimeoutMs);
  const fmt = (t: Date | null | undefined) => (t ? formatInZone(t, timeZone) : null);
  return {
    DeviceID: d.deviceId,
    DeviceName: d.name,
    Protocol: d.protocol,
    SIM: d.sim,
    Model: d.model,
    TrackerType: d.trackerType === 2 ? 'wireless' : 'wired',
    TimeZone: d.timeZone,
    Remark: d.remark,
    HoldID: d.holdId,
    HoldName: d.holdName,
    VipExpiry: d.vipExpiresAt,
    Lat: s?.lat ?? null,
    Lng: s?.lon ?? null,
    Speed: s?.speed ?? null,
    Course: s?.course ?? null,
    GpsTime: fmt(s?.fixTime),
    ReceiveTime: fmt(s?.receiveTime),
    Online: online,
    Acc: s?.acc ?? null,
    Mileage: s ? Math.round(s.mileage * 100) / 100 : 0,
    Battery: s?.battery ?? null,
    Alarms: s?.alarms ?? [],
    Status: mapStatus(s, online) as MapStatus,
    State: lifeState(s, online, new Date(), d.activatedAt),
    ActivateTime: fmt(d.activatedAt),
  };
}
