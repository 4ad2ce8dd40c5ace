// GET /api/phonebooks/:id/export.csv: a download the browser fetches itself (a link), not a query.
import { segment } from '../../../lib/api';

export const exportEntriesUrl = (phonebookId: string) => `/api/phonebooks/${segment(phonebookId)}/export.csv`;
