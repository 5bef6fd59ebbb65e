// ESLint (flat config): `npm run lint`. The recommended sets of ESLint, typescript-eslint (without type
// information, so that linting stays fast), React Hooks and jsx-a11y, over the project's own code.
import js from '@eslint/js';
import {defineConfig, globalIgnores} from 'eslint/config';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import {builtinModules} from 'node:module';

/** Node's own modules, by both names (`fs`, `node:fs`): code that runs in a browser imports none. */
const nodeModules = {
  paths: builtinModules
    .flatMap((name) => [name, `node:${name}`])
    .map((name) => ({name, message: 'This code runs in a browser: no Node.js API.'})),
  patterns: [{group: ['node:*'], message: 'This code runs in a browser: no Node.js API.'}],
};
/** Node's globals, which a browser does not have. */
const nodeGlobals = ['process', 'Buffer', '__dirname', '__filename', 'require', 'module', 'global'].map((name) => ({
  name,
  message: 'This code runs in a browser: no Node.js globals.',
}));
/** What `src/` may not import: the scripts are the build's tools, not the site's. */
const siteLayer = {group: ['**/scripts/**'], message: 'src/ imports nothing of scripts/ (README, Layout).'};
/** What `scripts/` may import of `src/`: only the search vocabulary the browser shares, and the internals' switchboard. */
const scriptsLayer = {
  regex: '(^|/)src/(?!lib/search(-synonyms)?$|internals(/|$))',
  message: 'scripts/ reads only src/lib/search.ts, src/lib/search-synonyms.ts and src/internals/ of src/ (README, Layout).',
};
/** What `lib/` may not import: it is shared by the site, the scripts and the sandbox, and imports none of them. */
const libLayer = {
  group: ['**/src/**', '**/scripts/**', '**/sandbox/**', '@site/**'],
  message: 'lib/ imports nothing of src/, scripts/ or sandbox/ (README, Layout).',
};

export default defineConfig(
  globalIgnores([
    'node_modules/',
    'build/',
    'build.next/',
    'build.previous/',
    '.docusaurus/',
    'bench/tmp/',
    '**/generated/',
    'docs/api/accounts/',
    'docs/api/financial/',
    'test-results/',
    'playwright-report/',
  ]),
  {
    files: ['**/*.{ts,tsx,mjs}'],
    extends: [js.configs.recommended, tseslint.configs.recommended, reactHooks.configs.flat.recommended, jsxA11y.flatConfigs.recommended],
    languageOptions: {
      globals: {...globals.browser, ...globals.node},
    },
    linterOptions: {
      reportUnusedDisableDirectives: 'error',
    },
  },
  // The layers (README, Layout): each folder's imports, and Node's API kept out of browser code.
  {
    files: ['lib/**/*.ts'],
    rules: {'no-restricted-imports': ['error', {patterns: [libLayer]}]},
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    rules: {'no-restricted-imports': ['error', {patterns: [siteLayer]}]},
  },
  {
    files: ['scripts/**/*.ts'],
    rules: {'no-restricted-imports': ['error', {patterns: [scriptsLayer]}]},
  },
  {
    // The sandbox's core runs in the reader's browser as well as in Node; of lib/ it takes only what
    // uses no I/O: the API model's operations, events and request index, and the page runner.
    files: ['sandbox/core/**/*.ts', 'sandbox/mock/**/*.ts', 'sandbox/worker.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          ...nodeModules,
          patterns: [
            ...nodeModules.patterns,
            {
              regex: '(^|/)lib/(?!(api-model/operations|api-model/events|api-model/request-index|page-run|idempotency-keys)$)',
              message: 'The sandbox core takes from lib/ only modules with no I/O (README, Layout).',
            },
            {
              group: ['**/scripts/**', '**/src/**', '../server', '../cli'],
              message: 'The sandbox core imports nothing of the site, the scripts or the server.',
            },
          ],
        },
      ],
      'no-restricted-globals': ['error', ...nodeGlobals],
    },
  },
  {
    // The site's browser code.
    files: [
      'src/components/**/*.{ts,tsx}',
      'src/theme/**/*.{ts,tsx}',
      'src/client/**/*.ts',
      'src/pages/**/*.{ts,tsx}',
      'src/lib/**/*.ts',
      'src/internals/**/*.tsx',
      'src/internals/prefetch-once.ts',
    ],
    rules: {
      'no-restricted-imports': ['error', {...nodeModules, patterns: [...nodeModules.patterns, siteLayer]}],
      'no-restricted-globals': ['error', ...nodeGlobals],
    },
  },
  {
    // The modules of lib/ that the browser code or the sandbox's worker loads: both rules of lib/ and of the browser.
    files: [
      'lib/page-run.ts',
      'lib/curl.ts',
      'lib/idempotency-keys.ts',
      'lib/api-model/operations.ts',
      'lib/api-model/events.ts',
      'lib/api-model/request-index.ts',
      'lib/api-model/messages.ts',
      'lib/api-render/samples.ts',
    ],
    rules: {
      'no-restricted-imports': ['error', {...nodeModules, patterns: [...nodeModules.patterns, libLayer]}],
      'no-restricted-globals': ['error', ...nodeGlobals],
    },
  },
);
