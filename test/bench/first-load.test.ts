/**
 * The production build's first loads, as a player on a slow link pays them:
 * `vite build` as `npm run build` runs it (the service worker included), into
 * a folder of its own, read by the bundle bench (bench/bundle.ts). The home
 * page, and a table link's lobby with each game's rules, each stay within
 * 120 KiB gzip, and the service worker precaches every chunk so a table
 * opens offline.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { analyseBundle } from '../../bench/bundle.js';
import { buildProduction } from '../e2e/server.js';

const out = mkdtempSync(path.join(tmpdir(), 'fairdeck-build-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

test('the home page and every game’s lobby load within the first-load budget, and all of it works offline', () => {
  buildProduction(out);
  const bundle = analyseBundle(out);
  // Judged as the bench judges them (bench/bundle.ts: gzip against FIRST_LOAD_TARGET_KIB).
  expect(bundle.home.met, `home page ${bundle.home.gzipBytes} bytes gzip`).toBe(true);
  expect(Object.fromEntries(bundle.lobbyByGame.map((l) => [l.game, l.met]))).toEqual({
    'stress-shed': true,
    'stress-speed': true,
    pesten: true,
    'fighting-cards': true,
    'school-blackjack': true,
  });
  expect(bundle.notPrecached).toEqual([]);
}, 120_000);
