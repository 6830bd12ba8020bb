import { checkIdCard, ObjectType, type ObjectTypeCode, PROTOCOLS, type Protocol } from '@lodestar/domain';
import { normaliseDeviceId } from '@lodestar/protocols';
import type { SheetRow } from '../../lib/sheet-reader.ts';
import {
  ASSET_FIELDS,
  type DeviceField,
  OBJECT_TYPES,
  PERSON_FIELDS,
  SEXES,
  TRACKER_TYPES,
  valueKey,
} from './fields.ts';
import { cellLength, type RowError, text } from './row-errors.ts';

export type DeviceRow = SheetRow<DeviceField>;

/** The person's or asset's fields of a device_objects row. */
export interface ObjectFields {
  name: string;
  objectNo: string;
  age: number | null;
  idCard: string;
  phone: string;
  sex: number | null;
  category: string;
  colour: string;
  weight: number | null;
  length: number | null;
  width: number | null;
  height: number | null;
  shape: string;
}

export interface GoodDevice {
  row: number;
  deviceId: string;
  protocol: Protocol;
  name: string;
  sim: string;
  model: string;
  trackerType: 1 | 2;
  /** '' keeps the column's default. */
  timeZone: string;
  remark: string;
  objectType: ObjectTypeCode;
  object: ObjectFields | null;
}

/** A device ID stored already: the unit holding it is named only when the caller may see it. */
export interface StoredDevice {
  holdName: string | null;
}

export interface DeviceCheckContext {
  /** What a row without an ObjectType cell is on. */
  defaultObjectType: ObjectTypeCode;
  /** Stored devices by their (normalised) device ID, anyone's: device IDs are unique system-wide. */
  stored: Map<string, StoredDevice>;
  isTimeZone: (tz: string) => boolean;
}

const DEVICE_ID_RE = /^[0-9A-Za-z]{4,32}$/;
const LIMITS: Partial<Record<DeviceField, number>> = {
  SIM: 32,
  Model: 32,
  DeviceName: 64,
  TimeZone: 64,
  Remark: 200,
  Name: 64,
  ObjectNo: 32,
  Phone: 32,
  Category: 32,
  Colour: 32,
  Shape: 32,
};
const OBJECT_FIELDS: Record<ObjectTypeCode, ReadonlySet<DeviceField>> = {
  [ObjectType.Vehicle]: new Set(),
  [ObjectType.Person]: new Set(PERSON_FIELDS),
  [ObjectType.Asset]: new Set(ASSET_FIELDS),
};
/** As Device/AddDevice takes an asset's sizes. */
const MEASURE_MAX = 100_000;
const ALL_OBJECT_FIELDS = [...new Set<DeviceField>([...PERSON_FIELDS, ...ASSET_FIELDS])];

const protocolOf = (cell: string): Protocol | undefined => PROTOCOLS.find((p) => p === cell.trim().toLowerCase());

/**
 * The ID a row's device will be stored under (normaliseDeviceId, as Device/AddDevice stores it), or the
 * trimmed cell when the protocol is unknown: what duplicates and stored devices are compared by.
 */
export function deviceIdOf(row: DeviceRow): string {
  const id = text(row, 'DeviceID');
  const protocol = protocolOf(row.cells.Protocol ?? '');
  return protocol ? normaliseDeviceId(protocol, id) : id;
}

/** Every problem of every row; nothing is looked up here (the stored IDs come in the context). */
export function checkDeviceRows(rows: DeviceRow[], ctx: DeviceCheckContext) {
  const errors: RowError<DeviceField>[] = [];
  const good: GoodDevice[] = [];
  const firstRow = new Map<string, number>();
  let failed = 0;
  for (const r of rows) {
    const before = errors.length;
    const fail = (field: DeviceField, reason: RowError['reason'], detail?: string) =>
      errors.push({ row: r.row, field, reason, ...(detail !== undefined ? { detail } : {}) });
    for (const f of r.lossy) fail(f, 'impLossy');
    for (const [f, max] of Object.entries(LIMITS) as [DeviceField, number][])
      if (cellLength(r, f) > max) fail(f, 'impTooLong', String(max));

    const protocolCell = text(r, 'Protocol');
    const protocol = protocolOf(protocolCell);
    if (!protocolCell) fail('Protocol', 'impRequired');
    else if (!protocol) fail('Protocol', 'impUnknownProtocol', protocolCell);

    const deviceId = deviceIdOf(r);
    if (!deviceId) fail('DeviceID', 'impRequired');
    else if (!DEVICE_ID_RE.test(deviceId)) fail('DeviceID', 'impDeviceIdForm');
    else if (!r.lossy.has('DeviceID')) {
      const first = firstRow.get(deviceId);
      if (first !== undefined) fail('DeviceID', 'impRepeated', String(first));
      else firstRow.set(deviceId, r.row);
      const stored = ctx.stored.get(deviceId);
      if (stored) {
        if (stored.holdName !== null) fail('DeviceID', 'impDeviceExistsIn', stored.holdName);
        else fail('DeviceID', 'impDeviceExists');
      }
    }

    const trackerCell = text(r, 'TrackerType');
    const trackerType = trackerCell ? TRACKER_TYPES[valueKey(trackerCell)] : 1;
    if (!trackerType) fail('TrackerType', 'impTrackerType');
    const timeZone = text(r, 'TimeZone');
    if (timeZone && cellLength(r, 'TimeZone') <= 64 && !ctx.isTimeZone(timeZone)) fail('TimeZone', 'impTimeZone');

    const typeCell = text(r, 'ObjectType');
    const objectType = typeCell ? OBJECT_TYPES[valueKey(typeCell)] : ctx.defaultObjectType;
    if (!objectType) fail('ObjectType', 'impObjectType');
    const object = objectType ? checkObject(r, objectType, fail) : null;

    if (errors.length > before) {
      failed++;
      continue;
    }
    good.push({
      row: r.row,
      deviceId,
      protocol: protocol!,
      name: text(r, 'DeviceName') || deviceId,
      sim: text(r, 'SIM'),
      model: text(r, 'Model'),
      trackerType: trackerType!,
      timeZone,
      remark: text(r, 'Remark'),
      objectType: objectType!,
      object,
    });
  }
  return { good, errors, failed };
}

/** A person's or asset's fields, or null for a vehicle's device (whose row must leave them empty). */
function checkObject(
  r: DeviceRow,
  type: ObjectTypeCode,
  fail: (field: DeviceField, reason: RowError['reason'], detail?: string) => void,
): ObjectFields | null {
  const allowed = OBJECT_FIELDS[type];
  for (const f of ALL_OBJECT_FIELDS) if (!allowed.has(f) && text(r, f)) fail(f, 'impNotForObject');
  if (type === ObjectType.Vehicle) return null;
  const name = text(r, 'Name');
  if (!name) fail('Name', 'impRequired');
  const out: ObjectFields = {
    name,
    objectNo: text(r, 'ObjectNo'),
    age: null,
    idCard: '',
    phone: '',
    sex: null,
    category: '',
    colour: '',
    weight: null,
    length: null,
    width: null,
    height: null,
    shape: '',
  };
  if (type === ObjectType.Person) {
    const age = text(r, 'Age');
    if (age) {
      if (/^\d{1,3}$/.test(age) && Number(age) <= 150) out.age = Number(age);
      else fail('Age', 'impAge');
    }
    const idCard = text(r, 'IDCard').toUpperCase();
    if (idCard) {
      const problem = checkIdCard(idCard);
      if (problem) fail('IDCard', `imp${cap(problem)}` as RowError['reason']);
      else out.idCard = idCard;
    }
    const sex = text(r, 'Sex');
    if (sex) {
      const code = SEXES[valueKey(sex)];
      if (code) out.sex = code;
      else fail('Sex', 'impSex');
    }
    out.phone = text(r, 'Phone');
    out.category = text(r, 'Category');
  } else {
    out.colour = text(r, 'Colour');
    out.shape = text(r, 'Shape');
    for (const f of ['Weight', 'Length', 'Width', 'Height'] as const) {
      const v = text(r, f);
      if (!v) continue;
      const n = Number(v);
      if (/^\d{1,6}(\.\d+)?$/.test(v) && n <= MEASURE_MAX) out[lower(f)] = n;
      else fail(f, 'impMeasure');
    }
  }
  return out;
}

const cap = (s: string) => s[0]!.toUpperCase() + s.slice(1);
const lower = <S extends string>(s: S) => (s[0]!.toLowerCase() + s.slice(1)) as Uncapitalize<S>;
