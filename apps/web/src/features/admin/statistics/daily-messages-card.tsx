// Messages per day by channel and status: one chart per channel (delivered, failed, waiting for a
// receipt stacked), and the same figures as a table for those who cannot read the chart.
import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Card, Group, SegmentedControl, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type { StatisticsReply } from './api/get-statistics';
import { dayRows, totalMessages, type DayRow } from './statistics-rows';

type Channel = 'sms' | 'viber';

const num = new Intl.NumberFormat('en');

function DailyTable({ rows }: { rows: readonly DayRow[] }) {
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table fz="xs" striped withTableBorder style={{ fontVariantNumeric: 'tabular-nums' }}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Day</Table.Th>
            <Table.Th ta="right">SMS delivered</Table.Th>
            <Table.Th ta="right">SMS failed</Table.Th>
            <Table.Th ta="right">SMS waiting</Table.Th>
            <Table.Th ta="right">Viber delivered</Table.Th>
            <Table.Th ta="right">Viber failed</Table.Th>
            <Table.Th ta="right">Viber waiting</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={r.date}>
              <Table.Td>{r.date}</Table.Td>
              <Table.Td ta="right">{num.format(r.smsDelivered)}</Table.Td>
              <Table.Td ta="right">{num.format(r.smsFailed)}</Table.Td>
              <Table.Td ta="right">{num.format(r.smsWaiting)}</Table.Td>
              <Table.Td ta="right">{num.format(r.viberDelivered)}</Table.Td>
              <Table.Td ta="right">{num.format(r.viberFailed)}</Table.Td>
              <Table.Td ta="right">{num.format(r.viberWaiting)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

export function DailyMessagesCard({ daily }: { daily: StatisticsReply['daily'] }) {
  const [channel, setChannel] = useState<Channel>('sms');
  const rows = dayRows(daily);
  return (
    <Card padding="md" component="section" aria-labelledby="daily-heading">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <div>
            <Title order={2} fz="lg" id="daily-heading">
              Messages per day
            </Title>
            <Text fz="sm" c="dimmed">
              {num.format(totalMessages(daily))} messages in {daily.length} days
            </Text>
          </div>
          <SegmentedControl
            size="xs"
            value={channel}
            onChange={(value) => setChannel(value as Channel)}
            data={[
              { value: 'sms', label: 'SMS' },
              { value: 'viber', label: 'Viber' },
            ]}
            aria-label="Channel shown in the chart"
          />
        </Group>
        <div aria-hidden>
          <BarChart
            h={240}
            data={rows}
            dataKey="day"
            type="stacked"
            series={[
              { name: `${channel}Delivered`, label: 'Delivered', color: 'teal.6' },
              { name: `${channel}Failed`, label: 'Failed', color: 'red.6' },
              { name: `${channel}Waiting`, label: 'Waiting for receipt', color: 'gray.4' },
            ]}
            withLegend
            legendProps={{ verticalAlign: 'bottom' }}
            maxBarWidth={18}
            tickLine="none"
            gridAxis="y"
            yAxisProps={{ allowDecimals: false, width: 36 }}
            xAxisProps={{ interval: 'preserveStartEnd', minTickGap: 16 }}
          />
        </div>
        <details>
          <summary style={{ cursor: 'pointer', fontSize: 'var(--mantine-font-size-sm)' }}>Show as a table</summary>
          <DailyTable rows={rows} />
        </details>
      </Stack>
    </Card>
  );
}
