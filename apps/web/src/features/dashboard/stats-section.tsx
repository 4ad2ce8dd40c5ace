// The dashboard's statistics: cards and the 30-day chart. Delivered is real (from receipts).
import { Alert, Skeleton, SimpleGrid, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useDeferredValue } from 'react';
import { getStatsQuery } from './api/get-stats';
import { StatsCards } from './stats-cards';
import { StatsChart } from './stats-chart';

export function StatsSection() {
  const stats = useQuery(getStatsQuery());
  // The cards and the 30-day chart are most of the dashboard's rendering when its numbers arrive.
  // A query's update renders at once, in one piece; the deferred copy renders them as a
  // transition instead, in slices between which the browser handles input (no long task).
  const data = useDeferredValue(stats.data);
  if (stats.isError) {
    return (
      <Alert color="red" variant="light">
        Statistics are not available right now.
      </Alert>
    );
  }
  if (!data) {
    return (
      <SimpleGrid cols={{ base: 2, lg: 4 }} spacing="md" aria-busy="true">
        {Array.from({ length: 8 }, (_, i) => (
          <Skeleton key={i} h={96} radius="lg" />
        ))}
      </SimpleGrid>
    );
  }
  return (
    <Stack gap="md" component="section" aria-label="Message statistics">
      <StatsCards stats={data} />
      <StatsChart daily={data.daily} />
    </Stack>
  );
}
