/**
 * The bundle bench's reading of a build (bench/bundle.ts) on a small one
 * written to a temporary folder, shaped like Vite's: an entry with a chunk it
 * imports, the home page and the table's code imported on demand, two games'
 * rules sharing a chunk, and a service worker that misses one file. The
 * lobby is judged with the rules of the game that weighs most (here over the
 * target while the other game's lobby is under it), each game's lobby counts
 * its rules and what they import, the home page counts its element, and a
 * worker's script counts with the chunk that starts it.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { analyseBundle, FIRST_LOAD_TARGET_KIB } from '../../bench/bundle.js';

/** Bytes that do not compress: a file's gzip size grows with its length. */
function noise(length: number, seed: number): string {
  let x = seed;
  let out = '';
  while (out.length < length) {
    x = (x * 1103515245 + 12345) % 2 ** 31;
    out += x.toString(36);
  }
  return out.slice(0, length);
}

const FILES: Record<string, number> = {
  'assets/index.js': 120_000,
  'assets/index.css': 2_000,
  'assets/fd-home.js': 3_000,
  'assets/table-stack.js': 55_000,
  'assets/big-game.js': 16_000,
  'assets/small-game.js': 4_000,
  'assets/game-shared.js': 1_500,
  'assets/big-game-bot.js': 3_500,
  'assets/fd-settings.js': 2_500,
  'assets/hand-worker-client.js': 1_000,
  'assets/hand-worker.js': 30_000,
};

const dist = mkdtempSync(path.join(tmpdir(), 'fd-bundle-'));
afterAll(() => rmSync(dist, { recursive: true, force: true }));
mkdirSync(path.join(dist, 'assets'));
mkdirSync(path.join(dist, '.vite'));
Object.entries(FILES).forEach(([file, length], i) => writeFileSync(path.join(dist, file), noise(length, i + 1)));
writeFileSync(
  path.join(dist, '.vite/manifest.json'),
  JSON.stringify({
    'index.html': {
      file: 'assets/index.js',
      src: 'index.html',
      isEntry: true,
      css: ['assets/index.css'],
      dynamicImports: [
        'components/fd-home.ts',
        'components/fd-settings.ts',
        'src/app/table-stack.ts',
        'src/games/big-game/index.ts',
        'src/games/small-game/index.ts',
      ],
    },
    'components/fd-home.ts': {
      file: 'assets/fd-home.js',
      src: 'components/fd-home.ts',
      isDynamicEntry: true,
      imports: ['index.html'],
    },
    'components/fd-settings.ts': {
      file: 'assets/fd-settings.js',
      src: 'components/fd-settings.ts',
      isDynamicEntry: true,
      imports: ['index.html'],
    },
    'src/app/table-stack.ts': {
      file: 'assets/table-stack.js',
      src: 'src/app/table-stack.ts',
      isDynamicEntry: true,
      imports: ['index.html'],
      dynamicImports: ['src/app/hand-worker-client.ts'],
    },
    'src/app/hand-worker-client.ts': {
      file: 'assets/hand-worker-client.js',
      src: 'src/app/hand-worker-client.ts',
      isDynamicEntry: true,
      // The worker's script is an asset of the chunk that starts it.
      assets: ['assets/hand-worker.js', 'assets/hand-worker.js.map'],
    },
    'src/games/big-game/index.ts': {
      file: 'assets/big-game.js',
      src: 'src/games/big-game/index.ts',
      isDynamicEntry: true,
      imports: ['index.html', '_game-shared.js'],
      dynamicImports: ['src/games/big-game/bot.ts'],
    },
    'src/games/big-game/bot.ts': {
      file: 'assets/big-game-bot.js',
      src: 'src/games/big-game/bot.ts',
      isDynamicEntry: true,
      imports: ['src/games/big-game/index.ts'],
    },
    'src/games/small-game/index.ts': {
      file: 'assets/small-game.js',
      src: 'src/games/small-game/index.ts',
      isDynamicEntry: true,
      imports: ['index.html', '_game-shared.js'],
    },
    '_game-shared.js': { file: 'assets/game-shared.js', name: 'game-shared' },
  }),
);
const precached = Object.keys(FILES).filter((file) => file !== 'assets/fd-settings.js');
writeFileSync(
  path.join(dist, 'sw.js'),
  `precacheAndRoute([${precached.map((url) => `{url:"${url}",revision:null}`).join(',')}])`,
);

const gzip = (...files: string[]) =>
  files.reduce(
    (sum, file) => sum + gzipSync(noise(FILES[file]!, Object.keys(FILES).indexOf(file) + 1), { level: 9 }).length,
    0,
  );

describe('the bundle bench', () => {
  const r = analyseBundle(dist);
  const shell = ['assets/index.js', 'assets/index.css'];
  const lobbyCode = [...shell, 'assets/table-stack.js'];

  it('counts the shell, and the home page with its element', () => {
    expect(r.shell).toEqual({ files: 2, bytes: 122_000, gzipBytes: gzip(...shell) });
    expect(r.home.files).toBe(3);
    expect(r.home.gzipBytes).toBe(gzip(...shell, 'assets/fd-home.js'));
    expect(r.home.targetGzipKiB).toBe(FIRST_LOAD_TARGET_KIB);
  });

  it('judges the lobby with the heaviest game’s rules and what they import, and gives each game’s', () => {
    expect(r.lobbyCode.gzipBytes).toBe(gzip(...lobbyCode));
    expect(r.lobbyByGame.map((l) => l.game)).toEqual(['big-game', 'small-game']);
    expect(r.lobby.game).toBe('big-game');
    expect(r.lobby.files).toBe(5);
    expect(r.lobby.gzipBytes).toBe(gzip(...lobbyCode, 'assets/big-game.js', 'assets/game-shared.js'));
    expect(r.lobby.rulesGzipBytes).toBe(gzip('assets/big-game.js', 'assets/game-shared.js'));
    expect(r.lobbyByGame[1]!.gzipBytes).toBe(gzip(...lobbyCode, 'assets/small-game.js', 'assets/game-shared.js'));
    // The table's code and the small game's rules fit the target; the big game's do not, so the lobby misses it.
    expect(r.lobbyCode.gzipBytes).toBeLessThanOrEqual(FIRST_LOAD_TARGET_KIB * 1024);
    expect(r.lobbyByGame.map((l) => [l.game, l.met])).toEqual([
      ['big-game', false],
      ['small-game', true],
    ]);
    expect(r.lobby.met).toBe(false);
  });

  it('names what the player does for each import, and the files the service worker misses', () => {
    expect(r.steps.map((s) => s.what)).toEqual([
      'a big-game table hosts a bot (its code)',
      'a big-game table opens (rules + element)',
      'a small-game table opens (rules + element)',
      'a table opens (session, lobby, mesh)',
      "a table's lobby, once the hands' view is in: the hand-crypto worker",
      'the home page (shown at once)',
      'the settings page',
    ]);
    // Each step counts what it adds: a game's bot comes after that game's rules, so only the bot's own chunk.
    const step = (what: string) => r.steps.find((s) => s.what === what);
    expect(step('a big-game table hosts a bot (its code)')).toMatchObject({
      files: 1,
      gzipBytes: gzip('assets/big-game-bot.js'),
    });
    // The worker's script counts with the client that starts it.
    expect(step("a table's lobby, once the hands' view is in: the hand-crypto worker")).toMatchObject({
      files: 2,
      gzipBytes: gzip('assets/hand-worker-client.js', 'assets/hand-worker.js'),
    });
    expect(step('a big-game table opens (rules + element)')?.gzipBytes).toBe(
      gzip('assets/big-game.js', 'assets/game-shared.js'),
    );
    expect(r.notPrecached).toEqual(['assets/fd-settings.js']);
    expect(r.files.find((f) => f.file === 'assets/game-shared.js')?.loadedBy).toBe(
      'src/games/big-game/index.ts, src/games/small-game/index.ts, src/games/big-game/bot.ts',
    );
    // A game's bot is no part of its lobby: it is loaded on demand, from the game's module.
    expect(r.lobby.gzipBytes).toBe(gzip(...lobbyCode, 'assets/big-game.js', 'assets/game-shared.js'));
  });
});
