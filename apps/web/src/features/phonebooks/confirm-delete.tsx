// The Delete step of an edit dialog: asked inside the same dialog (a second modal over the first
// is easy to lose on a phone), then confirmed or taken back.
import { Button, Group, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';

export function DeleteFooter({
  confirming,
  question,
  deleting,
  disabled,
  onAsk,
  onCancel,
  onConfirm,
  saveLabel = 'Save Changes',
  saving,
}: {
  confirming: boolean;
  question: string;
  deleting: boolean;
  disabled: boolean;
  onAsk: () => void;
  onCancel: () => void;
  onConfirm: () => void;
  saveLabel?: string;
  saving: boolean;
}) {
  if (confirming) {
    return (
      <Group justify="space-between" gap="sm" mt="md" role="alert">
        <Text fz="sm" fw={500} c="red.8">
          {question}
        </Text>
        <Group gap="xs" ml="auto">
          <Button variant="default" onClick={onCancel} disabled={deleting}>
            Cancel
          </Button>
          <Button color="red" onClick={onConfirm} loading={deleting} leftSection={<IconTrash size={16} aria-hidden />}>
            Delete
          </Button>
        </Group>
      </Group>
    );
  }
  return (
    <Group justify="space-between" mt="md">
      <Button variant="subtle" color="red" onClick={onAsk} disabled={disabled} leftSection={<IconTrash size={16} aria-hidden />}>
        Delete
      </Button>
      <Button type="submit" loading={saving} disabled={disabled}>
        {saveLabel}
      </Button>
    </Group>
  );
}
