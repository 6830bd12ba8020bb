import { SimState, WorkType } from '@lodestar/domain';

/** Which lifecycle states a work type may start from (docs/SIM-API.md, AddWorkFlow). */
export function workTypeFits(type: WorkType, state: SimState): boolean {
  switch (type) {
    case WorkType.Stop:
      return state === SimState.Testing || state === SimState.Silent || state === SimState.Active;
    case WorkType.Resume:
      return state === SimState.Suspended;
    default:
      return state !== SimState.Cancelled;
  }
}

/** An inclusive ICCID range must have ends of the same length, the first not after the last. */
export function iccidRangeProblem(from: string, to: string): 'length' | 'order' | undefined {
  if (from.length !== to.length) return 'length';
  if (from > to) return 'order';
  return undefined;
}
