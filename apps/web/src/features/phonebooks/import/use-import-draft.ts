// What the Bulk Import dialog holds before it sends: pasted text or a loaded file, the checked
// preview of its rows, the message that keeps it from importing, and what to send: checked rows,
// or (a CSV file) the file itself with its column mapping.
import { useDebouncedValue } from '@mantine/hooks';
import { useMemo, useState } from 'react';
import { parseContactText, recordsToContactInputs, type ContactInput } from '@kurir/core';
import { delimiterParam, type StreamImportQuery } from '@kurir/core/schemas/phonebooks';
import type { LoadedFile } from './file-source';
import { buildPreview, entriesToSend, importBlocker, type Preview } from './preview-model';
import { FILE_MESSAGES } from './read-contact-file';

/** Ready to send: rows that passed the preview (and how many were left out), or a CSV file. */
export type ImportPlan =
  | { kind: 'entries'; entries: ReturnType<typeof entriesToSend>; leftOut: number }
  | { kind: 'file'; file: File; query: StreamImportQuery };

/** The upload's query: the chosen columns, the header choice, and how the preview read the file. */
export function streamQueryOf(loaded: LoadedFile & { csv: NonNullable<LoadedFile['csv']> }): StreamImportQuery {
  const { mapping, hasHeader, csv } = loaded;
  return {
    name: mapping.name ?? 0,
    phone_number: mapping.phone_number ?? 1,
    ...(mapping.email === null ? {} : { email: mapping.email }),
    ...(mapping.notes === null ? {} : { notes: mapping.notes }),
    header: hasHeader ? 'true' : 'false',
    delimiter: delimiterParam(csv.delimiter),
    encoding: csv.encoding,
  };
}

export type Source = 'text' | 'file';

export function useImportDraft(existingPhones: ReadonlySet<string>) {
  const [source, setSourceState] = useState<Source>('text');
  const [text, setTextState] = useState('');
  const [loaded, setLoadedState] = useState<LoadedFile | null>(null);
  const [error, setError] = useState<string | null>(null);
  // Checking 50 000 pasted lines takes seconds on a slow machine: the preview waits for a pause
  // in typing instead of redoing the work on every key.
  const [settledText] = useDebouncedValue(text, 300);

  const inputs: ContactInput[] | null = useMemo(() => {
    if (source === 'text') return settledText.trim() === '' ? null : parseContactText(settledText);
    return loaded ? recordsToContactInputs(loaded.records, loaded.mapping, { hasHeader: loaded.hasHeader }) : null;
  }, [source, settledText, loaded]);
  const preview = useMemo(() => (inputs ? buildPreview(inputs, existingPhones) : null), [inputs, existingPhones]);

  /** The preview to import, or null with the reason shown: the text as it is now, even if the preview has not caught up. */
  function readyPreview(): Preview | null {
    const stale = source === 'text' && text !== settledText;
    const current = stale ? (text.trim() === '' ? null : buildPreview(parseContactText(text), existingPhones)) : preview;
    const blocker = source === 'file' && !loaded ? FILE_MESSAGES.chooseFile : importBlocker(current);
    if (blocker || !current) {
      setError(blocker);
      return null;
    }
    return current;
  }

  /**
   * What to send, or null with the reason shown. A CSV file goes as it is: when the preview saw
   * the whole file its verdict stands, as for pasted text; when it saw only the first rows, the
   * rest may differ, so the server's check decides.
   */
  function readyImport(): ImportPlan | null {
    const csv = source === 'file' ? loaded?.csv : undefined;
    if (loaded && csv) {
      const blocker = csv.partial ? null : importBlocker(preview);
      if (blocker) {
        setError(blocker);
        return null;
      }
      return { kind: 'file', file: loaded.file, query: streamQueryOf({ ...loaded, csv }) };
    }
    const ready = readyPreview();
    if (!ready) return null;
    const entries = entriesToSend(ready);
    return { kind: 'entries', entries, leftOut: ready.rows.length - entries.length };
  }

  // Any change of input clears the last refusal.
  const changed =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setError(null);
    };

  return {
    source,
    setSource: changed(setSourceState),
    text,
    setText: changed(setTextState),
    loaded,
    setLoaded: changed(setLoadedState),
    error,
    preview,
    readyImport,
  };
}

export type ImportDraft = ReturnType<typeof useImportDraft>;
