// The web app is built into apps/web/dist, which the server serves in production. In
// development Vite serves the app and forwards API calls (the dev outbox's too) to the server.
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const apiTarget = process.env.KURIR_API_URL ?? 'http://localhost:5000';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
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
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      output: {
        // Libraries change far less often than our code: separate chunks stay cached across deploys.
        codeSplitting: {
          groups: [
            // The XLSX reader is imported only when a customer picks an Excel file (Bulk Import):
            // its own chunk, or the vendor group below would pull it into every page load.
            { name: 'xlsx', test: /node_modules[\\/](read-excel-file|fflate|saxen|unzipper-esm|worker-f)[\\/]/, priority: 40 },
            // Stripe's wrappers load only with the Stripe card form (Stripe configured); ranked below
            // react and mantine so the group takes Stripe's modules alone, not the React they import.
            { name: 'stripe', test: /node_modules[\\/]@stripe[\\/]/, priority: 15 },
            { name: 'react', test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/, priority: 30 },
            // Charts and date pickers are left out: they load with the few signed-in pages that use them.
            { name: 'mantine', test: /node_modules[\\/](@mantine[\\/](core|hooks|notifications|modals)|@floating-ui|react-transition-group|@tabler)[\\/]/, priority: 20 },
          ],
        },
      },
    },
  },
});
