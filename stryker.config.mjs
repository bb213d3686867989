/**
 * StrykerJS configuration for `npm run mutate` (docs/TESTING.md). Mutates the
 * layers whose tests carry the security and rules claims — crypto/,
 * src/engine, src/games, src/net, src/table — and runs the Vitest unit tests
 * (vitest.stryker.config.ts: no fuzz, no e2e) against each mutant, only the
 * tests that cover it (perTest). scripts/mutate.ts runs one scope at a time
 * with its own incremental file, so a re-run retests only what changed; this
 * file alone (`npx stryker run`) mutates everything, which takes hours.
 */
export default {
  packageManager: 'npm',
  testRunner: 'vitest',
  plugins: ['@stryker-mutator/vitest-runner'],
  vitest: { configFile: 'vitest.stryker.config.ts', related: false },
  coverageAnalysis: 'perTest',
  mutate: [
    'crypto/**/*.ts',
    'src/engine/**/*.ts',
    'src/games/**/*.ts',
    'src/net/**/*.ts',
    'src/table/**/*.ts',
    'src/verify/**/*.ts',
    // Re-exports only: nothing to mutate.
    '!crypto/index.ts',
    '!src/engine/index.ts',
    '!src/games/index.ts',
  ],
  // Module-level constants mutate only by reloading every test file; that
  // costs a full suite per mutant. They are listed as "ignored" in the report.
  ignoreStatic: true,
  // The machine is shared: one worker, generous timeouts (a slow run is not
  // an infinite loop).
  concurrency: 1,
  timeoutMS: 20_000,
  timeoutFactor: 2,
  dryRunTimeoutMinutes: 60,
  incremental: true,
  incrementalFile: 'reports/stryker-incremental.json',
  reporters: ['clear-text', 'progress-append-only', 'json'],
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  tempDirName: '.stryker-tmp',
  ignorePatterns: ['dist', 'reports', 'test-results', 'docs/*.png', '.stryker-tmp*'],
  cleanTempDir: 'always',
};
