import { SimState, WorkType } from '@lodestar/domain';
import { describe, expect, it } from 'vitest';
import { addMonths, checkStatusText, renewedExpiry, stateAllows, workTypeText } from './rules.ts';

describe('work-order rules', () => {
  it('adds calendar months, keeping the day or falling back to the last of a short month', () => {
    expect(addMonths('2030-01-15', 1)).toBe('2030-02-15');
    expect(addMonths('2030-01-31', 1)).toBe('2030-02-28');
    expect(addMonths('2032-01-31', 1)).toBe('2032-02-29');
    expect(addMonths('2030-11-30', 3)).toBe('2031-02-28');
    expect(addMonths('2030-12-31', 12)).toBe('2031-12-31');
    expect(addMonths('2030-06-10', 60)).toBe('2035-06-10');
  });

  it('renews from the expiry while valid, from today once expired or never set', () => {
    expect(renewedExpiry('2030-05-01', '2026-01-10', 12)).toBe('2031-05-01');
    expect(renewedExpiry('2025-05-01', '2026-01-10', 12)).toBe('2027-01-10');
    expect(renewedExpiry('2026-01-10', '2026-01-10', 1)).toBe('2026-02-10');
    expect(renewedExpiry(null, '2026-01-10', 6)).toBe('2026-07-10');
  });

  it('allows stop from testing, silent or active; resume from suspended; return from anything but cancelled', () => {
    const allowed = (t: WorkType) => Object.values(SimState).filter((s) => typeof s === 'number' && stateAllows(t, s));
    expect(allowed(WorkType.Stop)).toEqual([SimState.Testing, SimState.Silent, SimState.Active]);
    expect(allowed(WorkType.Resume)).toEqual([SimState.Suspended]);
    expect(allowed(WorkType.Return)).not.toContain(SimState.Cancelled);
    expect(allowed(WorkType.Return)).toHaveLength(6);
    expect(allowed(WorkType.Renewal)).toHaveLength(7);
  });

  it('names work types and review states in each language, lock orders by direction', () => {
    expect(workTypeText(WorkType.Stop, null, 'zh')).toBe('停机');
    expect(workTypeText(WorkType.Lock, 1, 'en')).toBe('IMEI lock');
    expect(workTypeText(WorkType.Lock, 0, 'fr')).toBe('Déverrouillage IMEI');
    expect(checkStatusText(3, 'fr')).toBe('Rejeté');
  });
});
