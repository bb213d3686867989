/**
 * Pesten's game module (src/games/pesten/index.ts and game.ts) as the app
 * sees it: id, name, blurb, seat range, turn timing, clockwise play as
 * descending seats, no race errors, the option fields with their labels and
 * bounds, the heuristic bot and the module's helpers wired in, and the
 * describe wrapper that reads the state. Loaded inside the test: the module
 * object is built when it loads (docs/TESTING.md).
 */
import { expect, test } from 'vitest';
import { loadedNow } from '../../helpers/loaded-now.js';
import { position } from './helpers.js';

test("the module's fields and wiring", async () => {
  const index = await loadedNow(() => import('../../../src/games/pesten/index.js'));
  const m = index.pestenModule;
  expect(m).toMatchObject({
    id: 'pesten',
    name: 'Pesten',
    blurb: 'Dutch Crazy Eights with jokers, wishes, pick-ups and passing cards.',
    minPlayers: 2,
    maxPlayers: 8,
    timing: 'turns',
    playDirection: 'descending',
    raceErrors: [],
  });
  expect(m.options.defaults).toEqual({ targetPoints: 2, drawThenPlay: false });
  expect(m.options.fields).toEqual({
    targetPoints: {
      kind: 'number',
      label: 'Round wins for the match',
      help: 'The match ends when a player has won this many rounds.',
      min: 1,
      max: 20,
    },
    drawThenPlay: {
      kind: 'checkbox',
      label: 'Play the drawn card',
      help: 'Off: drawing a card ends your turn. On: you may play the card you drew (and only that one).',
    },
  });
  expect(await m.loadBot()).toBe((await import('../../../src/games/pesten/bot.js')).pestenHeuristic);
  expect(m.rules).toBe(index.pesten);
  expect(m.rules.id).toBe('pesten');
  expect(m.cardZones).toBeTypeOf('function');
  expect(m.rulesText?.sections).toHaveLength(3);
  expect(m.describePrivate).toBeTypeOf('function');
  expect(m.cardProbe?.play).toBeTypeOf('function');
  const deal = {
    hands: [
      ['3C', '4C'],
      ['9D', '5D'],
      ['8H', '5H', '6H'],
    ],
    discard: ['9H'],
  };
  const dealt = position(3, deal);
  const played = position(3, deal, [{ seat: 2, type: 'play', card: '8H' }]);
  const handle = Number(Object.entries(played.open).find(([, c]) => c === '8H')?.[0]);
  expect(
    m.describe(
      { kind: 'act', seat: 2, action: { type: 'play', handle, card: '8H' } },
      ['Ann', 'Bob', 'Cleo'],
      played.state,
      dealt.state,
    ),
  ).toBe('Cleo played 8♥ — Bob is skipped');
  // Hands played under version 1 (which kept the last move in the board) still verify by those rules.
  expect(m.rulesVersion).toBe(2);
  expect(m.olderRules?.map((r) => r.version)).toEqual([1]);
  expect(
    m.describe({ kind: 'act', seat: 2, action: { type: 'give', handle } }, ['Ann', 'Bob', 'Cleo'], null, null),
  ).toBe('Cleo passes a card');
});
