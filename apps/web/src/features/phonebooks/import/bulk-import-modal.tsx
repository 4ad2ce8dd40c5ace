// 'Bulk Import' (spec §2, §5, §8): contacts pasted as 'name, phone, email, notes' lines, or a CSV
// or Excel file with its columns matched. Every row is checked in the browser first (core's rules)
// and shown; only valid rows that are new to the phonebook are sent, and the server checks again.
import { Alert, Button, Group, Modal, Stack, Tabs, Text, Textarea } from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { IconAlertCircle, IconClipboardText, IconFileSpreadsheet } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { parseContactText, recordsToContactInputs, type ContactInput } from '@kurir/core/contacts-import';
import { toast } from '../../../lib/toast';
import { importFailureMessage, useImportEntries } from '../api/import-entries';
import { FileSource, type LoadedFile } from './file-source';
import { buildPreview, entriesToSend, importBlocker, importResultToast } from './preview-model';
import { PreviewTable } from './preview-table';
import { FILE_MESSAGES } from './read-contact-file';

type Source = 'text' | 'file';

const PLACEHOLDER = 'John Doe, +38640123456, john@example.com, VIP customer\nJane Smith, 0038641234567';

type Props = { phonebookId: string; existingPhones: ReadonlySet<string>; onClose: () => void };
type Importing = ReturnType<typeof useImportEntries>;

function BulkImportForm({ existingPhones, onClose, importing }: Omit<Props, 'phonebookId'> & { importing: Importing }) {
  const [source, setSource] = useState<Source>('text');
  const [text, setText] = useState('');
  const [loaded, setLoaded] = useState<LoadedFile | null>(null);
  const [error, setError] = useState<string | null>(null);
  // Checking 50 000 pasted lines takes seconds on a slow machine: the preview waits for a pause
  // in typing instead of redoing the work on every key.
  const [settledText] = useDebouncedValue(text, 300);

  const inputs: ContactInput[] | null = useMemo(() => {
    if (source === 'text') return settledText.trim() === '' ? null : parseContactText(settledText);
    return loaded ? recordsToContactInputs(loaded.records, loaded.mapping, { hasHeader: loaded.hasHeader }) : null;
  }, [source, settledText, loaded]);
  const preview = useMemo(() => (inputs ? buildPreview(inputs, existingPhones) : null), [inputs, existingPhones]);

  function submit() {
    // What counts is the text as it is now, even if the preview has not caught up yet.
    const stale = source === 'text' && text !== settledText;
    const current = stale ? (text.trim() === '' ? null : buildPreview(parseContactText(text), existingPhones)) : preview;
    const blocker = source === 'file' && !loaded ? FILE_MESSAGES.chooseFile : importBlocker(current);
    if (blocker || !current) {
      setError(blocker);
      return;
    }
    const entries = entriesToSend(current);
    const leftOut = current.rows.length - entries.length;
    importing.mutate(
      { entries },
      {
        onSuccess: (result) => {
          const t = importResultToast(result, leftOut);
          if (t.partial) toast.info(t.title, t.message);
          else toast.success(t.title);
          onClose();
        },
        onError: (e) => toast.error('Import Failed', importFailureMessage(e)),
      },
    );
  }

  return (
    <Stack gap="md">
      <Tabs
        value={source}
        onChange={(v) => {
          setSource((v as Source | null) ?? 'text');
          setError(null);
        }}
        keepMounted={false}
      >
        <Tabs.List grow>
          <Tabs.Tab value="text" leftSection={<IconClipboardText size={16} aria-hidden />}>
            Paste text
          </Tabs.Tab>
          <Tabs.Tab value="file" leftSection={<IconFileSpreadsheet size={16} aria-hidden />}>
            Upload file
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="text" pt="md">
          <Textarea
            label="Contact data"
            description="One contact per line: name, phone, email, notes. Email and notes are optional."
            placeholder={PLACEHOLDER}
            autosize
            minRows={5}
            maxRows={10}
            spellCheck={false}
            data-autofocus
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 13 } }}
            value={text}
            onChange={(e) => {
              setText(e.currentTarget.value);
              setError(null);
            }}
          />
        </Tabs.Panel>
        <Tabs.Panel value="file" pt="md">
          <FileSource
            loaded={loaded}
            onLoaded={(file) => {
              setLoaded(file);
              setError(null);
            }}
          />
        </Tabs.Panel>
      </Tabs>

      {preview && preview.rows.length > 0 && <PreviewTable preview={preview} />}

      {error && (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
          {error}
        </Alert>
      )}

      <Group justify="space-between" gap="sm">
        <Text fz="xs" c="dimmed" maw={360}>
          Invalid rows and numbers already in this phonebook are left out.
        </Text>
        <Group gap="xs" ml="auto">
          <Button variant="default" onClick={onClose} disabled={importing.isPending}>
            Cancel
          </Button>
          <Button onClick={submit} disabled={importing.isPending}>
            {importing.isPending ? 'Importing...' : 'Import Contacts'}
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}

export function BulkImportModal({ opened, phonebookId, existingPhones, onClose }: Props & { opened: boolean }) {
  const phone = useMediaQuery('(max-width: 36em)');
  // Owned here, not by the form: the dialog cannot close mid-import, and the result toast still
  // shows when the form unmounts as the dialog closes.
  const importing = useImportEntries(phonebookId);
  const close = () => {
    if (!importing.isPending) onClose();
  };
  return (
    <Modal
      opened={opened}
      onClose={close}
      title="Bulk Import"
      size="xl"
      fullScreen={phone}
      centered={!phone}
      withCloseButton={!importing.isPending}
    >
      <BulkImportForm existingPhones={existingPhones} onClose={onClose} importing={importing} />
    </Modal>
  );
}
