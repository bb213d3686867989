/**
 * `loadedNow(() => import('…'))`: a module loaded afresh inside the running
 * test. For tests of code that runs when its module loads (a valibot schema,
 * a regex constant, a module-level cache or default): StrykerJS's Vitest
 * runner switches a mutant on only after the test files imported their
 * modules whenever it is given test files (stryker-js issue 6144, fix
 * proposed in PR 6145), so a module imported at the top of the test file
 * holds the unmutated code in every mutant run and such mutants are
 * reported survived though the test kills them (docs/TESTING.md).
 */
import { vi } from 'vitest';

export async function loadedNow<M>(load: () => Promise<M>): Promise<M> {
  vi.resetModules();
  return load();
}
