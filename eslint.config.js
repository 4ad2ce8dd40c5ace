// One lint for the whole tree: TypeScript rules that catch real mistakes (floating promises are
// left to review: type-aware linting of three projects would double the time of `npm run lint`).
// For the web app it also keeps the architecture (apps/web/README.md, "How a feature is built"):
// features never import each other or the app layer, shared layers import no feature, and file
// names are kebab-case.
import js from '@eslint/js';
import checkFile from 'eslint-plugin-check-file';
import globals from 'globals';
import { fileURLToPath } from 'node:url';
import tseslint from 'typescript-eslint';
import { webBoundariesPlugin } from './eslint-web-boundaries.js';

const root = fileURLToPath(new URL('.', import.meta.url));
const web = 'apps/web/src';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'apps/server/drizzle/**', 'screenshots/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': 'off',
    },
  },
  {
    files: [`${web}/**/*.{ts,tsx}`],
    plugins: { 'web-boundaries': webBoundariesPlugin(`${root}${web}`), 'check-file': checkFile },
    rules: {
      'web-boundaries/no-cross-layer-imports': 'error',
      'check-file/filename-naming-convention': [
        'error',
        { '**/*.{ts,tsx,css}': 'KEBAB_CASE' },
        { ignoreMiddleExtensions: true },
      ],
      'check-file/folder-naming-convention': ['error', { [`${web}/**/`]: 'KEBAB_CASE' }],
    },
  },
);
