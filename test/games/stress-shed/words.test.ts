/**
 * The words a Stress (shedding) player reads, exactly: the log line of each
 * action (describe.ts `describeAction`), each effect a move had as the states
 * before and after it show (`stressEffects`: ready, draws, pick-ups, burns,
 * outs and places, 8s' skips, blind cards, the end of the hand), why a card
 * cannot be played (hints.ts) and the rules help (rules-text.ts, loaded
 * inside the test: it is a load-time table, stryker-js issue 6144). Built on
 * hand-made positions (table.ts) and the rules' own transitions, so each
 * case is one move.
 */
import { describe, expect, test } from 'vitest';
import type { CardId, Input } from '../../../src/engine/index.js';
import { describeAction, stressEffects } from '../../../src/games/stress-shed/describe.js';
import { stressProbe, stressWhy } from '../../../src/games/stress-shed/hints.js';
import { act, afterCrypto } from '../../../src/games/stress-shed/rules.js';
import type { StressAction } from '../../../src/games/stress-shed/actions.js';
import type { StressState } from '../../../src/games/stress-shed/board.js';
import { loadedNow } from '../../helpers/loaded-now.js';
import { table, type Table, type TableSpec } from './table.js';

const names = ['Ann', 'Bob', 'Cleo', 'Dan'];
const playOf = (t: Table, ...cards: CardId[]): StressAction => ({
  type: 'play',
  cards: cards.map((card) => ({ handle: t.h(card), card })),
});

/** The effects of one move by `seat` on the position `spec`. */
function effects(spec: TableSpec, seat: number, action: (t: Table) => StressAction): string[] {
  const t = table(spec);
  const before = structuredClone(t.state);
  const a = action(t);
  expect(act(t.state, seat, a, t.know)).toBeNull();
  return stressEffects({ kind: 'act', seat, action: a }, before, t.state, names);
}

/** The effects of the reveal that judges seat 0's blind card `card`. */
function blindEffects(
  spec: TableSpec,
  card: CardId,
  revealed: (t: Table) => Record<string, CardId> = (t) => ({ [t.h(card)]: card }),
): string[] {
  const t = table(spec);
  expect(act(t.state, 0, { type: 'blind', handle: t.h(card) }, t.know)).toBeNull();
  const before: StressState = structuredClone(t.state);
  expect(afterCrypto(t.state, { id: 0, kind: 'reveal-all', handles: [t.h(card)] }, t.know)).toBeNull();
  return stressEffects({ kind: 'revealed', request: 0, cards: revealed(t) }, before, t.state, names);
}

describe('effects of a move', () => {
  const four = (stack: CardId[], options = {}): TableSpec => ({
    seats: [{ hand: ['8C', '8D', '10C', '5S', '5H', 'KC'] }, { hand: ['4D'] }, { hand: ['4H'] }, { hand: ['4S'] }],
    stack,
    options,
  });

  test('the last ready starts play', () => {
    const spec: TableSpec = { seats: [{ hand: ['4C'] }, { hand: ['4D'] }], stack: ['7H'], phase: 'swap', turn: 1 };
    const t = table(spec);
    act(t.state, 0, { type: 'ready', swaps: [] }, t.know);
    const before = structuredClone(t.state);
    act(t.state, 1, { type: 'ready', swaps: [] }, t.know);
    expect(
      stressEffects({ kind: 'act', seat: 1, action: { type: 'ready', swaps: [] } }, before, t.state, names),
    ).toEqual(['everyone is ready: Bob starts']);
  });

  test('a play from the hand that draws', () => {
    expect(
      effects(
        { seats: [{ hand: ['5C', '5D', '9C', 'KC'] }, { hand: ['4D'] }], stack: ['4S'], draw: ['JH', 'JD', 'JC'] },
        0,
        (t) => playOf(t, '5C', '5D'),
      ),
    ).toEqual(['Ann draws 2']);
  });

  test('a play with nothing to say', () => {
    expect(
      effects({ seats: [{ hand: ['5C', '5D', '9C'] }, { hand: ['4D'] }], stack: ['4S'] }, 0, (t) => playOf(t, '5C')),
    ).toEqual([]);
  });

  test.each<[number, string]>([
    [1, 'Ann picks up 1 card'],
    [3, 'Ann picks up 3 cards'],
  ])('picking up %i', (n, line) => {
    const stack = ['QH', 'KH', 'AH'].slice(3 - n);
    expect(effects({ seats: [{ hand: ['4C'] }, { hand: ['4D'] }], stack }, 0, () => ({ type: 'pickup' }))).toEqual([
      line,
    ]);
  });

  test('a 10 burns and its player goes again; burning out, the player wins', () => {
    expect(effects(four(['6S', '7S']), 0, (t) => playOf(t, '10C'))).toEqual([
      'the stack burns (3 cards) and Ann plays again',
    ]);
    expect(
      effects({ seats: [{ hand: ['10C'] }, { hand: ['4D'] }, { hand: ['4H'] }], stack: [] }, 0, (t) =>
        playOf(t, '10C'),
      ),
    ).toEqual(['the stack burns (1 card)', 'Ann is out and wins']);
  });

  test('out in second place, and the last one left loses', () => {
    expect(
      effects({ seats: [{}, { hand: ['KD'] }, { hand: ['4H'] }], stack: ['5S'], out: [0], turn: 1 }, 1, (t) =>
        playOf(t, 'KD'),
      ),
    ).toEqual(['Bob is out (place 2)', 'Cleo is left with cards and loses']);
  });

  test('stopping at the first winner', () => {
    expect(
      effects(
        {
          seats: [{ hand: ['KC'] }, { hand: ['4D'] }, { hand: ['4H'] }],
          stack: [],
          options: { stopAtFirstWinner: true },
        },
        0,
        (t) => playOf(t, 'KC'),
      ),
    ).toEqual(['Ann is out and wins', 'the hand ends at the first winner']);
  });

  test.each<[string, CardId[], string[]]>([
    ['one 8 skips one', ['8C'], ['Bob is skipped']],
    ['two 8s skip two', ['8C', '8D'], ['Bob and Cleo are skipped']],
    ['a 5 skips nobody', ['5S'], []],
  ])('%s', (_name, cards, lines) => {
    expect(effects(four(['4S']), 0, (t) => playOf(t, ...cards))).toEqual(lines);
  });

  test('two 8s with two players come round to the other player: nobody is skipped', () => {
    expect(
      effects({ seats: [{ hand: ['8C', '8D', '5C'] }, { hand: ['4D'] }], stack: [] }, 0, (t) => playOf(t, '8C', '8D')),
    ).toEqual([]);
  });

  test('cards burned earlier are not a burn now; a burn that ends the hand gives no other turn', () => {
    expect(
      effects({ seats: [{ hand: ['5C', '9C'] }, { hand: ['4D'] }], stack: ['4S'], cemetery: ['10H', '7H'] }, 0, (t) =>
        playOf(t, '5C'),
      ),
    ).toEqual([]);
    expect(
      effects({ seats: [{ hand: ['10C'] }, { hand: ['4D'] }], stack: ['5S'] }, 0, (t) => playOf(t, '10C')),
    ).toEqual(['the stack burns (2 cards)', 'Ann is out and wins', 'Bob is left with cards and loses']);
  });

  test('one 8 with two players: the other player is skipped', () => {
    expect(
      effects({ seats: [{ hand: ['8C', '5C'] }, { hand: ['4D'] }], stack: [] }, 0, (t) => playOf(t, '8C')),
    ).toEqual(['Bob is skipped']);
  });

  test('8s that burn as four of a kind skip nobody', () => {
    expect(effects(four(['8S', '8H'], { fourOfAKindBurns: true }), 0, (t) => playOf(t, '8C', '8D'))).toEqual([
      'the stack burns (4 cards) and Ann plays again',
    ]);
  });

  test('an 8 that ends the hand skips nobody', () => {
    expect(effects({ seats: [{ hand: ['8C'] }, { hand: ['4D'] }], stack: [] }, 0, (t) => playOf(t, '8C'))).toEqual([
      'Ann is out and wins',
      'Bob is left with cards and loses',
    ]);
  });

  test('the endless-hands rule ending the hand', () => {
    const spec: TableSpec = { seats: [{ hand: ['4C'] }, { hand: ['4D'] }], stack: ['AH'] };
    const t = table(spec);
    const before = structuredClone(t.state);
    act(t.state, 0, { type: 'pickup' }, t.know);
    const after = structuredClone(t.state);
    after.board.phase = 'over';
    after.board.endless = 'repetition';
    expect(stressEffects({ kind: 'act', seat: 0, action: { type: 'pickup' } }, before, after, names)).toEqual([
      'Ann picks up 1 card',
      'the same position came up three times: the hand ends with no loser',
    ]);
    after.board.endless = 'no-progress';
    expect(stressEffects({ kind: 'act', seat: 0, action: { type: 'pickup' } }, before, after, names)).toEqual([
      'Ann picks up 1 card',
      'no progress for too long: the hand ends with no loser',
    ]);
    // Already over before: nothing about the end.
    expect(stressEffects({ kind: 'act', seat: 0, action: { type: 'pickup' } }, after, after, names)).toEqual([]);
  });

  test('an input of the table that judges no blind card says nothing', () => {
    const t = table({ seats: [{ hand: ['4C'] }, { hand: ['4D'] }], stack: ['AH'], draw: ['5C'] });
    const before = structuredClone(t.state);
    t.state.board.draw = [];
    expect(stressEffects({ kind: 'delivered', request: 0 }, before, t.state, names)).toEqual([]);
    expect(stressEffects({ kind: 'revealed', request: 0, cards: {} }, before, t.state, names)).toEqual([]);
  });

  test('drawing in the swap phase is not said', () => {
    const t = table({ seats: [{ hand: ['4C'] }, { hand: ['4D'] }], stack: [], draw: ['5C'], phase: 'swap' });
    const before = structuredClone(t.state);
    t.state.board.draw = [];
    expect(
      stressEffects({ kind: 'act', seat: 0, action: { type: 'ready', swaps: [] } }, before, t.state, names),
    ).toEqual([]);
  });
});

describe('effects of a blind card once revealed', () => {
  const spec = (
    faceDown: CardId[],
    stack: CardId[],
    seats: TableSpec['seats'] = [{ hand: ['4D'] }, { hand: ['4H'] }],
  ): TableSpec => ({
    seats: [{ faceDown }, ...seats],
    stack,
  });

  test('a reveal that leaves the blind card waiting says nothing', () => {
    const t = table(spec(['KS', '5S'], ['KH']));
    act(t.state, 0, { type: 'blind', handle: t.h('KS') }, t.know);
    const before = structuredClone(t.state);
    expect(
      stressEffects({ kind: 'revealed', request: 5, cards: { [t.h('KH')]: 'KH' } }, before, t.state, names),
    ).toEqual([]);
  });

  test('a card that fits', () => {
    expect(blindEffects(spec(['KS', '5S'], ['KH']), 'KS')).toEqual(["Ann's face-down card is K♠"]);
  });

  test('a card that does not fit: it and the stack are picked up', () => {
    expect(blindEffects(spec(['KS', '5S'], ['7H', 'KH']), '5S')).toEqual([
      "Ann's face-down card is 5♠ and does not fit",
      'Ann picks up 3 cards',
    ]);
  });

  test('a blind 10 that fits burns', () => {
    expect(blindEffects(spec(['10S', '5S'], ['7H']), '10S')).toEqual([
      "Ann's face-down card is 10♠",
      'the stack burns (2 cards) and Ann plays again',
    ]);
  });

  test('a blind 8 skips', () => {
    expect(blindEffects(spec(['8S', '5S'], ['7H']), '8S')).toEqual(["Ann's face-down card is 8♠", 'Bob is skipped']);
  });

  test('the last blind card fitting wins', () => {
    expect(blindEffects(spec(['2S'], ['AH'], [{ hand: ['4D'] }]), '2S')).toEqual([
      "Ann's face-down card is 2♠",
      'Ann is out and wins',
      'Bob is left with cards and loses',
    ]);
  });

  test('the card named from the ledger when the reveal does not list it, or "turned" when unknown', () => {
    const t = table(spec(['KS', '5S'], ['KH']));
    act(t.state, 0, { type: 'blind', handle: t.h('KS') }, t.know);
    const before = structuredClone(t.state);
    afterCrypto(t.state, { id: 0, kind: 'reveal-all', handles: [t.h('KS')] }, t.know);
    const revealed: Input = { kind: 'revealed', request: 0, cards: {} };
    expect(stressEffects(revealed, before, t.state, names)).toEqual(["Ann's face-down card is turned"]);
    t.state.cards[t.h('KS')] = { card: 'KS', seen: [0, 1, 2], gone: false };
    expect(stressEffects(revealed, before, t.state, names)).toEqual(["Ann's face-down card is K♠"]);
  });
});

describe('describeAction', () => {
  const know = (h: number): CardId | null => ({ 7: '9H' })[h] ?? null;
  test.each<[string, StressAction, string]>([
    [
      'a play of two',
      {
        type: 'play',
        cards: [
          { handle: 1, card: '7C' },
          { handle: 2, card: '7S' },
        ],
      },
      'Ann played 7♣ 7♠',
    ],
    ['a blind card known', { type: 'blind', handle: 7 }, 'Ann turned over a face-down card: 9♥'],
    ['a blind card not yet known', { type: 'blind', handle: 8 }, 'Ann turned over a face-down card'],
    ['a pickup', { type: 'pickup' }, 'Ann picked up the stack'],
    ['ready with no swap', { type: 'ready', swaps: [] }, 'Ann is ready'],
    [
      'ready with two swaps',
      {
        type: 'ready',
        swaps: [
          { hand: 1, card: '10S', faceUp: 5 },
          { hand: 2, card: 'AS', faceUp: 6 },
        ],
      },
      'Ann is ready, putting 10♠ A♠ face up',
    ],
    [
      'a card swapped up, then back down for another',
      {
        type: 'ready',
        swaps: [
          { hand: 1, card: '4C', faceUp: 5 },
          { hand: 3, card: '5C', faceUp: 1 },
        ],
      },
      'Ann is ready, putting 5♣ face up',
    ],
  ])('%s', (_name, action, line) => {
    expect(describeAction(action, 'Ann', know)).toBe(line);
  });
});

describe('why a card cannot be played (hints.ts)', () => {
  const spec: TableSpec = { seats: [{ hand: ['4C'], faceUp: ['5C'] }, { faceUp: ['6D'] }], stack: ['KH', '3S'] };

  test.each<[string, string, CardId, number, TableSpec, string]>([
    [
      'illegal on a top',
      'illegal-play',
      '4C',
      0,
      spec,
      '4♣ does not beat K♥: play an equal or higher card, a 2 or a 3 (or pick up the stack).',
    ],
    ['illegal with no top', 'illegal-play', '4C', 0, { ...spec, stack: ['3S'] }, '4♣ cannot be played now.'],
    [
      'a face-up card before the hand is empty',
      'not-in-source',
      '5C',
      0,
      spec,
      'Play your hand first: the face-up cards come when it is empty.',
    ],
    ['a hand card not where the seat plays from', 'not-in-source', '4C', 0, spec, '4♣ is not where you play from now.'],
    ['a face-up card with the hand empty', 'not-in-source', '6D', 1, spec, '6♦ is not where you play from now.'],
    ['an unknown seat', 'not-in-source', '5C', 5, spec, '5♣ is not where you play from now.'],
    ['the swap phase', 'not-play-phase', '4C', 0, spec, 'Swap phase: cards are played once everyone is ready.'],
    ['face-down cards only', 'must-play-blind', '4C', 0, spec, 'Only your face-down cards are left: turn one over.'],
    ["not this seat's turn", 'not-your-turn', '4C', 0, spec, 'Wait for your turn.'],
    ['any other refusal', 'mixed-ranks', '4C', 0, spec, '4♣ cannot be played now (mixed-ranks).'],
  ])('%s', (_name, error, card, seat, s, words) => {
    const t = table(s);
    expect(stressWhy(error as never, card, t.state, seat)).toBe(words);
    expect(stressProbe.words(error as never, card, t.state, seat)).toBe(words);
  });

  test('the probe tries the hand and face-up cards, each as a single play', () => {
    const t = table(spec);
    expect(stressProbe.cards(t.state, 0)).toEqual([t.h('4C'), t.h('5C')]);
    expect(stressProbe.cards(t.state, 1)).toEqual([t.h('6D')]);
    expect(stressProbe.cards(t.state, 4)).toEqual([]);
    expect(stressProbe.play(3, '9H', t.state)).toEqual({ type: 'play', cards: [{ handle: 3, card: '9H' }] });
  });

  test('"hand first" for any of several face-up cards; the probe built at load says the same words', async () => {
    const t = table({ seats: [{ hand: ['4C'], faceUp: ['5C', '6C'] }, { hand: ['4D'] }], stack: ['KH'] });
    expect(stressWhy('not-in-source', '6C', t.state, 0)).toBe(
      'Play your hand first: the face-up cards come when it is empty.',
    );
    const hints = await loadedNow(() => import('../../../src/games/stress-shed/hints.js'));
    expect(hints.stressProbe.words('not-in-source', '5C', t.state, 0)).toBe(
      'Play your hand first: the face-up cards come when it is empty.',
    );
    expect(hints.stressProbe.words('illegal-play', '4C', t.state, 0)).toBe(
      '4♣ does not beat K♥: play an equal or higher card, a 2 or a 3 (or pick up the stack).',
    );
  });
});
