// 'Bulk Import' (spec §2, §5, §8): contacts pasted as 'name, phone, email, notes' lines, or a CSV
// or Excel file with its columns matched. Every row is checked in the browser first (core's rules)
// and shown; only valid rows that are new to the phonebook are sent, and the server checks again.
import { Alert, Button, Group, Modal, Stack, Tabs, Text, Textarea } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertCircle, IconClipboardText, IconFileSpreadsheet } from '@tabler/icons-react';
import { toast } from '../../../lib/toast';
import { importFailureMessage, useImportEntries } from '../api/import-entries';
import { FileSource } from './file-source';
import { entriesToSend, importResultToast } from './preview-model';
import { PreviewTable } from './preview-table';
import { useImportDraft, type ImportDraft, type Source } from './use-import-draft';

const PLACEHOLDER = 'John Doe, +38640123456, john@example.com, VIP customer\nJane Smith, 0038641234567';

type Props = { phonebookId: string; existingPhones: ReadonlySet<string>; onClose: () => void };
type Importing = ReturnType<typeof useImportEntries>;

function BulkImportForm({ existingPhones, onClose, importing }: Omit<Props, 'phonebookId'> & { importing: Importing }) {
  const draft = useImportDraft(existingPhones);

  function submit() {
    const preview = draft.readyPreview();
    if (!preview) return;
    const entries = entriesToSend(preview);
    const leftOut = preview.rows.length - entries.length;
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
      <ImportSource draft={draft} />
      {draft.preview && draft.preview.rows.length > 0 && <PreviewTable preview={draft.preview} />}
      {draft.error && (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
          {draft.error}
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

/** Paste text or upload a file: two tabs, one of them mounted at a time. */
function ImportSource({ draft }: { draft: ImportDraft }) {
  return (
    <Tabs value={draft.source} onChange={(v) => draft.setSource((v as Source | null) ?? 'text')} keepMounted={false}>
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
          value={draft.text}
          onChange={(e) => draft.setText(e.currentTarget.value)}
        />
      </Tabs.Panel>
      <Tabs.Panel value="file" pt="md">
        <FileSource loaded={draft.loaded} onLoaded={draft.setLoaded} />
      </Tabs.Panel>
    </Tabs>
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
