import type { EventExportInput, EventRow } from '@lodestar/contract/events';
import { badRequest } from '../../lib/errors.ts';
import type { HoldScope } from '../../lib/hold-scope.ts';
import { assertInSubtree } from '../../lib/tenancy.ts';
import { zoneFormatter } from '../../lib/time.ts';
import { parseTimeRange } from '../../lib/time-range.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { typedIdsMatch } from '../devices/repository.ts';
import type { EventRepository } from './repository.ts';

/** The longest period one list or export reads: a month of a fleet's events, on events_device_time_idx. */
const MAX_DAYS = 31;
const DAY_MS = 86_400_000;

/**
 * The event list (/monitor/event, function 31 or 51): events of the caller's subtree's devices over a period.
 * FenceID and RoadID filter without a check of their own: only the caller's devices' events are read, so another
 * hold's zone answers what a missing one does (nothing).
 */
export class EventService {
  constructor(
    private readonly repo: EventRepository,
    private readonly holds: HoldScope,
  ) {}

  async list(
    auth: AuthContext,
    q: EventExportInput & { PageIndex: number; PageSize: number },
  ): Promise<{ rows: EventRow[]; total: number }> {
    const { from, to } = parseTimeRange(q, auth.timeZone);
    if (!from || !to) throw badRequest('invalidField', from ? 'EndTime' : 'StartTime');
    if (to.getTime() - from.getTime() > MAX_DAYS * DAY_MS) throw badRequest('eventRangeTooLong', 'EndTime');
    if (q.FenceID && q.RoadID) throw badRequest('chooseFenceOrRoute', 'RoadID');
    const holdPath = await this.holds.pathOf(auth, q.HoldID);
    let devicePk: number | undefined;
    if (q.DeviceID) {
      const device = await this.repo.findDevice(typedIdsMatch([q.DeviceID]));
      assertInSubtree(holdPath, device);
      devicePk = device!.pk;
    }
    const { rows, total } = await this.repo.list({
      holdPath,
      devicePk,
      types: q.Types,
      fenceId: q.FenceID,
      roadId: q.RoadID,
      alarm: q.Alarm,
      from,
      to,
      sort: q.SortColumn,
      desc: q.SortType === 'desc',
      offset: (q.PageIndex - 1) * q.PageSize,
      limit: q.PageSize,
    });
    const at = zoneFormatter(auth.timeZone);
    return {
      rows: rows.map((e) => ({
        EventID: e.id,
        DeviceID: e.deviceId,
        DeviceName: e.deviceName,
        Plate: e.plate,
        HoldName: e.holdName,
        Type: e.alarm ?? e.type,
        Alarm: e.type === 'alarm',
        EventTime: at(e.eventTime),
        FenceID: e.fenceId,
        RoadID: e.roadId,
        ZoneName: e.zoneName,
        Lat: e.lat,
        Lng: e.lon,
        Speed: e.speed,
        ReleaseTime: e.releasedAt ? at(e.releasedAt) : null,
      })),
      total,
    };
  }
}
