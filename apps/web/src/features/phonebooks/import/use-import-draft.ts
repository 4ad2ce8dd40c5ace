// What the Bulk Import dialog holds before it sends: pasted text or a loaded file, the checked
// preview of its rows, and the message that keeps it from importing.
import { useDebouncedValue } from '@mantine/hooks';
import { useMemo, useState } from 'react';
import { parseContactText, recordsToContactInputs, type ContactInput } from '@kurir/core';
import type { LoadedFile } from './file-source';
import { buildPreview, importBlocker, type Preview } from './preview-model';
import { FILE_MESSAGES } from './read-contact-file';

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
    readyPreview,
  };
}

export type ImportDraft = ReturnType<typeof useImportDraft>;
