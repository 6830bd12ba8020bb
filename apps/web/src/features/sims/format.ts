import { SimState, WorkType } from '@lodestar/domain';

/** Fen to yuan with two decimals, in integer arithmetic so 0.1 + 0.2 never shows. */
export function fenToYuan(fen: number): string {
  const sign = fen < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(fen));
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

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
