/**
 * The Vitest configuration the mutation run uses for the browser-only tests
 * (test/browser/**, e.g. the PeerJS transport over real WebRTC in Chromium):
 * the same `browser` project as `npm test` (test/browser/project.ts), with
 * the reporter that counts a file failing as a whole as failed tests
 * (scripts/file-errors-as-failures.ts). scripts/mutate.ts picks it when every
 * test file of a target is under test/browser/.
 */
import { defineConfig } from 'vitest/config';
import { browserProject } from './test/browser/project.js';
import { FileErrorsAsFailures } from './scripts/file-errors-as-failures.js';

export default defineConfig({
  test: {
    ...browserProject.test,
    reporters: ['default', new FileErrorsAsFailures()],
  },
});
