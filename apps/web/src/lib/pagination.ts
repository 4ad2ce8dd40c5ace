// Which page links to show: at most five, centred on the current page where the ends allow
// (customer spec §9, admin spec §9). The history and the admin's All Messages share it.
import { PAGINATION_WINDOW } from '@kurir/core';

export const MAX_PAGE_LINKS = PAGINATION_WINDOW;

export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

export function pageLinks(current: number, pages: number, max = MAX_PAGE_LINKS): number[] {
  const count = Math.min(max, pages);
  const first = Math.min(Math.max(1, current - Math.floor(max / 2)), pages - count + 1);
  return Array.from({ length: count }, (_, i) => first + i);
}
