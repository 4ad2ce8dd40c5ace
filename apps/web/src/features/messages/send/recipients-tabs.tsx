// The three ways to say who receives the message (spec §2): typed rows, a pasted list, or
// saved phonebooks (needs the Phonebook service).
import { Anchor, Badge, Group, Skeleton, Tabs, Text, Textarea } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { IndividualRecipients } from './individual-recipients';
import type { RecipientMode } from './send-form';
import type { PhonebookCount } from './use-phonebook-count';

// The phonebook picker (a multi-select, with its popover code) loads when its tab is opened.
const PhonebookRecipients = lazy(() => import('./phonebook-recipients').then((m) => ({ default: m.PhonebookRecipients })));

type Props = {
  mode: RecipientMode;
  onModeChange: (mode: RecipientMode) => void;
  phonebookEnabled: boolean;
  rows: string[];
  onRowsChange: (rows: string[]) => void;
  bulkText: string;
  onBulkTextChange: (text: string) => void;
  phonebookIds: string[];
  onPhonebookIdsChange: (ids: string[]) => void;
  phonebookCount: PhonebookCount;
  /** Valid distinct numbers typed or pasted (Individual, Bulk). */
  count: number;
  duplicates: number;
  error: string | null;
  onBlur: () => void;
};

export function RecipientsTabs(props: Props) {
  const { mode, count, duplicates, error } = props;
  return (
    <div>
      <Group justify="space-between" mb={6}>
        <Text fz="sm" fw={500}>
          Recipients
        </Text>
        {mode !== 'phonebook' && (
          <Badge variant="light" color={count > 0 ? 'brand' : 'gray'} data-testid="recipient-count">
            {count} {count === 1 ? 'recipient' : 'recipients'}
          </Badge>
        )}
      </Group>
      <Tabs value={mode} onChange={(value) => value && props.onModeChange(value as RecipientMode)} keepMounted={false}>
        <Tabs.List mb="sm">
          <Tabs.Tab value="individual">
            Individual
          </Tabs.Tab>
          <Tabs.Tab value="bulk">
            Bulk
          </Tabs.Tab>
          <Tabs.Tab value="phonebook" disabled={!props.phonebookEnabled}>
            Phonebook
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="individual">
          <IndividualRecipients rows={props.rows} onChange={props.onRowsChange} onBlur={props.onBlur} showErrors={error !== null} />
        </Tabs.Panel>
        <Tabs.Panel value="bulk">
          <Textarea
            aria-label="Phone numbers"
            description="One number per line, or separated by commas. Include the country code."
            placeholder={'+38640123456\n+38641987654, +38651555111'}
            autosize
            minRows={5}
            maxRows={12}
            value={props.bulkText}
            onChange={(event) => props.onBulkTextChange(event.currentTarget.value)}
            onBlur={props.onBlur}
            error={error !== null}
            // The message below says which numbers are wrong; the list itself stays readable.
            styles={{ input: { color: 'var(--mantine-color-text)' } }}
          />
        </Tabs.Panel>
        <Tabs.Panel value="phonebook">
          <Suspense fallback={<Skeleton height={60} aria-hidden />}>
            <PhonebookRecipients
              selected={props.phonebookIds}
              onChange={props.onPhonebookIdsChange}
              counted={props.phonebookCount}
            />
          </Suspense>
        </Tabs.Panel>
      </Tabs>
      {error && (
        <Text fz="sm" c="red.9" mt={6} role="alert" data-testid="recipients-error">
          {error}
        </Text>
      )}
      {mode !== 'phonebook' && duplicates > 0 && !error && (
        <Text fz="xs" c="dimmed" mt={6}>
          {duplicates} repeated {duplicates === 1 ? 'number' : 'numbers'} will be sent once.
        </Text>
      )}
      {!props.phonebookEnabled && (
        <Text fz="xs" c="dimmed" mt={6}>
          Sending to phonebooks needs the Phonebook service.{' '}
          <Anchor component={Link} to="/dashboard/products" fz="xs">
            View Products
          </Anchor>
        </Text>
      )}
    </div>
  );
}
