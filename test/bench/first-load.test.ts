/**
 * The production build's first loads, as a player on a slow link pays them:
 * `vite build` as `npm run build` runs it (the service worker included), into
 * a folder of its own, read by the bundle bench (bench/bundle.ts). The home
 * page, and a table link's lobby with each game's rules, each stay within
 * 120 KiB gzip, and the service worker precaches every chunk so a table
 * opens offline.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { analyseBundle, FIRST_LOAD_TARGET_KIB } from '../../bench/bundle.js';

const root = path.resolve(import.meta.dirname, '../..');
const out = mkdtempSync(path.join(tmpdir(), 'fairdeck-build-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

test('the home page and every game’s lobby load within the first-load budget, and all of it works offline', () => {
  // Built as `npm run build` builds: without Vitest's variables (the service worker is made, the test handle left
  // out) and without its NODE_ENV=test (libraries would build their development variants).
  const env = { ...process.env };
  delete env.VITEST;
  delete env.VITEST_MODE;
  delete env.NODE_ENV;
  const vite = path.join(root, 'node_modules/vite/bin/vite.js');
  const built = spawnSync(process.execPath, [vite, 'build', '--outDir', out, '--logLevel', 'warn'], {
    cwd: root,
    env,
    encoding: 'utf8',
  });
  expect(built.status, built.stderr).toBe(0);
  const bundle = analyseBundle(out);
  const kib = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;
  expect(kib(bundle.home.gzipBytes)).toBeLessThanOrEqual(FIRST_LOAD_TARGET_KIB);
  expect(
    Object.fromEntries(bundle.lobbyByGame.map((l) => [l.game, kib(l.gzipBytes) <= FIRST_LOAD_TARGET_KIB])),
  ).toEqual({
    'stress-shed': true,
    'stress-speed': true,
    pesten: true,
    'fighting-cards': true,
    'school-blackjack': true,
  });
  expect(bundle.notPrecached).toEqual([]);
}, 120_000);
