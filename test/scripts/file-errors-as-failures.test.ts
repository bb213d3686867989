/**
 * The mutation run's reporter (scripts/file-errors-as-failures.ts) makes a
 * test file that fails as a whole count as failing tests *as StrykerJS reads
 * them*: an inner Vitest runs two fixture files whose file-level `beforeAll`
 * or import throws, and each test is converted with the Stryker Vitest
 * runner's own `convertTestToTestResult` — without the reporter they read as
 * skipped (the mutant would survive), with it as failed (killed); when
 * nothing throws, every test still passes.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { createVitest } from 'vitest/node';
import { FileErrorsAsFailures } from '../../scripts/file-errors-as-failures.js';

const FILES = ['test/fixtures/file-error.fixture.ts', 'test/fixtures/import-error.fixture.ts'];
const FAILED = 1; // TestStatus.Failed of @stryker-mutator/api
const SUCCESS = 0;
const SKIPPED = 2;

interface StrykerHelpers {
  convertTestToTestResult(test: unknown): { name: string; status: number; failureMessage?: string };
  collectTestsFromSuite(suite: unknown): unknown[];
}

async function strykerHelpers(): Promise<StrykerHelpers> {
  // Not in the package's exports: load the runner's own file by path.
  const root = dirname(createRequire(import.meta.url).resolve('@stryker-mutator/vitest-runner/package.json'));
  return (await import(pathToFileURL(join(root, 'dist/src/vitest-helpers.js')).href)) as StrykerHelpers;
}

/** Runs the fixture files in an inner Vitest and returns each test's status as Stryker reads it. */
async function statusesAsStrykerSees(
  withReporter: boolean,
): Promise<Map<string, { status: number; message: string | undefined }>> {
  const stryker = await strykerHelpers();
  const vitest = await createVitest('test', {
    config: false,
    include: FILES,
    watch: false,
    reporters: withReporter ? [new FileErrorsAsFailures()] : [{}], // {}: no output
  });
  try {
    await vitest.start(FILES);
    const seen = new Map<string, { status: number; message: string | undefined }>();
    for (const file of vitest.state.getFiles()) {
      for (const test of stryker.collectTestsFromSuite(file)) {
        const result = stryker.convertTestToTestResult(test);
        seen.set(result.name, { status: result.status, message: result.failureMessage });
      }
    }
    return seen;
  } finally {
    await vitest.close();
  }
}

describe('FileErrorsAsFailures (the mutation run reporter)', () => {
  afterEach(() => {
    delete process.env.FIXTURE_BREAK;
  });

  it('without it, Stryker reads the tests of a file whose beforeAll threw as skipped (the undercount)', async () => {
    process.env.FIXTURE_BREAK = '1';
    const seen = await statusesAsStrykerSees(false);
    expect(seen.get('a group one')?.status).toBe(SKIPPED);
    expect(seen.get('at the root')?.status).toBe(SKIPPED);
    expect([...seen.values()].some((test) => test.status === FAILED)).toBe(false);
  });

  it('with it, every test of such a file, and a stand-in for a file that failed to import, reads as failed with the file error', async () => {
    process.env.FIXTURE_BREAK = '1';
    const seen = await statusesAsStrykerSees(true);
    for (const name of ['a group one', 'a group two', 'at the root']) {
      expect(seen.get(name), name).toEqual({ status: FAILED, message: 'fixture broke' });
    }
    const importStandIn = [...seen.entries()].filter(([name]) => name.endsWith('the test file imports'));
    expect(importStandIn).toEqual([
      [expect.stringContaining('import-error.fixture.ts'), { status: FAILED, message: 'import broke' }],
    ]);
  });

  it('with it, passing files are left alone', async () => {
    const seen = await statusesAsStrykerSees(true);
    expect([...seen.keys()].sort()).toEqual(['a group one', 'a group two', 'at the root', 'imports']);
    expect([...seen.values()].every((test) => test.status === SUCCESS)).toBe(true);
  });
});
