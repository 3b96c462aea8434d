import fs from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX from 'eslint-plugin-import-x';
import checkFile from 'eslint-plugin-check-file';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import globals from 'globals';

const root = import.meta.dirname;

/** The directories directly under `dir` (relative to the repository root). */
const subdirectories = (dir) =>
  fs
    .readdirSync(path.join(root, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();

/**
 * The only imports a server module may make into another module, by importing module: each entry
 * is a file of the other module (relative to apps/server/src/modules, without extension). Anything
 * else that two modules need belongs in apps/server/src/lib, db or plugins.
 */
const serverModuleImports = {
  account: [
    // the refresh-token session store and the refresh cookie belong to auth
    'auth/auth.repository',
    'auth/refresh-cookie',
  ],
  attendance: ['exports/csv'],
  // a farm's stale input checks are an attention item, by the report's own rule
  attention: ['input-checks/input-checks.service'],
  'farm-operations': ['exports/csv'],
  'login-history': ['exports/csv'],
  // the season at a glance shows the Harvest PUC report's totals and the capacity table's week, by their own rules
  'pest-dashboard': ['harvest/harvest.service', 'picking/capacity.service'],
  picking: ['exports/csv'],
  roles: [
    // a role change notifies its holders and drops the cached menus
    'notifications/notifications.service',
    'shell/menu.service',
  ],
  users: [
    'account/account.repository',
    'account/account.service',
    'auth/refresh-cookie',
    'exports/csv',
    'mail/mail.service',
    'notifications/notifications.service',
    'roles/privilege-guard',
  ],
};

const withExtension = (file) => `${file}.ts`;

const serverModuleZones = subdirectories('apps/server/src/modules').map((module) => ({
  target: `apps/server/src/modules/${module}`,
  from: 'apps/server/src/modules',
  except: [`./${module}`, ...(serverModuleImports[module] ?? []).map((file) => `./${withExtension(file)}`)],
  message: `A server module imports another module only through the allow-list in eslint.config.js (serverModuleImports); move shared code to apps/server/src/lib.`,
}));

const webFeatureZones = subdirectories('apps/web/src/features').map((feature) => ({
  target: `apps/web/src/features/${feature}`,
  from: 'apps/web/src/features',
  except: [`./${feature}`],
  message: 'A feature never imports another feature: move what both need to lib/ or components/, or compose them in app/.',
}));

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'apps/server/drizzle/**', 'data/**', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-syntax': [
        'error',
        { selector: "CallExpression[callee.object.name=/^(it|test|describe)$/][callee.property.name=/^(only|skip|todo)$/]", message: 'No focused or skipped tests.' },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  // Import boundaries between the parts of the code base, resolved the way TypeScript resolves them.
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/external-module-folders': ['node_modules', 'node_modules/@types'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          noWarnOnMultipleProjects: true,
          project: ['packages/shared/tsconfig.json', 'apps/server/tsconfig.json', 'apps/web/tsconfig.json', 'scripts/tsconfig.json'],
        }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: root,
          zones: [
            ...webFeatureZones,
            {
              target: ['apps/web/src/lib', 'apps/web/src/components'],
              from: ['apps/web/src/features', 'apps/web/src/app'],
              message: 'lib/ and components/ are below features/ and app/ and never import them.',
            },
            {
              target: 'packages/shared',
              from: 'apps',
              message: 'packages/shared never imports from the apps.',
            },
            ...serverModuleZones,
          ],
        },
      ],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  // Source file names are kebab-case; the middle extension (.routes.ts, .test.ts, .spec.ts) is free.
  {
    files: ['apps/*/src/**/*.{ts,tsx,js,mjs}', 'apps/web/e2e/**/*.{ts,tsx,js,mjs}', 'packages/shared/src/**/*.{ts,tsx,js,mjs}'],
    plugins: { 'check-file': checkFile },
    rules: {
      'check-file/filename-naming-convention': ['error', { '**/*.{ts,tsx,js,mjs}': 'KEBAB_CASE' }, { ignoreMiddleExtensions: true }],
    },
  },
  // Promises are awaited, returned or explicitly voided; an async function is never passed where a
  // plain callback is expected. Every TypeScript file belongs to the tsconfig of its package; the
  // root vitest.config.ts has none and uses the default project.
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['vitest.config.ts'] },
        tsconfigRootDir: root,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
);
