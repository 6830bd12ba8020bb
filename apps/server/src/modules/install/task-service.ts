import type {
  AddTaskInput,
  ModifyTaskInput,
  MyTasksInput,
  TaskDetail,
  TaskExportInput,
  TaskRow,
} from '@lodestar/contract/install';
import { AccountType, FINAL_TASK_STATUSES, Fn, OPEN_TASK_STATUSES, TaskStatus, transitionsFor } from '@lodestar/domain';
import { badRequest, conflict, forbidden } from '../../lib/errors.ts';
import type { HoldScope } from '../../lib/hold-scope.ts';
import type { OperationLogRepository } from '../../lib/operation-log-repository.ts';
import { formatInZone, parseInZone } from '../../lib/time.ts';
import { parseTimeRange } from '../../lib/time-range.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { rolesOf, taskVin, toTaskRow, visibleTask } from './access.ts';
import type { FlowService } from './flow-service.ts';
import type { TaskPatch, TaskRepository } from './repository.ts';
import type { WorkRepository } from './work-repository.ts';

const isUniqueViolation = (err: unknown): boolean =>
  (err as { code?: string }).code === '23505' || (err as { cause?: { code?: string } }).cause?.code === '23505';

type Paged<T> = T & { PageIndex: number; PageSize: number };

/** Install tasks (/info/task, function 42): create, correct, list, read. The moves are FlowService's. */
export class TaskService {
  constructor(
    private readonly repo: TaskRepository,
    private readonly work: WorkRepository,
    private readonly holds: HoldScope,
    private readonly flow: FlowService,
    private readonly logs: OperationLogRepository,
    private readonly onlineTimeoutMs: number,
  ) {}

  async add(auth: AuthContext, input: AddTaskInput): Promise<{ TaskID: number; OrderNo: string }> {
    const hold = await this.holds.inReach(auth, input.HoldID);
    const patch = this.patchOf(auth, input);
    const vin = taskVin(input.VIN);
    const installer = input.InstallerID ? await this.flow.assignable(auth, input.InstallerID) : undefined;
    const made = await this.uniqueOrderNo(input.OrderNo, () =>
      this.repo.transaction(async (repo, tx) => {
        const orderNo = input.OrderNo ?? (await this.madeUpOrderNo(repo));
        const id = await repo.insert({
          ...patch,
          holdId: hold.id,
          orderNo,
          vin,
          customer: input.Customer,
          createdBy: auth.userId,
        });
        await repo.addLog({ taskId: id, userId: auth.userId, userName: auth.userName, toStatus: TaskStatus.Created });
        if (installer) await this.flow.assignIn(auth, repo, tx, id, installer);
        return { TaskID: id, OrderNo: orderNo };
      }),
    );
    await this.log(auth, 'addInstallTask', `${made.OrderNo} #${made.TaskID} ${vin}`);
    return made;
  }

  /** Fields only; the status moves through Task/Transition. A completed task needs function 46. */
  async modify(auth: AuthContext, input: ModifyTaskInput): Promise<void> {
    const patch = this.patchOf(auth, input);
    if (input.VIN !== undefined) patch.vin = taskVin(input.VIN);
    if (input.Customer !== undefined) patch.customer = input.Customer;
    const orderNo = await this.repo.transaction(async (repo) => {
      const task = await visibleTask(auth, repo, input.TaskID, true);
      if (!rolesOf(auth, task).includes('dispatcher')) throw forbidden('taskMoveNotYours');
      if (task.status === TaskStatus.Completed && !auth.funs.has(Fn.editAfterAudit))
        throw forbidden('taskCompletedLocked');
      if (task.status === TaskStatus.Cancelled) throw badRequest('taskClosed', 'TaskID');
      await repo.update(task.id, patch);
      return task.orderNo;
    });
    await this.log(auth, 'modifyInstallTask', `${orderNo} #${input.TaskID}`);
  }

  async list(auth: AuthContext, q: Paged<TaskExportInput>): Promise<{ rows: TaskRow[]; total: number }> {
    const holdPath = await this.holds.pathOf(auth, q.HoldID);
    const range = parseTimeRange(q, auth.timeZone);
    const { rows, total } = await this.repo.list({
      holdPath,
      // An installer account lists only its own tasks, as GetTask lets it read only those.
      installerId: auth.accountType === AccountType.Installer ? auth.userId : q.InstallerID,
      status: q.Status,
      keyword: q.Keyword,
      ...range,
      sort: q.SortColumn,
      desc: q.SortType === 'desc',
      offset: (q.PageIndex - 1) * q.PageSize,
      limit: q.PageSize,
    });
    return { rows: rows.map((t) => toTaskRow(auth, t)), total };
  }

  /** The caller's own tasks, whatever unit they belong to: an installer's phone view. */
  async mine(auth: AuthContext, q: MyTasksInput): Promise<{ rows: TaskRow[]; total: number }> {
    const statuses = q.Open === undefined ? undefined : q.Open ? OPEN_TASK_STATUSES : FINAL_TASK_STATUSES;
    const { rows, total } = await this.repo.list({
      holdPath: null,
      installerId: auth.userId,
      status: q.Status,
      statuses,
      desc: true,
      offset: (q.PageIndex - 1) * q.PageSize,
      limit: q.PageSize,
    });
    return { rows: rows.map((t) => toTaskRow(auth, t)), total };
  }

  async get(auth: AuthContext, id: number): Promise<TaskDetail> {
    const task = await visibleTask(auth, this.repo, id);
    const [infos, photos, log, devices] = await Promise.all([
      this.work.infosOf(id),
      this.work.photosOf(id),
      this.repo.logOf(id),
      this.work.devicesOf(id, task.workingSince, new Date(), this.onlineTimeoutMs),
    ]);
    const tz = auth.timeZone;
    const roles = rolesOf(auth, task);
    return {
      Task: toTaskRow(auth, task),
      Infos: infos.map((i) => ({
        InfoID: i.id,
        DeviceID: i.deviceId,
        Position: i.position,
        People: i.people,
        Time: formatInZone(i.installedAt, tz),
        CreateTime: formatInZone(i.createdAt, tz),
      })),
      Photos: photos.map((p) => ({
        PhotoID: p.id,
        DeviceID: p.deviceId,
        Position: p.position,
        Size: p.size,
        HasThumb: p.thumbPath !== null,
        CreateTime: formatInZone(p.createdAt, tz),
      })),
      Log: log.map((l) => ({
        LogID: l.id,
        UserName: l.userName,
        Time: formatInZone(l.createdAt, tz),
        From: l.fromStatus,
        To: l.toStatus,
        Remark: l.remark,
      })),
      Devices: devices.map((d) => ({
        DeviceID: d.deviceId,
        DeviceName: d.name,
        Online: d.online,
        Proven: d.proven,
        LastFix:
          d.fixTime && d.lat !== null && d.lon !== null
            ? { Time: formatInZone(d.fixTime, tz), Lat: d.lat, Lng: d.lon, Speed: d.speed ?? 0 }
            : null,
      })),
      Moves: transitionsFor(task.status, roles)
        .filter((t) => t.action !== 'assign')
        .map((t) => t.to),
      CanEditInstall: this.flow.mayEditInstall(auth, task),
    };
  }

  /** The fields Task/AddTask and ModifyTask (and Task/ImportTasks per row) share; a bad ExpectedTime is refused naming it. */
  patchOf(auth: AuthContext, f: Omit<ModifyTaskInput, 'TaskID' | 'VIN' | 'Customer'>): TaskPatch {
    const p: TaskPatch = {};
    if (f.Address !== undefined) p.address = f.Address;
    if (f.Project !== undefined) p.project = f.Project;
    if (f.Agent !== undefined) p.agent = f.Agent;
    if (f.Store !== undefined) p.store = f.Store;
    if (f.Cost !== undefined) p.cost = f.Cost;
    if (f.Remark !== undefined) p.remark = f.Remark;
    if (f.ExpectedTime !== undefined) {
      const at = f.ExpectedTime === null ? null : parseInZone(f.ExpectedTime, auth.timeZone);
      if (at === undefined) throw badRequest('invalidField', 'ExpectedTime');
      p.expectedAt = at;
    }
    return p;
  }

  /** IT + the UTC day + a serial of that day: IT202611260001. */
  async madeUpOrderNo(repo: TaskRepository): Promise<string> {
    const prefix = `IT${new Date().toISOString().slice(0, 10).replaceAll('-', '')}`;
    return `${prefix}${String(await repo.nextOrderSerial(prefix)).padStart(4, '0')}`;
  }

  /**
   * A given order number taken answers 400 naming OrderNo; a made-up one taken meanwhile by a concurrent call is
   * made up again (a few times: the serial moved on).
   */
  private async uniqueOrderNo<T>(given: string | undefined, write: () => Promise<T>): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await write();
      } catch (err) {
        if (!isUniqueViolation(err)) throw err;
        if (given !== undefined || attempt >= 4) throw conflict('taskOrderNoExists', 'OrderNo');
      }
    }
  }

  private log(auth: AuthContext, action: string, detail: string) {
    return this.logs.operation({ userId: auth.userId, holdId: auth.holdId, action, detail, ip: auth.ip });
  }
}
