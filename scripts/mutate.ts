/**
 * `npm run mutate -- <scope> [--mutate <glob,...>] [--tests <glob,...>] [--all-tests] [--concurrency n] [--force]`
 * Runs StrykerJS (stryker.config.mjs) on one scope — crypto, engine, games,
 * net or table — with that scope's own test files (a mutant in crypto/ must
 * be caught by test/crypto, not by a table test that happens to cross it;
 * --all-tests uses every unit test but fuzz and e2e instead). --mutate narrows
 * the mutated files inside the scope (e.g. crypto/dleq.ts), --tests the test
 * files (e.g. test/crypto/seal.test.ts: a file's own tests). Each target keeps
 * its own incremental file under reports/, so a re-run retests only mutants
 * whose code or tests changed. The measured figures are written to
 * bench/mutation.json, one entry per target, with the date and commit; the
 * surviving mutants are printed (and stay in reports/mutation/<target>.json).
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { relative } from 'node:path';
import { parseArgs } from 'node:util';
import { Stryker } from '@stryker-mutator/core';
import type { MutantResult } from '@stryker-mutator/api/core';
import { BENCH_PATH, type BenchEntry, SCOPES, mutationScore, readBench, writeBench } from './mutation-bench.js';

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

function commitOfWorktree(): string {
  const head = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
  // bench/mutation.json is this script's own output: a run written there but not committed yet
  // does not make the code under test uncommitted. A new test file not added yet does (untracked
  // files count in the code and test directories; reports/ and the sandboxes are ignored files).
  const dirty =
    execFileSync(
      'git',
      [
        'status',
        '--porcelain',
        '--',
        'crypto',
        'src',
        'test',
        'scripts',
        'stryker.config.mjs',
        'vitest.stryker.config.ts',
        'package.json',
      ],
      { encoding: 'utf8' },
    ).trim() !== '';
  return dirty ? `${head}+uncommitted` : head;
}

function countStatus(results: readonly MutantResult[], ...statuses: string[]): number {
  return results.filter((result) => statuses.includes(result.status)).length;
}

// Tests of browser-only code (test/browser/**) run inside Chromium: Vitest's browser mode, with
// its own configuration. A target mixes neither kind.
const browserTests = testFiles.filter((file) => file.startsWith('test/browser/'));
if (browserTests.length > 0 && browserTests.length !== testFiles.length) {
  console.error('--tests: test/browser/ files run in Chromium, the others under Node; give them separate targets');
  process.exit(2);
}
const vitestConfigFile = browserTests.length > 0 ? 'vitest.stryker-browser.config.ts' : 'vitest.stryker.config.ts';

const commit = commitOfWorktree();
const started = process.hrtime.bigint();
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
const results = await stryker.runMutationTest();
const durationMin = Number(process.hrtime.bigint() - started) / 60e9;

const killed = countStatus(results, 'Killed');
const timeout = countStatus(results, 'Timeout');
const survived = countStatus(results, 'Survived');
const noCoverage = countStatus(results, 'NoCoverage');
const entry: BenchEntry = {
  target,
  date: new Date().toISOString(),
  commit,
  scope: scopeName,
  mutate,
  tests: testFiles.length === 0 ? 'all unit tests but test/fuzz and test/e2e' : testFiles.join(' '),
  score: mutationScore({ killed, timeout, survived, noCoverage }),
  killed,
  survived,
  timeout,
  noCoverage,
  ignored: countStatus(results, 'Ignored'),
  errors: countStatus(results, 'CompileError', 'RuntimeError'),
  durationMin: Math.round(durationMin * 10) / 10,
};

const bench = readBench();
writeBench({ ...bench, runs: [...bench.runs.filter((run) => run.target !== target), entry] });

for (const result of results.filter((mutant) => mutant.status === 'Survived' || mutant.status === 'NoCoverage')) {
  const where = `${relative(process.cwd(), result.fileName)}:${result.location.start.line}:${result.location.start.column}`;
  console.log(`${result.status} ${where} ${result.mutatorName}: ${result.replacement ?? ''}`.slice(0, 240));
}
console.log(
  `${target}: score ${entry.score}% (killed ${killed}, timeout ${timeout}, survived ${survived}, no coverage ${noCoverage}, ignored ${entry.ignored}) in ${entry.durationMin} min → ${BENCH_PATH}`,
);
