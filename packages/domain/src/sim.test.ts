import { describe, expect, it } from 'vitest';
import { iccidProblem, luhnValid, SimState, simDisplayState, withLuhn } from './sim.ts';

describe('ICCID rule', () => {
  it('accepts a real 20-digit ICCID whose last digit is its Luhn check', () => {
    // China Mobile's published sample ICCID layout: 89 86 00 …, check digit computed by E.118.
    const iccid = withLuhn('8986001234567890123');
    expect(iccid).toHaveLength(20);
    expect(iccidProblem(iccid)).toBeUndefined();
  });
  it('names what is wrong', () => {
    const good = withLuhn('8986001234567890123');
    const bad = good.slice(0, 19) + String((Number(good[19]) + 1) % 10);
    expect(iccidProblem(bad)).toBe('checksum');
    expect(iccidProblem('898600123')).toBe('length');
    expect(iccidProblem('1234567890123456789')).toBe('digits');
    expect(iccidProblem('89860012345678901x3')).toBe('digits');
  });
  it('accepts 19-digit ICCIDs and carrier letters without a check digit rule', () => {
    expect(iccidProblem('8986001234567890123')).toBeUndefined();
    expect(iccidProblem('898604A1234567890123')).toBeUndefined();
  });
  it('computes Luhn as the standard does', () => {
    expect(luhnValid('79927398713')).toBe(true);
    expect(luhnValid('79927398710')).toBe(false);
  });
});

describe('SIM display state', () => {
  it('puts expired before expiring before low balance', () => {
    expect(simDisplayState('2026-11-21', 0, '2026-11-22')).toBe('expired');
    expect(simDisplayState('2026-12-22', 0, '2026-11-22')).toBe('expiring');
    expect(simDisplayState('2026-12-23', 0, '2026-11-22')).toBe('lowBalance');
    expect(simDisplayState('2026-12-23', 500, '2026-11-22')).toBe('normal');
    expect(simDisplayState(null, 10_000, '2026-11-22')).toBe('normal');
  });
  it('counts the balance only for a card the carrier bills', () => {
    expect(simDisplayState(null, 0, '2026-11-22', SimState.InStock)).toBe('normal');
    expect(simDisplayState(null, 0, '2026-11-22', SimState.Cancelled)).toBe('normal');
    expect(simDisplayState(null, 0, '2026-11-22', SimState.Silent)).toBe('lowBalance');
    expect(simDisplayState('2026-11-01', 0, '2026-11-22', SimState.InStock)).toBe('expired');
  });
});
