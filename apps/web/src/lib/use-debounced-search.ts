// A search box whose text is applied after a pause in typing (admin spec §9: 300 ms), so a list
// that searches on the server asks once per pause, not once per key. Clearing applies at once.
import { useDebouncedCallback } from '@mantine/hooks';
import { useState } from 'react';
import { SEARCH_DEBOUNCE_MS } from '@kurir/core';

export function useDebouncedSearch(onApply?: (search: string) => void) {
  const [input, setInput] = useState('');
  const [search, setSearch] = useState('');
  const apply = useDebouncedCallback((value: string) => {
    setSearch(value);
    onApply?.(value);
  }, SEARCH_DEBOUNCE_MS);

  return {
    /** What is in the box. */
    input,
    /** What the list searches for: the box's text once typing paused. */
    search,
    change(value: string) {
      setInput(value);
      apply(value);
    },
    clear() {
      apply.cancel();
      setInput('');
      setSearch('');
      onApply?.('');
    },
  };
}
