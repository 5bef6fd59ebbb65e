// ESLint (flat config): `npm run lint`. The recommended sets of ESLint, typescript-eslint (without type
// information, so that linting stays fast), React Hooks and jsx-a11y, over the project's own code.
import js from '@eslint/js';
import {defineConfig, globalIgnores} from 'eslint/config';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

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
);
