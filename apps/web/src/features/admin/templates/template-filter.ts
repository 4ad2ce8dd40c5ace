// The templates list's filters: the type (Admin, User or both) and a search over name, content
// and category.
import type { Template } from '@kurir/core';

export type TemplateTypeFilter = 'all' | 'admin' | 'user';

export function filterTemplates(templates: readonly Template[], type: TemplateTypeFilter, search: string): Template[] {
  const term = search.trim().toLowerCase();
  return templates.filter(
    (t) =>
      (type === 'all' || t.is_admin_template === (type === 'admin')) &&
      (!term || [t.name, t.content, t.category].some((text) => text.toLowerCase().includes(term))),
  );
}
