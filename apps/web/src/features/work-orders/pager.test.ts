import { WORK_ORDER_UI } from '@lodestar/domain';
import { describe, expect, it } from 'vitest';
import { jumpTarget, pageCountOf, pagerWindow } from './pager.ts';

const numbers = (items: ReturnType<typeof pagerWindow>) => items.filter((i) => typeof i === 'number');

describe('pagerWindow', () => {
  it('shows every page up to 11', () => {
    expect(pagerWindow(1, 1)).toEqual([1]);
    expect(pagerWindow(4, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(pagerWindow(11, 11)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
  });

  it('never shows more than 11 numbered pages, always the first, last and current', () => {
    for (const pages of [12, 13, 20, 57, 200])
      for (let current = 1; current <= pages; current++) {
        const items = pagerWindow(current, pages, WORK_ORDER_UI.pagerCount);
        const shown = numbers(items);
        expect(shown.length, `${current}/${pages}`).toBe(11);
        expect(shown[0]).toBe(1);
        expect(shown.at(-1)).toBe(pages);
        expect(shown).toContain(current);
        // Ascending and without repeats.
        expect([...new Set(shown)].sort((a, b) => a - b)).toEqual(shown);
      }
  });

  it('puts an ellipsis only where pages are left out', () => {
    expect(pagerWindow(1, 30)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 'jumpNext', 30]);
    expect(pagerWindow(6, 30)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 'jumpNext', 30]);
    expect(pagerWindow(7, 30)).toEqual([1, 'jumpPrev', 3, 4, 5, 6, 7, 8, 9, 10, 11, 'jumpNext', 30]);
    expect(pagerWindow(15, 30)).toEqual([1, 'jumpPrev', 11, 12, 13, 14, 15, 16, 17, 18, 19, 'jumpNext', 30]);
    expect(pagerWindow(30, 30)).toEqual([1, 'jumpPrev', 21, 22, 23, 24, 25, 26, 27, 28, 29, 30]);
    expect(pagerWindow(12, 12)).toEqual([1, 'jumpPrev', 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
  });

  it('clamps a current page outside the range', () => {
    expect(pagerWindow(0, 30)).toEqual(pagerWindow(1, 30));
    expect(pagerWindow(99, 30)).toEqual(pagerWindow(30, 30));
  });

  it('honours another odd pager count', () => {
    expect(pagerWindow(10, 20, 7)).toEqual([1, 'jumpPrev', 8, 9, 10, 11, 12, 'jumpNext', 20]);
  });
});

describe('jumpTarget and pageCountOf', () => {
  it('jumps by the window size within the pages', () => {
    expect(jumpTarget('jumpNext', 6, 30)).toBe(15);
    expect(jumpTarget('jumpNext', 25, 30)).toBe(30);
    expect(jumpTarget('jumpPrev', 15, 30)).toBe(6);
    expect(jumpTarget('jumpPrev', 5, 30)).toBe(1);
  });

  it('counts at least one page', () => {
    expect(pageCountOf(0, 100)).toBe(1);
    expect(pageCountOf(100, 100)).toBe(1);
    expect(pageCountOf(101, 100)).toBe(2);
    expect(pageCountOf(2500, 500)).toBe(5);
  });
});
