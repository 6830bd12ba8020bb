import { mkdir, open, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import type { AddInstallInfoInput, UploadPhotoFieldsInput } from '@lodestar/contract/install';
import { INSTALL_PHOTO, isJpeg, type PhotoRefusal, type Protocol, photoRefusal } from '@lodestar/domain';
import { normaliseDeviceId } from '@lodestar/protocols';
import { badRequest, forbidden, notFound, outsideHold } from '../../lib/errors.ts';
import type { MessageKey } from '../../lib/messages.ts';
import type { OperationLogRepository } from '../../lib/operation-log-repository.ts';
import { inSubtree } from '../../lib/tenancy.ts';
import { parseInZone } from '../../lib/time.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { canSee, visibleTask } from './access.ts';
import type { FlowService } from './flow-service.ts';
import type { TaskRepository, TaskView } from './repository.ts';
import type { WorkRepository } from './work-repository.ts';

const REFUSAL: Record<PhotoRefusal, MessageKey> = {
  notJpeg: 'installPhotoNotJpeg',
  tooLarge: 'installPhotoTooLarge',
  tooManyForTask: 'installPhotoTooManyTask',
  tooManyForPosition: 'installPhotoTooManyPosition',
};

/** The files of one task: DATA_DIR/install/<hold>/<task>/. */
export const taskDir = (holdId: number, taskId: number) => path.join('install', String(holdId), String(taskId));

/**
 * Install infos and photos of a task (spec section 3's Install info; section 5's photo rules). Each change locks
 * the task row, so two uploads at once cannot both take the ninth place.
 */
export class WorkService {
  constructor(
    private readonly tasks: TaskRepository,
    private readonly work: WorkRepository,
    private readonly flow: FlowService,
    private readonly logs: OperationLogRepository,
    private readonly dataDir: string,
  ) {}

  async addInfo(auth: AuthContext, input: AddInstallInfoInput): Promise<{ InfoID: number }> {
    const installedAt = parseInZone(input.Time, auth.timeZone);
    if (!installedAt) throw badRequest('invalidField', 'Time');
    const id = await this.tasks.transaction(async (repo, tx) => {
      const task = await this.editable(auth, repo, input.TaskID);
      const device = await this.deviceOf(task, input.DeviceID);
      return this.work.with(tx).insertInfo({
        taskId: task.id,
        devicePk: device.id,
        position: input.Position,
        people: input.People,
        installedAt,
      });
    });
    await this.log(auth, 'addInstallInfo', `#${input.TaskID} ${input.DeviceID} ${input.Position}`);
    return { InfoID: id };
  }

  async removeInfo(auth: AuthContext, infoId: number): Promise<void> {
    const info = await this.work.findInfo(infoId);
    if (!info) throw outsideHold();
    await this.tasks.transaction(async (repo, tx) => {
      await this.editable(auth, repo, info.taskId);
      await this.work.with(tx).removeInfo(info.id);
    });
    await this.log(auth, 'removeInstallInfo', `#${info.taskId} info ${infoId}`);
  }

  /** The JPEG is checked by its bytes; stored (fsynced) before its row commits, removed again if it does not. */
  async addPhoto(
    auth: AuthContext,
    input: UploadPhotoFieldsInput,
    bytes: Buffer,
    thumb: Buffer | null,
  ): Promise<{ PhotoID: number }> {
    if (thumb && (!isJpeg(thumb) || thumb.length >= INSTALL_PHOTO.thumbMaxBytes))
      throw badRequest('installThumbInvalid', 'thumb');
    const written: string[] = [];
    try {
      const id = await this.tasks.transaction(async (repo, tx) => {
        const task = await this.editable(auth, repo, input.TaskID);
        const device = input.DeviceID ? await this.deviceOf(task, input.DeviceID) : null;
        const counts = await repo.photoCounts(task.id, device?.id ?? null, input.Position ?? null);
        const refused = photoRefusal(bytes, counts);
        if (refused) throw badRequest(REFUSAL[refused], 'file');
        const work = this.work.with(tx);
        const photoId = await work.insertPhoto({
          taskId: task.id,
          devicePk: device?.id ?? null,
          position: input.Position ?? null,
          size: bytes.length,
          path: '',
          createdBy: auth.userId,
        });
        const dir = taskDir(task.holdId, task.id);
        const main = path.join(dir, `${photoId}.jpg`);
        await this.write(main, bytes, written);
        const small = thumb ? path.join(dir, `${photoId}.thumb.jpg`) : null;
        if (small && thumb) await this.write(small, thumb, written);
        await work.setPhotoPaths(photoId, main, small);
        return photoId;
      });
      await this.log(auth, 'addInstallPhoto', `#${input.TaskID} photo ${id}`);
      return { PhotoID: id };
    } catch (err) {
      await Promise.all(written.map((f) => rm(f, { force: true })));
      throw err;
    }
  }

  async removePhoto(auth: AuthContext, photoId: number): Promise<void> {
    const photo = await this.work.findPhoto(photoId);
    if (!photo) throw outsideHold();
    await this.tasks.transaction(async (repo, tx) => {
      await this.editable(auth, repo, photo.taskId);
      await this.work.with(tx).removePhoto(photo.id);
    });
    for (const f of [photo.path, photo.thumbPath]) if (f) await rm(path.resolve(this.dataDir, f), { force: true });
    await this.log(auth, 'removeInstallPhoto', `#${photo.taskId} photo ${photoId}`);
  }

  /** A photo's bytes (its thumbnail when asked and sent) for a caller who may see its task. */
  async photo(auth: AuthContext, photoId: number, thumb: boolean): Promise<Buffer> {
    const photo = await this.work.findPhoto(photoId);
    const task = photo ? await this.tasks.findById(photo.taskId) : undefined;
    if (!photo || !task || !canSee(auth, task)) throw outsideHold();
    const file = thumb && photo.thumbPath ? photo.thumbPath : photo.path;
    try {
      return await readFile(path.resolve(this.dataDir, file));
    } catch {
      throw notFound();
    }
  }

  /** The task under lock, if the caller may change its install infos and photos now. */
  private async editable(auth: AuthContext, repo: TaskRepository, taskId: number): Promise<TaskView> {
    const task = await visibleTask(auth, repo, taskId, true);
    if (!this.flow.mayEditInstall(auth, task)) throw forbidden('taskInstallNotEditable');
    return task;
  }

  /** A device of the task's unit by its typed ID; another unit's answers like a missing one. */
  private async deviceOf(task: TaskView, typed: string) {
    const found = (await this.work.devicesByTyped([typed])).filter((d) => inSubtree(task.holdPath, d.holdPath));
    const device =
      found.find((d) => d.deviceId === typed.trim()) ??
      found.find((d) => d.deviceId === normaliseDeviceId(d.protocol as Protocol, typed.trim()));
    if (!device) throw outsideHold();
    return device;
  }

  private async write(relative: string, bytes: Buffer, written: string[]): Promise<void> {
    const full = path.resolve(this.dataDir, relative);
    await mkdir(path.dirname(full), { recursive: true });
    const file = await open(full, 'wx');
    written.push(full);
    try {
      await file.writeFile(bytes);
      await file.sync();
    } finally {
      await file.close();
    }
  }

  private log(auth: AuthContext, action: string, detail: string) {
    return this.logs.operation({ userId: auth.userId, holdId: auth.holdId, action, detail, ip: auth.ip });
  }
}
