/**
 * dependency-cruiser's rules for the project's own code (`npm run test:quick` and `npm test` run it
 * on lib/, sandbox/, src/ and scripts/): no module may import itself back, through any chain of
 * imports, type-only ones included, since the modules of a cycle cannot be read or changed apart.
 * Which layer may import which is ESLint's job (eslint.config.mjs).
 */
export default {
  forbidden: [
    {
      name: 'no-import-cycle',
      severity: 'error',
      comment: 'Break the cycle: move what both sides need into a leaf module that imports neither.',
      from: {},
      to: {circular: true},
    },
  ],
  options: {
    doNotFollow: {path: 'node_modules'},
    tsPreCompilationDeps: true,
    tsConfig: {fileName: 'tsconfig.json'},
  },
};
