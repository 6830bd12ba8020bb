import type { FunctionGroup } from '@lodestar/domain';
import type { GrantableFunction } from './api/functions.ts';

export const GROUP_ORDER: FunctionGroup[] = ['sim', 'gps', 'action'];

/** A row of the matrix: a parent function with its children, or loose functions without either. */
export interface MatrixRow {
  parent: GrantableFunction | null;
  items: GrantableFunction[];
}

/**
 * Lays the grantable functions out by area (SIM, GPS, actions): each parent with its children on
 * one row, then the functions that have neither on a last row. A child whose parent the caller
 * cannot grant is treated as loose.
 */
export function buildMatrix(funs: readonly GrantableFunction[]): { group: FunctionGroup; rows: MatrixRow[] }[] {
  const ids = new Set(funs.map((f) => f.id));
  const childrenOf = new Map<number, GrantableFunction[]>();
  for (const f of funs)
    if (f.parent !== null && ids.has(f.parent)) childrenOf.set(f.parent, [...(childrenOf.get(f.parent) ?? []), f]);
  return GROUP_ORDER.map((group) => {
    const inGroup = funs.filter((f) => f.group === group && (f.parent === null || !ids.has(f.parent)));
    const parents = inGroup.filter((f) => childrenOf.has(f.id));
    const loose = inGroup.filter((f) => !childrenOf.has(f.id));
    const rows: MatrixRow[] = parents.map((p) => ({ parent: p, items: childrenOf.get(p.id) ?? [] }));
    if (loose.length) rows.push({ parent: null, items: loose });
    return { group, rows };
  }).filter((g) => g.rows.length > 0);
}

/** Every function id of a group (parents, children, loose ones). */
export const groupIds = (rows: readonly MatrixRow[]): number[] =>
  rows.flatMap((r) => [...(r.parent ? [r.parent.id] : []), ...r.items.map((f) => f.id)]);

/**
 * Ticking a function also ticks its parent (a child is useless in the menu without it);
 * unticking a parent unticks its children.
 */
export function toggle(
  checked: ReadonlySet<number>,
  fn: GrantableFunction,
  on: boolean,
  all: readonly GrantableFunction[],
): Set<number> {
  const next = new Set(checked);
  if (on) {
    next.add(fn.id);
    if (fn.parent !== null && all.some((f) => f.id === fn.parent)) next.add(fn.parent);
  } else {
    next.delete(fn.id);
    for (const f of all) if (f.parent === fn.id) next.delete(f.id);
  }
  return next;
}
