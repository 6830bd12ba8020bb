import type { InfoImportResult } from '@lodestar/contract/imports';
import { AddTaskBody, type ImportTasksInput } from '@lodestar/contract/install';
import { type Language, parseYuanToFen, TaskStatus } from '@lodestar/domain';
import { Value } from 'typebox/value';
import { AppError, conflict } from '../../lib/errors.ts';
import type { HoldScope } from '../../lib/hold-scope.ts';
import { type MessageKey, message } from '../../lib/messages.ts';
import type { OperationLogRepository } from '../../lib/operation-log-repository.ts';
import type { SheetRow } from '../../lib/sheet-reader.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import type { ImportJobs } from '../info-import/jobs.ts';
import { importSource, runImport } from '../info-import/source.ts';
import type { UploadStore } from '../sims/files.ts';
import { taskVin } from './access.ts';
import type { FlowService } from './flow-service.ts';
import { readTaskSheet, TASK_FIELDS, type TaskField, taskHeaderOf } from './import-sheet.ts';
import type { InstallerRecord, InstallerRepository } from './installer-repository.ts';
import type { TaskPatch, TaskRepository } from './repository.ts';
import type { TaskService } from './task-service.ts';

interface RowError {
  row: number;
  field: TaskField;
  key: MessageKey;
  detail?: string;
}

interface GoodTask {
  row: number;
  orderNo: string | undefined;
  vin: string;
  customer: string;
  patch: TaskPatch;
  installer: InstallerRecord | undefined;
}

/** A phone's installer as Task/AddTask would take it: the record, or why not. */
type InstallerCheck = { ok: InstallerRecord } | { key: MessageKey };

const isUniqueViolation = (err: unknown): boolean =>
  (err as { code?: string }).code === '23505' || (err as { cause?: { code?: string } }).cause?.code === '23505';

/** AddTask's body fields a cell fills, checked against the contract's own schema (lengths, Cost's range). */
const SCHEMA_FIELDS = ['OrderNo', 'Customer', 'Project', 'Agent', 'Store', 'Cost', 'Remark'] as const;

/**
 * Task/ImportTasks: read → look up → check every row with Task/AddTask's own checks → write in one transaction,
 * progress by JobID (Import/GetImportProgress). Nothing is written while a row is bad, unless AllowPartial.
 */
export class TaskImportService {
  constructor(
    private readonly repo: TaskRepository,
    private readonly installers: InstallerRepository,
    private readonly tasks: TaskService,
    private readonly flow: FlowService,
    private readonly holds: HoldScope,
    private readonly uploads: UploadStore,
    private readonly jobs: ImportJobs,
    private readonly logs: OperationLogRepository,
  ) {}

  async importTasks(auth: AuthContext, lang: Language, body: ImportTasksInput): Promise<InfoImportResult> {
    const hold = await this.holds.inReach(auth, body.HoldID);
    return runImport(this.jobs, auth, body, async (job) => {
      const src = await importSource<TaskField>(this.uploads, auth, body, TASK_FIELDS, (path, name) =>
        readTaskSheet(path, name, lang),
      );
      job.step('checking', src.rows.length);
      const cell = (r: SheetRow<TaskField>, f: TaskField) => (r.cells[f] ?? '').trim();
      const orderNos = [...new Set(src.rows.map((r) => cell(r, 'OrderNo')).filter(Boolean))];
      const phones = [...new Set(src.rows.map((r) => cell(r, 'Installer')).filter(Boolean))];
      const [taken, installers] = await Promise.all([
        this.repo.orderNoTaken(orderNos),
        this.installersByPhone(auth, phones),
      ]);
      const { good, errors, failed } = this.check(auth, src.rows, new Set(taken), installers);
      const result: InfoImportResult = {
        Total: src.rows.length,
        Imported: 0,
        Failed: failed,
        // In the sheet's order: by row, then by column.
        Errors: errors
          .sort((a, b) => a.row - b.row || TASK_FIELDS.indexOf(a.field) - TASK_FIELDS.indexOf(b.field))
          .map((e) => ({
            Row: e.row,
            Column: src.headers[e.field] || taskHeaderOf(e.field, lang),
            Reason: message(e.key, lang) + (e.detail ? `: ${e.detail}` : ''),
          })),
      };
      if ((errors.length && !body.AllowPartial) || !good.length) return result;
      job.step('writing', good.length);
      await this.write(auth, hold.id, good, (n) => job.advance(n));
      await this.logs.operation({
        userId: auth.userId,
        holdId: hold.id,
        action: 'importInstallTasks',
        detail: `${good.length}/${src.rows.length} ${src.fileName}`.trim(),
        ip: auth.ip,
      });
      if (body.FileID !== undefined) await this.uploads.markUsed(auth.userId, body.FileID);
      return { ...result, Imported: good.length };
    });
  }

  /** Each phone's installer through FlowService.assignable, the check Task/AddTask's InstallerID goes through. */
  private async installersByPhone(auth: AuthContext, phones: string[]): Promise<Map<string, InstallerCheck>> {
    const out = new Map<string, InstallerCheck>();
    for (const [phone, { id }] of await this.installers.idsByPhone(auth.holdPath, phones)) {
      try {
        out.set(phone, { ok: await this.flow.assignable(auth, id) });
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        out.set(phone, { key: err.key });
      }
    }
    return out;
  }

  private check(
    auth: AuthContext,
    rows: SheetRow<TaskField>[],
    taken: Set<string>,
    installers: Map<string, InstallerCheck>,
  ) {
    const errors: RowError[] = [];
    const good: GoodTask[] = [];
    const orderRow = new Map<string, number>();
    let failed = 0;
    for (const r of rows) {
      const before = errors.length;
      const fail = (field: TaskField, key: MessageKey, detail?: string) =>
        errors.push({ row: r.row, field, key, ...(detail !== undefined ? { detail } : {}) });
      /** Runs one of AddTask's checks, its refusal becoming this row's error on `field`. */
      const attempt = <T>(field: TaskField, fn: () => T): T | undefined => {
        try {
          return fn();
        } catch (err) {
          if (!(err instanceof AppError)) throw err;
          fail(field, err.key);
          return undefined;
        }
      };
      const text = (f: TaskField) => (r.cells[f] ?? '').trim();
      for (const f of r.lossy) fail(f, 'impLossy');

      const costText = text('Cost');
      const cost = costText ? parseYuanToFen(costText) : undefined;
      if (cost === null) fail('Cost', 'impCost');
      const input: Partial<Record<(typeof SCHEMA_FIELDS)[number], string | number>> = {};
      for (const f of SCHEMA_FIELDS) {
        const value = f === 'Cost' ? (cost ?? undefined) : text(f) || undefined;
        if (value === undefined) continue;
        if (!Value.Check(AddTaskBody.properties[f], value))
          fail(f, f === 'Cost' ? 'impCost' : 'impTooLong', f === 'Cost' ? undefined : String(maxLength(f)));
        else input[f] = value;
      }

      const vinText = text('VIN');
      if (!vinText) fail('VIN', 'impRequired');
      const vin = vinText ? attempt('VIN', () => taskVin(vinText)) : undefined;
      if (!text('Customer')) fail('Customer', 'impRequired');

      const orderNo = text('OrderNo');
      if (orderNo) {
        const first = orderRow.get(orderNo);
        if (first !== undefined) fail('OrderNo', 'impRepeated', String(first));
        else orderRow.set(orderNo, r.row);
        if (taken.has(orderNo)) fail('OrderNo', 'taskOrderNoExists');
      }

      const expected = text('ExpectedTime');
      const patch = attempt('ExpectedTime', () =>
        this.tasks.patchOf(auth, {
          ...(input.Project !== undefined ? { Project: String(input.Project) } : {}),
          ...(input.Agent !== undefined ? { Agent: String(input.Agent) } : {}),
          ...(input.Store !== undefined ? { Store: String(input.Store) } : {}),
          ...(input.Remark !== undefined ? { Remark: String(input.Remark) } : {}),
          ...(typeof input.Cost === 'number' ? { Cost: input.Cost } : {}),
          ...(expected ? { ExpectedTime: wholeTime(expected) } : {}),
        }),
      );

      const phone = text('Installer');
      let installer: InstallerRecord | undefined;
      if (phone) {
        const found = installers.get(phone);
        if (!found) fail('Installer', 'taskInstallerUnknown', phone);
        else if ('key' in found) fail('Installer', found.key, phone);
        else installer = found.ok;
      }

      if (errors.length > before || vin === undefined || patch === undefined) {
        failed++;
        continue;
      }
      good.push({ row: r.row, orderNo: orderNo || undefined, vin, customer: text('Customer'), patch, installer });
    }
    return { good, errors, failed };
  }

  /** Every good row in one transaction, as Task/AddTask writes one: created, then assigned when it names an installer. */
  private async write(auth: AuthContext, holdId: number, good: GoodTask[], advance: (n: number) => void) {
    try {
      await this.repo.transaction(async (repo, tx) => {
        for (const g of good) {
          const orderNo = g.orderNo ?? (await this.tasks.madeUpOrderNo(repo));
          const id = await repo.insert({
            ...g.patch,
            holdId,
            orderNo,
            vin: g.vin,
            customer: g.customer,
            createdBy: auth.userId,
          });
          await repo.addLog({ taskId: id, userId: auth.userId, userName: auth.userName, toStatus: TaskStatus.Created });
          if (g.installer) await this.flow.assignIn(auth, repo, tx, id, g.installer);
          advance(1);
        }
      });
    } catch (err) {
      // An order number taken (or made up) meanwhile by another call: nothing was written.
      if (isUniqueViolation(err)) throw conflict('impConflict');
      throw err;
    }
  }
}

/** A day alone is its midnight; Task/AddTask takes `YYYY-MM-DD HH:mm:ss`, which a sheet often shortens. */
function wholeTime(cell: string): string {
  const m = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?)?$/.exec(cell);
  if (!m) return cell;
  const two = (s: string | undefined) => (s ?? '0').padStart(2, '0');
  return `${m[1]}-${two(m[2])}-${two(m[3])} ${two(m[4])}:${two(m[5])}:${two(m[6])}`;
}

const maxLength = (f: (typeof SCHEMA_FIELDS)[number]) =>
  (AddTaskBody.properties[f] as unknown as { maxLength?: number }).maxLength ?? '';
