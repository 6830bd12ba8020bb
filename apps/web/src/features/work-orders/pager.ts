/** A numbered page, or an ellipsis that jumps several pages back or forward. */
export type PagerItem = number | 'jumpPrev' | 'jumpNext';

export const pageCountOf = (total: number, pageSize: number): number =>
  Math.max(1, Math.ceil(Math.max(0, total) / Math.max(1, pageSize)));

/**
 * The page buttons of a pager showing at most `pagerCount` numbered pages (spec section 9: 11),
 * an odd number ≥ 5: the first and last page always, the current page in the middle of the rest,
 * and an ellipsis on the side where pages are left out. antd's Pagination has no such knob (it
 * always keeps five around the current page), hence this.
 */
export function pagerWindow(current: number, pageCount: number, pagerCount = 11): PagerItem[] {
  const pages = Math.max(1, Math.floor(pageCount));
  if (pages <= pagerCount) return Array.from({ length: pages }, (_, i) => i + 1);
  const page = Math.min(Math.max(1, Math.floor(current)), pages);
  const inner = pagerCount - 2;
  const half = Math.floor(inner / 2);
  // Slide a window of `inner` pages centred on the current one between 2 and pages - 1.
  const start = Math.min(Math.max(2, page - half), pages - inner);
  const end = start + inner - 1;
  const items: PagerItem[] = [1];
  if (start > 2) items.push('jumpPrev');
  for (let p = start; p <= end; p++) items.push(p);
  if (end < pages - 1) items.push('jumpNext');
  items.push(pages);
  return items;
}

/** Where an ellipsis leads: as many pages as the window holds, kept within the pages. */
export function jumpTarget(item: 'jumpPrev' | 'jumpNext', current: number, pageCount: number, pagerCount = 11) {
  const step = pagerCount - 2;
  return item === 'jumpPrev' ? Math.max(1, current - step) : Math.min(pageCount, current + step);
}
