/**
 * Build, serve and test configuration. The app is a static bundle (Vite); the
 * signaling server is mounted beside it by server/main.ts, not here. Vitest
 * runs six projects. `npm test` runs three: `unit` (Node, parallel), then
 * `browser` (unit tests of browser-only code inside Chromium, Vitest's browser
 * mode) beside `e2e` (real Chromium against the real server, one file at a
 * time): both spend most of their time waiting on timeouts. `npm run
 * test:deep` runs `deep` (files named *.deep.test.ts, plus every
 * properties.test.ts at its deep input counts) and `e2e-deep` (*.deep.e2e.ts).
 * `npm run test:nat` runs `nat`, the NAT lab (test/nat/*.nat.ts, as root). The production build is a PWA
 * (vite-plugin-pwa): a web manifest with the icons in public/ and a Workbox
 * service worker that precaches the whole bundle, so the app loads offline
 * after the first visit; the dev server registers no service worker.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { VitePWA } from 'vite-plugin-pwa';
import { minifyTemplateLiterals } from 'rollup-plugin-minify-template-literals';
import { browserProject } from './test/browser/project.js';
import { SlowFirstSequencer } from './test/helpers/slow-first-sequencer.js';

const THEME = '#0f5132';

/**
 * Workers for the Node projects: one per core. Vitest's default keeps a core
 * for itself (cores − 1), which on a 2-core machine ran the unit files one at
 * a time; the tests are CPU-bound and Vitest's own process is mostly idle.
 */
const WORKERS = availableParallelism();

/**
 * Test files that replace a module with `vi.mock`. A mock applies only where
 * the module is not loaded yet, so these run in the `unit-mocks` project, with
 * a fresh module graph per file; every other unit file shares its worker's.
 */
const MOCKING: string[] = (readdirSync('test', { recursive: true, encoding: 'utf8' }) as string[])
  .filter((name) => name.endsWith('.test.ts'))
  .map((name) => `test/${name}`)
  .filter((file) => /\bvi\.(?:do)?[mM]ock\(/.test(readFileSync(file, 'utf8')));

/** Manifest + precache of every built file; signaling and health checks always go to the network. */
const pwa = VitePWA({
  registerType: 'autoUpdate',
  injectRegister: 'script-defer',
  devOptions: { enabled: false },
  includeAssets: ['icon.svg', 'apple-touch-icon.png'],
  manifest: {
    name: 'Fairdeck',
    short_name: 'Fairdeck',
    description: 'A card table in your browsers: direct connections, a provably fair shuffle, every hand audited.',
    theme_color: THEME,
    background_color: '#0a3622',
    display: 'standalone',
    start_url: '/',
    scope: '/',
    icons: [
      { src: 'icon-192.png', sizes: '192x192', type: 'image/png' },
      { src: 'icon-512.png', sizes: '512x512', type: 'image/png' },
      { src: 'icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      { src: 'icon.svg', sizes: 'any', type: 'image/svg+xml' },
    ],
  },
  workbox: {
    globPatterns: ['**/*.{js,css,html,svg,png,ico,webmanifest}'],
    // Every chunk is precached (each game, the table code, the verifier, the QR code), so offline play loads them all.
    maximumFileSizeToCacheInBytes: 8 * 1024 * 1024,
    navigateFallback: 'index.html',
    navigateFallbackDenylist: [/^\/peerjs/, /^\/healthz/],
    cleanupOutdatedCaches: true,
  },
});

export default defineConfig({
  resolve: {
    // PeerJS imports webrtc-adapter only for its browser detection; this module gives it that (the library's own
    // `detectBrowser`) without the shims for old browsers and their SDP parser (src/net/webrtc-adapter-lite.ts). Here,
    // not in a plugin, so every build has it: `npm run build`, the e2e tests' bundle and the dev server.
    alias: [
      {
        find: /^webrtc-adapter$/,
        replacement: fileURLToPath(new URL('./src/net/webrtc-adapter-lite.ts', import.meta.url)),
      },
    ],
  },
  // The PWA plugin: tests run without it (Vitest never builds, and the plugin only slows it). Every build, the tests'
  // too, minifies the elements' css`` and html`` templates, which JavaScript minifiers leave as written (comments,
  // indentation): 1.5 KiB gzip off the first load. Whitespace collapses to one space, never to none, so words beside an
  // expression or at a template's edge keep their space.
  plugins: [
    {
      ...minifyTemplateLiterals({ failOnError: true, options: { minifyOptions: { conservativeCollapse: true } } }),
      apply: 'build',
    },
    ...(process.env.VITEST ? [] : [pwa]),
  ],
  // The manifest (dist/.vite/manifest.json) tells which chunks the first page loads: `npm run bench -- bundle`.
  build: {
    target: 'es2022',
    sourcemap: true,
    manifest: true,
    // Everything the entry imports statically is one chunk: left to itself the bundler cut the first page's code into
    // a dozen files (each game's meta.ts, lit, valibot, the curves, …) wherever a chunk loaded on demand shared a
    // module, and a server compresses each file on its own, so they weighed 3.6 KiB gzip more than one file. What
    // loads on demand is still split as its imports say (`npm run bench -- bundle`).
    rolldownOptions: { output: { codeSplitting: { groups: [{ name: 'first', tags: ['$initial'] }] } } },
  },
  // The page's test handle (`window.fairdeck`: the store, and the mesh for the e2e tests' hostile peer) exists in the
  // dev server and in the bundles the tests build (VITEST set, or FD_TEST_HANDLE=1 for the NAT lab's production-like
  // build), never in `npm run build`'s.
  define: { __FD_TEST_HANDLE__: JSON.stringify(Boolean(process.env.VITEST || process.env.FD_TEST_HANDLE === '1')) },
  // Pre-bundle every browser dependency up front, so the dev server never
  // discovers one mid-session and reloads the players' pages.
  optimizeDeps: {
    include: [
      'lit',
      'lit/decorators.js',
      'lit/directives/if-defined.js',
      'lit/directives/keyed.js',
      'lit/directives/repeat.js',
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
    sequence: { sequencer: SlowFirstSequencer },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['test/**/*.test.ts'],
          exclude: ['test/e2e/**', 'test/browser/**', 'test/**/*.deep.test.ts', ...MOCKING],
          environment: 'node',
          setupFiles: ['test/helpers/depth-setup.ts', 'test/helpers/games-setup.ts', 'test/helpers/clean-globals.ts'],
          // One module graph per worker, not per file: importing crypto/ and the
          // games again for each of some two hundred files cost more CPU than
          // most of the tests. Every test file cleans up what it starts.
          isolate: false,
          maxWorkers: WORKERS,
          testTimeout: 60_000,
          // A cold module graph (generator and MSM tables) makes a first beforeAll take seconds; beside other
          // work Vitest's default of 10 s was not enough.
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'unit-mocks',
          include: MOCKING.filter((file) => !file.endsWith('.deep.test.ts')),
          environment: 'node',
          maxWorkers: WORKERS,
          setupFiles: ['test/helpers/depth-setup.ts', 'test/helpers/games-setup.ts', 'test/helpers/clean-globals.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'deep',
          // The full attacker matrix and other long runs (*.deep.test.ts), and
          // again, at their deep input counts and from a fresh seed, every file
          // whose counts scale with test/helpers/depth.ts: the fuzzers, the
          // properties and the transcript tamper test.
          include: [
            'test/**/*.deep.test.ts',
            'test/**/properties.test.ts',
            'test/fuzz/**/*.test.ts',
            'test/verify/tamper.test.ts',
            'test/crypto/protocol.test.ts',
          ],
          exclude: ['test/e2e/**', 'test/browser/**'],
          environment: 'node',
          env: { FAIRDECK_DEEP: '1' },
          maxWorkers: WORKERS,
          globalSetup: ['test/helpers/depth-global.ts'],
          setupFiles: ['test/helpers/depth-setup.ts', 'test/helpers/games-setup.ts', 'test/helpers/clean-globals.ts'],
          testTimeout: 1_800_000,
          hookTimeout: 300_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.e2e.ts'],
          exclude: ['test/e2e/**/*.deep.e2e.ts'],
          environment: 'node',
          globalSetup: ['test/e2e/global-setup.ts'],
          setupFiles: ['test/helpers/games-setup.ts'],
          fileParallelism: false,
          testTimeout: 600_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e-deep',
          include: ['test/e2e/**/*.deep.e2e.ts'],
          environment: 'node',
          globalSetup: ['test/e2e/global-setup.ts'],
          setupFiles: ['test/helpers/games-setup.ts'],
          fileParallelism: false,
          testTimeout: 1_200_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          // The NAT lab (`npm run test:nat`, as root; test/nat/global-setup.ts builds it): Chromium in two homes
          // behind real NATs, the app server and coturn on an "internet" of network namespaces. Not in `npm test`
          // or `npm run test:deep`: .ci/run runs it on its own.
          name: 'nat',
          include: ['test/nat/**/*.nat.ts'],
          environment: 'node',
          globalSetup: ['test/nat/global-setup.ts'],
          fileParallelism: false,
          testTimeout: 900_000,
          hookTimeout: 300_000,
        },
      },
      { extends: true, ...browserProject },
    ],
  },
});
