/**
 * Build, serve and test configuration. The app is a static bundle (Vite); the
 * signaling server is mounted beside it by server/main.ts, not here. Vitest
 * runs two projects: `unit` (pure code, parallel) and `e2e` (real Chromium
 * against the real server, one file at a time).
 */
import { defineConfig } from 'vitest/config';

export default defineConfig({
  build: { target: 'es2022', sourcemap: true },
  // Pre-bundle every browser dependency up front, so the dev server never
  // discovers one mid-session and reloads the players' pages.
  optimizeDeps: {
    include: [
      'lit',
      'lit/decorators.js',
      'lit/directives/unsafe-svg.js',
      'lit/static-html.js',
      'peerjs',
      'qrcode',
      'idb',
      'valibot',
      'cborg',
      '@noble/curves/ed25519.js',
      '@noble/hashes/sha2.js',
      '@noble/hashes/utils.js',
      '@noble/hashes/hkdf.js',
      '@noble/hashes/sha3.js',
    ],
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['test/**/*.test.ts'],
          exclude: ['test/e2e/**'],
          environment: 'node',
          testTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.e2e.ts'],
          environment: 'node',
          globalSetup: ['test/e2e/global-setup.ts'],
          fileParallelism: false,
          testTimeout: 600_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
