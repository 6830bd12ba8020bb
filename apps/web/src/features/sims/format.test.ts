import { SimState, WorkType } from '@lodestar/domain';
import { describe, expect, it } from 'vitest';
import { iccidRangeProblem, workTypeFits } from './format.ts';

describe('workTypeFits', () => {
  it('stops only cards in test, silent or active service', () => {
    expect(workTypeFits(WorkType.Stop, SimState.Active)).toBe(true);
    expect(workTypeFits(WorkType.Stop, SimState.Testing)).toBe(true);
    expect(workTypeFits(WorkType.Stop, SimState.InStock)).toBe(false);
    expect(workTypeFits(WorkType.Stop, SimState.Suspended)).toBe(false);
  });
  it('resumes only suspended cards and refuses cancelled ones for the rest', () => {
    expect(workTypeFits(WorkType.Resume, SimState.Suspended)).toBe(true);
    expect(workTypeFits(WorkType.Resume, SimState.Active)).toBe(false);
    expect(workTypeFits(WorkType.Return, SimState.Stopped)).toBe(true);
    expect(workTypeFits(WorkType.Renewal, SimState.Cancelled)).toBe(false);
  });
});

describe('iccidRangeProblem', () => {
  it('needs ends of one length in order', () => {
    expect(iccidRangeProblem('8986001', '8986009')).toBeUndefined();
    expect(iccidRangeProblem('8986001', '898600')).toBe('length');
    expect(iccidRangeProblem('8986009', '8986001')).toBe('order');
  });
});
