// A small stacked bar chart drawn with plain elements (no chart library: recharts and d3 cost
// 120 KB gzip for one chart). The picture is for sighted users; the same numbers are in a table
// behind a native disclosure, which screen readers and keyboard users reach like any content.
import { Group, Table, Text } from '@mantine/core';
import { useState } from 'react';
import classes from './bar-chart.module.css';

export type BarSeries = { key: string; label: string; color: string };
export type BarDatum = { label: string; values: Record<string, number> };

function niceMax(value: number) {
  if (value <= 4) return 4;
  const magnitude = 10 ** Math.floor(Math.log10(value));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * magnitude).find((s) => s * 4 >= value) ?? magnitude * 10;
  return step * 4;
}

function Legend({ series }: { series: BarSeries[] }) {
  return (
    <Group gap="md" justify="center" mt="xs" aria-hidden>
      {series.map((s) => (
        <Group key={s.key} gap={6}>
          <span className={classes.swatch} style={{ background: s.color }} />
          <Text fz="sm">{s.label}</Text>
        </Group>
      ))}
    </Group>
  );
}

function DataTable({ caption, data, series }: { caption: string; data: BarDatum[]; series: BarSeries[] }) {
  return (
    <Table.ScrollContainer minWidth={320} maxHeight={320}>
      <Table striped fz="sm">
        <caption className={classes.caption}>{caption}</caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Day</Table.Th>
            {series.map((s) => (
              <Table.Th key={s.key} scope="col" ta="right">
                {s.label}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {data.map((d) => (
            <Table.Tr key={d.label}>
              <Table.Th scope="row" fw={400}>
                {d.label}
              </Table.Th>
              {series.map((s) => (
                <Table.Td key={s.key} ta="right">
                  {(d.values[s.key] ?? 0).toLocaleString('en')}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

export function StackedBarChart(props: { caption: string; data: BarDatum[]; series: BarSeries[]; height?: number }) {
  const { data, series, height = 200 } = props;
  const [tableOpen, setTableOpen] = useState(false);
  const totals = data.map((d) => series.reduce((sum, s) => sum + (d.values[s.key] ?? 0), 0));
  const max = niceMax(Math.max(0, ...totals));
  const ticks = [max, (max * 3) / 4, max / 2, max / 4, 0];
  const labelEvery = Math.max(1, Math.ceil(data.length / 6));
  return (
    <div>
      <div className={classes.chart} style={{ height }} aria-hidden>
        <div className={classes.yAxis}>
          {ticks.map((t) => (
            <span key={t}>{Number.isInteger(t) ? t.toLocaleString('en') : ''}</span>
          ))}
        </div>
        <div className={classes.plot}>
          {ticks.map((t) => (
            <div key={t} className={classes.gridLine} style={{ bottom: `${(t / max) * 100}%` }} />
          ))}
          {data.map((d, i) => (
            <div key={d.label} className={classes.slot} title={`${d.label}: ${totals[i]}`}>
              <div className={classes.bar}>
                {series.map((s) => {
                  const value = d.values[s.key] ?? 0;
                  return value > 0 ? <div key={s.key} style={{ height: `${(value / max) * 100}%`, background: s.color }} /> : null;
                })}
              </div>
              <span className={classes.xLabel}>{i % labelEvery === 0 || i === data.length - 1 ? d.label : ''}</span>
            </div>
          ))}
        </div>
      </div>
      <Legend series={series} />
      {/* The table is built when the disclosure opens (closed, it is hidden from everyone alike):
          a month of rows is most of the dashboard's rendering when its numbers arrive. */}
      <details className={classes.details} onToggle={(event) => setTableOpen(event.currentTarget.open)}>
        <summary>Show the numbers as a table</summary>
        {tableOpen && <DataTable caption={props.caption} data={data} series={series} />}
      </details>
    </div>
  );
}
