import type { VisitedTag } from '../store/session.ts';

/**
 * At most this many open-page tags. At 1440 px the bar shows about eight English or French tags before
 * it scrolls; past a dozen, finding a tag in the scrolling bar takes longer than opening the page from
 * the menu again, and every tag is kept in the stored session. README, "Console".
 */
export const MAX_TAGS = 12;

const seenOf = (tag: VisitedTag) => tag.seen ?? 0;

/**
 * The tags after a visit to `visited`: a new page is added at the end, a known one keeps its place,
 * and either becomes the most recently seen. Over MAX_TAGS, the tags seen longest ago are closed,
 * never the one just visited. Returns `tags` itself when nothing changes (the page was already the
 * latest), so calling it again for the same page settles.
 */
export function visitTag(tags: readonly VisitedTag[], visited: Omit<VisitedTag, 'seen'>): VisitedTag[] {
  const latest = Math.max(0, ...tags.map(seenOf));
  const known = tags.find((t) => t.path === visited.path);
  if (known && seenOf(known) === latest && latest > 0 && tags.length <= MAX_TAGS) return tags as VisitedTag[];
  const seen = latest + 1;
  const next = known
    ? tags.map((t) => (t.path === visited.path ? { ...t, seen } : t))
    : [...tags, { ...visited, seen }];
  if (next.length <= MAX_TAGS) return next;
  const closing = new Set(
    next
      .filter((t) => t.path !== visited.path)
      .sort((a, b) => seenOf(a) - seenOf(b))
      .slice(0, next.length - MAX_TAGS)
      .map((t) => t.path),
  );
  return next.filter((t) => !closing.has(t.path));
}
