/**
 * Installers and install tasks (issue #20, /info/installer function 43, /info/task function 42): the Installer/…
 * and Task/… calls. Statuses, positions, the transition table and the photo limits are packages/domain's
 * install.ts; the flow is docs/install-flow.md. Times are `YYYY-MM-DD HH:mm:ss` in the caller's zone; Cost is
 * integer fen.
 */
import { INSTALL_POSITIONS, INSTALL_TEXT, LIMITS, SIM_RULES, TASK_STATUSES } from '@lodestar/domain';
import { type Static, Type } from 'typebox';
import { DateTimeText, DeviceID, Id, Literals, Nullable, PageOf, Paging, Phone, ReplyOf, SortOf } from './common.ts';
import { InfoImportReply, JobID } from './imports.ts';

const text = (maxLength: number, description?: string) =>
  Type.String({ maxLength, ...(description ? { description } : {}) });

export const TaskStatusSchema = Literals(TASK_STATUSES, {
  description: '0 created, 1 waiting confirm, 2 working, 3 waiting approval, 8 cancelled, 9 completed',
});
export const PositionSchema = Literals(INSTALL_POSITIONS, {
  description:
    '1 battery, 2 glove box, 3 left pedal, 4 right pedal, 5 under steering wheel, 6 front lamp, 7 rear lamp, 8 trunk, 9 other',
});

// ── Installers ────────────────────────────────────────────────────────────────────────────────────────────────

/** An installer is a user account of type 4 (installer) with its working details; InstallerID is its UserID. */
const installerFields = {
  UserName: Type.String({ minLength: 2, maxLength: 32 }),
  Phone,
  Region: Type.Optional(text(INSTALL_TEXT.region, 'where the installer works')),
  Company: Type.Optional(text(INSTALL_TEXT.company, 'the installer’s company or agent')),
  Active: Type.Optional(Type.Boolean({ description: 'an inactive installer is not assigned new tasks; default true' })),
  Remark: Type.Optional(text(INSTALL_TEXT.remark)),
};
export const AddInstallerBody = Type.Object({
  HoldID: Id,
  ...installerFields,
  UserPassword: Type.String({ minLength: 6, maxLength: 64 }),
});
export type AddInstallerInput = Static<typeof AddInstallerBody>;
export const AddInstallerReply = ReplyOf(Type.Object({ InstallerID: Type.Integer() }));

export const ModifyInstallerBody = Type.Object({
  InstallerID: Id,
  UserName: Type.Optional(installerFields.UserName),
  Phone: Type.Optional(Phone),
  Region: installerFields.Region,
  Company: installerFields.Company,
  Active: installerFields.Active,
  Remark: installerFields.Remark,
});
export type ModifyInstallerInput = Static<typeof ModifyInstallerBody>;

export const INSTALLER_SORT_COLUMNS = [
  'UserName',
  'Region',
  'Company',
  'OpenTasks',
  'FinishedTasks',
  'OnTimeRate',
  'ReworkRate',
  'CreateTime',
] as const;
export type InstallerSortColumn = (typeof INSTALLER_SORT_COLUMNS)[number];
const installerFilters = {
  HoldID: Type.Optional(Id),
  Keyword: Type.Optional(
    Type.String({ maxLength: LIMITS.deviceKeywordLength, description: 'part of the name, phone, region or company' }),
  ),
  Active: Type.Optional(Type.Boolean()),
  ...SortOf(INSTALLER_SORT_COLUMNS),
};
export const InstallerListBody = Type.Object({ ...Paging, ...installerFilters });
export type InstallerListInput = Static<typeof InstallerListBody>;
/** Installer/ExportInstallerList: the list's filters and order, without paging. */
export const InstallerExportBody = Type.Object(installerFilters);
export type InstallerExportInput = Static<typeof InstallerExportBody>;

export const InstallerRowSchema = Type.Object({
  InstallerID: Type.Integer(),
  UserName: Type.String(),
  Phone: Type.String(),
  HoldID: Type.Integer(),
  HoldName: Type.String(),
  Region: Type.String(),
  Company: Type.String(),
  Active: Type.Boolean(),
  Remark: Type.String(),
  /** Tasks in 1, 2 or 3. */
  OpenTasks: Type.Integer(),
  /** Tasks in 9. */
  FinishedTasks: Type.Integer(),
  /** Finished tasks submitted by their expected time, of finished tasks with an expected time, 0–100; null: none. */
  OnTimeRate: Nullable(Type.Integer({ minimum: 0, maximum: 100 })),
  /** Finished tasks rejected at least once, of finished tasks, 0–100; null: none finished. */
  ReworkRate: Nullable(Type.Integer({ minimum: 0, maximum: 100 })),
  CreateTime: Type.String(),
});
export type InstallerRow = Static<typeof InstallerRowSchema>;
export const InstallerListReply = PageOf(InstallerRowSchema);

// ── Tasks ─────────────────────────────────────────────────────────────────────────────────────────────────────

const Vin = Type.String({ minLength: 1, maxLength: INSTALL_TEXT.vin, description: 'the vehicle’s VIN' });
const Cost = Type.Integer({ minimum: 0, maximum: 999_999_999, description: 'integer fen' });
const taskFields = {
  /** Where the vehicle is to be fitted: the installer's phone navigates to it. */
  Address: Type.Optional(text(INSTALL_TEXT.address)),
  Project: Type.Optional(text(INSTALL_TEXT.project)),
  Agent: Type.Optional(text(INSTALL_TEXT.agent)),
  ExpectedTime: Type.Optional(Type.Union([Type.Null(), DateTimeText], { description: 'to be finished by' })),
  /** Written to the vehicle on approval with the install time. */
  Store: Type.Optional(text(INSTALL_TEXT.store, 'the store (dealer) the vehicle was sold by')),
  Cost: Type.Optional(Cost),
  Remark: Type.Optional(text(INSTALL_TEXT.remark)),
};
export const AddTaskBody = Type.Object({
  HoldID: Id,
  VIN: Vin,
  Customer: Type.String({ minLength: 1, maxLength: INSTALL_TEXT.customer, description: 'the customer’s name' }),
  OrderNo: Type.Optional(
    Type.String({ minLength: 1, maxLength: INSTALL_TEXT.orderNo, description: 'unique; made up when absent' }),
  ),
  ...taskFields,
  InstallerID: Type.Optional(Id),
});
export type AddTaskInput = Static<typeof AddTaskBody>;
export const AddTaskReply = ReplyOf(Type.Object({ TaskID: Type.Integer(), OrderNo: Type.String() }));

/** After completion (9) only with function 46 (edit after audit). */
export const ModifyTaskBody = Type.Object({
  TaskID: Id,
  VIN: Type.Optional(Vin),
  Customer: Type.Optional(Type.String({ minLength: 1, maxLength: INSTALL_TEXT.customer })),
  ...taskFields,
});
export type ModifyTaskInput = Static<typeof ModifyTaskBody>;

/** A sheet row as text (Cost in yuan, ExpectedTime in the user's zone, Installer the installer's phone). */
export const TaskImportRow = Type.Object({
  OrderNo: Type.Optional(Type.String({ maxLength: 256 })),
  VIN: Type.Optional(Type.String({ maxLength: 256 })),
  Customer: Type.Optional(Type.String({ maxLength: 256 })),
  Project: Type.Optional(Type.String({ maxLength: 256 })),
  Agent: Type.Optional(Type.String({ maxLength: 256 })),
  ExpectedTime: Type.Optional(Type.String({ maxLength: 256 })),
  Store: Type.Optional(Type.String({ maxLength: 256 })),
  Cost: Type.Optional(Type.String({ maxLength: 256 })),
  Installer: Type.Optional(Type.String({ maxLength: 256, description: 'the installer’s phone' })),
  Remark: Type.Optional(Type.String({ maxLength: 256 })),
});
export type TaskImportRowInput = Static<typeof TaskImportRow>;
/** Task/ImportTasks: a file uploaded to the download centre (FileID, .xlsx/.csv) or Rows; all rows checked first. */
export const ImportTasksBody = Type.Object({
  HoldID: Id,
  FileID: Type.Optional(Id),
  Rows: Type.Optional(Type.Array(TaskImportRow, { maxItems: SIM_RULES.importMaxRows })),
  AllowPartial: Type.Optional(Type.Boolean({ description: 'write the good rows even when others have errors' })),
  JobID: Type.Optional(JobID),
});
export type ImportTasksInput = Static<typeof ImportTasksBody>;
export const ImportTasksReply = InfoImportReply;

export const TASK_SORT_COLUMNS = [
  'OrderNo',
  'Status',
  'Customer',
  'InstallerName',
  'ExpectedTime',
  'StartTime',
  'EndTime',
  'CheckTime',
  'CreateTime',
] as const;
export type TaskSortColumn = (typeof TASK_SORT_COLUMNS)[number];
const TimeFilter = Type.Optional(Type.Union([Type.Literal(''), Type.Null(), DateTimeText]));
const taskFilters = {
  HoldID: Type.Optional(Id),
  Status: Type.Optional(TaskStatusSchema),
  InstallerID: Type.Optional(Id),
  Keyword: Type.Optional(
    Type.String({
      maxLength: LIMITS.deviceKeywordLength,
      description: 'part of the order number, VIN, customer, project or agent',
    }),
  ),
  /** Created from / to. */
  StartTime: TimeFilter,
  EndTime: TimeFilter,
  ...SortOf(TASK_SORT_COLUMNS),
};
export const TaskListBody = Type.Object({ ...Paging, ...taskFilters });
export type TaskListInput = Static<typeof TaskListBody>;
/** Task/ExportTaskList: the list's filters and order, without paging. */
export const TaskExportBody = Type.Object(taskFilters);
export type TaskExportInput = Static<typeof TaskExportBody>;

/** Task/GetMyTasks: the caller's own tasks (an installer's phone view), newest change first. */
export const MyTasksBody = Type.Object({
  ...Paging,
  Status: Type.Optional(TaskStatusSchema),
  /** Only tasks still to be done (1, 2, 3) when true; only finished or cancelled ones when false. */
  Open: Type.Optional(Type.Boolean()),
});
export type MyTasksInput = Static<typeof MyTasksBody>;

export const TaskRowSchema = Type.Object({
  TaskID: Type.Integer(),
  OrderNo: Type.String(),
  HoldID: Type.Integer(),
  HoldName: Type.String(),
  Status: Type.Integer(),
  VIN: Type.String(),
  Customer: Type.String(),
  Address: Type.String(),
  Project: Type.String(),
  Agent: Type.String(),
  Store: Type.String(),
  Cost: Type.Integer({ description: 'integer fen' }),
  Remark: Type.String(),
  InstallerID: Nullable(Type.Integer()),
  InstallerName: Type.String(),
  InstallerPhone: Type.String(),
  ExpectedTime: Nullable(Type.String()),
  /** When the installer accepted (1 → 2), the first time. */
  StartTime: Nullable(Type.String()),
  /** When the installer last submitted (2 → 3). */
  EndTime: Nullable(Type.String()),
  /** When an auditor approved (3 → 9). */
  CheckTime: Nullable(Type.String()),
  /** How many times an auditor sent it back (3 → 2). */
  Rejections: Type.Integer(),
  /** The vehicle of the task's unit with this VIN, if there is one yet (approval makes one if not). */
  VehicleID: Nullable(Type.Integer()),
  Plate: Type.String(),
  Devices: Type.Integer({ description: 'distinct devices in the install infos' }),
  Photos: Type.Integer(),
  CreatorName: Type.String(),
  CreateTime: Type.String(),
  UpdateTime: Type.String(),
});
export type TaskRow = Static<typeof TaskRowSchema>;
export const TaskListReply = PageOf(TaskRowSchema);

export const TaskIdBody = Type.Object({ TaskID: Id });
export type TaskIdInput = Static<typeof TaskIdBody>;

export const InstallInfoSchema = Type.Object({
  InfoID: Type.Integer(),
  DeviceID: Type.String(),
  Position: Type.Integer(),
  People: Type.String(),
  Time: Type.String(),
  CreateTime: Type.String(),
});
export type InstallInfo = Static<typeof InstallInfoSchema>;

export const TaskPhotoSchema = Type.Object({
  PhotoID: Type.Integer(),
  DeviceID: Nullable(Type.String()),
  Position: Nullable(Type.Integer()),
  Size: Type.Integer(),
  /** A thumbnail was uploaded with it: Task/GetPhoto with Thumb=1 answers it (the original otherwise). */
  HasThumb: Type.Boolean(),
  CreateTime: Type.String(),
});
export type TaskPhoto = Static<typeof TaskPhotoSchema>;

export const TaskLogSchema = Type.Object({
  LogID: Type.Integer(),
  UserName: Type.String(),
  Time: Type.String(),
  /** null: the task was created. */
  From: Nullable(Type.Integer()),
  To: Type.Integer(),
  Remark: Type.String(),
});
export type TaskLogEntry = Static<typeof TaskLogSchema>;

export const TaskDeviceSchema = Type.Object({
  DeviceID: Type.String(),
  DeviceName: Type.String(),
  Online: Type.Boolean(),
  /** Reported a valid fix after the task last went to 2 (working): what a submit needs of at least one device. */
  Proven: Type.Boolean(),
  LastFix: Nullable(
    Type.Object({
      Time: Type.String(),
      Lat: Type.Number({ description: 'WGS-84' }),
      Lng: Type.Number({ description: 'WGS-84' }),
      Speed: Type.Number(),
    }),
  ),
});
export type TaskDevice = Static<typeof TaskDeviceSchema>;

export const TaskDetailSchema = Type.Object({
  Task: TaskRowSchema,
  Infos: Type.Array(InstallInfoSchema),
  Photos: Type.Array(TaskPhotoSchema),
  Log: Type.Array(TaskLogSchema),
  Devices: Type.Array(TaskDeviceSchema),
  /** The statuses the caller may move the task to now (domain transitionsFor over the caller's roles). */
  Moves: Type.Array(Type.Integer()),
  /** The caller may add or remove install infos and photos now. */
  CanEditInstall: Type.Boolean(),
});
export type TaskDetail = Static<typeof TaskDetailSchema>;
export const TaskDetailReply = ReplyOf(TaskDetailSchema);

/** 0 → 1, or 1 → 1 with another installer; the installer must be active and in the caller's subtree. */
export const AssignBody = Type.Object({ TaskID: Id, InstallerID: Id });
export type AssignInput = Static<typeof AssignBody>;

export const TransitionBody = Type.Object({
  TaskID: Id,
  To: TaskStatusSchema,
  Remark: Type.Optional(text(INSTALL_TEXT.remark, 'required to reject (3 → 2) or decline (1 → 0)')),
});
export type TransitionInput = Static<typeof TransitionBody>;

export const AddInstallInfoBody = Type.Object({
  TaskID: Id,
  DeviceID,
  Position: PositionSchema,
  People: Type.String({ minLength: 1, maxLength: INSTALL_TEXT.people, description: 'who fitted it' }),
  Time: DateTimeText,
});
export type AddInstallInfoInput = Static<typeof AddInstallInfoBody>;
export const AddInstallInfoReply = ReplyOf(Type.Object({ InfoID: Type.Integer() }));
export const InfoIdBody = Type.Object({ InfoID: Id });
export type InfoIdInput = Static<typeof InfoIdBody>;

/**
 * Task/UploadPhoto is multipart/form-data: fields TaskID, DeviceID? and Position? (before the files), then the
 * file part `file` (the JPEG) and optionally `thumb` (a small JPEG the browser scaled). These are the fields once
 * read, checked like a body.
 */
export const UploadPhotoFields = Type.Object({
  TaskID: Id,
  DeviceID: Type.Optional(DeviceID),
  Position: Type.Optional(PositionSchema),
});
export type UploadPhotoFieldsInput = Static<typeof UploadPhotoFields>;
export const UploadPhotoReply = ReplyOf(Type.Object({ PhotoID: Type.Integer() }));
export const PhotoIdBody = Type.Object({ PhotoID: Id });
export type PhotoIdInput = Static<typeof PhotoIdBody>;

/** Task/GetPhoto (GET, the token as Download/GetFile takes it): the JPEG; Thumb=1 its thumbnail if one was sent. */
export const TaskPhotoQuery = Type.Object({
  PhotoID: Type.String({ pattern: '^[1-9][0-9]{0,9}$' }),
  Thumb: Type.Optional(Literals(['0', '1'] as const)),
});
export type TaskPhotoQueryInput = Static<typeof TaskPhotoQuery>;
