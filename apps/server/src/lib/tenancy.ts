import { outsideHold } from './errors.ts';

/** A caller sees its own hold and everything below it, never a sibling's or a parent's. */
export const inSubtree = (callerPath: string, targetPath: string): boolean => targetPath.startsWith(callerPath);

export function assertInSubtree(callerPath: string, target: { path: string } | { holdPath: string } | undefined) {
  const path = target && ('path' in target ? target.path : target.holdPath);
  // A missing row and another hold's row answer the same, so ids cannot be probed.
  if (!path || !inSubtree(callerPath, path)) throw outsideHold();
}
