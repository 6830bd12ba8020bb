import { SIM_RULES } from '@lodestar/domain';
import { type Static, Type } from 'typebox';
import { Id, Literals, ReplyOf } from './common.ts';

/**
 * Batch import of the info records (spec section 2, "batch import"): Vehicle/ImportVehicles and
 * Device/ImportDevices (persons and assets are devices with the object's fields), their templates and the
 * progress a console polls while a large import runs.
 */

/** What a template is for; person and asset templates are device templates with that object's columns. */
export const IMPORT_KINDS = ['vehicle', 'device', 'person', 'asset'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];
export const OBJECT_KINDS = ['vehicle', 'person', 'asset'] as const;

const Cell = (maxLength = 256) => Type.Optional(Type.String({ maxLength }));

/** A vehicle sheet row as JSON: text, as a spreadsheet holds it (Cost in yuan, InstallTime in the user's zone). */
export const VehicleImportRow = Type.Object({
  Plate: Cell(),
  OwnerName: Cell(),
  Brand: Cell(),
  VehicleType: Cell(),
  Colour: Cell(),
  VIN: Cell(),
  EngineNo: Cell(),
  StoreName: Cell(),
  StorePhone: Cell(),
  WorkOrderNo: Cell(),
  InstallTime: Cell(),
  Cost: Cell(),
  HomeAddress: Cell(),
  CompanyAddress: Cell(),
  Province: Cell(),
  Tag: Cell(),
  Remark: Cell(),
  DeviceIDs: Cell(4096),
});
export type VehicleImportRowInput = Static<typeof VehicleImportRow>;

/** A device sheet row as JSON; Name … Shape are the person's or asset's (ObjectType person or asset). */
export const DeviceImportRow = Type.Object({
  DeviceID: Cell(),
  Protocol: Cell(),
  SIM: Cell(),
  Model: Cell(),
  TrackerType: Cell(),
  DeviceName: Cell(),
  TimeZone: Cell(),
  Remark: Cell(),
  ObjectType: Cell(),
  Name: Cell(),
  ObjectNo: Cell(),
  Age: Cell(),
  IDCard: Cell(),
  Phone: Cell(),
  Sex: Cell(),
  Category: Cell(),
  Colour: Cell(),
  Weight: Cell(),
  Length: Cell(),
  Width: Cell(),
  Height: Cell(),
  Shape: Cell(),
});
export type DeviceImportRowInput = Static<typeof DeviceImportRow>;

/** A client-chosen id for Import/GetImportProgress, so progress can be asked while the import call runs. */
export const JobID = Type.String({ pattern: '^[A-Za-z0-9-]{8,64}$', description: 'a random id the caller chooses' });

const source = {
  /** The unit the rows go into: the caller's own or one below it. */
  HoldID: Id,
  FileID: Type.Optional(Id),
  AllowPartial: Type.Optional(Type.Boolean({ description: 'write the good rows even when others have errors' })),
  JobID: Type.Optional(JobID),
};

export const ImportVehiclesBody = Type.Object({
  ...source,
  Rows: Type.Optional(Type.Array(VehicleImportRow, { maxItems: SIM_RULES.importMaxRows })),
});
export type ImportVehiclesInput = Static<typeof ImportVehiclesBody>;

export const ImportDevicesBody = Type.Object({
  ...source,
  Rows: Type.Optional(Type.Array(DeviceImportRow, { maxItems: SIM_RULES.importMaxRows })),
  ObjectType: Type.Optional(
    Literals(OBJECT_KINDS, { description: "what a row with no ObjectType cell is on; 'vehicle' when absent" }),
  ),
});
export type ImportDevicesInput = Static<typeof ImportDevicesBody>;

export const InfoImportErrorSchema = Type.Object({
  Row: Type.Integer({ description: 'spreadsheet row (header = 1) or 1-based index in Rows' }),
  Column: Type.String({ description: "the column's header as in the file (the field name for Rows)" }),
  Reason: Type.String(),
});
export type InfoImportError = Static<typeof InfoImportErrorSchema>;
export const InfoImportResultSchema = Type.Object({
  Total: Type.Integer(),
  Imported: Type.Integer(),
  /** Rows with at least one error. */
  Failed: Type.Integer(),
  Errors: Type.Array(InfoImportErrorSchema),
});
export type InfoImportResult = Static<typeof InfoImportResultSchema>;
export const InfoImportReply = ReplyOf(InfoImportResultSchema);

export const IMPORT_STATES = ['pending', 'reading', 'checking', 'writing', 'done', 'failed'] as const;
export type ImportState = (typeof IMPORT_STATES)[number];
export const ImportProgressBody = Type.Object({ JobID });
export type ImportProgressInput = Static<typeof ImportProgressBody>;
export const ImportProgressSchema = Type.Object({
  State: Literals(IMPORT_STATES, { description: "'pending': not started (or not this user's)" }),
  /** Rows written so far (checked, while checking). */
  Processed: Type.Integer(),
  Total: Type.Integer(),
});
export type ImportProgress = Static<typeof ImportProgressSchema>;
export const ImportProgressReply = ReplyOf(ImportProgressSchema);

export const DeviceTemplateQuery = Type.Object({
  Kind: Type.Optional(Literals(['device', 'person', 'asset'] as const)),
});
export type DeviceTemplateInput = Static<typeof DeviceTemplateQuery>;
