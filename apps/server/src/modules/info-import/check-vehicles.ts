import { checkVin, normaliseVin, parseYuanToFen, splitDeviceIds } from '@lodestar/domain';
import type { SheetRow } from '../../lib/sheet-reader.ts';

/** As many devices as Vehicle/AddVehicle takes on one vehicle (one wired and one wireless, typically). */
export const VEHICLE_DEVICES_MAX = 20;

import type { VehicleField } from './fields.ts';
import { cellLength, type RowError, text } from './row-errors.ts';

export type VehicleRow = SheetRow<VehicleField>;

export interface GoodVehicle {
  row: number;
  plate: string;
  ownerName: string;
  brand: string;
  vehicleType: string;
  colour: string;
  vin: string;
  engineNo: string;
  storeName: string;
  storePhone: string;
  workOrderNo: string;
  installTime: Date | null;
  /** Fen. */
  cost: number;
  homeAddress: string;
  companyAddress: string;
  province: string;
  tag: string;
  remark: string;
  /** devices.id of the devices to bind. */
  devicePks: number[];
}

/** A device a vehicle row names, as the caller's subtree has it. */
export interface DeviceForBinding {
  pk: number;
  /** Where the device is now: the plate of its vehicle ('' when that vehicle is outside the caller's subtree), or null. */
  vehiclePlate: string | null;
  /** A person's or asset's device. */
  onObject: boolean;
}

export interface VehicleCheckContext {
  /** VINs any vehicle has (they are unique system-wide). */
  storedVins: Set<string>;
  /** Plates (upper case) of the vehicles in the caller's subtree. */
  storedPlates: Set<string>;
  /** The caller's devices by the ID as typed in the sheet (each already matched to its stored form). */
  devices: Map<string, DeviceForBinding>;
  /** `YYYY-MM-DD HH:mm:ss` in the caller's zone → instant. */
  parseTime: (text: string) => Date | undefined;
}

const LIMITS: Partial<Record<VehicleField, number>> = {
  Plate: 32,
  OwnerName: 64,
  Brand: 64,
  VehicleType: 64,
  Colour: 32,
  EngineNo: 64,
  StoreName: 64,
  StorePhone: 32,
  WorkOrderNo: 64,
  HomeAddress: 200,
  CompanyAddress: 200,
  Province: 32,
  Tag: 32,
  Remark: 200,
};

/** The device IDs a vehicle row names: comma (or Chinese comma, or blank) separated. */
export const deviceIdsOf = (row: VehicleRow): string[] => splitDeviceIds(text(row, 'DeviceIDs'));

/** Every problem of every row; the look-ups come in the context. */
export function checkVehicleRows(rows: VehicleRow[], ctx: VehicleCheckContext) {
  const errors: RowError<VehicleField>[] = [];
  const good: GoodVehicle[] = [];
  const plateRow = new Map<string, number>();
  const vinRow = new Map<string, number>();
  const deviceRow = new Map<number, number>();
  let failed = 0;
  for (const r of rows) {
    const before = errors.length;
    const fail = (field: VehicleField, reason: RowError['reason'], detail?: string) =>
      errors.push({ row: r.row, field, reason, ...(detail !== undefined ? { detail } : {}) });
    for (const f of r.lossy) fail(f, 'impLossy');
    for (const [f, max] of Object.entries(LIMITS) as [VehicleField, number][])
      if (cellLength(r, f) > max) fail(f, 'impTooLong', String(max));

    // Stored as typed; compared without case, so a second import of the same sheet is caught.
    const plate = text(r, 'Plate');
    const plateKey = plate.toUpperCase();
    if (!plate) fail('Plate', 'impRequired');
    else {
      const first = plateRow.get(plateKey);
      if (first !== undefined) fail('Plate', 'impRepeated', String(first));
      else plateRow.set(plateKey, r.row);
      if (ctx.storedPlates.has(plateKey)) fail('Plate', 'impPlateExists');
    }

    const vin = normaliseVin(text(r, 'VIN'));
    if (vin) {
      const problem = checkVin(vin);
      if (problem)
        fail(
          'VIN',
          problem === 'vinLength'
            ? 'impVinLength'
            : problem === 'vinCharacters'
              ? 'impVinCharacters'
              : 'impVinCheckDigit',
        );
      else {
        const first = vinRow.get(vin);
        if (first !== undefined) fail('VIN', 'impRepeated', String(first));
        else vinRow.set(vin, r.row);
        if (ctx.storedVins.has(vin)) fail('VIN', 'impVinExists');
      }
    }

    const timeText = text(r, 'InstallTime');
    let installTime: Date | null = null;
    if (timeText) {
      const parsed = parseInstallTime(timeText, ctx.parseTime);
      if (parsed) installTime = parsed;
      else fail('InstallTime', 'impInstallTime');
    }
    const costText = text(r, 'Cost');
    const cost = costText ? parseYuanToFen(costText) : 0;
    if (cost === null) fail('Cost', 'impCost');

    const devicePks: number[] = [];
    const ids = deviceIdsOf(r);
    if (ids.length > VEHICLE_DEVICES_MAX) fail('DeviceIDs', 'impTooManyDevices', String(VEHICLE_DEVICES_MAX));
    for (const id of ids.slice(0, VEHICLE_DEVICES_MAX)) {
      const device = ctx.devices.get(id);
      if (!device) fail('DeviceIDs', 'impDeviceUnknown', id);
      else if (device.vehiclePlate !== null)
        fail('DeviceIDs', 'impDeviceOnVehicle', device.vehiclePlate ? `${id} → ${device.vehiclePlate}` : id);
      else if (device.onObject) fail('DeviceIDs', 'impDeviceOnObject', id);
      else {
        const first = deviceRow.get(device.pk);
        if (first !== undefined && first !== r.row) fail('DeviceIDs', 'impDeviceTwice', `${first} (${id})`);
        else if (first === undefined) {
          deviceRow.set(device.pk, r.row);
          devicePks.push(device.pk);
        }
      }
    }

    if (errors.length > before) {
      failed++;
      continue;
    }
    good.push({
      row: r.row,
      plate,
      ownerName: text(r, 'OwnerName'),
      brand: text(r, 'Brand'),
      vehicleType: text(r, 'VehicleType'),
      colour: text(r, 'Colour'),
      vin,
      engineNo: text(r, 'EngineNo'),
      storeName: text(r, 'StoreName'),
      storePhone: text(r, 'StorePhone'),
      workOrderNo: text(r, 'WorkOrderNo'),
      installTime,
      cost: cost!,
      homeAddress: text(r, 'HomeAddress'),
      companyAddress: text(r, 'CompanyAddress'),
      province: text(r, 'Province'),
      tag: text(r, 'Tag'),
      remark: text(r, 'Remark'),
      devicePks,
    });
  }
  return { good, errors, failed };
}

/** A day (midnight) or a day and time, with - or / between the date's parts, years 1970–2100. */
function parseInstallTime(cell: string, parse: (text: string) => Date | undefined): Date | undefined {
  const m = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?)?$/.exec(cell);
  if (!m) return undefined;
  const year = Number(m[1]);
  if (year < 1970 || year > 2100) return undefined;
  const two = (s: string | undefined) => (s ?? '0').padStart(2, '0');
  return parse(`${m[1]}-${two(m[2])}-${two(m[3])} ${two(m[4])}:${two(m[5])}:${two(m[6])}`);
}
