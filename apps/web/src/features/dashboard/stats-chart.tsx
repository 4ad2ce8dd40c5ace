// The last 30 days, day by day. Each bar is the messages sent that day, split into delivered,
// failed and still awaiting a receipt, so the three figures read off one bar.
import { Card, Group, Text } from '@mantine/core';
import dayjs from 'dayjs';
import type { DashboardStats } from '@kurir/core/schemas/messages';
import { StackedBarChart } from '../../components/bar-chart';
import { EmptyState } from '../../components/empty-state';

const series = [
  { key: 'delivered', label: 'Delivered', color: 'var(--mantine-color-teal-8)' },
  { key: 'failed', label: 'Failed', color: 'var(--mantine-color-red-8)' },
  // History's 'sent': out, no delivery receipt yet.
  { key: 'awaiting', label: 'Sent, awaiting receipt', color: 'var(--mantine-color-gray-6)' },
];

export function StatsChart({ daily }: { daily: DashboardStats['daily'] }) {
  const data = daily.map((d) => ({
    label: dayjs(d.date).format('DD.MM'),
    values: { delivered: d.delivered, failed: d.failed, awaiting: Math.max(0, d.sent - d.delivered - d.failed) },
  }));
  const sent = daily.reduce((sum, d) => sum + d.sent, 0);
  return (
    <Card padding="lg" component="section" aria-labelledby="chart-heading">
      <Group justify="space-between" mb="md" gap="xs">
        <Text id="chart-heading" fw={600} component="h2" fz="md" m={0}>
          Last 30 days
        </Text>
        <Text fz="sm" c="dimmed">
          {sent.toLocaleString('en')} sent
        </Text>
      </Group>
      {sent === 0 ? (
        <EmptyState title="No messages in the last 30 days yet" text="Your daily sent, delivered and failed counts will show here." />
      ) : (
        <StackedBarChart caption="Messages per day, last 30 days" data={data} series={series} height={220} />
      )}
    </Card>
  );
}
