// /admin/statistics: platform figures an operator watches — messages per day by channel and
// status, revenue per month, delivery rate per channel, top customers by spend.
import { Alert, Group, Select, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { errorDetail } from '../../../lib/api';
import { getStatisticsQuery } from './api/get-statistics';
import { DailyMessagesCard } from './daily-messages-card';
import { DeliveryRateCard } from './delivery-rate-card';
import { RevenueCard } from './revenue-card';
import { TopCustomersCard } from './top-customers-card';

const DAY_CHOICES = ['7', '30', '90'];
const MONTH_CHOICES = ['6', '12', '24'];

export function StatisticsPage() {
  const [days, setDays] = useState('30');
  const [months, setMonths] = useState('12');
  const statistics = useQuery(getStatisticsQuery({ days: Number(days), months: Number(months), top: 10 }));
  const data = statistics.data;
  return (
    <Stack gap="lg" maw={1400}>
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Text c="dimmed">Traffic, delivery and revenue across all customers.</Text>
        <Group gap="sm">
          <Select label="Days" data={DAY_CHOICES.map((d) => ({ value: d, label: `Last ${d} days` }))} value={days} onChange={(v) => v && setDays(v)} allowDeselect={false} w={150} />
          <Select label="Months" data={MONTH_CHOICES.map((m) => ({ value: m, label: `Last ${m} months` }))} value={months} onChange={(v) => v && setMonths(v)} allowDeselect={false} w={160} />
        </Group>
      </Group>
      {statistics.isPending && <Skeleton h={320} radius="md" />}
      {statistics.isError && (
        <Alert color="red" title="Could not load the statistics">
          {errorDetail(statistics.error)}
        </Alert>
      )}
      {data && (
        <>
          <DailyMessagesCard daily={data.daily} />
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
            <DeliveryRateCard rates={data.deliveryRate} />
            <TopCustomersCard customers={data.topCustomers} />
          </SimpleGrid>
          <RevenueCard months={data.revenueByMonth} />
        </>
      )}
    </Stack>
  );
}
