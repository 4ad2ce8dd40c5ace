// How an audit entry's before/after maps read in the activity list: one line per field that
// changed, `field: before → after`; a field only on one side reads as added or removed.

function show(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

export function describeChanges(before: Record<string, unknown> | null, after: Record<string, unknown> | null): string[] {
  const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  return fields
    .filter((field) => show(before?.[field]) !== show(after?.[field]))
    .map((field) => `${field}: ${show(before?.[field])} → ${show(after?.[field])}`);
}
