// Revenue per month from the ledger: top-ups (money in), product purchases and message spend (what
// customers spent of that balance) and credit added by admins, as a chart and a table.
import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Card, Stack, Table, Text, Title } from '@mantine/core';
import { formatEuros } from '../../../lib/format';
import type { StatisticsReply } from './api/get-statistics';
import { monthName } from './statistics-rows';

export function RevenueCard({ months }: { months: StatisticsReply['revenueByMonth'] }) {
  const data = months.map((m) => ({ month: monthName(m.year, m.month).slice(0, 3), topUps: m.topUps, purchases: m.purchases, messages: m.messages }));
  return (
    <Card padding="md" component="section" aria-labelledby="revenue-heading">
      <Stack gap="sm">
        <div>
          <Title order={2} fz="lg" id="revenue-heading">
            Revenue per month
          </Title>
          <Text fz="sm" c="dimmed">
            Top-ups are money in; purchases and messages are what customers spent of their balance.
          </Text>
        </div>
        <div aria-hidden>
          <BarChart
            h={220}
            data={data}
            dataKey="month"
            series={[
              { name: 'topUps', label: 'Top-ups', color: 'blue.6' },
              { name: 'purchases', label: 'Purchases', color: 'orange.5' },
              { name: 'messages', label: 'Messages', color: 'teal.6' },
            ]}
            withLegend
            legendProps={{ verticalAlign: 'bottom' }}
            valueFormatter={formatEuros}
            maxBarWidth={14}
            tickLine="none"
            gridAxis="y"
            yAxisProps={{ width: 64 }}
          />
        </div>
        <Table.ScrollContainer minWidth={480}>
          <Table fz="xs" striped withTableBorder style={{ fontVariantNumeric: 'tabular-nums' }}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Month</Table.Th>
                <Table.Th ta="right">Top-ups</Table.Th>
                <Table.Th ta="right">Purchases</Table.Th>
                <Table.Th ta="right">Messages</Table.Th>
                <Table.Th ta="right">Credit added</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {months.map((m) => (
                <Table.Tr key={`${m.year}-${m.month}`}>
                  <Table.Td>{monthName(m.year, m.month)}</Table.Td>
                  <Table.Td ta="right">{formatEuros(m.topUps)}</Table.Td>
                  <Table.Td ta="right">{formatEuros(m.purchases)}</Table.Td>
                  <Table.Td ta="right">{formatEuros(m.messages)}</Table.Td>
                  <Table.Td ta="right">{formatEuros(m.creditAdded)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Stack>
    </Card>
  );
}
