// The web app is built into apps/web/dist, which the server serves in production. In
// development Vite serves the app and forwards API calls (the dev outbox's too) to the server.
// `npm run build` runs two builds into dist: the app (index.html, every route) and then, with
// `--mode landing`, the landing page on its own (landing.html, served for "/"), so the landing's
// chunks hold only what it shows (one shared build split it into 20 small chunks that compressed
// worse and pulled app-only code).
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { precompress } from './build/precompress';
import { routePages } from './build/route-pages';
import { scrollAreaRefs } from './build/scroll-area-refs';

const apiTarget = process.env.KURIR_API_URL ?? 'http://localhost:5000';
const page = (file: string) => fileURLToPath(new URL(file, import.meta.url));

export default defineConfig(({ mode }) => {
  const landing = mode === 'landing';
  const input: Record<string, string> = landing ? { landing: page('./landing.html') } : { app: page('./index.html') };
  return {
    root: fileURLToPath(new URL('.', import.meta.url)),
    plugins: [scrollAreaRefs(), react(), ...(landing ? [] : [routePages({ routeTable: page('./src/app/route-table.tsx') })]), precompress()],
    server: {
      port: 5173,
      proxy: {
        '/api': { target: apiTarget, changeOrigin: true },
      },
    },
    preview: {
      port: 4173,
      proxy: {
        '/api': { target: apiTarget, changeOrigin: true },
      },
    },
    build: {
      outDir: 'dist',
      // The landing build adds to the app's build.
      emptyOutDir: !landing,
      // No public source maps: they would hand the whole source to anyone (2.3 MB for the dashboard).
      sourcemap: false,
      rolldownOptions: {
        input,
        // Lets the bundler copy small shared chunks into the chunks that use them (below); nothing
        // imports the entries' exports.
        ...(landing ? {} : { preserveEntrySignatures: false as const }),
        output: {
          // Libraries change far less often than our code: separate chunks stay cached across deploys.
          codeSplitting: {
            // On slow 4G over HTTP/1.1 (6 connections) every request costs a round trip: the modules
            // that a few pages share were ~35 small chunks per page (an icon, a Mantine component),
            // and the dashboard made ~45 script requests. Shared chunks under 32 KB of source are
            // copied into each chunk that uses them instead (rolldown keeps one module state across
            // the copies, through its runtime, which is why it runs modules in strict order), so a
            // page makes 10–14 script requests. Chunks with CSS stay files: Vite would emit their
            // CSS once per copy. Measured in bench/history.md (web-budget, 2026-11-25).
            // The landing page (one entry, four chunks) has nothing to copy: it keeps the plain output.
            ...(landing ? {} : { experimentalInlineCommonChunks: { maxSize: 32 * 1024, exclude: /\.css(\?|$)/ } }),
            groups: [
              // The XLSX reader is imported only when a customer picks an Excel file (Bulk Import):
              // its own chunk, or a vendor group would pull it into every page load.
              { name: 'xlsx', test: /node_modules[\\/](read-excel-file|fflate|saxen|unzipper-esm|worker-f)[\\/]/, priority: 40 },
              // Stripe's wrappers load only with the Stripe card form (Stripe configured); ranked below
              // react so the group takes Stripe's modules alone, not the React they import.
              { name: 'stripe', test: /node_modules[\\/]@stripe[\\/]/, priority: 15 },
              // React is on every page; the router only in the app (the landing page has none).
              { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 30 },
              { name: 'router', test: /node_modules[\\/]react-router[\\/]/, priority: 30 },
              // Popovers, menus, tooltips and selects position with floating-ui: its own chunk, so a page
              // that shows a dialog (and Mantine's ScrollArea with it) does not also take floating-ui.
              { name: 'floating-ui', test: /node_modules[\\/]@floating-ui[\\/]/, priority: 20 },
              // What nearly every page shares (Mantine's base, hooks and common components, the query
              // client, the app's small shared modules) in one chunk each. Modules used by fewer
              // pages and dialogs are split by use (and the small splits copied, above), so a page
              // loads only what it uses. 24 entries (of ~50 pages, dialogs and other lazy parts) was measured as
              // the balance with the copying: 16 put 5–15 KB that most pages do not use into every
              // page, 32 and more made more requests for the same bytes.
              { name: 'ui', test: /node_modules[\\/](@mantine|@tabler|@tanstack|dayjs|clsx)[\\/]/, priority: 10, minShareCount: 24 },
              // The core's schemas stay out: they bring zod, which only pages with a form load.
              { name: 'common', test: (id: string) => /[\\/](apps[\\/]web|packages[\\/]core)[\\/]src[\\/]/.test(id) && !/[\\/]core[\\/]src[\\/]schemas[\\/]/.test(id), priority: 5, minShareCount: 24 },
              // The rest of Mantine is not grouped: the bundler splits it by use, so a page takes the components it shows.
            ],
          },
        },
      },
    },
  };
});
