// The analytics window as bars: what the user spent each month on SMS, Viber and products.
import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import type { MonthlyStatsRow } from '@kurir/core';
import { formatEuros } from '../../../lib/format';
import { monthLabel } from './analytics-window';

export function AnalyticsChart({ rows }: { rows: readonly MonthlyStatsRow[] }) {
  const data = rows.map((row) => ({ month: monthLabel(row), sms: row.smsSpent, viber: row.viberSpent, products: row.productsSpent }));
  return (
    <BarChart
      h={200}
      data={data}
      dataKey="month"
      type="stacked"
      series={[
        { name: 'sms', label: 'SMS', color: 'teal.6' },
        { name: 'viber', label: 'Viber', color: 'violet.6' },
        { name: 'products', label: 'Products', color: 'orange.5' },
      ]}
      withLegend
      legendProps={{ verticalAlign: 'bottom' }}
      valueFormatter={formatEuros}
      maxBarWidth={28}
      tickLine="none"
      gridAxis="y"
      yAxisProps={{ width: 64 }}
      aria-label="Monthly spend by SMS, Viber and products"
    />
  );
}
