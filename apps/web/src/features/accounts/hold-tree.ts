import type { HoldNode } from '../holds/api/get-left-hold.ts';

/** Each hold of the tree by id, with its parent as found in the tree (roots have none). */
export function indexHolds(roots: readonly HoldNode[]): Map<number, { hold: HoldNode; parent: HoldNode | null }> {
  const map = new Map<number, { hold: HoldNode; parent: HoldNode | null }>();
  const walk = (nodes: readonly HoldNode[], parent: HoldNode | null) => {
    for (const hold of nodes) {
      map.set(hold.HoldID, { hold, parent });
      walk(hold.Children ?? [], hold);
    }
  };
  walk(roots, null);
  return map;
}

export const allHoldIds = (roots: readonly HoldNode[]): number[] =>
  roots.flatMap((h) => [h.HoldID, ...allHoldIds(h.Children ?? [])]);
