// The contacts page's search and paging, in the browser: the whole phonebook is loaded once and
// filtered as the user types (deferred, so typing stays smooth on tens of thousands of rows).
import { useDeferredValue, useMemo, useState } from 'react';
import type { PhonebookEntry } from '@kurir/core';
import { filterEntries } from './contact-search';

/** Rows drawn at once: a phonebook may hold tens of thousands of contacts. */
const PAGE_SIZE = 50;

export function useContactSearch(entries: PhonebookEntry[] | undefined) {
  const [search, setSearchText] = useState('');
  const deferredSearch = useDeferredValue(search);
  const [page, setPage] = useState(1);

  const shown = useMemo(() => filterEntries(entries ?? [], deferredSearch), [entries, deferredSearch]);
  const pages = Math.max(1, Math.ceil(shown.length / PAGE_SIZE));
  const currentPage = Math.min(page, pages);

  return {
    search,
    /** A new search starts from the first page. */
    setSearch: (text: string) => {
      setSearchText(text);
      setPage(1);
    },
    shownCount: shown.length,
    pageRows: shown.slice((currentPage - 1) * PAGE_SIZE, currentPage * PAGE_SIZE),
    pages,
    currentPage,
    setPage,
  };
}

export type ContactSearch = ReturnType<typeof useContactSearch>;
