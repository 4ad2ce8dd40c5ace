// Each page names itself in the browser tab and for screen readers (WCAG 2.4.2): "Send message ·
// Kurir". Without a page title the product title of spec §2 stays.
import { useEffect } from 'react';
import { DOCUMENT_TITLE } from '@kurir/core/constants';

export function pageTitle(title?: string) {
  return title ? `${title} · Kurir` : DOCUMENT_TITLE;
}

export function useDocumentTitle(title?: string) {
  useEffect(() => {
    document.title = pageTitle(title);
    return () => {
      document.title = DOCUMENT_TITLE;
    };
  }, [title]);
}
