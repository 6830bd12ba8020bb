import type { AssignInput, TransitionInput } from '@lodestar/contract/install';
import { ErrCode, Fn, ReplyCode, submitBlockers, type TaskAction, TaskStatus, taskTransition } from '@lodestar/domain';
import { AppError, badRequest, conflict, forbidden } from '../../lib/errors.ts';
import type { Executor } from '../../lib/executor.ts';
import type { OperationLogRepository } from '../../lib/operation-log-repository.ts';
import { inSubtree } from '../../lib/tenancy.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import type { NewNotice, NoticeSink } from '../notices/types.ts';
import { rolesOf, visibleTask } from './access.ts';
import type { InstallerRecord } from './installer-repository.ts';
import type { InstallerService } from './installer-service.ts';
import type { TaskPatch, TaskRepository, TaskView } from './repository.ts';
import type { WorkRepository } from './work-repository.ts';

const EDITABLE_BY_OFFICE: readonly number[] = [
  TaskStatus.Created,
  TaskStatus.WaitingConfirm,
  TaskStatus.Working,
  TaskStatus.WaitingApproval,
];

/**
 * The moves of an install task (docs/install-flow.md): each checked against packages/domain's table for the
 * caller's roles, made under a row lock, written to the task's log and notified, in one transaction. Approval
 * binds the devices, starts their VIP and fills the vehicle in that same transaction.
 */
export class FlowService {
  constructor(
    private readonly repo: TaskRepository,
    private readonly work: WorkRepository,
    private readonly installers: InstallerService,
    private readonly notices: NoticeSink,
    private readonly logs: OperationLogRepository,
    private readonly onlineTimeoutMs: number,
  ) {}

  /** An installer the caller may assign: of its subtree and active. */
  async assignable(auth: AuthContext, installerId: number): Promise<InstallerRecord> {
    const installer = await this.installers.owned(auth, installerId);
    if (!installer.active) throw badRequest('installerInactive', 'InstallerID');
    return installer;
  }

  async assign(auth: AuthContext, input: AssignInput): Promise<void> {
    const installer = await this.assignable(auth, input.InstallerID);
    const orderNo = await this.repo.transaction(async (repo, tx) => {
      const task = await visibleTask(auth, repo, input.TaskID, true);
      if (!rolesOf(auth, task).includes('dispatcher')) throw forbidden('taskMoveNotYours');
      if (task.status !== TaskStatus.Created && task.status !== TaskStatus.WaitingConfirm)
        throw badRequest('taskMoveRefused', `${task.status} → ${TaskStatus.WaitingConfirm}`);
      await this.assignIn(auth, repo, tx, task.id, installer, task);
      return task.orderNo;
    });
    await this.log(auth, 'assignInstallTask', `${orderNo} #${input.TaskID} → ${installer.userName}`);
  }

  /** Gives the task to an installer (0 → 1, or 1 → 1 with another), in the caller's transaction. */
  async assignIn(
    auth: AuthContext,
    repo: TaskRepository,
    tx: Executor,
    taskId: number,
    installer: InstallerRecord,
    before?: TaskView,
  ): Promise<void> {
    const task = before ?? (await repo.findById(taskId));
    if (!task) return;
    if (task.installerId === installer.id && task.status === TaskStatus.WaitingConfirm) return;
    await repo.update(taskId, { installerId: installer.id, status: TaskStatus.WaitingConfirm });
    await repo.addLog({
      taskId,
      userId: auth.userId,
      userName: auth.userName,
      fromStatus: task.status,
      toStatus: TaskStatus.WaitingConfirm,
      remark: installer.userName,
    });
    const out = [this.notice(installer.id, task, 'assign', auth, '')];
    if (task.installerId && task.installerId !== installer.id)
      out.push(this.notice(task.installerId, task, 'unassign', auth, ''));
    await this.notices.add(tx, out);
  }

  async transition(auth: AuthContext, input: TransitionInput): Promise<void> {
    const remark = input.Remark?.trim() ?? '';
    const done = await this.repo.transaction(async (repo, tx) => {
      const task = await visibleTask(auth, repo, input.TaskID, true);
      const rule = taskTransition(task.status, input.To);
      if (!rule) throw badRequest('taskMoveRefused', `${task.status} → ${input.To}`);
      if (!rule.roles.some((r) => rolesOf(auth, task).includes(r))) throw forbidden('taskMoveNotYours');
      if (rule.remarkRequired && !remark) throw badRequest('taskRemarkRequired', 'Remark');
      if (rule.action === 'assign' && !task.installerId) throw badRequest('taskAssignFirst', 'InstallerID');
      const now = new Date();
      const patch: TaskPatch = { status: input.To };
      switch (rule.action) {
        case 'accept':
          patch.startedAt = task.startedAt ?? now;
          patch.workingSince = now;
          break;
        case 'decline':
          patch.installerId = null;
          break;
        case 'submit':
          await this.checkProof(task);
          patch.endedAt = now;
          break;
        case 'reject':
          // Rework: the devices prove themselves again after it.
          patch.rejections = task.rejections + 1;
          patch.workingSince = now;
          break;
        case 'approve':
          await this.approveIn(auth, tx, task, now);
          patch.checkedAt = now;
          break;
      }
      await repo.update(task.id, patch);
      await repo.addLog({
        taskId: task.id,
        userId: auth.userId,
        userName: auth.userName,
        fromStatus: task.status,
        toStatus: input.To,
        remark,
      });
      await this.notices.add(tx, this.noticesOf(auth, task, rule.action, remark));
      return { task, action: rule.action };
    });
    await this.log(auth, `${done.action}InstallTask`, `${done.task.orderNo} #${done.task.id} → ${input.To}`);
  }

  /** Whether the caller may add or remove install infos and photos now (docs/install-flow.md). */
  mayEditInstall(auth: AuthContext, task: TaskView): boolean {
    const roles = rolesOf(auth, task);
    if (task.status === TaskStatus.Completed) return roles.includes('dispatcher') && auth.funs.has(Fn.editAfterAudit);
    if (roles.includes('installer') && task.status === TaskStatus.Working) return true;
    return roles.includes('dispatcher') && EDITABLE_BY_OFFICE.includes(task.status);
  }

  private async checkProof(task: TaskView): Promise<void> {
    const devices = await this.work.devicesOf(task.id, task.workingSince, new Date(), this.onlineTimeoutMs);
    const blockers = submitBlockers({ provenDevices: devices.filter((d) => d.proven).length, photos: task.photos });
    if (!blockers.length) return;
    const key = (b: string) => (b === 'noOnlineDevice' ? 'taskNoOnlineDevice' : 'taskNoPhoto');
    throw new AppError(
      ReplyCode.BadRequest,
      ErrCode.Validation,
      key(blockers[0]!),
      undefined,
      blockers.slice(1).map((b) => ({ key: key(b) })),
    );
  }

  /** 3 → 9: the vehicle found or made, the devices bound, their VIP started, the vehicle filled. */
  private async approveIn(auth: AuthContext, tx: Executor, task: TaskView, now: Date): Promise<void> {
    const work = this.work.with(tx);
    const pks = await work.devicePksOf(task.id);
    if (!pks.length) throw badRequest('taskNoDevices', 'TaskID');
    const found = await work.vehicleByVin(task.vin);
    if (found && !inSubtree(auth.holdPath, found.holdPath)) throw conflict('taskVinElsewhere', 'VIN');
    const vehicleId =
      found?.id ??
      (await work.insertVehicle({ holdId: task.holdId, plate: task.vin, ownerName: task.customer, vin: task.vin }));
    await work.bindAndStartVip(vehicleId, pks, now);
    await work.fillVehicle(vehicleId, {
      installTime: task.endedAt ?? now,
      storeName: task.store,
      cost: task.cost,
      workOrderNo: task.orderNo,
    });
  }

  private noticesOf(auth: AuthContext, task: TaskView, action: TaskAction, remark: string): NewNotice[] {
    const to: number[] = [];
    const creator = task.createdBy;
    if (['accept', 'decline', 'submit', 'approve'].includes(action) && creator) to.push(creator);
    if (['reject', 'approve', 'cancel'].includes(action) && task.installerId) to.push(task.installerId);
    return [...new Set(to)].filter((id) => id !== auth.userId).map((id) => this.notice(id, task, action, auth, remark));
  }

  private notice(userId: number, task: TaskView, action: TaskAction | 'unassign', auth: AuthContext, remark: string) {
    return {
      userId,
      kind: 'installTask' as const,
      params: {
        TaskID: task.id,
        OrderNo: task.orderNo,
        VIN: task.vin,
        Customer: task.customer,
        Action: action,
        By: auth.userName,
        Remark: remark,
      },
      dedupeKey: `installTask:${task.id}:${action}:${Date.now()}:${userId}`,
    };
  }

  private log(auth: AuthContext, action: string, detail: string) {
    return this.logs.operation({ userId: auth.userId, holdId: auth.holdId, action, detail, ip: auth.ip });
  }
}
