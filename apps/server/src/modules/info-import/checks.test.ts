import { ObjectType } from '@lodestar/domain';
import { describe, expect, it } from 'vitest';
import { checkDeviceRows, type DeviceRow } from './check-devices.ts';
import { checkVehicleRows, type VehicleRow } from './check-vehicles.ts';

const deviceRow = (row: number, cells: DeviceRow['cells'], lossy: DeviceRow['lossy'] = new Set()): DeviceRow => ({
  row,
  cells,
  lossy,
});
const vehicleRow = (row: number, cells: VehicleRow['cells']): VehicleRow => ({ row, cells, lossy: new Set() });
const deviceCtx = {
  defaultObjectType: ObjectType.Vehicle,
  stored: new Map(),
  isTimeZone: (tz: string) => tz === 'Asia/Shanghai',
};

describe('device rows', () => {
  it('reads tracker types, object types and sexes in zh, en and fr', () => {
    const { good, errors } = checkDeviceRows(
      [
        deviceRow(2, {
          DeviceID: '861234567890001',
          Protocol: 'GT06',
          TrackerType: '无线',
          ObjectType: '人员',
          Name: 'A',
          Sex: '女',
        }),
        deviceRow(3, {
          DeviceID: '861234567890002',
          Protocol: 'gt06',
          TrackerType: 'Sans fil',
          ObjectType: 'Personne',
          Name: 'B',
          Sex: 'homme',
        }),
        deviceRow(4, {
          DeviceID: '861234567890003',
          Protocol: 'gt06',
          TrackerType: 'wired',
          ObjectType: 'bien',
          Name: 'C',
          Weight: '12.5',
        }),
      ],
      deviceCtx,
    );
    expect(errors).toEqual([]);
    expect(good.map((g) => [g.protocol, g.trackerType, g.objectType, g.object?.sex ?? g.object?.weight])).toEqual([
      ['gt06', 2, ObjectType.Person, 2],
      ['gt06', 2, ObjectType.Person, 1],
      ['gt06', 1, ObjectType.Asset, 12.5],
    ]);
  });

  it('refuses digits Excel lost, cells past their length, sizes out of range and a wrong age', () => {
    const { good, errors, failed } = checkDeviceRows(
      [
        deviceRow(2, { DeviceID: '8.61234567890001E+19', Protocol: 'gt06' }, new Set(['DeviceID'])),
        deviceRow(3, { DeviceID: '861234567890005', Protocol: 'gt06', Model: 'M'.repeat(33) }),
        deviceRow(4, {
          DeviceID: '861234567890006',
          Protocol: 'gt06',
          ObjectType: 'asset',
          Name: 'X',
          Height: '100001',
        }),
        deviceRow(5, { DeviceID: '861234567890007', Protocol: 'gt06', ObjectType: 'person', Name: 'Y', Age: '151' }),
      ],
      deviceCtx,
    );
    expect(good).toEqual([]);
    expect(failed).toBe(4);
    expect(errors.map((e) => [e.row, e.field, e.reason, e.detail])).toEqual([
      [2, 'DeviceID', 'impLossy', undefined],
      [2, 'DeviceID', 'impDeviceIdForm', undefined],
      [3, 'Model', 'impTooLong', '32'],
      [4, 'Height', 'impMeasure', undefined],
      [5, 'Age', 'impAge', undefined],
    ]);
  });
});

describe('vehicle rows', () => {
  const ctx = {
    storedVins: new Set<string>(),
    storedPlates: new Set<string>(),
    devices: new Map(),
    // UTC+8, as Asia/Shanghai.
    parseTime: (text: string) => new Date(`${text.replace(' ', 'T')}+08:00`),
  };
  it('takes a day or a day and time, with - or /, and cost in yuan', () => {
    const { good, errors } = checkVehicleRows(
      [
        vehicleRow(2, { Plate: 'A1', InstallTime: '2026/3/1', Cost: '0.29' }),
        vehicleRow(3, { Plate: 'A2', InstallTime: '2026-03-01 8:05', Cost: '24.5' }),
        vehicleRow(4, { Plate: 'A3', InstallTime: '1969-12-31' }),
      ],
      ctx,
    );
    expect(good.map((g) => [g.installTime?.toISOString(), g.cost])).toEqual([
      ['2026-02-28T16:00:00.000Z', 29],
      ['2026-03-01T00:05:00.000Z', 2450],
    ]);
    expect(errors).toMatchObject([{ row: 4, field: 'InstallTime', reason: 'impInstallTime' }]);
  });

  it('refuses more devices than a vehicle carries', () => {
    const ids = Array.from({ length: 21 }, (_, i) => `86123456789${String(i).padStart(4, '0')}`).join(',');
    const { errors } = checkVehicleRows([vehicleRow(2, { Plate: 'A4', DeviceIDs: ids })], ctx);
    expect(errors[0]).toMatchObject({ field: 'DeviceIDs', reason: 'impTooManyDevices', detail: '20' });
  });
});
