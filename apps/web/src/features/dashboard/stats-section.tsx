// The dashboard's statistics: cards and the 30-day chart. Delivered is real (from receipts).
import { Alert, Skeleton, SimpleGrid, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { getStatsQuery } from './api/get-stats';
import { StatsCards } from './stats-cards';
import { StatsChart } from './stats-chart';

export function StatsSection() {
  const stats = useQuery(getStatsQuery());
  if (stats.isPending) {
    return (
      <SimpleGrid cols={{ base: 2, lg: 4 }} spacing="md" aria-busy="true">
        {Array.from({ length: 8 }, (_, i) => (
          <Skeleton key={i} h={96} radius="lg" />
        ))}
      </SimpleGrid>
    );
  }
  if (stats.isError) {
    return (
      <Alert color="red" variant="light">
        Statistics are not available right now.
      </Alert>
    );
  }
  return (
    <Stack gap="md" component="section" aria-label="Message statistics">
      <StatsCards stats={stats.data} />
      <StatsChart daily={stats.data.daily} />
    </Stack>
  );
}
