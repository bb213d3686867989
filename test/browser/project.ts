/**
 * The Vitest `browser` project: unit tests of browser-only code (the PeerJS
 * transport over real WebRTC) run inside headless Chromium by Vitest's
 * browser mode with the Playwright provider, against a real signaling server
 * the tests start and stop through browser commands (signaling-commands.ts),
 * and a real coturn for the TURN cases (coturn-commands.ts).
 * Shared by vite.config.ts (`npm test`) and vitest.stryker-browser.config.ts
 * (the mutation run of those files).
 */
import { playwright } from '@vitest/browser-playwright';
import type { TestProjectInlineConfiguration } from 'vitest/config';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium.js';
import { signalingCommands } from './signaling-commands.js';
import { coturnCommands } from './coturn-commands.js';

export const browserProject = {
  test: {
    name: 'browser',
    include: ['test/browser/**/*.test.ts'],
    browser: {
      enabled: true,
      headless: true,
      provider: playwright({ launchOptions: { executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS] } }),
      instances: [{ browser: 'chromium' }],
      commands: { ...signalingCommands, ...coturnCommands },
      screenshotFailures: false,
    },
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 60_000,
  },
} satisfies TestProjectInlineConfiguration;
