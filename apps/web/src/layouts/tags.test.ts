import { describe, expect, it } from 'vitest';
import type { VisitedTag } from '../store/session.ts';
import { MAX_TAGS, visitTag } from './tags.ts';

const page = (n: number) => ({ path: `/p${n}`, title: `t${n}` });
const paths = (tags: VisitedTag[]) => tags.map((t) => t.path);

/** Visits the pages in order, as the shell does on each navigation. */
function visitAll(pages: number[], from: VisitedTag[] = []): VisitedTag[] {
  return pages.reduce((tags, n) => visitTag(tags, page(n)), from);
}

describe('tag bar', () => {
  it('adds each new page at the end and keeps a known page in its place', () => {
    const tags = visitAll([1, 2, 3, 2]);
    expect(paths(tags)).toEqual(['/p1', '/p2', '/p3']);
  });

  it('answers the same tags when the page shown is visited again, so the shell settles', () => {
    const tags = visitAll([1, 2]);
    expect(visitTag(tags, page(2))).toBe(tags);
  });

  it(`keeps at most ${MAX_TAGS} tags, closing the one opened longest ago`, () => {
    const pages = Array.from({ length: MAX_TAGS + 3 }, (_, i) => i + 1);
    const tags = visitAll(pages);
    expect(tags).toHaveLength(MAX_TAGS);
    expect(paths(tags)).toEqual(pages.slice(3).map((n) => `/p${n}`));
  });

  it('closes the tag seen longest ago, not one visited again since it was opened', () => {
    const full = visitAll(Array.from({ length: MAX_TAGS }, (_, i) => i + 1));
    // Page 1 was opened first but used again: page 2 goes instead.
    const tags = visitAll([1, 100], full);
    expect(tags).toHaveLength(MAX_TAGS);
    expect(paths(tags)).toContain('/p1');
    expect(paths(tags)).not.toContain('/p2');
    expect(paths(tags).at(-1)).toBe('/p100');
  });

  it('never closes the page being visited, even when it is the oldest of too many stored tags', () => {
    // A session stored before the limit (no visit order) with more tags than allowed.
    const stored = Array.from({ length: MAX_TAGS + 5 }, (_, i) => page(i + 1));
    const tags = visitTag(stored, page(1));
    expect(tags).toHaveLength(MAX_TAGS);
    expect(paths(tags)[0]).toBe('/p1');
  });
});
