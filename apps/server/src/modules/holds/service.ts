import type { HoldNode } from '@lodestar/contract/holds';
import { ErrCode, type HoldTypeCode, ReplyCode } from '@lodestar/domain';
import { AppError, badRequest } from '../../lib/errors.ts';
import type { MessageKey } from '../../lib/messages.ts';
import type { OperationLogRepository } from '../../lib/operation-log-repository.ts';
import { assertInSubtree } from '../../lib/tenancy.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import type { HoldContents, HoldRepository, HoldRow } from './repository.ts';

export type { HoldNode };

export class HoldService {
  constructor(
    private readonly holds: HoldRepository,
    private readonly logs: OperationLogRepository,
  ) {}

  /**
   * The caller's subtree as a tree. With a name, only matching holds and the holds above them
   * (up to the caller's own) are kept, so a match is always reachable from the root.
   */
  async tree(auth: AuthContext, holdName?: string): Promise<HoldNode[]> {
    const rows = await this.holds.subtree(auth.holdPath);
    const nodes = new Map<number, HoldNode>();
    const below = new Map<number, number>();
    for (const r of rows) {
      for (const id of ancestorIds(r.path)) if (id !== r.id) below.set(id, (below.get(id) ?? 0) + 1);
    }
    let keep: Set<number> | undefined;
    if (holdName) {
      const needle = holdName.toLowerCase();
      keep = new Set();
      for (const r of rows)
        if (r.name.toLowerCase().includes(needle)) for (const id of ancestorIds(r.path)) keep.add(id);
    }
    const roots: HoldNode[] = [];
    for (const r of rows) {
      if (keep && !keep.has(r.id)) continue;
      const node: HoldNode = {
        HoldID: r.id,
        HoldName: r.name,
        parentHoldId: r.parentId,
        HoldType: r.holdType,
        isLeaf: true,
        type: 'hold',
        count: below.get(r.id) ?? 0,
        Children: [],
      };
      nodes.set(r.id, node);
      const parent = r.id === auth.holdId ? undefined : nodes.get(r.parentId ?? -1);
      if (parent) {
        parent.Children.push(node);
        parent.isLeaf = false;
      } else roots.push(node);
    }
    return roots;
  }

  async select(auth: AuthContext, holdName?: string) {
    const rows = await this.holds.subtree(auth.holdPath, holdName);
    return rows.map((r) => ({ HoldID: r.id, HoldName: r.name, parentHoldId: r.parentId, HoldType: r.holdType }));
  }

  async add(auth: AuthContext, name: string, holdType: HoldTypeCode, parentId: number): Promise<{ HoldID: number }> {
    const parent = await this.holds.findById(parentId);
    assertInSubtree(auth.holdPath, parent);
    const row = await this.holds.insert(name, holdType, parent!);
    await this.log(auth, 'addHold', `${row.id} ${name}`);
    return { HoldID: row.id };
  }

  async modify(
    auth: AuthContext,
    id: number,
    patch: { name?: string | undefined; holdType?: HoldTypeCode | undefined },
  ) {
    await this.own(auth, id);
    await this.holds.update(id, {
      ...(patch.name ? { name: patch.name } : {}),
      ...(patch.holdType ? { holdType: patch.holdType } : {}),
    });
    await this.log(auth, 'modifyHold', `${id} ${patch.name ?? ''}`.trim());
  }

  async remove(auth: AuthContext, id: number) {
    const hold = await this.below(auth, id);
    const refusal = removalRefusal(await this.holds.contents(id));
    if (refusal) throw refusal;
    await whileUnreferenced(() => this.holds.remove(id));
    await this.log(auth, 'removeHold', `${id} ${hold.name}`);
  }

  async move(auth: AuthContext, id: number, newParentId: number) {
    const hold = await this.below(auth, id);
    const parent = await this.holds.findById(newParentId);
    assertInSubtree(auth.holdPath, parent);
    if (parent!.path.startsWith(hold.path)) throw badRequest('holdCycle');
    await this.holds.move(hold, parent!);
    await this.log(auth, 'moveHold', `${id} → ${newParentId}`);
  }

  /** A hold the caller may change: in its subtree (a missing one answers alike). */
  async own(auth: AuthContext, id: number): Promise<HoldRow> {
    const hold = await this.holds.findById(id);
    assertInSubtree(auth.holdPath, hold);
    return hold!;
  }

  /** Strictly below the caller's hold: nobody removes or moves the hold they stand in. */
  async below(auth: AuthContext, id: number): Promise<HoldRow> {
    const hold = await this.own(auth, id);
    if (hold.id === auth.holdId) throw badRequest('ownHold');
    return hold;
  }

  private log(auth: AuthContext, action: string, detail: string) {
    return this.logs.operation({ userId: auth.userId, holdId: auth.holdId, action, detail, ip: auth.ip });
  }
}

const REASONS: [keyof HoldContents, MessageKey][] = [
  ['children', 'holdHasChildren'],
  ['users', 'holdHasUsers'],
  ['devices', 'holdHasDevices'],
  ['vehicles', 'holdHasVehicles'],
  ['sims', 'holdHasSims'],
];

/**
 * Why a hold cannot be removed, every reason with its count ("still has devices: 3; … SIM cards: 2"),
 * or undefined when it is empty. `takenAlong` users go with the hold (an enterprise's administrator).
 */
export function removalRefusal(contents: HoldContents, takenAlong = 0): AppError | undefined {
  const left = { ...contents, users: contents.users - takenAlong };
  const [first, ...rest] = REASONS.filter(([k]) => left[k] > 0).map(([k, key]) => ({ key, detail: String(left[k]) }));
  if (!first) return undefined;
  return new AppError(ReplyCode.BadRequest, ErrCode.Conflict, first.key, first.detail, rest);
}

/** A removal that another table still points at (orders, bills, work orders…) is refused, not a 500. */
export async function whileUnreferenced<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    const code = (err as { code?: string }).code ?? (err as { cause?: { code?: string } }).cause?.code;
    if (code === '23503') throw new AppError(ReplyCode.BadRequest, ErrCode.Conflict, 'holdHasRecords');
    throw err;
  }
}

function ancestorIds(path: string): number[] {
  return path.split('/').filter(Boolean).map(Number);
}
