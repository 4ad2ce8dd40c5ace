// One runner for every layer: core unit tests, API tests on PGlite (and on PostgreSQL when
// TEST_DATABASE_URL is set, as in CI), and browser journeys in Chromium.
import { defineConfig } from 'vitest/config';

const apiProject = (db: 'pglite' | 'postgres') => ({
  test: {
    name: `api-${db}`,
    include: ['apps/server/src/**/*.test.ts'],
    exclude: ['**/node_modules/**', 'apps/server/src/**/*.fault.test.ts'],
    env: { KURIR_TEST_DB: db },
    globalSetup: [`apps/server/src/test/global-setup-${db}.ts`],
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'core', include: ['packages/core/src/**/*.test.ts'] } },
      { test: { name: 'web', include: ['apps/web/src/**/*.test.ts'] } },
      apiProject('pglite'),
      ...(process.env.TEST_DATABASE_URL ? [apiProject('postgres')] : []),
      // Slow fault tests (real processes killed, connections cut, several instances): `npm run
      // test:faults`, which .ci/run runs after `npm test`. Their PostgreSQL cases use TEST_DATABASE_URL.
      ...(process.env.KURIR_FAULTS
        ? [
            {
              test: {
                name: 'faults',
                include: ['apps/server/src/**/*.fault.test.ts'],
                env: { KURIR_TEST_DB: 'pglite' },
                globalSetup: ['apps/server/src/test/global-setup-pglite.ts'],
                fileParallelism: false,
                testTimeout: 300_000,
                hookTimeout: 120_000,
              },
            },
          ]
        : []),
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          fileParallelism: false,
          testTimeout: 180_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
