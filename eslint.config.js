// One lint for the whole tree: TypeScript rules that catch real mistakes (floating promises are
// left to review: type-aware linting of three projects would double the time of `npm run lint`).
// For the web app it also keeps the architecture (apps/web/README.md, "How a feature is built"):
// features never import each other or the app layer, shared layers import no feature, and file
// names are kebab-case.
import js from '@eslint/js';
import checkFile from 'eslint-plugin-check-file';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import globals from 'globals';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import tseslint from 'typescript-eslint';

const root = fileURLToPath(new URL('.', import.meta.url));
const web = 'apps/web/src';

/** Every web feature: each folder of features/, and each area of features/admin/ on its own. */
function webFeatures() {
  const folders = (dir) =>
    readdirSync(`${root}${dir}`, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => `${dir}/${entry.name}`);
  return folders(`${web}/features`).flatMap((feature) => (feature.endsWith('/admin') ? folders(feature) : [feature]));
}

const featureZones = webFeatures().map((feature) => ({
  target: `./${feature}`,
  from: `./${web}/features`,
  except: [`./${feature.slice(`${web}/features/`.length)}`],
  message: 'Features do not import each other: move shared code to lib/ or components/, or compose them in app/.',
}));

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
    plugins: { 'import-x': importX, 'check-file': checkFile },
    settings: { 'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json', '.css'] })] },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: root,
          zones: [
            ...featureZones,
            {
              target: `./${web}/features`,
              from: `./${web}/app`,
              message: 'Features do not import the app layer; the app composes features.',
            },
            {
              target: [`./${web}/lib`, `./${web}/components`],
              from: [`./${web}/features`, `./${web}/app`],
              message: 'lib/ and components/ are shared by every feature and import none.',
            },
          ],
        },
      ],
      'check-file/filename-naming-convention': [
        'error',
        { '**/*.{ts,tsx,css}': 'KEBAB_CASE' },
        { ignoreMiddleExtensions: true },
      ],
      'check-file/folder-naming-convention': ['error', { [`${web}/**/`]: 'KEBAB_CASE' }],
    },
  },
);
