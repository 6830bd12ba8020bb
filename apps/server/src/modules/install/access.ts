import type { TaskRow } from '@lodestar/contract/install';
import { AccountType, checkVin, Fn, normaliseVin, type TaskRole } from '@lodestar/domain';
import { badRequest, outsideHold } from '../../lib/errors.ts';
import { inSubtree } from '../../lib/tenancy.ts';
import { formatInZone } from '../../lib/time.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import type { TaskRepository, TaskView } from './repository.ts';

/**
 * Who may see a task and in which roles (docs/install-flow.md): an installer account sees only the tasks
 * assigned to it; any other account the tasks of its subtree (and one assigned to it, should it be assigned).
 */
export function canSee(auth: AuthContext, task: TaskView): boolean {
  if (task.installerId === auth.userId) return true;
  return auth.accountType !== AccountType.Installer && inSubtree(auth.holdPath, task.holdPath);
}

export function rolesOf(auth: AuthContext, task: TaskView): TaskRole[] {
  const roles: TaskRole[] = [];
  const office = auth.accountType !== AccountType.Installer && inSubtree(auth.holdPath, task.holdPath);
  if (office && auth.funs.has(Fn.workOrders)) roles.push('dispatcher');
  if (task.installerId === auth.userId) roles.push('installer');
  if (office && auth.funs.has(Fn.audit)) roles.push('auditor');
  return roles;
}

/** The task if the caller may see it; a missing one and one out of reach answer alike (403 OutsideHold). */
export async function visibleTask(
  auth: AuthContext,
  repo: TaskRepository,
  id: number,
  forUpdate = false,
): Promise<TaskView> {
  const task = await repo.findById(id, forUpdate);
  if (!task || !canSee(auth, task)) throw outsideHold();
  return task;
}

const VIN_PROBLEM = {
  vinLength: 'vehicleVinLength',
  vinCharacters: 'vehicleVinCharacters',
  vinCheckDigit: 'vehicleVinCheckDigit',
} as const;

/** A VIN as vehicles store it (trimmed, upper case), checked as Vehicle/AddVehicle checks it. */
export function taskVin(text: string): string {
  const vin = normaliseVin(text);
  const problem = checkVin(vin);
  if (problem) throw badRequest(VIN_PROBLEM[problem], 'VIN');
  return vin;
}

export function toTaskRow(auth: AuthContext, t: TaskView): TaskRow {
  const at = (d: Date | null) => (d ? formatInZone(d, auth.timeZone) : null);
  const vehicleSeen = t.vehicleHoldPath !== null && canSeeVehicle(auth, t);
  return {
    TaskID: t.id,
    OrderNo: t.orderNo,
    HoldID: t.holdId,
    HoldName: t.holdName,
    Status: t.status,
    VIN: t.vin,
    Customer: t.customer,
    Address: t.address,
    Project: t.project,
    Agent: t.agent,
    Store: t.store,
    Cost: t.cost,
    Remark: t.remark,
    InstallerID: t.installerId,
    InstallerName: t.installerName,
    InstallerPhone: t.installerPhone,
    ExpectedTime: at(t.expectedAt),
    StartTime: at(t.startedAt),
    EndTime: at(t.endedAt),
    CheckTime: at(t.checkedAt),
    Rejections: t.rejections,
    VehicleID: vehicleSeen ? t.vehicleId : null,
    Plate: vehicleSeen ? t.plate : '',
    Devices: t.devices,
    Photos: t.photos,
    CreatorName: t.creatorName,
    CreateTime: formatInZone(t.createdAt, auth.timeZone),
    UpdateTime: formatInZone(t.updatedAt, auth.timeZone),
  };
}

/** A vehicle is named only to whom may see it: its unit within the caller's, or within the task's for its installer. */
function canSeeVehicle(auth: AuthContext, t: TaskView): boolean {
  const path = t.vehicleHoldPath!;
  return inSubtree(auth.holdPath, path) || (t.installerId === auth.userId && inSubtree(t.holdPath, path));
}
