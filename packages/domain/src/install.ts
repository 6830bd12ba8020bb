import { TaskStatus } from './enums.ts';

/**
 * Install tasks (issue #20, spec sections 3–5): their statuses, the transition table the server enforces and the
 * console reads to show only the buttons that will be accepted, the install positions and the photo limits.
 * The diagram and the reasons are in docs/install-flow.md.
 */

/** Every status a task can have, in the order it moves through them (Cancelled is an end beside Completed). */
export const TASK_STATUSES = [
  TaskStatus.Created,
  TaskStatus.WaitingConfirm,
  TaskStatus.Working,
  TaskStatus.WaitingApproval,
  TaskStatus.Cancelled,
  TaskStatus.Completed,
] as const;
export type TaskStatusCode = (typeof TASK_STATUSES)[number];
/** Statuses a task leaves no more. */
export const FINAL_TASK_STATUSES: readonly TaskStatusCode[] = [TaskStatus.Cancelled, TaskStatus.Completed];
/** Statuses an installer still has work in (an installer's "open" tasks). */
export const OPEN_TASK_STATUSES: readonly TaskStatusCode[] = [
  TaskStatus.WaitingConfirm,
  TaskStatus.Working,
  TaskStatus.WaitingApproval,
];

/**
 * Who makes a transition. The server derives the caller's roles for one task:
 * - dispatcher: a non-installer account with function 42 (work orders) whose subtree holds the task;
 * - installer: the account the task is assigned to;
 * - auditor: an account with function 45 (audit) whose subtree holds the task.
 */
export const TASK_ROLES = ['dispatcher', 'installer', 'auditor'] as const;
export type TaskRole = (typeof TASK_ROLES)[number];

/** The name of a move, for the log, the notices and the console's buttons. */
export const TASK_ACTIONS = ['assign', 'accept', 'decline', 'submit', 'approve', 'reject', 'cancel'] as const;
export type TaskAction = (typeof TASK_ACTIONS)[number];

export interface TaskTransition {
  from: TaskStatusCode;
  to: TaskStatusCode;
  action: TaskAction;
  roles: readonly TaskRole[];
  /** A reason must be given (a rejection, a decline). */
  remarkRequired: boolean;
}

/**
 * The whole table: any move not listed is refused. 0 → 1 happens through Task/Assign (or AddTask with an
 * installer), which names the installer; the others through Task/Transition. Submitting (2 → 3) has a further
 * guard the server checks: submitBlockers.
 */
export const TASK_TRANSITIONS: readonly TaskTransition[] = [
  { from: 0, to: 1, action: 'assign', roles: ['dispatcher'], remarkRequired: false },
  { from: 1, to: 2, action: 'accept', roles: ['installer'], remarkRequired: false },
  { from: 1, to: 0, action: 'decline', roles: ['installer'], remarkRequired: true },
  { from: 2, to: 3, action: 'submit', roles: ['installer'], remarkRequired: false },
  { from: 3, to: 9, action: 'approve', roles: ['auditor'], remarkRequired: false },
  { from: 3, to: 2, action: 'reject', roles: ['auditor'], remarkRequired: true },
  { from: 0, to: 8, action: 'cancel', roles: ['dispatcher'], remarkRequired: false },
  { from: 1, to: 8, action: 'cancel', roles: ['dispatcher'], remarkRequired: false },
];

/** The rule for a move from → to, or undefined when the table has none. */
export const taskTransition = (from: number, to: number): TaskTransition | undefined =>
  TASK_TRANSITIONS.find((t) => t.from === from && t.to === to);

/** Whether `role` may move a task from `from` to `to`. */
export const canTransition = (from: number, to: number, role: TaskRole): boolean =>
  taskTransition(from, to)?.roles.includes(role) ?? false;

/** The moves a caller holding `roles` may make from `from` (the console's buttons). */
export const transitionsFor = (from: number, roles: readonly TaskRole[]): TaskTransition[] =>
  TASK_TRANSITIONS.filter((t) => t.from === from && t.roles.some((r) => roles.includes(r)));

/** Why a task may not be submitted yet: the spec's proof of work is a device online and a photo. */
export type SubmitBlocker = 'noOnlineDevice' | 'noPhoto';
/**
 * A device counts as proven online when it reported a valid fix after the task went to 2 (working); the server
 * counts those and the photos and asks this.
 */
export function submitBlockers(proof: { provenDevices: number; photos: number }): SubmitBlocker[] {
  const out: SubmitBlocker[] = [];
  if (proof.provenDevices < 1) out.push('noOnlineDevice');
  if (proof.photos < 1) out.push('noPhoto');
  return out;
}

/** Where a device sits in the vehicle (spec section 3's Install info), stored as these numbers. */
export enum InstallPosition {
  Battery = 1,
  GloveBox = 2,
  LeftPedal = 3,
  RightPedal = 4,
  UnderSteeringWheel = 5,
  FrontLamp = 6,
  RearLamp = 7,
  Trunk = 8,
  Other = 9,
}
export const INSTALL_POSITIONS = [1, 2, 3, 4, 5, 6, 7, 8, 9] as const;
export type InstallPositionCode = (typeof INSTALL_POSITIONS)[number];
/** The locale key of each position (`install:position.<key>` in the console). */
export const INSTALL_POSITION_KEYS: Record<InstallPositionCode, string> = {
  1: 'battery',
  2: 'gloveBox',
  3: 'leftPedal',
  4: 'rightPedal',
  5: 'underSteeringWheel',
  6: 'frontLamp',
  7: 'rearLamp',
  8: 'trunk',
  9: 'other',
};

/**
 * Install photos (spec section 5: "JPG only, under 5 MB, at most 9 (4 in another place)"): the 4 is read as per
 * device position — one device's one position (a photo with no device or no position counts only for the task).
 */
export const INSTALL_PHOTO = {
  /** Strictly under this many bytes. */
  maxBytes: 5 * 1024 * 1024,
  perTask: 9,
  perPosition: 4,
  /** A thumbnail the browser made before upload (the server has no image library): small by design. */
  thumbMaxBytes: 256 * 1024,
} as const;

/** JPEG by its bytes, not its name: every JPEG starts with SOI (FF D8) and a marker (FF). */
export const isJpeg = (bytes: Uint8Array): boolean =>
  bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;

/** Why a photo is refused, or null when it may be stored (the counts are those already stored). */
export type PhotoRefusal = 'notJpeg' | 'tooLarge' | 'tooManyForTask' | 'tooManyForPosition';
export function photoRefusal(
  bytes: Uint8Array,
  counts: { task: number; position: number | null },
): PhotoRefusal | null {
  if (!isJpeg(bytes)) return 'notJpeg';
  if (bytes.length >= INSTALL_PHOTO.maxBytes) return 'tooLarge';
  if (counts.task >= INSTALL_PHOTO.perTask) return 'tooManyForTask';
  if (counts.position !== null && counts.position >= INSTALL_PHOTO.perPosition) return 'tooManyForPosition';
  return null;
}

/** Lengths of a task's and an installer's text fields, shared by the contract and the import's checks. */
export const INSTALL_TEXT = {
  orderNo: 32,
  vin: 32,
  customer: 64,
  project: 64,
  address: 200,
  agent: 64,
  store: 64,
  people: 64,
  remark: 200,
  region: 64,
  company: 64,
} as const;
