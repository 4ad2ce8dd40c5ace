// Monthly analytics in the expanded row (admin spec §2, §9): six months ending at the chosen
// month, one month at a time, never past the current month; a table (which is also the chart's
// text alternative) and a chart.
import { ActionIcon, Group, Stack, Table, Text, Title } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ANALYTICS_MESSAGES, type MonthlyStatsRow } from '@kurir/core';
import { errorDetail } from '../../../lib/api';
import { formatEuros } from '../../../lib/format';
import { AnalyticsChart } from './analytics-chart';
import { analyticsRange, canGoNext, monthLabel, monthOf, nextMonth, previousMonth, windowLabel, type YearMonth } from './analytics-window';
import { getUserAnalyticsQuery } from './api/get-user-analytics';

const num = new Intl.NumberFormat('en');

function AnalyticsTable({ rows }: { rows: readonly MonthlyStatsRow[] }) {
  return (
    <Table.ScrollContainer minWidth={620}>
      <Table fz="sm" striped withTableBorder aria-label="Monthly analytics">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Month</Table.Th>
            <Table.Th ta="right">SMS</Table.Th>
            <Table.Th ta="right">SMS spent</Table.Th>
            <Table.Th ta="right">Viber</Table.Th>
            <Table.Th ta="right">Viber spent</Table.Th>
            <Table.Th ta="right">Products</Table.Th>
            <Table.Th ta="right">Products spent</Table.Th>
            <Table.Th ta="right">Total spent</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody style={{ fontVariantNumeric: 'tabular-nums' }}>
          {rows.map((row) => (
            <Table.Tr key={`${row.year}-${row.month}`}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{monthLabel(row)}</Table.Td>
              <Table.Td ta="right">{num.format(row.smsCount)}</Table.Td>
              <Table.Td ta="right">{formatEuros(row.smsSpent)}</Table.Td>
              <Table.Td ta="right">{num.format(row.viberCount)}</Table.Td>
              <Table.Td ta="right">{formatEuros(row.viberSpent)}</Table.Td>
              <Table.Td ta="right">{num.format(row.productPurchases)}</Table.Td>
              <Table.Td ta="right">{formatEuros(row.productsSpent)}</Table.Td>
              <Table.Td ta="right" fw={600}>
                {formatEuros(row.totalSpent)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function MonthNavigation({ end, onChange }: { end: YearMonth; onChange: (next: YearMonth) => void }) {
  const now = new Date();
  return (
    <Group gap={4} wrap="nowrap">
      <ActionIcon variant="default" aria-label="Previous month" onClick={() => onChange(previousMonth(end))}>
        <IconChevronLeft size={16} />
      </ActionIcon>
      <Text fz="sm" fw={500} miw={150} ta="center" aria-live="polite">
        {windowLabel(end)}
      </Text>
      <ActionIcon variant="default" aria-label="Next month" disabled={!canGoNext(end, now)} onClick={() => onChange(nextMonth(end, now))}>
        <IconChevronRight size={16} />
      </ActionIcon>
    </Group>
  );
}

export function AnalyticsPanel({ userId }: { userId: string }) {
  const [end, setEnd] = useState<YearMonth>(() => monthOf(new Date()));
  const analytics = useQuery(getUserAnalyticsQuery(userId, analyticsRange(end)));
  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Title order={3} fz="md">
          Monthly analytics
        </Title>
        <MonthNavigation end={end} onChange={setEnd} />
      </Group>
      {analytics.isPending && <Text c="dimmed">Loading analytics…</Text>}
      {analytics.isError && (
        <Text c="red" role="alert">
          {ANALYTICS_MESSAGES.fetchFailed}{errorDetail(analytics.error) ? `: ${errorDetail(analytics.error)}` : ''}
        </Text>
      )}
      {analytics.data && (
        <>
          <AnalyticsChart rows={analytics.data} />
          <AnalyticsTable rows={analytics.data} />
        </>
      )}
    </Stack>
  );
}
