// The shared templates: name, type, category, the text (in full on hover) and the actions.
import { ActionIcon, Badge, Group, Table, Text } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import type { Template } from '@kurir/core';
import { TEMPLATE_CATEGORY_LABELS } from '../../../components/template-fields';
import { formatDate } from '../../../lib/format';

type Props = { templates: Template[]; onEdit: (t: Template) => void; onDelete: (t: Template) => void; deletingId: string | null };

export function TemplatesTable({ templates, onEdit, onDelete, deletingId }: Props) {
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Type</Table.Th>
            <Table.Th>Category</Table.Th>
            <Table.Th>Content</Table.Th>
            <Table.Th>Updated</Table.Th>
            <Table.Th ta="right">Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {templates.map((t) => (
            <Table.Tr key={t.id} data-testid="template-row">
              <Table.Td fw={600} fz="sm">
                {t.name}
              </Table.Td>
              <Table.Td>
                <Badge miw="fit-content" variant="light" color={t.is_admin_template ? 'grape' : 'blue'}>
                  {t.is_admin_template ? 'Admin' : 'User'}
                </Badge>
              </Table.Td>
              <Table.Td>
                <Badge miw="fit-content" variant="outline" color="gray">
                  {TEMPLATE_CATEGORY_LABELS[t.category]}
                </Badge>
              </Table.Td>
              <Table.Td maw={360}>
                <Text fz="sm" lineClamp={2} title={t.content}>
                  {t.content}
                </Text>
              </Table.Td>
              <Table.Td fz="sm" style={{ whiteSpace: 'nowrap' }}>
                {formatDate(t.updated_at)}
              </Table.Td>
              <Table.Td>
                <Group gap={4} justify="flex-end" wrap="nowrap">
                  <ActionIcon variant="subtle" aria-label={`Edit ${t.name}`} onClick={() => onEdit(t)}>
                    <IconPencil size={16} />
                  </ActionIcon>
                  <ActionIcon variant="subtle" color="red" aria-label={`Delete ${t.name}`} onClick={() => onDelete(t)} loading={deletingId === t.id}>
                    <IconTrash size={16} />
                  </ActionIcon>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
