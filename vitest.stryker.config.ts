/**
 * The Vitest configuration the mutation run (StrykerJS, `npm run mutate`)
 * uses: the unit tests only, without the slow ones that would run for every
 * mutant — test/fuzz/** (thousands of generated inputs per property) and
 * test/e2e/** and test/browser/** (real Chromium; the browser tests have their
 * own vitest.stryker-browser.config.ts). scripts/mutate.ts narrows it to the
 * test files of the scope being mutated. Its reporter FileErrorsAsFailures
 * makes a test file that fails as a whole (its fixtures in a file-level
 * `beforeAll` throw under the mutant) count as failing tests, hence as a
 * killed mutant (scripts/file-errors-as-failures.ts). Not used by `npm test`.
 */
import { defineConfig } from 'vitest/config';
import { FileErrorsAsFailures } from './scripts/file-errors-as-failures.js';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    exclude: ['test/e2e/**', 'test/fuzz/**', 'test/browser/**', 'node_modules/**'],
    environment: 'node',
    setupFiles: ['test/helpers/games-setup.ts'],
    // Generous: the machine is shared, and a file-level beforeAll that merely runs slow must not
    // count as a kill now that a failed file counts (FileErrorsAsFailures).
    testTimeout: 120_000,
    hookTimeout: 120_000,
    reporters: ['default', new FileErrorsAsFailures()],
  },
});
