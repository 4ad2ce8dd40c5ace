// Top customers by spend (messages net of refunds plus purchases), with a bar beside each figure.
import { Card, Progress, Table, Text, Title } from '@mantine/core';
import { formatEuros } from '../../../lib/format';
import type { StatisticsReply } from './api/get-statistics';
import { spendShares } from './statistics-rows';

const num = new Intl.NumberFormat('en');

export function TopCustomersCard({ customers }: { customers: StatisticsReply['topCustomers'] }) {
  const shares = spendShares(customers);
  return (
    <Card padding="md" component="section" aria-labelledby="top-heading">
      <Title order={2} fz="lg" id="top-heading" mb="sm">
        Top customers by spend
      </Title>
      {customers.length === 0 ? (
        <Text c="dimmed">No customer has spent anything in this period.</Text>
      ) : (
        <Table.ScrollContainer minWidth={300}>
          <Table fz="sm" verticalSpacing="xs" style={{ fontVariantNumeric: 'tabular-nums' }}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>#</Table.Th>
                <Table.Th>Customer</Table.Th>
                <Table.Th ta="right">Spent</Table.Th>
                <Table.Th ta="right">Messages</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {customers.map((c, i) => (
                <Table.Tr key={c.userId}>
                  <Table.Td>{i + 1}</Table.Td>
                  <Table.Td>
                    <Text fz="sm" fw={500} lineClamp={1}>
                      {c.name ?? c.phone}
                    </Text>
                    {c.name && (
                      <Text fz="xs" c="dimmed">
                        {c.phone}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td ta="right" miw={110}>
                    {formatEuros(c.spent)}
                    <Progress value={shares[i]!} size="xs" mt={4} aria-hidden />
                  </Table.Td>
                  <Table.Td ta="right">{num.format(c.messages)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Card>
  );
}
