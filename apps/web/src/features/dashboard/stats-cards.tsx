// The statistics cards (spec §2 "/dashboard"): totals, rates, growth and Viber usage.
import { Card, Group, Progress, SimpleGrid, Text, ThemeIcon } from '@mantine/core';
import {
  IconArrowDownRight,
  IconArrowUpRight,
  IconBrandViber,
  IconChecks,
  IconPercentage,
  IconSend,
  IconTrendingUp,
  IconX,
  type TablerIcon,
} from '@tabler/icons-react';
import type { DashboardStats } from '@kurir/core/schemas/messages';

const count = new Intl.NumberFormat('en');
const percent = (value: number) => `${value.toLocaleString('en', { maximumFractionDigits: 1 })}%`;

type StatProps = { label: string; value: string; icon: TablerIcon; color: string; hint?: React.ReactNode };

function Stat({ label, value, icon: Icon, color, hint }: StatProps) {
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
        <ThemeIcon variant="light" color={color} size={38} radius="md" aria-hidden visibleFrom="sm">
          <Icon size={20} />
        </ThemeIcon>
      </Group>
      {hint && (
        <Text fz="xs" c="dimmed" mt={4} component="div">
          {hint}
        </Text>
      )}
    </Card>
  );
}

function Growth({ value }: { value: number }) {
  const up = value >= 0;
  const Arrow = up ? IconArrowUpRight : IconArrowDownRight;
  return (
    <Group gap={2} c={value === 0 ? 'dimmed' : up ? 'teal.9' : 'red.9'} wrap="nowrap">
      <Arrow size={14} aria-hidden />
      <span>versus last month</span>
    </Group>
  );
}

export function StatsCards({ stats }: { stats: DashboardStats }) {
  const viberShare = stats.viberLimit > 0 ? Math.min(100, (stats.totalViber / stats.viberLimit) * 100) : 0;
  return (
    <SimpleGrid cols={{ base: 2, lg: 4 }} spacing="md">
      <Stat label="Total sent" value={count.format(stats.totalSent)} icon={IconSend} color="brand" hint="All time" />
      <Stat label="Delivered" value={count.format(stats.delivered)} icon={IconChecks} color="teal" hint="Confirmed by the network" />
      <Stat label="Failed" value={count.format(stats.failed)} icon={IconX} color="red" hint="Refunded to your balance" />
      <Stat label="Delivery rate" value={percent(stats.deliveryRate)} icon={IconPercentage} color="teal" hint="Of messages sent" />
      <Stat label="Failure rate" value={percent(stats.failureRate)} icon={IconPercentage} color="red" hint="Of messages sent" />
      <Stat
        label="Growth"
        value={`${stats.lastMonthGrowth > 0 ? '+' : ''}${percent(stats.lastMonthGrowth)}`}
        icon={IconTrendingUp}
        color={stats.lastMonthGrowth < 0 ? 'red' : 'teal'}
        hint={<Growth value={stats.lastMonthGrowth} />}
      />
      <Card padding="md" style={{ gridColumn: 'span 2' }}>
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <div>
            <Text fz="xs" c="dimmed" fw={600} tt="uppercase">
              Viber usage this month
            </Text>
            <Text fz={26} fw={700} lh={1.3} style={{ fontVariantNumeric: 'tabular-nums' }}>
              {count.format(stats.totalViber)}{' '}
              <Text span fz="sm" c="dimmed" fw={500}>
                of {count.format(stats.viberLimit)}
              </Text>
            </Text>
          </div>
          <ThemeIcon variant="light" color="violet" size={38} radius="md" aria-hidden>
            <IconBrandViber size={20} />
          </ThemeIcon>
        </Group>
        <Progress
          value={viberShare}
          color={viberShare >= 90 ? 'red' : 'violet'}
          mt="sm"
          aria-label={`Viber usage: ${count.format(stats.totalViber)} of ${count.format(stats.viberLimit)}`}
        />
      </Card>
    </SimpleGrid>
  );
}
