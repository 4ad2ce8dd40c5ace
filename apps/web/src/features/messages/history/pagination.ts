// Which page links to show: at most five, around the current page (spec §9).
export const MAX_PAGE_LINKS = 5;

export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

export function pageLinks(current: number, pages: number, max = MAX_PAGE_LINKS): number[] {
  const count = Math.min(max, pages);
  const first = Math.min(Math.max(1, current - Math.floor(max / 2)), pages - count + 1);
  return Array.from({ length: count }, (_, i) => first + i);
}
