// 'Bulk Import' (spec §2, §5, §8): contacts pasted as 'name, phone, email, notes' lines, or a CSV
// or Excel file with its columns matched. Rows are checked in the browser first (core's rules) and
// shown. Pasted text and a workbook send only the valid rows that are new to the phonebook; a CSV
// file, previewed from its first rows, is uploaded whole with a progress bar, and the server
// checks every row with the same rules.
import { Alert, Button, Group, Modal, Progress, Stack, Tabs, Text, Textarea } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertCircle, IconClipboardText, IconFileSpreadsheet } from '@tabler/icons-react';
import { useState } from 'react';
import { toast } from '../../../lib/toast';
import { importFailureMessage } from '../api/import-entries';
import type { UploadProgress } from '../api/upload-contact-file';
import { useImportContacts, type ImportJob } from '../api/use-import-contacts';
import { FileSource } from './file-source';
import { importResultToast } from './preview-model';
import { PreviewTable } from './preview-table';
import { useImportDraft, type ImportDraft, type Source } from './use-import-draft';

const PLACEHOLDER = 'John Doe, +38640123456, john@example.com, VIP customer\nJane Smith, 0038641234567';

type Props = { phonebookId: string; existingPhones: ReadonlySet<string>; onClose: () => void };
type Importing = ReturnType<typeof useImportContacts>;

/** The upload's bar, then a full moving bar while the server checks and saves the rows. */
function ImportProgress({ progress }: { progress: UploadProgress }) {
  const uploading = progress.phase === 'uploading';
  const label = uploading ? `Uploading… ${progress.percent} %` : 'Importing…';
  return (
    <Stack gap={4}>
      <Text fz="sm" aria-live="polite">
        {label}
      </Text>
      <Progress
        size="lg"
        value={uploading ? progress.percent : 100}
        animated={!uploading}
        striped={!uploading}
        aria-label={uploading ? 'Upload progress' : 'Importing'}
        transitionDuration={150}
      />
    </Stack>
  );
}

function BulkImportForm({ existingPhones, onClose, importing }: Omit<Props, 'phonebookId'> & { importing: Importing }) {
  const draft = useImportDraft(existingPhones);
  const [progress, setProgress] = useState<UploadProgress | null>(null);

  function submit() {
    const plan = draft.readyImport();
    if (!plan) return;
    const job: ImportJob =
      plan.kind === 'entries'
        ? { kind: 'entries', body: { entries: plan.entries } }
        : { kind: 'file', file: plan.file, query: plan.query, onProgress: setProgress };
    const leftOut = plan.kind === 'entries' ? plan.leftOut : 0;
    setProgress(null);
    importing.mutate(
      job,
      {
        onSuccess: (result) => {
          const t = importResultToast(result, leftOut);
          if (t.partial) toast.info(t.title, t.message);
          else toast.success(t.title);
          onClose();
        },
        onError: (e) => {
          setProgress(null);
          toast.error('Import Failed', importFailureMessage(e));
        },
      },
    );
  }

  return (
    <Stack gap="md">
      <ImportSource draft={draft} />
      {draft.preview && draft.preview.rows.length > 0 && (
        <PreviewTable preview={draft.preview} firstRowsOnly={draft.source === 'file' && Boolean(draft.loaded?.csv?.partial)} />
      )}
      {importing.isPending && progress && <ImportProgress progress={progress} />}
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
  const importing = useImportContacts(phonebookId);
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
