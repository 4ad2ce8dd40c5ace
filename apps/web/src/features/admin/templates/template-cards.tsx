// Phones: each shared template as a card with its type, category and actions.
import { ActionIcon, Badge, Card, Group, Stack, Text } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import type { Template } from '@kurir/core';
import { TEMPLATE_CATEGORY_LABELS } from '../../../components/template-fields';

type Props = { templates: Template[]; onEdit: (t: Template) => void; onDelete: (t: Template) => void; deletingId: string | null };

export function TemplateCards({ templates, onEdit, onDelete, deletingId }: Props) {
  return (
    <Stack gap="sm">
      {templates.map((t) => (
        <Card key={t.id} padding="sm" withBorder data-testid="template-card">
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Text fw={600} truncate>
              {t.name}
            </Text>
            <Group gap={4} wrap="nowrap">
              <Badge miw="fit-content" variant="light" color={t.is_admin_template ? 'grape' : 'blue'}>
                {t.is_admin_template ? 'Admin' : 'User'}
              </Badge>
              <Badge miw="fit-content" variant="outline" color="gray">
                {TEMPLATE_CATEGORY_LABELS[t.category]}
              </Badge>
            </Group>
          </Group>
          <Text fz="sm" c="dimmed" mt={6} lineClamp={3}>
            {t.content}
          </Text>
          <Group justify="flex-end" gap={4} mt={4}>
            <ActionIcon variant="subtle" aria-label={`Edit ${t.name}`} onClick={() => onEdit(t)}>
              <IconPencil size={16} />
            </ActionIcon>
            <ActionIcon variant="subtle" color="red" aria-label={`Delete ${t.name}`} onClick={() => onDelete(t)} loading={deletingId === t.id}>
              <IconTrash size={16} />
            </ActionIcon>
          </Group>
        </Card>
      ))}
    </Stack>
  );
}
