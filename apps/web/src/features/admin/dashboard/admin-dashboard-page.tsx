// /admin: the live admin dashboard (admin spec §2; figures, activity and checks are real per issue 9).
import { Alert, SimpleGrid, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { errorDetail } from '../../../lib/api';
import { getAdminDashboardQuery } from './api/get-dashboard';
import { FigureCards, FigureCardsSkeleton } from './figure-cards';
import { RecentActivity } from './recent-activity';
import { SystemStatus } from './system-status';

export function AdminDashboardPage() {
  const figures = useQuery(getAdminDashboardQuery());
  return (
    <Stack gap="lg" maw={1400}>
      <Text c="dimmed">The platform today: users, traffic, revenue, and what administrators changed.</Text>
      {figures.isPending && <FigureCardsSkeleton />}
      {figures.isError && (
        <Alert color="red" title="Could not load the figures">
          {errorDetail(figures.error)}
        </Alert>
      )}
      {figures.data && <FigureCards figures={figures.data} />}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <RecentActivity />
        <SystemStatus />
      </SimpleGrid>
    </Stack>
  );
}
