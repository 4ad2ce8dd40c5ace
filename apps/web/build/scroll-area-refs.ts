// A Vite plugin that gives Mantine's ScrollArea its ref-merging hook from @mantine/hooks instead of
// @floating-ui/react. ScrollArea imports nothing else from floating-ui, but floating-ui's React
// build is one module, so that one import put all of it (15 KB gzip) on every page with a table or
// a dialog (both use ScrollArea), though only popovers, menus, tooltips and selects position with it.
import type { Plugin } from 'vite';

const SHIM_ID = '\0scroll-area-merge-refs';
const SCROLL_AREA = /@mantine[\\/]core[\\/]esm[\\/]components[\\/]ScrollArea[\\/]ScrollArea\.mjs$/;

export function scrollAreaRefs(): Plugin {
  return {
    name: 'kurir:scroll-area-refs',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source === '@floating-ui/react' && importer && SCROLL_AREA.test(importer)) return SHIM_ID;
      return null;
    },
    load(id) {
      if (id !== SHIM_ID) return null;
      // floating-ui's useMergeRefs takes an array; Mantine's useMergedRef the refs themselves.
      return `import { useMergedRef } from '@mantine/hooks';\nexport function useMergeRefs(refs) { return useMergedRef(...refs); }\n`;
    },
  };
}
