// The contacts of one phonebook (spec §2): Email hides on small screens, Notes on medium ones.
import { ActionIcon, Table, Text } from '@mantine/core';
import { IconEdit } from '@tabler/icons-react';
import type { PhonebookEntry } from '@kurir/core/schemas/phonebooks';
import { formatPhoneForReading } from '@kurir/core/phone-format';

export function ContactsTable({ entries, onEdit }: { entries: readonly PhonebookEntry[]; onEdit: (e: PhonebookEntry) => void }) {
  return (
    <Table highlightOnHover verticalSpacing="sm" layout="fixed">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Name</Table.Th>
          <Table.Th w={{ base: 150, sm: 170 }}>Phone Number</Table.Th>
          <Table.Th visibleFrom="sm">Email</Table.Th>
          <Table.Th visibleFrom="lg">Notes</Table.Th>
          <Table.Th w={72} ta="right">
            Actions
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {entries.map((e) => (
          <Table.Tr key={e.id}>
            <Table.Td>
              <Text fz="sm" fw={500} truncate="end">
                {e.name}
              </Text>
            </Table.Td>
            <Table.Td>
              <Text fz="sm" ff="monospace" style={{ whiteSpace: 'nowrap' }}>
                {formatPhoneForReading(e.phone_number)}
              </Text>
            </Table.Td>
            <Table.Td visibleFrom="sm">
              <Text fz="sm" c={e.email ? undefined : 'dimmed'} truncate="end">
                {e.email || '—'}
              </Text>
            </Table.Td>
            <Table.Td visibleFrom="lg">
              <Text fz="sm" c="dimmed" truncate="end" title={e.notes ?? undefined}>
                {e.notes || '—'}
              </Text>
            </Table.Td>
            <Table.Td ta="right">
              <ActionIcon title="Edit contact" variant="subtle" color="gray" onClick={() => onEdit(e)} aria-label={`Edit contact ${e.name}`}>
                <IconEdit size={18} />
              </ActionIcon>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
