/**
 * `loadedNow(() => import('…'))`: a module loaded afresh inside the running
 * test. For tests of code that runs when its module loads (a valibot schema,
 * a regex constant, a module-level cache or default): under `npm run
 * mutate`, a changed line is switched on only after the test files imported
 * their modules, so a module imported at the top of the test file would hold
 * the unchanged code, and a test of that load-time code would be counted as
 * not seeing the change although it does (docs/TESTING.md).
 */
import { vi } from 'vitest';

export async function loadedNow<M>(load: () => Promise<M>): Promise<M> {
  vi.resetModules();
  return load();
}
