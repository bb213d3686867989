/**
 * `npm run mutate -- <scope> [--mutate <glob,...>] [--tests <glob,...>] [--all-tests] [--concurrency n] [--force]`
 * Runs StrykerJS (stryker.config.mjs) on one scope — crypto, engine, games,
 * net or table — with that scope's own test files (a mutant in crypto/ must
 * be caught by test/crypto, not by a table test that happens to cross it;
 * --all-tests uses every unit test but fuzz and e2e instead). --mutate narrows
 * the mutated files inside the scope (e.g. crypto/dleq.ts), --tests the test
 * files (e.g. test/crypto/seal.test.ts: a file's own tests). Each target keeps
 * its own incremental file under reports/, so a re-run retests only mutants
 * whose code or tests changed. Stryker prints its report (the surviving
 * mutants and the score table; the JSON stays in reports/mutation/<target>.json);
 * no score is recorded anywhere: mutation testing is a tool for finding
 * untested code, not a figure to track.
 */
import { createHash } from 'node:crypto';
import { parseArgs } from 'node:util';
import { Stryker } from '@stryker-mutator/core';

interface Scope {
  readonly mutate: readonly string[];
  readonly tests: readonly string[];
}

/** The scopes: the files each mutates and the tests that must catch its mutants. */
const SCOPES: Readonly<Record<string, Scope>> = {
  crypto: { mutate: ['crypto/**/*.ts', '!crypto/index.ts'], tests: ['test/crypto/**/*.test.ts'] },
  engine: {
    mutate: ['src/engine/**/*.ts', '!src/engine/index.ts'],
    tests: ['test/engine/**/*.test.ts', 'test/conformance/engine.test.ts'],
  },
  games: { mutate: ['src/games/**/*.ts', '!src/games/index.ts'], tests: ['test/games/**/*.test.ts'] },
  net: { mutate: ['src/net/**/*.ts'], tests: ['test/net/**/*.test.ts'] },
  table: {
    mutate: ['src/table/**/*.ts', 'src/verify/**/*.ts'],
    tests: [
      'test/table/**/*.test.ts',
      'test/adversarial/**/*.test.ts',
      'test/verify/**/*.test.ts',
      'test/conformance/table.test.ts',
    ],
  },
};

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    mutate: { type: 'string' },
    tests: { type: 'string' },
    'all-tests': { type: 'boolean', default: false },
    concurrency: { type: 'string', default: '1' },
    force: { type: 'boolean', default: false },
  },
});
const scopeName = positionals[0];
const scope = scopeName === undefined ? undefined : SCOPES[scopeName];
if (scopeName === undefined || scope === undefined || positionals.length > 1) {
  console.error(
    `usage: npm run mutate -- <${Object.keys(SCOPES).join('|')}> [--mutate glob,...] [--tests glob,...] [--all-tests] [--concurrency n] [--force]`,
  );
  process.exit(2);
}
const globs = (list: string | undefined) =>
  list
    ?.split(',')
    .map((glob) => glob.trim())
    .filter((glob) => glob !== '');
const narrowed = globs(values.mutate);
const narrowedTests = globs(values.tests);
const mutate = narrowed ?? [...scope.mutate];
const testFiles = values['all-tests'] ? [] : (narrowedTests ?? [...scope.tests]);
const target = [scopeName, narrowed?.join(','), narrowedTests && `tests=${narrowedTests.join(',')}`]
  .filter(Boolean)
  .join(':');
// The tag names the incremental file, the report and the sandbox directory: a long list of files
// would pass the file system's 255-byte name limit (ENAMETOOLONG), so a long tag keeps its start
// and ends in a digest of the whole target (still one tag per target).
const fullTag = target.replace(/[^A-Za-z0-9_.=-]+/g, '_');
const fileTag =
  fullTag.length <= 200
    ? fullTag
    : `${fullTag.slice(0, 180)}-${createHash('sha256').update(target).digest('hex').slice(0, 16)}`;

// Tests of browser-only code (test/browser/**) run inside Chromium: Vitest's browser mode, with
// its own configuration. A target mixes neither kind.
const browserTests = testFiles.filter((file) => file.startsWith('test/browser/'));
if (browserTests.length > 0 && browserTests.length !== testFiles.length) {
  console.error('--tests: test/browser/ files run in Chromium, the others under Node; give them separate targets');
  process.exit(2);
}
const vitestConfigFile = browserTests.length > 0 ? 'vitest.stryker-browser.config.ts' : 'vitest.stryker.config.ts';

const stryker = new Stryker({
  configFile: 'stryker.config.mjs',
  mutate,
  vitest: { configFile: vitestConfigFile, related: false },
  testFiles,
  concurrency: Number(values.concurrency),
  force: values.force,
  incrementalFile: `reports/stryker-incremental-${fileTag}.json`,
  // Its own sandbox directory, so two targets can run side by side (each deletes its own when done).
  tempDirName: `.stryker-tmp-${fileTag}`,
  jsonReporter: { fileName: `reports/mutation/${fileTag}.json` },
});
await stryker.runMutationTest();
