// While searching: how many matched, what this page shows, and how many pages there are; or that
// nothing matched the terms (admin spec §2).
import { Alert, Text } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { ALL_MESSAGES_TEXTS } from '@kurir/core';
import { shownTerms } from './message-format';

type Props = { search: string; total: number; totalText: string; shown: number; page: number; pages: number };

export function SearchBanner({ search, total, totalText, shown, page, pages }: Props) {
  if (total === 0) {
    return (
      <Alert color="gray" icon={<IconSearch size={18} />} data-testid="search-banner">
        {ALL_MESSAGES_TEXTS.noMatches(shownTerms(search))}
      </Alert>
    );
  }
  return (
    <Alert color="blue" icon={<IconSearch size={18} />} data-testid="search-banner">
      <Text fz="sm" fw={600}>
        {ALL_MESSAGES_TEXTS.found(totalText)}
      </Text>
      <Text fz="sm">
        {ALL_MESSAGES_TEXTS.showing(shown, page)} · Page {page} of {pages}
      </Text>
    </Alert>
  );
}
