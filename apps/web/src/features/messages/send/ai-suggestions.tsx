// Admins only (spec §6): message type, business type and AI-drafted messages; choosing a draft
// puts it in the message box.
import { Button, Card, Group, NativeSelect, SimpleGrid, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { IconSparkles } from '@tabler/icons-react';
import { useState } from 'react';
import { MESSAGE_TYPE_VALUES, type MessageType } from '@kurir/core/send-rules';
import { isApiError } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { useAiSuggestions } from '../api/ai-suggestions';
import classes from './ai-suggestions.module.css';

const TYPE_LABELS: Record<MessageType, string> = {
  general: 'General',
  marketing: 'Marketing',
  reminder: 'Reminder',
  notification: 'Notification',
  confirmation: 'Confirmation',
};

type Props = {
  messageType: MessageType;
  onMessageTypeChange: (type: MessageType) => void;
  /** The first recipient, if any: the drafts may address them. */
  recipient: string | undefined;
  onPick: (text: string) => void;
};

export function AiSuggestions({ messageType, onMessageTypeChange, recipient, onPick }: Props) {
  const [businessType, setBusinessType] = useState('');
  const [suggestions, setSuggestions] = useState<string[]>([]);
  const mutation = useAiSuggestions();

  function generate() {
    mutation.mutate(
      { recipient, messageType, businessType: businessType.trim() },
      {
        onSuccess: (reply) => {
          if (!reply.success || reply.suggestions.length === 0) {
            setSuggestions([]);
            toast.error('Could not generate suggestions', 'Please try again or write your own message.');
            return;
          }
          setSuggestions(reply.suggestions);
        },
        onError: (error) => {
          setSuggestions([]);
          // The server answered but refused: that is a failed result, not a lost connection.
          if (isApiError(error)) toast.error('Could not generate suggestions', 'Please try again or write your own message.');
          else toast.error('Error generating suggestions', 'Could not connect to AI service. Please try again later.');
        },
      },
    );
  }

  return (
    <Card padding="md" component="section" aria-labelledby="ai-heading">
      <Stack gap="sm">
        <Group gap={6}>
          <IconSparkles size={18} aria-hidden color="var(--mantine-color-violet-6)" />
          <Text id="ai-heading" fw={600} fz="sm">
            AI Suggestions
          </Text>
        </Group>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <NativeSelect
            label="Message type"
            data={MESSAGE_TYPE_VALUES.map((value) => ({ value, label: TYPE_LABELS[value] }))}
            value={messageType}
            onChange={(event) => onMessageTypeChange(event.currentTarget.value as MessageType)}
          />
          <TextInput
            label="Business type"
            placeholder="e.g. dental clinic"
            value={businessType}
            maxLength={100}
            onChange={(event) => setBusinessType(event.currentTarget.value)}
          />
        </SimpleGrid>
        <Button
          variant="light"
          color="violet"
          leftSection={<IconSparkles size={16} aria-hidden />}
          onClick={generate}
          loading={mutation.isPending}
          style={{ alignSelf: 'flex-start' }}
        >
          AI Suggestions
        </Button>
        {suggestions.length > 0 && (
          <Stack gap={6} role="list" aria-label="Suggested messages">
            <Text fz="xs" c="dimmed">
              Click a suggestion to use it as your message.
            </Text>
            {suggestions.map((text) => (
              <UnstyledButton key={text} role="listitem" className={classes.suggestion} onClick={() => onPick(text)}>
                <Text fz="sm">{text}</Text>
              </UnstyledButton>
            ))}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
