/**
 * The Vitest configuration the mutation run (StrykerJS, `npm run mutate`)
 * uses: the unit tests only, without the slow ones that would run for every
 * mutant — test/fuzz/** (thousands of generated inputs per property) and
 * test/e2e/** (real Chromium). scripts/mutate.ts narrows it further to the
 * test files of the scope being mutated. Not used by `npm test`.
 */
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    exclude: ['test/e2e/**', 'test/fuzz/**', 'node_modules/**'],
    environment: 'node',
    testTimeout: 120_000,
  },
});
