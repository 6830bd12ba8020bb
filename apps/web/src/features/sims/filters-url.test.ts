import { SimState } from '@lodestar/domain';
import { describe, expect, it } from 'vitest';
import { filtersFromSearch, searchFromFilters } from './filters-url.ts';

describe('SIM list filters in the address', () => {
  it('reads the links of the home page and the batch history', () => {
    expect(filtersFromSearch(new URLSearchParams('DisplayState=expiring'))).toEqual({ DisplayState: 'expiring' });
    expect(filtersFromSearch(new URLSearchParams('BatchID=12'))).toEqual({ BatchID: 12 });
    expect(filtersFromSearch(new URLSearchParams('State=5&OperatorID=3'))).toEqual({
      State: SimState.Suspended,
      OperatorID: 3,
    });
  });

  it('drops values that are not filters', () => {
    expect(
      filtersFromSearch(
        new URLSearchParams('State=9&DisplayState=weird&HoldID=-1&BatchID=x&ExpiresFrom=2024-1-1&ICCID=%20%20'),
      ),
    ).toEqual({});
  });

  it('round-trips', () => {
    const f = {
      ICCID: '898600',
      State: SimState.InStock,
      HoldID: 4,
      OnlyHold: true,
      ExpiresFrom: '2025-01-01',
      ExpiresTo: '2025-12-31',
    };
    expect(filtersFromSearch(searchFromFilters(f))).toEqual(f);
    expect(searchFromFilters({ State: 0, DisplayState: '', OnlyHold: false }).toString()).toBe('');
  });
});
