/**
 * A Vitest reporter for the mutation run only (vitest.stryker.config.ts): it
 * turns a test file's own error — a file-level `beforeAll` that throws, or a
 * module that fails to import — into failures of that file's tests, so that
 * StrykerJS counts the mutant that caused it as *killed*. Without it, the
 * Stryker 9.5 Vitest runner sees only "skipped" tests in such a file (it looks
 * for a failed parent suite, but a root-level test's chain of suites stops
 * before the file) and lists the mutant as *survived*, although `npm test`
 * fails on it (docs/TESTING.md, "the file-level undercount"). Runs in
 * Vitest's main process at the end of each run, before the runner reads
 * `vitest.state`; it changes only the skipped tests of a file that failed
 * with an error of its own, never a test that passed or failed by itself.
 */
import type { Reporter, Vitest } from 'vitest/node';

type Task = ReturnType<Vitest['state']['getFiles']>[number]['tasks'][number];
type FileTask = ReturnType<Vitest['state']['getFiles']>[number];

/** Every test under a suite (describe blocks included). */
function testsUnder(tasks: readonly Task[]): Task[] {
  return tasks.flatMap((task) => (task.type === 'suite' ? testsUnder(task.tasks) : task.type === 'test' ? [task] : []));
}

/** Marks the tests a failed file skipped as failed with the file's own error; returns how many. */
function failTestsOfFailedFile(file: FileTask): number {
  const errors = file.result?.errors;
  if (file.result?.state !== 'fail' || errors === undefined || errors.length === 0) return 0;
  // Vitest marks the tests of a failed file `mode: 'skip'` too, so a test skipped on purpose
  // cannot be told apart; the suite has none (no `.skip` in test/), and Stryker's own rule for a
  // failed describe block treats them the same way.
  const skippedByFile = testsUnder(file.tasks).filter((test) => test.result?.state === 'skip');
  for (const test of skippedByFile) {
    test.mode = 'run'; // Stryker reads mode 'skip' as skipped whatever the result says
    test.result = { ...test.result, state: 'fail', errors };
  }
  if (file.tasks.length > 0) return skippedByFile.length;
  // The module failed to import: no test was collected, so one stands for the file.
  file.tasks.push({
    type: 'test',
    id: `${file.id}_import`,
    name: 'the test file imports',
    fullName: `${file.name} the test file imports`,
    mode: 'run',
    context: {} as never,
    file,
    suite: file,
    meta: {},
    annotations: [],
    artifacts: [],
    timeout: 0,
    result: { state: 'fail', errors },
  } as unknown as Task);
  return 1;
}

export class FileErrorsAsFailures implements Reporter {
  private vitest: Vitest | undefined;

  onInit(vitest: Vitest): void {
    this.vitest = vitest;
  }

  onTestRunEnd(): void {
    for (const file of this.vitest?.state.getFiles() ?? []) failTestsOfFailedFile(file);
  }
}
