import type {
  ImportDevicesInput,
  ImportProgress,
  ImportVehiclesInput,
  InfoImportResult,
} from '@lodestar/contract/imports';
import { HoldType, type Language, ObjectType, type Protocol } from '@lodestar/domain';
import { normaliseDeviceId } from '@lodestar/protocols';
import { conflict, forbidden } from '../../lib/errors.ts';
import type { HoldScope } from '../../lib/hold-scope.ts';
import { message } from '../../lib/messages.ts';
import { inSubtree } from '../../lib/tenancy.ts';
import { isTimeZone, parseInZone } from '../../lib/time.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import type { UploadStore } from '../sims/files.ts';
import { checkDeviceRows, deviceIdOf, type StoredDevice } from './check-devices.ts';
import { checkVehicleRows, type DeviceForBinding, deviceIdsOf } from './check-vehicles.ts';
import { DEVICE_FIELDS, type DeviceField, VEHICLE_FIELDS, type VehicleField } from './fields.ts';
import type { ImportJobs, JobHandle } from './jobs.ts';
import { ImportConflict, type InfoImportRepository } from './repository.ts';
import type { RowError } from './row-errors.ts';
import { headerOf, type ReadRows, readDeviceSheet, readVehicleSheet } from './sheet.ts';
import { importSource, runImport, type Source } from './source.ts';

const OBJECT_CODES = { vehicle: ObjectType.Vehicle, person: ObjectType.Person, asset: ObjectType.Asset } as const;

/** Vehicle/ImportVehicles and Device/ImportDevices: read → look up → check every row → write in one transaction. */
export class InfoImportService {
  constructor(
    private readonly repo: InfoImportRepository,
    private readonly holds: HoldScope,
    private readonly uploads: UploadStore,
    private readonly jobs: ImportJobs,
    /** Drops device IDs from the ingest side's caches after they were added or bound. */
    private readonly invalidate: (deviceId: string) => void,
  ) {}

  progress(auth: AuthContext, jobId: string): ImportProgress {
    return this.jobs.progress(auth.userId, jobId);
  }

  async importDevices(auth: AuthContext, lang: Language, body: ImportDevicesInput): Promise<InfoImportResult> {
    const hold = await this.holds.inReach(auth, body.HoldID);
    // As Device/AddDevice: a customer's devices come from its provider (claimed or moved), never typed in.
    if ((await this.holds.findById(auth.holdId))?.holdType === HoldType.Individual)
      throw forbidden('devicesFromProvider');
    return this.run(auth, body, async (job) => {
      const src = await this.source<DeviceField>(auth, body, DEVICE_FIELDS, (path, name) =>
        readDeviceSheet(path, name, lang),
      );
      job.step('checking', src.rows.length);
      const ids = [...new Set(src.rows.map(deviceIdOf).filter(Boolean))];
      const stored = new Map<string, StoredDevice>();
      for (const d of await this.repo.storedDevices(ids))
        stored.set(d.deviceId, { holdName: inSubtree(auth.holdPath, d.holdPath) ? d.holdName : null });
      const checked = checkDeviceRows(src.rows, {
        defaultObjectType: OBJECT_CODES[body.ObjectType ?? 'vehicle'],
        stored,
        isTimeZone,
      });
      const result = this.result(lang, src, checked, 'device');
      if ((checked.errors.length && !body.AllowPartial) || !checked.good.length) return result;
      job.step('writing', checked.good.length);
      await this.write(() =>
        this.repo.writeDevices(checked.good, this.meta(auth, hold.id, 'importDevices', src, checked.good.length, job)),
      );
      for (const d of checked.good) this.invalidate(d.deviceId);
      return this.done(auth, body, result, checked.good.length);
    });
  }

  async importVehicles(auth: AuthContext, lang: Language, body: ImportVehiclesInput): Promise<InfoImportResult> {
    const hold = await this.holds.inReach(auth, body.HoldID);
    return this.run(auth, body, async (job) => {
      const src = await this.source<VehicleField>(auth, body, VEHICLE_FIELDS, (path, name) =>
        readVehicleSheet(path, name, lang),
      );
      job.step('checking', src.rows.length);
      const plates = new Set<string>();
      const vins = new Set<string>();
      const typed = new Set<string>();
      for (const r of src.rows) {
        const plate = (r.cells.Plate ?? '').trim().toUpperCase();
        if (plate) plates.add(plate);
        const vin = (r.cells.VIN ?? '').trim().toUpperCase();
        if (vin) vins.add(vin);
        for (const id of deviceIdsOf(r)) typed.add(id);
      }
      const [storedPlates, storedVins, devices] = await Promise.all([
        this.repo.platesInSubtree([...plates], auth.holdPath),
        this.repo.storedVins([...vins]),
        this.devicesByTypedId([...typed], auth.holdPath),
      ]);
      const checked = checkVehicleRows(src.rows, {
        storedPlates,
        storedVins,
        devices,
        parseTime: (text) => parseInZone(text, auth.timeZone),
      });
      const result = this.result(lang, src, checked, 'vehicle');
      if ((checked.errors.length && !body.AllowPartial) || !checked.good.length) return result;
      job.step('writing', checked.good.length);
      await this.write(() =>
        this.repo.writeVehicles(
          checked.good,
          this.meta(auth, hold.id, 'importVehicles', src, checked.good.length, job),
        ),
      );
      for (const id of await this.repo.deviceIdsOf(checked.good.flatMap((v) => v.devicePks))) this.invalidate(id);
      return this.done(auth, body, result, checked.good.length);
    });
  }

  /**
   * The caller's devices by the ID as a sheet types it: `013912345678` is the JT/T 808 terminal stored as
   * `13912345678`, so each typed ID is looked up in the forms the protocols normalise it to, then kept only
   * where the device's own protocol gives its stored ID.
   */
  private async devicesByTypedId(typed: string[], holdPath: string): Promise<Map<string, DeviceForBinding>> {
    const formsOf = (t: string) => new Set([t, normaliseDeviceId('jt808', t), normaliseDeviceId('gt06', t)]);
    const rows = await this.repo.devicesInSubtree([...new Set(typed.flatMap((t) => [...formsOf(t)]))], holdPath);
    const byId = new Map(rows.map((r) => [r.deviceId, r]));
    const out = new Map<string, DeviceForBinding>();
    for (const t of typed) {
      for (const form of formsOf(t)) {
        const d = byId.get(form);
        if (d && normaliseDeviceId(d.protocol as Protocol, t) === d.deviceId) {
          // A plate is named only when its vehicle is in the caller's subtree too.
          const visible = d.vehicleHoldPath !== null && inSubtree(holdPath, d.vehicleHoldPath);
          const vehiclePlate = d.vehiclePlate === null ? null : visible ? d.vehiclePlate : '';
          out.set(t, { pk: d.pk, vehiclePlate, onObject: d.onObject });
          break;
        }
      }
    }
    return out;
  }

  private run(
    auth: AuthContext,
    body: { JobID?: string | undefined },
    work: (job: JobHandle) => Promise<InfoImportResult>,
  ) {
    return runImport(this.jobs, auth, body, work);
  }

  private source<F extends string>(
    auth: AuthContext,
    body: { FileID?: number | undefined; Rows?: Partial<Record<F, string>>[] | undefined },
    fields: readonly F[],
    readSheet: (path: string, fileName: string) => Promise<ReadRows<F>>,
  ): Promise<Source<F>> {
    return importSource(this.uploads, auth, body, fields, readSheet);
  }

  private result<F extends string>(
    lang: Language,
    src: Source<F>,
    checked: { errors: RowError<F>[]; failed: number },
    kind: 'vehicle' | 'device',
  ): InfoImportResult {
    return {
      Total: src.rows.length,
      Imported: 0,
      Failed: checked.failed,
      Errors: checked.errors.map((e) => ({
        Row: e.row,
        Column: src.headers[e.field] || headerOf(kind, e.field, lang),
        Reason: message(e.reason, lang) + (e.detail ? `: ${e.detail}` : ''),
      })),
    };
  }

  private meta(
    auth: AuthContext,
    holdId: number,
    action: string,
    src: Source<string>,
    imported: number,
    job: JobHandle,
  ) {
    return {
      holdId,
      userId: auth.userId,
      ip: auth.ip,
      action,
      detail: `${imported}/${src.rows.length} ${src.fileName}`.trim(),
      onChunk: (n: number) => job.advance(n),
    };
  }

  private async write(work: () => Promise<void>) {
    try {
      await work();
    } catch (err) {
      if (err instanceof ImportConflict || isUniqueViolation(err)) throw conflict('impConflict');
      throw err;
    }
  }

  private async done(auth: AuthContext, body: { FileID?: number | undefined }, result: InfoImportResult, n: number) {
    if (body.FileID !== undefined) await this.uploads.markUsed(auth.userId, body.FileID);
    return { ...result, Imported: n };
  }
}

/** drizzle wraps the driver's error; PostgreSQL's unique_violation is 23505. */
function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } } | undefined;
  return e?.code === '23505' || e?.cause?.code === '23505';
}
