// `make lint` checks the JavaScript with ESLint's recommended rules (mistakes, not style):
// unused names, undefined globals, unreachable code. The page's modules run in browsers; the
// scripts and tests run in Node. Generated files are not ours to lint.
import js from '@eslint/js';
import globals from 'globals';

export default [
  { ignores: ['target/', 'node_modules/', 'pkg/', 'www/pkg/'] },
  js.configs.recommended,
  {
    rules: {
      // `catch {}` with a comment is how this code says "ignore, on purpose".
      'no-empty': ['error', { allowEmptyCatch: true }],
    },
  },
  {
    files: ['www/**/*.js', 'tests/sixth/www/**/*.js'],
    languageOptions: { globals: globals.browser },
  },
  {
    files: ['scripts/**', 'tests/**', 'eslint.config.js'],
    languageOptions: { globals: globals.node },
  },
  {
    // The browser tests (and the scripts that measure pages) hand functions to page.evaluate(),
    // which run in the page.
    files: ['tests/e2e/**', 'tests/package/esbuild.test.mjs', 'scripts/perf.mjs', 'scripts/move-latency.mjs', 'scripts/bench-replay.mjs', 'scripts/first-note.mjs'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
];
