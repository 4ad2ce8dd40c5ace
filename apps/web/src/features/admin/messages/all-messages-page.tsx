// /admin/messages, 'All Messages' (admin spec §2, §7, §9): every customer's messages, 15 a page,
// searched on the server with comma-separated terms after a 300 ms pause in typing.
import { Alert, Badge, Box, Card, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ALL_MESSAGES_PAGE_SIZE, ALL_MESSAGES_TEXTS } from '@kurir/core';
import { shownTotal } from '@kurir/core/list-total';
import { PageIntro } from '../../../components/page-intro';
import { SearchInput } from '../../../components/search-input';
import { errorDetail } from '../../../lib/api';
import { pageCount } from '../../../lib/pagination';
import { useDebouncedSearch } from '../../../lib/use-debounced-search';
import { getAllMessagesQuery } from './api/get-all-messages';
import { totalBadge } from './message-format';
import { MessageCards } from './message-cards';
import { MessagesTable } from './messages-table';
import { PageControls } from './page-controls';
import { SearchBanner } from './search-banner';

export function AllMessagesPage() {
  const [page, setPage] = useState(1);
  const box = useDebouncedSearch(() => setPage(1));
  const messages = useQuery(getAllMessagesQuery({ page, search: box.search }));
  const searching = box.search.trim() !== '';
  const total = messages.data?.total ?? 0;
  // A broad search stops counting at the cap: '1000+', and the pages that exist up to it.
  const totalText = shownTotal(total, messages.data?.total_capped);
  const pages = pageCount(total, ALL_MESSAGES_PAGE_SIZE);
  const rows = messages.data?.messages ?? [];

  return (
    <Stack gap="lg" maw={1400}>
      <PageIntro description="Every customer's messages, newest first." />
      <Card padding="md">
        <Group justify="space-between" mb="md" gap="sm">
          <Title order={2} fz="lg">
            SMS History
          </Title>
          {messages.data && (
            <Badge variant="light" size="lg" tt="none" data-testid="messages-total">
              {totalBadge(searching, rows.length, totalText)}
            </Badge>
          )}
        </Group>
        <Stack gap="md">
          <SearchInput
            aria-label="Search messages"
            placeholder="Search phone, sender, recipient, text or status; commas separate terms"
            value={box.input}
            onChange={box.change}
            onClear={box.clear}
          />
          {searching && messages.data && !messages.isPlaceholderData && (
            <SearchBanner search={box.search} total={total} totalText={totalText} shown={rows.length} page={page} pages={pages} />
          )}
          {messages.isPending ? (
            <Center py="xl" c="dimmed">
              <Group gap="xs">
                <Loader size="sm" />
                <Text>{ALL_MESSAGES_TEXTS.loading}</Text>
              </Group>
            </Center>
          ) : messages.isError ? (
            <Alert color="red" title={ALL_MESSAGES_TEXTS.fetchFailed}>
              {errorDetail(messages.error)}
            </Alert>
          ) : rows.length === 0 ? (
            !searching && (
              <Text ta="center" c="dimmed" py="xl">
                {ALL_MESSAGES_TEXTS.empty}
              </Text>
            )
          ) : (
            <div style={{ opacity: messages.isPlaceholderData ? 0.6 : 1 }}>
              <Box visibleFrom="sm">
                <MessagesTable messages={rows} />
              </Box>
              <Box hiddenFrom="sm">
                <MessageCards messages={rows} />
              </Box>
            </div>
          )}
        </Stack>
        <PageControls page={page} pages={pages} onPage={setPage} />
      </Card>
    </Stack>
  );
}
