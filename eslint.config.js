// Lint configuration: ESLint's and typescript-eslint's recommended rules over
// every TypeScript and JavaScript file. Formatting belongs to Prettier
// (.prettierrc.json), so no stylistic rule is enabled here. The rules that
// need type information are left out: they would run the type checker a
// second time, and `tsc --noEmit` already runs in `npm test`. `npm run lint`
// keeps ESLint's and Prettier's caches in node_modules/.cache/ (by content),
// so a re-run checks only the files that changed.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  // What the build, the tests and the tools write (the .gitignore list); node_modules/ is ignored at any depth
  // by default (bench/anchors/node_modules too).
  {
    ignores: [
      'dist/',
      'coverage/',
      '.cache/',
      'reports/',
      '.stryker-tmp*/',
      'test-results/',
      '.vite/',
      'node_modules/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    // Plain JavaScript runs under Node (scripts/verify-run.mjs, the tool configs): Node's globals, by hand
    // rather than through the `globals` package, which would be one more dependency for a dozen names.
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    languageOptions: {
      globals: Object.fromEntries(
        [
          'process',
          'console',
          'Buffer',
          'URL',
          'URLSearchParams',
          'TextEncoder',
          'TextDecoder',
          'AbortController',
          'performance',
          'structuredClone',
          'queueMicrotask',
          'setTimeout',
          'clearTimeout',
          'setInterval',
          'clearInterval',
          'setImmediate',
          'clearImmediate',
        ].map((name) => [name, 'readonly']),
      ),
    },
  },
  {
    languageOptions: { ecmaVersion: 2022, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
    },
  },
);
