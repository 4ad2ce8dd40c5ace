// /dashboard/messages (spec §2, §7, §9): the user's messages, filtered and paged by ten. Text and
// recipient filters wait 500 ms after typing; any filter change goes back to page 1. While a
// shown message is still on its way, the page follows its status.
import { Box, Button, Card, Group, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconMessageOff } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { toast } from '../../../lib/toast';
import { getHistoryQuery, HISTORY_PAGE_SIZE } from '../api/get-history';
import { EMPTY_FILTERS, HistoryFilters, type HistoryFilterValues } from './history-filters';
import { HistoryTable } from './history-table';
import { pageCount, pageLinks } from '../../../lib/pagination';
import { PageHeader } from '../../../components/page-header';
import { shownTotal } from '@kurir/core/list-total';
import { ListSkeleton } from '../../../components/list-skeleton';

const FILTER_DEBOUNCE_MS = 500;

/** A local day as the ISO instants the server filters by (the end is exclusive). */
const dayStart = (day: string | null) => (day ? dayjs(day).startOf('day').toISOString() : undefined);
const dayEnd = (day: string | null) => (day ? dayjs(day).startOf('day').add(1, 'day').toISOString() : undefined);

export function HistoryPage() {
  const [filters, setFilters] = useState<HistoryFilterValues>(EMPTY_FILTERS);
  const [text] = useDebouncedValue(filters.text, FILTER_DEBOUNCE_MS);
  const [recipient] = useDebouncedValue(filters.recipient, FILTER_DEBOUNCE_MS);
  // The page belongs to one set of filters (as applied, after the debounce): new filters, page 1.
  const filterKey = JSON.stringify([text, recipient, filters.from, filters.to]);
  const [paging, setPaging] = useState({ filterKey, page: 1 });
  const page = paging.filterKey === filterKey ? paging.page : 1;
  const setPage = (next: number) => setPaging({ filterKey, page: next });

  const query = useQuery(
    getHistoryQuery({ page, text, recipient, startDate: dayStart(filters.from), endDate: dayEnd(filters.to) }),
  );

  useEffect(() => {
    if (query.isError) toast.error('Failed to fetch SMS history');
  }, [query.isError, query.errorUpdatedAt]);

  const total = query.data?.total ?? 0;
  const pages = pageCount(total, HISTORY_PAGE_SIZE);
  const messages = query.data?.messages ?? [];

  return (
    <Stack gap="lg" maw={1100}>
      <PageHeader title="Message history" description="Every message you sent, with its status and price." />
      <Card padding="lg">
        <HistoryFilters value={filters} onChange={setFilters} />
      </Card>
      <Card padding={0}>
        {query.isPending ? (
          <Box p="md">
            <ListSkeleton label="Loading messages" count={8} height={44} />
          </Box>
        ) : query.isError && !query.data ? (
          // Not "No messages found": the list could not be read, which is another thing.
          <Stack align="center" gap="xs" p="xl" role="alert">
            <Text c="red.8">The messages could not be loaded.</Text>
            <Button variant="default" size="xs" onClick={() => void query.refetch()}>
              Try again
            </Button>
          </Stack>
        ) : messages.length === 0 ? (
          <Stack align="center" gap="xs" p="xl">
            <IconMessageOff size={36} color="var(--mantine-color-gray-5)" aria-hidden />
            <Text c="dimmed">No messages found</Text>
          </Stack>
        ) : (
          <div style={{ padding: 'var(--mantine-spacing-xs)' }}>
            <HistoryTable messages={messages} />
          </div>
        )}
      </Card>
      {total > 0 && (
        <Group justify="space-between" gap="sm">
          <Text fz="sm" c="dimmed">
            {(page - 1) * HISTORY_PAGE_SIZE + 1}–{Math.min(page * HISTORY_PAGE_SIZE, total)} of {shownTotal(total, query.data?.total_capped)}
          </Text>
          <Group gap={4} component="nav" aria-label="Pagination">
            <Button variant="default" size="xs" disabled={page <= 1} onClick={() => setPage(page - 1)}>
              Previous
            </Button>
            {pageLinks(page, pages).map((n) => (
              <Button
                key={n}
                size="xs"
                variant={n === page ? 'filled' : 'default'}
                aria-current={n === page ? 'page' : undefined}
                onClick={() => setPage(n)}
              >
                {n}
              </Button>
            ))}
            <Button variant="default" size="xs" disabled={page >= pages} onClick={() => setPage(page + 1)}>
              Next
            </Button>
          </Group>
        </Group>
      )}
    </Stack>
  );
}
