// Lint configuration: ESLint's and typescript-eslint's recommended rules over
// every TypeScript file. Formatting belongs to Prettier (.prettierrc.json), so
// no stylistic rule is enabled here. The rules that need type information are
// left out: they would run the type checker a second time, and `tsc --noEmit`
// already runs in `npm test`.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/', 'coverage/', '.cache/', 'reports/', '.stryker-tmp*/', 'node_modules/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
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
