import { describe, expect, it } from 'vitest';
import { filtersFromSearch, searchFromFilters } from './filters-url.ts';

describe('device list filters in the address', () => {
  it('reads what the GPS home links with, and drops what the list does not know', () => {
    const f = filtersFromSearch(
      new URLSearchParams(
        'HoldID=4&State=moving&Vip=30&Recent=1&ObjectType=2&TrackerType=wireless&Protocol=gt06&Keyword=%20li%20',
      ),
    );
    expect(f).toEqual({
      HoldID: 4,
      State: 'moving',
      Vip: '30',
      Recent: 1,
      ObjectType: 2,
      TrackerType: 'wireless',
      Protocol: 'gt06',
      Keyword: 'li',
    });
    expect(
      filtersFromSearch(
        new URLSearchParams('HoldID=0&State=asleep&Vip=90&Recent=yes&ObjectType=4&Protocol=x&Keyword='),
      ),
    ).toEqual({});
  });

  it('writes them back the same way', () => {
    const f = { HoldID: 4, State: 'online', Vip: 'expired', Recent: 1, ObjectType: 3 } as const;
    expect(searchFromFilters(f).toString()).toBe('HoldID=4&State=online&Vip=expired&Recent=1&ObjectType=3');
    expect(filtersFromSearch(searchFromFilters(f))).toEqual(f);
  });
});
