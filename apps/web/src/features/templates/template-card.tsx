// One template as a card: its text, and what can be done with it (use it on Send Message; edit
// or delete the customer's own).
import { ActionIcon, Badge, Button, Card, Group, Text } from '@mantine/core';
import { IconPencil, IconSend, IconTrash } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { Template } from '@kurir/core';
import { TEMPLATE_CATEGORY_LABELS } from '../../components/template-fields';

type Props = { template: Template; onEdit?: () => void; onDelete?: () => void; deleting?: boolean };

export function TemplateCard({ template, onEdit, onDelete, deleting }: Props) {
  return (
    <Card padding="md" withBorder data-testid="template-card" style={{ display: 'flex', flexDirection: 'column' }}>
      <Group justify="space-between" wrap="nowrap" gap="xs" mb={6}>
        <Text fw={600} truncate title={template.name}>
          {template.name}
        </Text>
        <Badge variant="light" color="gray" style={{ flexShrink: 0 }}>
          {TEMPLATE_CATEGORY_LABELS[template.category]}
        </Badge>
      </Group>
      <Text fz="sm" c="dimmed" lineClamp={4} style={{ whiteSpace: 'pre-line', flexGrow: 1 }} title={template.content}>
        {template.content}
      </Text>
      <Group justify="space-between" mt="md" gap="xs">
        <Button
          component={Link}
          to={`/dashboard/send-sms?template=${encodeURIComponent(template.id)}`}
          size="xs"
          variant="light"
          leftSection={<IconSend size={14} aria-hidden />}
        >
          Use in message
        </Button>
        {onEdit && onDelete && (
          <Group gap={4}>
            <ActionIcon variant="subtle" aria-label={`Edit ${template.name}`} onClick={onEdit}>
              <IconPencil size={16} />
            </ActionIcon>
            <ActionIcon variant="subtle" color="red" aria-label={`Delete ${template.name}`} onClick={onDelete} loading={deleting}>
              <IconTrash size={16} />
            </ActionIcon>
          </Group>
        )}
      </Group>
    </Card>
  );
}
