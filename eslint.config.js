import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import { tableOwners } from './apps/server/eslint/table-owners.js';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/dist-la/**', '**/node_modules/**', 'e2e/artifacts/**', 'test-results/**', 'data/**', 'data-la/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    files: ['apps/web/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    // Modules talk through each other's services: a repository (its tables) and routes stay the module's own.
    files: ['apps/server/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['../*/*.repository.js', '../../modules/*/*.repository.js', './modules/*/*.repository.js'], message: 'Use the owning module\'s service: a repository is private to its module.' },
            { group: ['../*/*.routes.js', '../../modules/*/*.routes.js'], message: 'Routes are registered by their own module.' },
          ],
        },
      ],
    },
  },
  {
    // Each table is queried by its owning module only (apps/server/db/table-owners.json).
    files: ['apps/server/src/**/*.ts'],
    plugins: { wallet: { rules: { 'table-owners': tableOwners } } },
    rules: { 'wallet/table-owners': 'error' },
  },
  {
    // http/ holds what is common to routes (authentication, errors to answers, validation, language,
    // idempotency hook, OpenAPI, the server itself). Only what speaks HTTP imports it: route files,
    // the files that compose the server (app.ts, core.ts, main.ts, node.ts), and the sandboxes, which are HTTP
    // stand-ins for outside services. Services receive who calls (the member or operator a request
    // comes from) as a value, so http/context's types are the one thing they may import, as types.
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/http/**', 'apps/server/src/{app,core,main,node}.ts', 'apps/server/src/**/*.routes.ts', 'apps/server/src/sandbox/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '(^|/)http/context\\.js$', allowTypeImports: true, message: 'A service takes the caller as a value: import http/context\'s types with `import type`.' },
            { regex: '(^|/)http/(?!context\\.js$)', message: 'http/ is for route files and the server\'s composition; a service, repository or module entry does not speak HTTP.' },
          ],
        },
      ],
    },
  },
  {
    // SQL lives in repositories (and the database layer): services and routes hold the rules.
    files: ['apps/server/src/modules/**/*.ts'],
    ignores: ['apps/server/src/modules/**/*.repository.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: 'CallExpression[callee.property.name=/^(selectFrom|insertInto|updateTable|deleteFrom|with)$/]', message: 'SQL belongs in the module\'s repository.' },
        { selector: 'TaggedTemplateExpression[tag.name="sql"]', message: 'SQL belongs in the module\'s repository.' },
      ],
    },
  },
  // The member app's feature boundary (issue 10 §5): a feature imports shared/ and its own files,
  // never another feature (nor app/, which composes them); overlays of other features open by name
  // through shared/overlays. From a file N folders deep in its feature, `../` N+1 times is
  // features/, so one more segment names a sibling feature.
  ...[0, 1, 2, 3].map((depth) => ({
    files: [`apps/web/src/features/*/${'*/'.repeat(depth)}*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: `^(\\.\\./){${depth + 1}}(?!\\.\\.)`, message: 'A feature may not import another feature: open its overlay by name (shared/overlays) or move what both need to shared/.' },
            { regex: `^(\\.\\./){${depth + 2}}app/`, message: 'app/ composes the features; a feature may not import it.' },
          ],
        },
      ],
    },
  })),
  // The console's feature boundary, the member app's rule: a feature imports shared/ and its own files.
  ...[0, 1, 2, 3].map((depth) => ({
    files: [`apps/console/src/features/*/${'*/'.repeat(depth)}*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: `^(\\.\\./){${depth + 1}}(?!\\.\\.)`, message: 'A feature may not import another feature: move what both need to shared/.' },
            { regex: `^(\\.\\./){${depth + 2}}app/`, message: 'app/ composes the features; a feature may not import it.' },
          ],
        },
      ],
    },
  })),
  {
    files: ['apps/console/src/shared/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ regex: '(^|/)(features|app)/', message: 'shared/ is below the features and app/: it imports neither.' }] }] },
  },
  {
    files: ['apps/web/src/shared/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ regex: '(^|/)(features|app)/', message: 'shared/ is below the features and app/: it imports neither.' }] }] },
  },
  {
    // Sent to browsers as written (the page's early reads): a classic script.
    files: ['apps/web/public/*.js'],
    languageOptions: { globals: globals.browser, sourceType: 'script' },
  },
  {
    files: ['apps/web/sw/*.js'],
    languageOptions: { globals: globals.serviceworker },
  },
  {
    files: ['scripts/**/*.mjs', 'e2e/**/*.{ts,mjs}', 'bench/**/*.mjs', '*.js', 'apps/server/eslint/*.js'],
    languageOptions: { globals: globals.node },
  },
);
