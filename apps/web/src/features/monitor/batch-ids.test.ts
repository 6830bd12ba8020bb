import { describe, expect, it } from 'vitest';
import { isBatchSearch, parseBatchIds } from './batch-ids.ts';

describe('batch device-ID search', () => {
  it('splits on commas (Chinese too), trims and drops blanks and repeats', () => {
    expect(parseBatchIds(' 86001, 86002,,86001，86003 ')).toEqual({ ids: ['86001', '86002', '86003'], tooMany: false });
  });

  it('accepts 1000 IDs and refuses 1001', () => {
    const ids = (n: number) => Array.from({ length: n }, (_, i) => `ID${i}`).join(',');
    expect(parseBatchIds(ids(1000))).toMatchObject({ tooMany: false });
    expect(parseBatchIds(ids(1000)).ids).toHaveLength(1000);
    expect(parseBatchIds(ids(1001))).toMatchObject({ tooMany: true });
  });

  it('tells a batch from a keyword by its comma', () => {
    expect(isBatchSearch('86001,86002')).toBe(true);
    expect(isBatchSearch('86001，86002')).toBe(true);
    expect(isBatchSearch('沪A0001')).toBe(false);
  });
});
