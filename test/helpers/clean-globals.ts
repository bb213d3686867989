/**
 * Vitest setup file of the Node projects: after each test file, whatever it
 * left on the globals is put back (spies such as a frozen `Date.now`, stubbed
 * globals, a fake clock). The `unit` project shares globals between the files
 * of a worker (`isolate: false`), so a file that forgot would hand its clock
 * to every later file of the worker, and those wait on time that never moves.
 * (No test spies on a global timer: restoring such a spy made under the fake
 * clock would put the dead fake back; docs/TESTING.md.)
 */
import { afterAll, vi } from 'vitest';

afterAll(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});
