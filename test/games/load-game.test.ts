/**
 * The registry as the page uses it: every game's meta.ts is there at once
 * (the catalog, the config check), while a game's rules are there only once
 * `loadGame` has loaded them (a chunk of their own in the built app). Node
 * processes register every game (and its bot) through src/games/all.ts; a
 * page loads a game's bot only when it hosts one. This file takes a
 * fresh copy of the registry, as a page starts (test/helpers/loaded-now.ts).
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { loadedNow } from '../helpers/loaded-now.js';
import type * as Registry from '../../src/games/index.js';
import * as loadedRegistry from '../../src/games/index.js';

let registry: typeof Registry;

beforeEach(async () => {
  registry = await loadedNow(() => import('../../src/games/index.js'));
});

describe('a page’s registry before any table opens', () => {
  it('lists every game’s meta, and has no game’s rules', () => {
    expect(registry.gameMetas.map((m) => m.id)).toEqual(loadedRegistry.gameModules.map((m) => m.id));
    expect(registry.gameModules).toEqual([]);
    for (const { id } of registry.gameMetas) {
      expect(registry.isGameId(id)).toBe(true);
      expect(registry.isGameLoaded(id)).toBe(false);
      expect(registry.gameModule(id)).toBeNull();
      expect(registry.gameById(id)).toBeNull();
      expect(registry.describeInput(id, { kind: 'act', seat: 0, action: {} }, ['Ann'], null)).toBe('');
    }
  });

  it('checks a table’s config from the metas alone', () => {
    const [meta] = registry.gameMetas;
    expect(registry.checkTableConfig(meta!.id, meta!.minPlayers, {})).toBeNull();
    expect(registry.checkTableConfig(meta!.id, meta!.maxPlayers + 1, {})).toBe(
      loadedRegistry.checkTableConfig(meta!.id, meta!.maxPlayers + 1, {}),
    );
    expect(registry.checkTableConfig(meta!.id, meta!.minPlayers, { noSuchOption: true })).toBe(
      `${meta!.name} has no option noSuchOption`,
    );
    expect(registry.checkTableConfig('no-such-game', 2, {})).toBe('unknown game "no-such-game"');
  });
});

describe('loadGame', () => {
  it('loads and registers that game only, once, however often it is asked', async () => {
    const [first, second] = registry.gameMetas;
    const [a, b] = await Promise.all([registry.loadGame(first!.id), registry.loadGame(first!.id)]);
    expect(a).toBe(b);
    expect(await registry.loadGame(first!.id)).toBe(a);
    expect(registry.isGameLoaded(first!.id)).toBe(true);
    expect(registry.gameModule(first!.id)).toBe(a);
    expect(registry.gameById(first!.id)).toBe(a.rules);
    expect(registry.gameModules).toEqual([a]);
    expect(registry.isGameLoaded(second!.id)).toBe(false);
    expect(registry.gameModule(second!.id)).toBeNull();
  });

  it('a loaded game has no bot until its bot is loaded, once; a game not loaded has none to load', async () => {
    const [first, second] = registry.gameMetas;
    const module = await registry.loadGame(first!.id);
    expect(registry.gameBot(first!.id)).toBeNull();
    expect(registry.botLoaded(first!.id)).toBe(false);
    // A game the registry does not hold plays no bot of its own, so it needs none.
    expect(registry.botLoaded('no-such-game')).toBe(true);
    const [a, b] = await Promise.all([registry.loadBot(first!.id), registry.loadBot(first!.id)]);
    expect(a).toBe(b);
    expect(registry.gameBot(first!.id)).toBe(a);
    expect(registry.botLoaded(first!.id)).toBe(true);
    expect(a).toBe(await module.loadBot());
    await expect(registry.loadBot(second!.id)).rejects.toThrow(
      `game ${second!.id} is not loaded, so neither is its bot`,
    );
    expect(registry.gameBot(second!.id)).toBeNull();
  });

  it('keeps the registry’s order whatever order games load in', async () => {
    const ids = registry.gameMetas.map((m) => m.id);
    for (const id of [...ids].reverse()) await registry.loadGame(id);
    expect(registry.gameModules.map((m) => m.id)).toEqual(ids);
  });

  it('each loaded module is built from its meta: same name, seats, timing, direction and options', async () => {
    for (const meta of registry.gameMetas) {
      const module = await registry.loadGame(meta.id);
      expect(module).toMatchObject({
        id: meta.id,
        name: meta.name,
        blurb: meta.blurb,
        minPlayers: meta.minPlayers,
        maxPlayers: meta.maxPlayers,
        timing: meta.timing,
        playDirection: meta.playDirection,
      });
      expect(module.options).toBe(meta.options);
      expect(module.rules.displayName).toBe(meta.name);
    }
  });
});

describe('registerGame refuses what the registry does not list', () => {
  it('a game that is not in the registry, and a module not built from its meta.ts', async () => {
    const real = loadedRegistry.gameModules[0]!;
    expect(() => registry.registerGame({ ...real, id: 'no-such-game' })).toThrow(
      new TypeError('game no-such-game is not in the registry'),
    );
    // The copy in `loadedRegistry` was built from that graph's meta.ts, not this fresh registry's.
    expect(() => registry.registerGame(real)).toThrow(
      new TypeError(`game ${real.id}: its module is not built from its meta.ts`),
    );
    expect(registry.isGameLoaded(real.id)).toBe(false);
  });

  it('another module under a registered id', async () => {
    const module = await registry.loadGame(registry.gameMetas[0]!.id);
    expect(() => registry.registerGame({ ...module })).toThrow(new TypeError(`game ${module.id} is registered twice`));
    expect(registry.gameModule(module.id)).toBe(module);
  });
});
