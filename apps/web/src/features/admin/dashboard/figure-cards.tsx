// The dashboard's figures (admin spec §2 "Admin dashboard", live as issue 9 asks): users, messages
// today and this month per channel, shared templates and this month's revenue from the ledger.
import { Card, Group, SimpleGrid, Skeleton, Text, ThemeIcon } from '@mantine/core';
import { IconBrandViber, IconCurrencyEuro, IconMessage, IconTemplate, IconUsers, type TablerIcon } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { formatEuros } from '../../../lib/format';
import type { AdminDashboardReply } from './api/get-dashboard';

const count = new Intl.NumberFormat('en');

function Figure({ label, value, icon: Icon, color, hint }: { label: string; value: string; icon: TablerIcon; color: string; hint: ReactNode }) {
  return (
    <Card padding="md">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <div>
          <Text fz="xs" c="dimmed" fw={600} tt="uppercase">
            {label}
          </Text>
          <Text fz={26} fw={700} lh={1.3} style={{ fontVariantNumeric: 'tabular-nums' }}>
            {value}
          </Text>
        </div>
        <ThemeIcon variant="light" color={color} size={38} radius="md" aria-hidden visibleFrom="xs">
          <Icon size={20} />
        </ThemeIcon>
      </Group>
      <Text fz="xs" c="dimmed" mt={4} component="div">
        {hint}
      </Text>
    </Card>
  );
}

export function FigureCards({ figures }: { figures: AdminDashboardReply }) {
  return (
    <SimpleGrid cols={{ base: 2, lg: 5 }} spacing="md">
      <Figure label="Total Users" value={count.format(figures.totalUsers)} icon={IconUsers} color="blue" hint={`${count.format(figures.activeUsers)} active`} />
      <Figure
        label="SMS Sent"
        value={count.format(figures.smsToday)}
        icon={IconMessage}
        color="teal"
        hint={`today · ${count.format(figures.smsThisMonth)} this month`}
      />
      <Figure
        label="Viber Sent"
        value={count.format(figures.viberToday)}
        icon={IconBrandViber}
        color="violet"
        hint={`today · ${count.format(figures.viberThisMonth)} this month`}
      />
      <Figure label="Active Templates" value={count.format(figures.activeTemplates)} icon={IconTemplate} color="orange" hint="shared with customers and admins" />
      <Figure
        label="Total Revenue"
        value={formatEuros(figures.revenueThisMonth)}
        icon={IconCurrencyEuro}
        color="green"
        hint={`card top-ups this month · ${formatEuros(figures.purchasesThisMonth)} spent on add-ons`}
      />
    </SimpleGrid>
  );
}

export function FigureCardsSkeleton() {
  return (
    <SimpleGrid cols={{ base: 2, lg: 5 }} spacing="md" aria-hidden>
      {Array.from({ length: 5 }, (_, i) => (
        <Skeleton key={i} h={104} radius="md" />
      ))}
    </SimpleGrid>
  );
}
