// /admin/scheduled, 'Scheduled Messages' (admin spec §2, §4, §7): every customer's scheduled
// messages, searched on the server with comma-separated terms, refreshed every 30 s.
import { Alert, Box, Button, Card, Center, EmptyState, Group, Loader, Select, Stack, Text } from '@mantine/core';
import { IconCalendarOff, IconRefresh } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ADMIN_SCHEDULED_MESSAGES, ADMIN_SCHEDULED_STATUSES, searchTerms, type AdminScheduledStatus } from '@kurir/core';
import { PageIntro } from '../../../components/page-intro';
import { SearchInput } from '../../../components/search-input';
import { errorDetail } from '../../../lib/api';
import { formatTime } from '../../../lib/format';
import { useDebouncedSearch } from '../../../lib/use-debounced-search';
import { getAdminScheduledQuery } from './api/get-scheduled';
import { ScheduledCards } from './scheduled-cards';
import { ScheduledTable } from './scheduled-table';
import { useDeleteScheduledWithConfirm } from './use-delete-scheduled';

const statusOptions = ADMIN_SCHEDULED_STATUSES.map((s) => ({ value: s, label: s[0]!.toUpperCase() + s.slice(1) }));

/** The spec's empty state when nothing narrows the list; otherwise what found nothing. */
function Empty({ search, status }: { search: string; status: AdminScheduledStatus | null }) {
  if (search || status) {
    const filters = [...(search ? [`"${searchTerms(search).join(', ')}"`] : []), ...(status ? [`the status ${status}`] : [])];
    return (
      <Text ta="center" c="dimmed" py="xl">
        No scheduled messages match {filters.join(' and ')}
      </Text>
    );
  }
  return (
    <EmptyState icon={<IconCalendarOff size={28} />} variant="light" title={ADMIN_SCHEDULED_MESSAGES.emptyTitle} description={ADMIN_SCHEDULED_MESSAGES.empty} />
  );
}

export function AdminScheduledPage() {
  const box = useDebouncedSearch();
  const [status, setStatus] = useState<AdminScheduledStatus | null>(null);
  const scheduled = useQuery(getAdminScheduledQuery({ search: box.search, status }));
  const remove = useDeleteScheduledWithConfirm();
  const rows = scheduled.data ?? [];
  const now = new Date(scheduled.dataUpdatedAt || Date.now());

  return (
    <Stack gap="lg" maw={1400}>
      <PageIntro description="Every customer's scheduled messages. The list refreshes every 30 seconds."
        actions={
          <Button variant="default" leftSection={<IconRefresh size={16} aria-hidden />} loading={scheduled.isFetching} onClick={() => void scheduled.refetch()}>
            Refresh
          </Button>
        }
      />
      <Card padding="md">
        <Group mb="md" gap="sm" align="flex-end">
          <SearchInput
            aria-label="Search scheduled messages"
            placeholder="Search recipient, message, sender or user — separate terms with commas"
            value={box.input}
            onChange={box.change}
            onClear={box.clear}
            style={{ flex: '1 1 320px' }}
          />
          <Select aria-label="Status" placeholder="All statuses" data={statusOptions} value={status} onChange={(v) => setStatus(v as AdminScheduledStatus | null)} clearable w={{ base: '100%', xs: 180 }} />
        </Group>
        {scheduled.isPending ? (
          <Center py="xl">
            <Loader aria-label="Loading scheduled messages" />
          </Center>
        ) : scheduled.isError ? (
          <Alert color="red" title={ADMIN_SCHEDULED_MESSAGES.fetchFailed}>
            {errorDetail(scheduled.error)}
          </Alert>
        ) : rows.length === 0 ? (
          <Empty search={box.search.trim()} status={status} />
        ) : (
          <>
            <Box visibleFrom="sm">
              <ScheduledTable messages={rows} now={now} onDelete={remove.ask} deletingId={remove.deletingId} />
            </Box>
            <Box hiddenFrom="sm">
              <ScheduledCards messages={rows} now={now} onDelete={remove.ask} deletingId={remove.deletingId} />
            </Box>
          </>
        )}
        {scheduled.data && (
          <Group justify="space-between" mt="md">
            <Text fz="sm" c="dimmed" data-testid="scheduled-footer">
              {ADMIN_SCHEDULED_MESSAGES.footer(rows.length)}
            </Text>
            <Text fz="xs" c="dimmed">
              Updated {formatTime(new Date(scheduled.dataUpdatedAt))}
            </Text>
          </Group>
        )}
      </Card>
    </Stack>
  );
}
