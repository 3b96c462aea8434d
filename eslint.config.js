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
 * A server module is entered only through its front door: another module imports
 * `modules/<name>/index.ts` (what it exports is the module's public face) and never a file behind
 * it. Anything two modules need that belongs to neither lives in apps/server/src/lib, db or plugins.
 */
const serverModules = subdirectories('apps/server/src/modules');
const serverModuleZones = serverModules.map((module) => ({
  target: `apps/server/src/modules/${module}`,
  from: 'apps/server/src/modules',
  except: [`./${module}`, ...serverModules.filter((other) => other !== module).map((other) => `./${other}/index.ts`)],
  message: 'A server module imports another module only through its index.ts (the front door); move what both need to apps/server/src/lib.',
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
