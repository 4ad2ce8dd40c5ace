// Individual mode: one number per row; rows can be added and removed, but one always stays.
import { ActionIcon, Button, Group, Stack, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { isValidRecipient, normalizePhone } from '@kurir/core/phone';

type Props = {
  rows: string[];
  onChange: (rows: string[]) => void;
  onBlur: () => void;
  showErrors: boolean;
};

function looksWrong(row: string): boolean {
  return row.trim() !== '' && !isValidRecipient(normalizePhone(row));
}

export function IndividualRecipients({ rows, onChange, onBlur, showErrors }: Props) {
  const update = (index: number, value: string) => onChange(rows.map((row, i) => (i === index ? value : row)));
  const remove = (index: number) => onChange(rows.filter((_, i) => i !== index));
  return (
    <Stack gap="xs">
      {rows.map((row, index) => (
        <Group key={index} gap="xs" wrap="nowrap" align="flex-start">
          <TextInput
            flex={1}
            type="tel"
            inputMode="tel"
            placeholder="+386 40 123 456"
            aria-label={`Recipient ${index + 1}`}
            value={row}
            onChange={(event) => update(index, event.currentTarget.value)}
            onBlur={onBlur}
            error={showErrors && looksWrong(row)}
          />
          <ActionIcon
            variant="subtle"
            color="gray"
            size={36}
            aria-label={`Remove recipient ${index + 1}`}
            disabled={rows.length === 1}
            onClick={() => remove(index)}
          >
            <IconTrash size={18} />
          </ActionIcon>
        </Group>
      ))}
      <Button
        variant="light"
        size="xs"
        leftSection={<IconPlus size={14} aria-hidden />}
        onClick={() => onChange([...rows, ''])}
        style={{ alignSelf: 'flex-start' }}
      >
        Add recipient
      </Button>
    </Stack>
  );
}
