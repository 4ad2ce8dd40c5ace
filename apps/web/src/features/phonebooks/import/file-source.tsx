// The "Upload file" side of Bulk Import: pick a CSV or .xlsx file, read it (a CSV file only its
// first rows) in the browser, and let the customer say which column is which.
import { FileInput, Loader, Stack, Text } from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { guessColumnMapping, type ColumnMapping, type CsvRecord } from '@kurir/core/contacts-import';
import { ColumnMappingForm } from './column-mapping';
import { ACCEPTED_FILES, ContactFileError, FILE_MESSAGES, readContactFile, type ContactFile } from './read-contact-file';

export interface LoadedFile {
  file: File;
  /** Every row of a workbook; the first rows of a CSV file (see `csv.partial`). */
  records: CsvRecord[];
  /** Set for a CSV file, which is uploaded as it is and read by the server. */
  csv?: ContactFile['csv'];
  mapping: ColumnMapping;
  hasHeader: boolean;
}

/** A guessed column that the file does not have is "not imported" rather than an empty pick. */
function fitMapping(mapping: ColumnMapping, records: readonly CsvRecord[]): ColumnMapping {
  const count = Math.max(0, ...records.slice(0, 200).map((r) => r.cells.length));
  const fit = (i: number | null) => (i !== null && i < count ? i : null);
  return { ...mapping, email: fit(mapping.email), notes: fit(mapping.notes) };
}

export function FileSource({ loaded, onLoaded }: { loaded: LoadedFile | null; onLoaded: (file: LoadedFile | null) => void }) {
  const [reading, setReading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // Only the newest pick may land: a big first file can finish reading after a second one.
  const latest = useRef(0);

  async function choose(file: File | null) {
    const pick = ++latest.current;
    setError(null);
    onLoaded(null);
    if (!file) return;
    setReading(true);
    try {
      const { records, csv } = await readContactFile(file);
      const guess = guessColumnMapping(records[0]?.cells);
      if (pick !== latest.current) return;
      onLoaded({ file, records, csv, mapping: fitMapping(guess.mapping, records), hasHeader: guess.hasHeader });
    } catch (e) {
      if (pick === latest.current) setError(e instanceof ContactFileError ? e.message : FILE_MESSAGES.unreadable);
    } finally {
      if (pick === latest.current) setReading(false);
    }
  }

  return (
    <Stack gap="sm">
      <FileInput
        label="CSV or Excel file"
        description="Columns: name, phone, email, notes. A first row with column names is recognised. CSV up to 100 MB; Excel: the first sheet, up to 10 MB."
        placeholder="Choose a .csv or .xlsx file"
        accept={ACCEPTED_FILES}
        clearable
        leftSection={<IconFileSpreadsheet size={16} aria-hidden />}
        rightSection={reading ? <Loader size="xs" /> : undefined}
        value={loaded?.file ?? null}
        onChange={(file) => void choose(file)}
        error={error}
      />
      {loaded && (
        <>
          <Text fz="sm" fw={500}>
            Match the columns
          </Text>
          <ColumnMappingForm
            records={loaded.records}
            mapping={loaded.mapping}
            hasHeader={loaded.hasHeader}
            onMappingChange={(mapping) => onLoaded({ ...loaded, mapping })}
            onHeaderChange={(hasHeader) => onLoaded({ ...loaded, hasHeader })}
          />
        </>
      )}
    </Stack>
  );
}
