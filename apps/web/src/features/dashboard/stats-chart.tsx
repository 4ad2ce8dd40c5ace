// The last 30 days, day by day. Each bar is the messages sent that day, split into delivered,
// failed and still awaiting a receipt, so the three figures read off one bar.
import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Card, Group, Text } from '@mantine/core';
import dayjs from 'dayjs';
import type { DashboardStats } from '@kurir/core';

export function StatsChart({ daily }: { daily: DashboardStats['daily'] }) {
  const data = daily.map((d) => ({
    day: dayjs(d.date).format('DD.MM'),
    delivered: d.delivered,
    failed: d.failed,
    awaiting: Math.max(0, d.sent - d.delivered - d.failed),
  }));
  const sent = daily.reduce((sum, d) => sum + d.sent, 0);
  return (
    <Card padding="lg" component="section" aria-labelledby="chart-heading">
      <Group justify="space-between" mb="md" gap="xs">
        <Text id="chart-heading" fw={600}>
          Last 30 days
        </Text>
        <Text fz="sm" c="dimmed">
          {sent.toLocaleString('en')} sent
        </Text>
      </Group>
      <BarChart
        h={240}
        data={data}
        dataKey="day"
        type="stacked"
        series={[
          { name: 'delivered', label: 'Delivered', color: 'teal.6' },
          { name: 'failed', label: 'Failed', color: 'red.6' },
          { name: 'awaiting', label: 'Awaiting receipt', color: 'gray.4' },
        ]}
        withLegend
        legendProps={{ verticalAlign: 'bottom' }}
        maxBarWidth={18}
        tickLine="none"
        gridAxis="x"
        yAxisProps={{ allowDecimals: false, width: 32 }}
        xAxisProps={{ interval: 'preserveStartEnd', minTickGap: 16 }}
      />
      {sent === 0 && (
        <Text fz="sm" c="dimmed" ta="center" mt="xs">
          No messages in the last 30 days yet.
        </Text>
      )}
    </Card>
  );
}
