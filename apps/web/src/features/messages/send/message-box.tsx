// The message text with a live counter: encoding, parts, room left in the part, and which
// characters force Unicode (they cut a part from 160 to 70 characters, so people want to know).
import { Badge, Group, Text, Textarea } from '@mantine/core';
import { MESSAGE_MAX_LENGTH } from '@kurir/core/constants';
import { PART_CAPACITY, type MessageAnalysis } from '@kurir/core/sms';

type Props = {
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  analysis: MessageAnalysis;
  error: string | null;
};

function showCharacter(char: string): string {
  if (char === '\n') return '↵';
  if (char === '\u00a0') return 'non-breaking space';
  if (char.trim() === '') return `U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
  return char;
}

export function MessageBox({ value, onChange, onBlur, analysis, error }: Props) {
  const unicode = analysis.encoding === 'unicode';
  const shown = analysis.unicodeCharacters.slice(0, 12).map(showCharacter);
  const more = analysis.unicodeCharacters.length - shown.length;
  return (
    <div>
      <Textarea
        label="Message"
        placeholder="Type your message…"
        autosize
        minRows={5}
        maxRows={14}
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        onBlur={onBlur}
        error={error}
        required
      />
      <Group justify="space-between" mt={6} gap="xs" aria-live="polite" data-testid="message-counter">
        <Group gap={6}>
          <Badge variant="light" color={unicode ? 'orange' : 'gray'} size="sm">
            {unicode ? 'Unicode' : 'GSM'}
          </Badge>
          <Text fz="xs" c={value.length > MESSAGE_MAX_LENGTH ? 'red' : 'dimmed'}>
            {value.length} / {MESSAGE_MAX_LENGTH} characters
          </Text>
        </Group>
        <Text fz="xs" c="dimmed">
          {analysis.parts} {analysis.parts === 1 ? 'part' : 'parts'}
          {analysis.parts > 0 && ` · ${analysis.remainingInPart} left in this part`}
        </Text>
      </Group>
      {unicode && (
        <Text fz="xs" c="orange.9" mt={4}>
          Unicode because of: {shown.join(', ')}
          {more > 0 && ` and ${more} more`} — a part holds {analysis.perPart} characters instead of{' '}
          {analysis.perPart === PART_CAPACITY.unicode.single ? PART_CAPACITY.gsm.single : PART_CAPACITY.gsm.multi}.
        </Text>
      )}
    </div>
  );
}
