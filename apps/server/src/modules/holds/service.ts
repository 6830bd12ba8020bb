import type { HoldNode } from '@lodestar/contract/holds';
import type { HoldTypeCode } from '@lodestar/domain';
import { badRequest } from '../../lib/errors.ts';
import type { OperationLogRepository } from '../../lib/operation-log-repository.ts';
import { assertInSubtree } from '../../lib/tenancy.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import type { UserRepository } from '../users/repository.ts';
import type { HoldRepository, HoldRow } from './repository.ts';

export type { HoldNode };

export class HoldService {
  constructor(
    private readonly holds: HoldRepository,
    private readonly users: UserRepository,
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
    if (await this.holds.hasChildren(id)) throw badRequest('holdHasChildren');
    if ((await this.users.countInHold(id)) > 0) throw badRequest('holdHasUsers');
    await this.holds.remove(id);
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

  private async own(auth: AuthContext, id: number): Promise<HoldRow> {
    const hold = await this.holds.findById(id);
    assertInSubtree(auth.holdPath, hold);
    return hold!;
  }

  /** Strictly below the caller's hold: nobody removes or moves the hold they stand in. */
  private async below(auth: AuthContext, id: number): Promise<HoldRow> {
    const hold = await this.own(auth, id);
    if (hold.id === auth.holdId) throw badRequest('ownHold');
    return hold;
  }

  private log(auth: AuthContext, action: string, detail: string) {
    return this.logs.operation({ userId: auth.userId, holdId: auth.holdId, action, detail, ip: auth.ip });
  }
}

function ancestorIds(path: string): number[] {
  return path.split('/').filter(Boolean).map(Number);
}
