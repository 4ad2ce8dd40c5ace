// Delivery rate per channel: of the messages that reached a final state, the share delivered. The
// bar carries its figures in words, so it is its own text alternative.
import { Card, Group, Progress, Stack, Text, Title } from '@mantine/core';
import type { StatisticsReply } from './api/get-statistics';

const num = new Intl.NumberFormat('en');

export function DeliveryRateCard({ rates }: { rates: StatisticsReply['deliveryRate'] }) {
  return (
    <Card padding="md" component="section" aria-labelledby="delivery-heading">
      <Title order={2} fz="lg" id="delivery-heading" mb="sm">
        Delivery rate
      </Title>
      <Stack gap="md">
        {rates.map((r) => {
          const final = r.delivered + r.failed;
          return (
            <div key={r.channel}>
              <Group justify="space-between" mb={4}>
                <Text fw={600}>{r.channel === 'sms' ? 'SMS' : 'Viber'}</Text>
                <Text fw={700} style={{ fontVariantNumeric: 'tabular-nums' }}>
                  {final > 0 ? `${r.rate.toFixed(1)}%` : '—'}
                </Text>
              </Group>
              <Progress value={final > 0 ? r.rate : 0} color={r.rate >= 95 ? 'teal' : r.rate >= 80 ? 'yellow' : 'red'} aria-hidden />
              <Text fz="xs" c="dimmed" mt={4}>
                {final > 0 ? `${num.format(r.delivered)} delivered, ${num.format(r.failed)} failed` : 'No delivered or failed messages yet'}
              </Text>
            </div>
          );
        })}
      </Stack>
    </Card>
  );
}
