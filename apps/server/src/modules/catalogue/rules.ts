import type { Language } from '@lodestar/domain';
import { badRequest, conflict, outsideHold } from '../../lib/errors.ts';
import type { HoldScope } from '../../lib/hold-scope.ts';
import { type MessageKey, message } from '../../lib/messages.ts';
import type { OperationLogRepository } from '../../lib/operation-log-repository.ts';
import { formatInZone } from '../../lib/time.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import type { CatalogueKind, CatalogueRepository, Usage } from './repository.ts';

/** Shared by the catalogue services: who may read or write a row, names, usage, the log. */

/** Carriers, card types and packages: the caller's subtree and its ancestors (lib/hold-scope-repository.ts). */
export const readableInLineage = (callerPath: string, holdPath: string) =>
  holdPath.startsWith(callerPath) || callerPath.startsWith(holdPath);
/** Writes, and every read of suppliers: the caller's hold and below. */
export const inSubtree = (callerPath: string, holdPath: string) => holdPath.startsWith(callerPath);

/** A missing row and an unreachable one answer alike (outsideHold), so ids cannot be probed. */
export function reachable<T extends { holdPath: string }>(row: T | undefined, ok: (holdPath: string) => boolean): T {
  if (!row || !ok(row.holdPath)) throw outsideHold();
  return row;
}

export interface Paged<S extends string> {
  name?: string | undefined;
  operatorId?: number | undefined;
  PageIndex: number;
  PageSize: number;
  SortColumn?: S | undefined;
  SortType?: 'asc' | 'desc' | undefined;
}

/** Newest first by default; a chosen column sorts ascending unless told otherwise. */
export function pageQuery<S extends string>(auth: AuthContext, p: Paged<S>, defaultSort: S) {
  return {
    callerPath: auth.holdPath,
    name: p.name || undefined,
    operatorId: p.operatorId || undefined,
    sort: p.SortColumn ?? defaultSort,
    desc: (p.SortType ?? (p.SortColumn ? 'asc' : 'desc')) === 'desc',
    offset: (p.PageIndex - 1) * p.PageSize,
    limit: p.PageSize,
  };
}

export const createTime = (d: Date, auth: AuthContext) => formatInZone(d, auth.timeZone);

// drizzle wraps the driver's error: unique_violation 23505, foreign_key_violation 23503.
const pgCode = (err: unknown) =>
  (err as { code?: string }).code ?? (err as { cause?: { code?: string } }).cause?.code ?? '';

const USAGE_NOUNS: [keyof Usage, MessageKey][] = [
  ['sims', 'usedBySims'],
  ['cardTypes', 'usedByCardTypes'],
  ['packages', 'usedByPackages'],
  ['suppliers', 'usedBySuppliers'],
  ['workOrders', 'usedByWorkOrders'],
  ['batches', 'usedByBatches'],
];

export class CatalogueRules {
  constructor(
    readonly repo: CatalogueRepository,
    private readonly holds: HoldScope,
    private readonly logs: OperationLogRepository,
  ) {}

  /** New rows belong to the caller's hold unless HoldID names one in its subtree. */
  async ownerHold(auth: AuthContext, holdId: number | undefined): Promise<{ id: number; path: string }> {
    if (!holdId || holdId === auth.holdId) return { id: auth.holdId, path: auth.holdPath };
    const hold = await this.holds.findById(holdId);
    return {
      id: holdId,
      path: reachable(hold && { holdPath: hold.path }, (p) => inSubtree(auth.holdPath, p)).holdPath,
    };
  }

  /**
   * A carrier the caller can read, owned by the row's owner hold or one above it: everyone who can
   * read the row can then read its carrier. Otherwise a provider could hang one customer's carrier
   * on its own package and show it to that customer's siblings.
   */
  async usableOperator(auth: AuthContext, operatorId: number, ownerPath: string) {
    const op = reachable(await this.repo.findOperator(operatorId), (p) => readableInLineage(auth.holdPath, p));
    if (!ownerPath.startsWith(op.holdPath)) throw badRequest('operatorNotAvailable', 'OperatorID');
    return op;
  }

  /** A list's OperatorID filter takes a carrier id too: another hold's id is refused, not ignored. */
  async operatorFilter(auth: AuthContext, operatorId: number | undefined) {
    if (operatorId) reachable(await this.repo.findOperator(operatorId), (p) => readableInLineage(auth.holdPath, p));
  }

  async uniqueName(kind: CatalogueKind, holdId: number, name: string, field: string, exceptId?: number) {
    if (await this.repo.nameTaken(kind, holdId, name, exceptId)) throw conflict('nameExists', `${field} ${name}`);
  }

  /** Turns a unique violation that slipped past `uniqueName` (a concurrent insert) into the same answer. */
  async write<T>(field: string, name: string, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (err) {
      if (pgCode(err) === '23505') throw conflict('nameExists', `${field} ${name}`);
      throw err;
    }
  }

  /** Refuses with the message key and what still uses the row, in the caller's language. */
  async refuseIfUsed(kind: CatalogueKind, id: number, key: MessageKey, lang: Language, only?: (keyof Usage)[]) {
    const usage = await this.repo.usage(kind, id);
    const parts = USAGE_NOUNS.filter(([k]) => usage[k] > 0 && (!only || only.includes(k))).map(
      ([k, noun]) => `${message(noun, lang)} (${usage[k]})`,
    );
    if (parts.length) throw badRequest(key, parts.join(', '));
  }

  async remove(kind: CatalogueKind, id: number, lang: Language) {
    await this.refuseIfUsed(kind, id, 'catalogueInUse', lang);
    try {
      await this.repo.remove(kind, id);
    } catch (err) {
      // A reference written between the check and the delete: answer as if it had been seen.
      if (pgCode(err) === '23503') await this.refuseIfUsed(kind, id, 'catalogueInUse', lang);
      throw err;
    }
  }

  log(auth: AuthContext, action: string, detail: string) {
    return this.logs.operation({ userId: auth.userId, holdId: auth.holdId, action, detail, ip: auth.ip });
  }
}
