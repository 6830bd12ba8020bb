import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { PhotoList, PhotoListInput, TakePhotoInput } from '@lodestar/contract/photos';
import { PHOTO_LIST_MAX, supportsCommand } from '@lodestar/domain';
import { badRequest, notFound } from '../../lib/errors.ts';
import type { HoldScope } from '../../lib/hold-scope.ts';
import { assertInSubtree } from '../../lib/tenancy.ts';
import { zoneFormatter } from '../../lib/time.ts';
import { parseTimeRange } from '../../lib/time-range.ts';
import { assertVip } from '../../lib/vip-gate.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import type { CommandService } from '../commands/service.ts';
import type { DeviceRepository } from '../devices/repository.ts';
import type { PhotoRepository } from './repository.ts';

/**
 * Photo/TakePhoto, GetPhotoList, GetPhoto (issue #18). Taking a photo queues the catalogue's 'photo' command
 * (JT/T 808 0x8801) through the command queue; what the terminal uploads arrives through the gateway's PhotoSink.
 */
export class PhotoService {
  constructor(
    private readonly repo: PhotoRepository,
    private readonly devices: Pick<DeviceRepository, 'findByDeviceId'>,
    private readonly holds: HoldScope,
    private readonly commands: Pick<CommandService, 'queue'>,
    private readonly dataDir: string,
  ) {}

  async take(auth: AuthContext, input: TakePhotoInput): Promise<{ CommandID: number }> {
    const device = await this.devices.findByDeviceId(input.DeviceID);
    assertInSubtree(auth.holdPath, device);
    const d = device!;
    // Spec section 6: photo capture is VIP-only.
    assertVip(d, auth.timeZone);
    if (!supportsCommand(d.protocol, 'photo')) throw badRequest('photoUnsupportedProtocol', 'DeviceID');
    const params = {
      channel: input.Channel,
      count: input.Count,
      intervalSeconds: input.Interval,
      resolution: input.Resolution,
      quality: input.Quality,
    };
    const id = await this.commands.queue({ pk: d.id, deviceId: d.deviceId }, 'photo', { params }, auth.userId);
    return { CommandID: id };
  }

  /** Newest first, at most PHOTO_LIST_MAX; More says there were older ones in the range. */
  async list(auth: AuthContext, input: PhotoListInput): Promise<PhotoList> {
    const { from, to } = parseTimeRange(input, auth.timeZone);
    const holdPath = await this.holds.pathOf(auth, input.HoldID);
    let devicePk: number | undefined;
    if (input.DeviceID !== undefined && input.DeviceID !== '') {
      const device = await this.devices.findByDeviceId(input.DeviceID);
      assertInSubtree(holdPath, device);
      devicePk = device!.id;
    }
    const rows = await this.repo.list({
      holdPath,
      ...(devicePk !== undefined ? { devicePk } : {}),
      ...(input.Channel !== undefined ? { channel: input.Channel } : {}),
      ...(from ? { from } : {}),
      ...(to ? { to } : {}),
      limit: PHOTO_LIST_MAX + 1,
    });
    const inZone = zoneFormatter(auth.timeZone);
    return {
      More: rows.length > PHOTO_LIST_MAX,
      Rows: rows.slice(0, PHOTO_LIST_MAX).map((r) => ({
        PhotoID: r.id,
        DeviceID: r.deviceId,
        DeviceName: r.deviceName,
        Plate: r.plate,
        Channel: r.channel,
        Time: inZone(r.takenAt),
        Lat: r.lat,
        Lng: r.lng,
        Size: r.size,
        Event: r.event,
      })),
    };
  }

  /** The JPEG of a photo in the caller's subtree; another hold's id answers like a missing one. */
  async photo(auth: AuthContext, photoId: number): Promise<Buffer> {
    const row = await this.repo.find(photoId);
    assertInSubtree(auth.holdPath, row);
    try {
      return await readFile(path.resolve(this.dataDir, row!.file));
    } catch {
      throw notFound();
    }
  }
}
