/**
 * The rules of Stress (speed) (rules.ts): which ranks are adjacent (aces
 * high and low), options, setup and the deal's crypto requests, the error
 * code of every kind of refused action (which are races and which are
 * illegal), the crypto requests a play, a stress call and a stalemate issue,
 * legal actions, views and the outcome; the last card that wins and ends
 * the hand, stalemates that restack, block or deal, duplicates at the deal
 * with a short pile, stress calls that name stale or foreign tops, and the
 * phases in which nothing may be played; and the input checks: which actions
 * parse (slot 0–3, stack 0 or 1, handles 0–100000, exactly two tops, no
 * extra fields) and which set-up layouts are accepted (two seats of four
 * slots, counts 0–52, no more cards than the deck, an opening with more than
 * four cards per pile, a position with a row card per seat and no empty slot
 * beside a pile), and where a layout puts its cards. The schemas are built
 * when their modules load, so those tests load them afresh
 * (test/helpers/loaded-now.ts). Whole-hand behaviour is in the scenario
 * files; random play and concurrency are in properties.test.ts.
 */
import { describe, expect, test } from 'vitest';
import { census, privateViewOf, settle, stateHash, type OpenCards, completeOldest } from '../../../src/engine/index.js';
import { adjacent, stressSpeed, type SpeedAction, type SpeedState } from '../../../src/games/stress-speed/index.js';
import { dealtHand, handleOf, knowledgeProblems, position } from './helpers.js';
import { cloneJson } from '../../../src/engine/canonical.js';
import { act } from '../../../src/games/stress-speed/rules.js';
import { loadedNow } from '../../helpers/loaded-now.js';

describe('which ranks are one apart (aces high and low)', () => {
  test.each<[string, string, boolean]>([
    ['5C', '4H', true],
    ['4C', '5H', true],
    ['4C', '4H', false],
    ['AS', 'KH', true],
    ['KS', 'AH', true],
    ['2S', 'AH', true],
    ['AS', '2H', true],
    ['QS', 'AH', false],
    ['KS', '2H', false],
    ['3S', 'AH', false],
    ['10S', 'JH', true],
    ['9S', 'JH', false],
    ['AS', 'AH', false],
    ['JKR', '2H', false],
  ])('%s next to %s → %s', (a, b, expected) => {
    expect(adjacent(a, b)).toBe(expected);
  });

  test('an unknown card is next to nothing', () => {
    expect(adjacent(null, '5H')).toBe(false);
    expect(adjacent('5H', null)).toBe(false);
  });
});

describe('options', () => {
  test.each<[unknown, boolean]>([
    [{}, true],
    [undefined, true],
    [{ decks: 2 }, false],
    ['fast', false],
  ])('%j → accepted %s', (raw, accepted) => {
    expect(stressSpeed.parseOptions(raw, 2)).toEqual(accepted ? {} : null);
  });
});

describe('setup', () => {
  test('each seat has a pile of 26 and deals four of them into its row; the table is asked to turn the eight over', () => {
    const setup = stressSpeed.setup({ players: 2 });
    if (!setup.ok) throw new Error(setup.error);
    const { board, requests } = setup.value;
    expect(setup.value.deck).toHaveLength(52);
    expect(board.phase).toBe('deal');
    expect(board.seats.map((s) => s.row)).toEqual([
      [[0], [1], [2], [3]],
      [[26], [27], [28], [29]],
    ]);
    expect(board.seats.map((s) => s.pile)).toEqual([
      Array.from({ length: 22 }, (_, i) => 4 + i),
      Array.from({ length: 22 }, (_, i) => 30 + i),
    ]);
    expect(board.stacks).toEqual([[], []]);
    expect(requests).toEqual([{ id: 0, kind: 'reveal-all', handles: [0, 1, 2, 3, 26, 27, 28, 29] }]);
    expect(stressSpeed.awaits(setup.value)).toMatchObject({ kind: 'crypto' });
    expect(census(stressSpeed, setup.value)).toEqual([]);
  });

  test.each([1, 2, 3, 4, 5, 6])(
    'deal %i: rows without duplicate ranks (unless a pile ran down), one centre card each, piles unknown to all',
    (seed) => {
      const { state, open } = dealtHand(seed);
      const done = settle(stressSpeed, state, open);
      if (!done.ok) throw new Error(done.error);
      const dealt = done.state as SpeedState;
      expect(dealt.board.phase).toBe('play');
      expect(stressSpeed.awaits(dealt)).toEqual({ kind: 'anytime', seats: [0, 1], what: 'play' });
      for (const mine of dealt.board.seats) {
        const ranks = mine.row.map((slot) => (dealt.cards[slot.at(-1) ?? -1]?.card ?? '').slice(0, -1));
        if (mine.pile.length > 1) expect(new Set(ranks).size).toBe(4);
      }
      expect(dealt.board.stacks.every((stack) => stack.length >= 1)).toBe(true);
      expect(knowledgeProblems(dealt)).toEqual([]);
      expect(census(stressSpeed, dealt, done.open)).toEqual([]);
    },
  );

  test.each<[string, object, string]>([
    ['three players', { players: 3 }, 'bad-player-count'],
    ['one player', { players: 1 }, 'bad-player-count'],
    ['options', { players: 2, options: { jokers: true } }, 'bad-options'],
    [
      'a layout with too many cards',
      {
        players: 2,
        layout: {
          seats: [
            { row: [0, 0, 0, 0], pile: 40 },
            { row: [0, 0, 0, 0], pile: 40 },
          ],
          stacks: [0, 0],
        },
      },
      'bad-layout',
    ],
    [
      'an opening pile too small for a row and a centre card',
      {
        players: 2,
        layout: {
          seats: [
            { row: [0, 0, 0, 0], pile: 4 },
            { row: [0, 0, 0, 0], pile: 9 },
          ],
          stacks: [0, 0],
        },
      },
      'bad-layout',
    ],
    [
      'a position with an empty row',
      {
        players: 2,
        layout: {
          seats: [
            { row: [0, 0, 0, 0], pile: 3 },
            { row: [1, 0, 0, 0], pile: 0 },
          ],
          stacks: [1, 1],
        },
      },
      'bad-layout',
    ],
    [
      'a row of three slots',
      {
        players: 2,
        layout: {
          seats: [
            { row: [1, 1, 1], pile: 3 },
            { row: [1, 0, 0, 0], pile: 0 },
          ],
          stacks: [1, 1],
        },
      },
      'bad-layout',
    ],
    [
      'a position with an empty slot beside a pile (it would have been refilled)',
      {
        players: 2,
        layout: {
          seats: [
            { row: [1, 1, 0, 1], pile: 3 },
            { row: [1, 0, 0, 0], pile: 0 },
          ],
          stacks: [1, 1],
        },
      },
      'bad-layout',
    ],
  ])('refuses %s', (_name, args, error) => {
    expect(stressSpeed.setup(args as never)).toEqual({ ok: false, error });
  });
});

/**
 * Tops 4C and JD. Seat 0 can play 5H on 4C; seat 1 can play 3D on 4C and
 * 10S on JD. Nothing else is one rank from a top.
 */
const base = {
  seats: [
    { row: [['2D', '5H'], ['9S'], ['9C'], ['KH']], pile: ['QS', '6D'] },
    { row: [['3D'], ['2H'], ['10S'], ['AS']], pile: ['10H', '8C'] },
  ],
  stacks: [
    ['3C', '4C'],
    ['QD', 'JD'],
  ],
};

function at(deal: object = base): { state: SpeedState; open: OpenCards; h: (card: string) => number } {
  const { state, open } = position(deal);
  return { state, open, h: (card) => handleOf(state, open, card) };
}

function playOf(h: (card: string) => number, slot: number, card: string, stack: 0 | 1, onTop: string): SpeedAction {
  return { type: 'play', slot, handle: h(card), stack, onTop: h(onTop) };
}

describe('refusals: every race is a race code, every other refusal is not', () => {
  test.each<[string, number, (h: (card: string) => number) => unknown, string]>([
    [
      'a card under the top of its slot (its own play of the top bounced)',
      0,
      (h) => playOf(h, 0, '2D', 0, '4C'),
      'stale-top',
    ],
    ['a card under the top of another slot', 0, (h) => playOf(h, 1, '2D', 0, '4C'), 'not-slot-top'],
    ['the right card from the wrong slot', 0, (h) => playOf(h, 1, '5H', 0, '4C'), 'not-slot-top'],
    ["the other seat's row card", 1, (h) => playOf(h, 0, '5H', 0, '4C'), 'not-slot-top'],
    ['a pile card', 0, (h) => playOf(h, 0, 'QS', 0, '4C'), 'not-slot-top'],
    ['a card already on a centre stack (the same card sent twice)', 0, (h) => playOf(h, 0, '4C', 1, 'JD'), 'stale-top'],
    ['a top that has been covered since', 0, (h) => playOf(h, 0, '5H', 0, '3C'), 'stale-top'],
    [
      'a covered top, even where the card would not fit the real top either',
      0,
      (h) => playOf(h, 1, '9S', 0, '3C'),
      'stale-top',
    ],
    [
      "the author's own row card as the top (its own play of it bounced)",
      0,
      (h) => playOf(h, 1, '9S', 0, '5H'),
      'stale-top',
    ],
    ["the other seat's row card as the top", 0, (h) => playOf(h, 0, '5H', 0, '3D'), 'not-a-top'],
    ["the other stack's top", 0, (h) => playOf(h, 0, '5H', 0, 'JD'), 'not-a-top'],
    ['a pile card as the top', 0, (h) => playOf(h, 0, '5H', 0, '6D'), 'not-a-top'],
    ['K on J', 0, (h) => playOf(h, 3, 'KH', 1, 'JD'), 'not-adjacent'],
    ['9 on 4', 0, (h) => playOf(h, 1, '9S', 0, '4C'), 'not-adjacent'],
    ['a call naming a covered top', 1, (h) => ({ type: 'stress', tops: [h('3C'), h('JD')] }), 'stale-call'],
    [
      "a call naming the author's own row card (its play of it bounced)",
      1,
      (h) => ({ type: 'stress', tops: [h('4C'), h('10S')] }),
      'stale-call',
    ],
    [
      'a call naming the tops the wrong way round',
      1,
      (h) => ({ type: 'stress', tops: [h('JD'), h('4C')] }),
      'not-a-top',
    ],
    ['slot 4', 0, (h) => ({ ...playOf(h, 0, '5H', 0, '4C'), slot: 4 }), 'malformed-action'],
    ['stack 2', 0, (h) => ({ ...playOf(h, 0, '5H', 0, '4C'), stack: 2 }), 'malformed-action'],
    ['a play without onTop', 0, (h) => ({ type: 'play', slot: 0, handle: h('5H'), stack: 0 }), 'malformed-action'],
    ['an extra field', 0, (h) => ({ ...playOf(h, 0, '5H', 0, '4C'), card: '5H' }), 'malformed-action'],
    ['a call naming three tops', 0, (h) => ({ type: 'stress', tops: [h('4C'), h('JD'), h('JD')] }), 'malformed-action'],
    ['an unknown action', 0, () => ({ type: 'pickup' }), 'malformed-action'],
  ])('%s', (_name, seat, action, error) => {
    const { state, h } = at();
    const before = stateHash(state);
    expect(stressSpeed.reduce(state, { kind: 'act', seat, action: action(h) })).toEqual({ ok: false, error });
    expect(stateHash(state)).toBe(before);
    expect(stressSpeed.raceErrors.includes(error)).toBe(error === 'stale-top' || error === 'stale-call');
  });

  test('a call on differing current tops is accepted and does nothing but count a step', () => {
    const { state, h } = at();
    const result = stressSpeed.reduce(state, {
      kind: 'act',
      seat: 1,
      action: { type: 'stress', tops: [h('4C'), h('JD')] },
    });
    if (!result.ok) throw new Error(result.error);
    expect(stateHash({ ...result.value, step: state.step })).toBe(stateHash(state));
    expect(result.value.step).toBe(state.step + 1);
  });

  test('while a row card is being turned over nobody may act (the table queues the move)', () => {
    const { state, h } = at();
    const played = stressSpeed.reduce(state, { kind: 'act', seat: 1, action: playOf(h, 2, '10S', 1, 'JD') });
    if (!played.ok) throw new Error(played.error);
    expect(stressSpeed.awaits(played.value)).toEqual({
      kind: 'crypto',
      requests: [{ id: state.nextRequest, kind: 'reveal-all', handles: [h('10H')] }],
    });
    expect(played.value.board.seats[1]?.row[2]).toEqual([h('10H')]);
    expect(stressSpeed.reduce(played.value, { kind: 'act', seat: 0, action: playOf(h, 0, '5H', 0, '4C') })).toEqual({
      ok: false,
      error: 'awaiting-crypto',
    });
    expect(stressSpeed.legalActions(played.value, 0)).toEqual([]);
  });

  test('a covered slot shows the card beneath: no refill, no crypto', () => {
    const { state, h } = at();
    const played = step(state, 0, playOf(h, 0, '5H', 0, '4C'));
    expect(played.requests).toEqual([]);
    expect(played.board.seats[0]?.row[0]).toEqual([h('2D')]);
  });
});

describe('legal actions', () => {
  test('every play onto a top one rank away, naming that top, for each seat', () => {
    const { state, h } = at();
    expect(stressSpeed.legalActions(state, 0)).toEqual([playOf(h, 0, '5H', 0, '4C')]);
    expect(stressSpeed.legalActions(state, 1)).toEqual([playOf(h, 0, '3D', 0, '4C'), playOf(h, 2, '10S', 1, 'JD')]);
    for (const seat of [0, 1]) {
      for (const action of stressSpeed.legalActions(state, seat))
        expect(stressSpeed.reduce(state, { kind: 'act', seat, action }).ok).toBe(true);
    }
  });

  test('the stress call, for both seats, while both tops share a rank', () => {
    const { state, h } = at({
      ...base,
      stacks: [
        ['3C', '4C'],
        ['QD', '4D'],
      ],
    });
    const call: SpeedAction = { type: 'stress', tops: [h('4C'), h('4D')] };
    expect(stressSpeed.legalActions(state, 0)).toContainEqual(call);
    expect(stressSpeed.legalActions(state, 1)).toContainEqual(call);
    expect(stressSpeed.view(state, null).stressable).toBe(true);
  });

  test('nothing onto an empty centre stack', () => {
    // Seat 0 calls with an empty pile: seat 1 takes both stacks; only seat 1 deals, stack 0 stays empty.
    const { state, open, h } = at({
      ...base,
      seats: [{ ...base.seats[0], pile: [] }, base.seats[1]],
      stacks: [
        ['3C', '4C'],
        ['QD', '4D'],
      ],
    });
    const called = settle(stressSpeed, step(state, 0, { type: 'stress', tops: [h('4C'), h('4D')] }), open);
    if (!called.ok) throw new Error(called.error);
    const after = called.state as SpeedState;
    expect(after.board.stacks[0]).toEqual([]);
    expect(after.board.stacks[1]).toHaveLength(1);
    expect(stressSpeed.legalActions(after, 0).every((a) => a.type === 'play' && a.stack === 1)).toBe(true);
    expect(stressSpeed.legalActions(after, 1).every((a) => a.type === 'play' && a.stack === 1)).toBe(true);
    // A play that saw 4C on stack 0 before the call bounces.
    expect(stressSpeed.reduce(after, { kind: 'act', seat: 0, action: playOf(h, 0, '5H', 0, '4C') })).toEqual({
      ok: false,
      error: 'stale-top',
    });
  });
});

function step(state: SpeedState, seat: number, action: SpeedAction): SpeedState {
  const next = stressSpeed.reduce(state, { kind: 'act', seat, action });
  if (!next.ok) throw new Error(`${next.error} for ${JSON.stringify(action)}`);
  return next.value;
}

describe('stress calls', () => {
  const nines = {
    ...base,
    stacks: [
      ['3C', '9H'],
      ['QD', '9D'],
    ],
  };

  test("the caller's opponent's pile and both stacks become one reshuffled packet, the opponent's new pile; then both deal", () => {
    const { state, open, h } = at(nines);
    const called = step(state, 0, { type: 'stress', tops: [h('9H'), h('9D')] });
    const packet = [h('10H'), h('8C'), h('3C'), h('9H'), h('QD'), h('9D')];
    const fresh = Array.from({ length: 6 }, (_, i) => 52 + i);
    expect(called.requests).toEqual([{ id: state.nextRequest, kind: 'reshuffle', handles: packet, into: fresh }]);
    expect(called.board.seats[1]?.pile).toEqual(fresh);
    expect(called.board.stacks).toEqual([[], []]);
    expect(called.board.lastStress).toEqual({ caller: 0, taker: 1 });
    const reshuffled = stressSpeed.reduce(called, { kind: 'reshuffled', request: state.nextRequest });
    if (!reshuffled.ok) throw new Error(reshuffled.error);
    expect(reshuffled.value.requests).toEqual([
      { id: state.nextRequest + 1, kind: 'reveal-all', handles: [h('QS'), 52] },
    ]);
    expect(reshuffled.value.board.stacks).toEqual([[h('QS')], [52]]);
    const done = settle(stressSpeed, called, open);
    expect(done.ok && knowledgeProblems(done.state as SpeedState)).toEqual([]);
  });

  test.each<[string, (h: (card: string) => number) => SpeedAction, string]>([
    ['a second call', (h) => ({ type: 'stress', tops: [h('9H'), h('9D')] }), 'stale-call'],
    ['a play onto a taken top', (h) => playOf(h, 2, '10S', 0, '9H'), 'stale-top'],
  ])('after the first valid call, %s bounces', (_name, late, error) => {
    const { state, open, h } = at(nines);
    const action = late(h);
    const called = settle(stressSpeed, step(state, 0, { type: 'stress', tops: [h('9H'), h('9D')] }), open);
    if (!called.ok) throw new Error(called.error);
    expect(stressSpeed.reduce(called.state, { kind: 'act', seat: 1, action })).toEqual({ ok: false, error });
  });
});

describe('stalemates need no input', () => {
  test('a play that leaves nobody a move is followed at once by each seat with a pile dealing one card; the view shows the stalemate meanwhile', () => {
    const { state, h } = at({
      ...base,
      seats: [base.seats[0], { ...base.seats[1], row: [['7C'], ['2H'], ['9H'], ['AS']] }],
    });
    const played = step(state, 0, playOf(h, 0, '5H', 0, '4C'));
    // 5H uncovered 2D (no refill): nobody can play on 5H or JD.
    expect(played.requests).toEqual([{ id: state.nextRequest, kind: 'reveal-all', handles: [h('QS'), h('10H')] }]);
    expect(played.board.stacks).toEqual([
      [h('3C'), h('4C'), h('5H'), h('QS')],
      [h('QD'), h('JD'), h('10H')],
    ]);
    expect(stressSpeed.view(played, 1).stalemate).toEqual({ kind: 'deal', seats: [0, 1] });
    expect(played.board.stalemates).toBe(1);
  });

  test('without piles, each stack is reshuffled into its own pile (two requests), then each seat deals', () => {
    const noPiles = {
      seats: [
        { ...base.seats[0], pile: [] },
        { row: [['7C'], ['2H'], ['9H'], ['AS']], pile: [] },
      ],
      stacks: [
        ['3D', '4C'],
        ['8H', 'JD'],
      ],
    };
    const { state, h } = at(noPiles);
    const played = step(state, 0, playOf(h, 0, '5H', 0, '4C'));
    expect(played.requests).toEqual([
      { id: state.nextRequest, kind: 'reshuffle', handles: [h('3D'), h('4C'), h('5H')], into: [52, 53, 54] },
      { id: state.nextRequest + 1, kind: 'reshuffle', handles: [h('8H'), h('JD')], into: [55, 56] },
    ]);
    expect(stressSpeed.view(played, null).stalemate).toEqual({ kind: 'restack', seats: [0, 1] });
    const first = stressSpeed.reduce(played, { kind: 'reshuffled', request: state.nextRequest });
    if (!first.ok) throw new Error(first.error);
    expect(first.value.requests).toHaveLength(1);
    const second = stressSpeed.reduce(first.value, { kind: 'reshuffled', request: state.nextRequest + 1 });
    if (!second.ok) throw new Error(second.error);
    expect(second.value.requests).toEqual([{ id: state.nextRequest + 2, kind: 'reveal-all', handles: [52, 55] }]);
    expect(second.value.board.seats.map((s) => s.pile)).toEqual([[53, 54], [56]]);
  });
});

describe('views and outcome', () => {
  test('every seat and a spectator see the same: rows and centre cards, never a pile card', () => {
    const { state, open } = at();
    const views = [0, 1].map((seat) => stressSpeed.view(state, seat, privateViewOf(state, open, seat)));
    expect(views[0]).toEqual(views[1]);
    expect(views[0]).toEqual(stressSpeed.view(state, null));
    const seen = views[0];
    expect(seen?.seats.map((s) => s.row.map((slot) => slot.top?.card ?? null))).toEqual([
      ['5H', '9S', '9C', 'KH'],
      ['3D', '2H', '10S', 'AS'],
    ]);
    expect(seen?.seats.map((s) => [s.pileCount, s.cardsLeft])).toEqual([
      [2, 7],
      [2, 6],
    ]);
    expect(seen?.seats.every((s) => s.pile.every((c) => c.card === null))).toBe(true);
    expect(seen?.stacks.map((s) => [s.top?.card, s.size])).toEqual([
      ['4C', 2],
      ['JD', 2],
    ]);
    expect(seen).toMatchObject({ phase: 'play', stressable: false, stalemate: null, winner: null, blocked: false });
    expect(stressSpeed.outcome(state)).toBeNull();
  });
});

function positionAt(deal: Parameters<typeof position>[0]): {
  state: SpeedState;
  open: Record<number, string>;
  h: (card: string) => number;
} {
  const { state, open } = position(deal);
  return { state, open, h: (card) => handleOf(state, open, card) };
}

/** Tops 9H and 9D (a stress call is valid); seat 1 has a pile of two. */
const nines = {
  seats: [
    { row: [['2D', '5H'], ['9S'], ['9C'], ['KH']], pile: ['QS', '6D'] },
    { row: [['3D'], ['2H'], ['10S'], ['AS']], pile: ['10H', '8C'] },
  ],
  stacks: [
    ['3C', '9H'],
    ['QD', '9D'],
  ],
};

describe('the end of the hand', () => {
  test('the last card of row and pile wins at once: the hand is over, nobody may act, the winner is named', () => {
    const { state, h } = positionAt({
      seats: [
        { row: [['5H'], [], [], []], pile: [] },
        { row: [['9S'], ['9C'], ['KH'], ['2D']], pile: ['QS', '6D'] },
      ],
      stacks: [
        ['3C', '4C'],
        ['QD', 'JD'],
      ],
    });
    const won = step(state, 0, { type: 'play', slot: 0, handle: h('5H'), stack: 0, onTop: h('4C') });
    expect(won.board.phase).toBe('over');
    expect(won.board.winner).toBe(0);
    expect(won.requests).toEqual([]);
    expect(stressSpeed.awaits(won)).toEqual({ kind: 'over' });
    expect(
      stressSpeed.reduce(won, { kind: 'act', seat: 1, action: { type: 'stress', tops: [h('5H'), h('JD')] } }),
    ).toMatchObject({ ok: false });
  });
});

describe('refusals the parser cannot see', () => {
  test('before play starts the rules refuse every move with not-play-phase; a slot or stack outside the table is refused, not thrown', () => {
    const setup = stressSpeed.setup({ players: 2 });
    if (!setup.ok) throw new Error(setup.error);
    const dealing = cloneJson(setup.value);
    expect(act(dealing, 0, { type: 'play', slot: 0, handle: 0, stack: 0, onTop: 1 }, () => null)).toBe(
      'not-play-phase',
    );
    expect(act(dealing, 0, { type: 'stress', tops: [0, 1] }, () => null)).toBe('not-play-phase');
    expect(dealing).toEqual(setup.value);
    const { state, h } = positionAt(nines);
    const draft = cloneJson(state);
    const know = (handle: number) => state.cards[handle]?.card ?? null;
    expect(act(draft, 0, { type: 'play', slot: 4, handle: h('5H'), stack: 0, onTop: h('9H') }, know)).toBe(
      'not-slot-top',
    );
    expect(act(draft, 0, { type: 'play', slot: 1, handle: h('9S'), stack: 2 as 0, onTop: h('9H') }, know)).toBe(
      'not-a-top',
    );
    expect(draft).toEqual(state);
  });

  test('a handle no card has is not a top and not a slot card', () => {
    const { state, h } = positionAt(nines);
    expect(
      stressSpeed.reduce(state, {
        kind: 'act',
        seat: 0,
        action: { type: 'play', slot: 0, handle: 999, stack: 0, onTop: h('9H') },
      }),
    ).toEqual({ ok: false, error: 'not-slot-top' });
    expect(
      stressSpeed.reduce(state, { kind: 'act', seat: 0, action: { type: 'stress', tops: [999, h('9D')] } }),
    ).toEqual({ ok: false, error: 'not-a-top' });
    expect(
      stressSpeed.reduce(state, {
        kind: 'act',
        seat: 0,
        action: { type: 'play', slot: 2, handle: h('9C'), stack: 1, onTop: 999 },
      }),
    ).toEqual({ ok: false, error: 'not-a-top' });
  });
});

describe('a stress call', () => {
  test('counts one stress and no stalemate; a card the reshuffle retired is a late play (stale-top), named as a top too', () => {
    const { state, open, h } = positionAt(nines);
    const called = step(state, 0, { type: 'stress', tops: [h('9H'), h('9D')] });
    expect(called.board.stresses).toBe(1);
    expect(called.board.stalemates).toBe(0);
    const reshuffled = stressSpeed.reduce(called, { kind: 'reshuffled', request: state.nextRequest });
    if (!reshuffled.ok) throw new Error(reshuffled.error);
    expect(reshuffled.value.board.stalemates).toBe(0);
    expect(reshuffled.value.board.stalemate).toBeNull();
    const done = settle(stressSpeed, called, open);
    if (!done.ok) throw new Error(done.error);
    const after = done.state as SpeedState;
    expect(after.cards[h('9H')]?.gone).toBe(true);
    expect(after.board.stresses).toBe(1);
    expect(
      stressSpeed.reduce(after, {
        kind: 'act',
        seat: 0,
        action: { type: 'play', slot: 0, handle: h('9H'), stack: 0, onTop: after.board.stacks[0]!.at(-1)! },
      }),
    ).toEqual({ ok: false, error: 'stale-top' });
    expect(
      stressSpeed.reduce(after, {
        kind: 'act',
        seat: 1,
        action: { type: 'play', slot: 2, handle: h('10S'), stack: 0, onTop: h('9H') },
      }),
    ).toEqual({ ok: false, error: 'stale-top' });
  });
});

describe('stalemates', () => {
  test('a restack counts one stalemate', () => {
    const { state, h } = positionAt({
      seats: [
        { row: [['2D', '5H'], ['9S'], ['9C'], ['KH']], pile: [] },
        { row: [['7C'], ['2H'], ['9H'], ['AS']], pile: [] },
      ],
      stacks: [
        ['3D', '4C'],
        ['8H', 'JD'],
      ],
    });
    const played = step(state, 0, { type: 'play', slot: 0, handle: h('5H'), stack: 0, onTop: h('4C') });
    expect(played.board.stalemate).toEqual({ kind: 'restack', seats: [0, 1] });
    expect(played.board.stalemates).toBe(1);
  });

  test.each([
    [
      'a seat with an empty slot and cards on its own stack (a restack refills the slot)',
      {
        seats: [
          { row: [['KH'], ['2C'], [], []], pile: [] },
          { row: [['7H'], ['AS'], ['9D'], ['KD']], pile: [] },
        ],
        stacks: [['4C'], ['5D', 'JD', '9S']],
      },
    ],
    [
      'one seat only with a row top one rank from a centre card below the top',
      {
        seats: [
          { row: [['2C'], ['6H'], ['JC'], ['KH']], pile: [] },
          { row: [['5D'], ['2D'], ['6D'], ['8C']], pile: [] },
        ],
        stacks: [
          ['4C', 'JD'],
          ['8S', 'KS'],
        ],
      },
    ],
  ])('without piles, %s is not blocked: the stacks are restacked and play goes on', (_name, deal) => {
    const { state } = positionAt(deal);
    expect(state.board.phase).toBe('play');
    expect(state.board.blocked).toBe(false);
    expect(state.board.winner).toBeNull();
    expect(state.board.stalemates).toBeGreaterThanOrEqual(1);
    // Every refilled row card is a real card, turned face up; a slot the pile could not fill stays empty.
    expect(state.board.seats.flatMap((s) => s.row.flat()).every((h) => typeof h === 'number')).toBe(true);
    expect(knowledgeProblems(state)).toEqual([]);
    expect(census(stressSpeed, state)).toEqual([]);
  });

  test('a restack refills only as many empty slots as the new pile has cards', () => {
    const { state } = positionAt({
      seats: [
        { row: [['KH'], ['2C'], [], []], pile: [] },
        { row: [['7H'], ['AS'], ['9D'], ['KD']], pile: [] },
      ],
      stacks: [['4C'], ['5D', 'JD', '9S']],
    });
    expect(state.board.seats[0]!.row.map((slot) => slot.length)).toEqual([1, 1, 1, 0]);
    expect(state.board.seats[0]!.pile).toEqual([]);
  });

  test('an empty centre stack is not restacked: only the seat with cards on its stack gets a pile', () => {
    const { state, h } = positionAt({
      seats: [
        { row: [['5H'], ['2C'], ['JC'], ['KH']], pile: [] },
        { row: [['7C'], ['2D'], ['9H'], ['AS']], pile: [] },
      ],
      stacks: [[], ['8S', '4C']],
    });
    const played = step(state, 0, { type: 'play', slot: 0, handle: h('5H'), stack: 1, onTop: h('4C') });
    expect(played.board.stalemate).toEqual({ kind: 'restack', seats: [1] });
    expect(played.requests).toEqual([
      { id: state.nextRequest, kind: 'reshuffle', handles: [h('8S'), h('4C'), h('5H')], into: [52, 53, 54] },
    ]);
    expect(played.board.seats[0]!.pile).toEqual([]);
  });

  test('while a refilled row card is being turned over there is no stalemate yet, though no known card can be played', () => {
    const { state, h } = positionAt({
      seats: [
        { row: [['5H'], ['9S'], ['9C'], ['KH']], pile: ['QS', '6D'] },
        { row: [['7C'], ['2H'], ['9H'], ['AS']], pile: ['10H', '8C'] },
      ],
      stacks: [
        ['3C', '4C'],
        ['QD', 'JD'],
      ],
    });
    const played = step(state, 0, { type: 'play', slot: 0, handle: h('5H'), stack: 0, onTop: h('4C') });
    expect(played.requests).toEqual([{ id: state.nextRequest, kind: 'reveal-all', handles: [h('QS')] }]);
    expect(played.board.stalemate).toBeNull();
    expect(played.board.stalemates).toBe(0);
  });
});

describe('the deal', () => {
  test.each([1, 2, 3])(
    'deal %i: once the rows are settled the centre cards are turned over in the turn phase, then play starts',
    (seed) => {
      let { state, open } = dealtHand(seed);
      const phases: string[] = [];
      for (let next = completeOldest(state, open); next !== null; next = completeOldest(state, open)) {
        const result = stressSpeed.reduce(state, next.input);
        if (!result.ok) throw new Error(result.error);
        state = result.value;
        open = next.open;
        phases.push(`${state.board.phase}${state.requests.length > 0 ? '+pending' : ''}`);
      }
      expect(phases.at(-2)).toBe('turn+pending');
      expect(phases.at(-1)).toBe('play');
      expect(phases.slice(0, -2).every((phase) => phase === 'deal+pending')).toBe(true);
    },
  );
});

const game = async () => (await loadedNow(() => import('../../../src/games/stress-speed/index.js'))).stressSpeed;

const play = { type: 'play', slot: 0, handle: 5, stack: 0, onTop: 7 };

describe('actions', () => {
  test.each<[string, unknown, boolean]>([
    ['a play', play, true],
    ['slot 3, stack 1, handle 100000', { ...play, slot: 3, stack: 1, handle: 100_000, onTop: 0 }, true],
    ['a call', { type: 'stress', tops: [0, 100_000] }, true],
    ['slot -1', { ...play, slot: -1 }, false],
    ['slot 4', { ...play, slot: 4 }, false],
    ['slot 1.5', { ...play, slot: 1.5 }, false],
    ['slot "0"', { ...play, slot: '0' }, false],
    ['stack 2', { ...play, stack: 2 }, false],
    ['handle -1', { ...play, handle: -1 }, false],
    ['handle 100001', { ...play, handle: 100_001 }, false],
    ['handle 2.5', { ...play, handle: 2.5 }, false],
    ['onTop -1', { ...play, onTop: -1 }, false],
    ['onTop "7"', { ...play, onTop: '7' }, false],
    ['an extra field', { ...play, card: '5H' }, false],
    ['a call with one top', { type: 'stress', tops: [1] }, false],
    ['a call with three tops', { type: 'stress', tops: [1, 2, 3] }, false],
    ['a call with a negative top', { type: 'stress', tops: [-1, 2] }, false],
    ['a call with a top above 100000', { type: 'stress', tops: [1, 100_001] }, false],
    ['a call with an extra field', { type: 'stress', tops: [1, 2], loud: true }, false],
    ['another type', { type: 'pickup' }, false],
  ])('%s → parsed %s', async (_name, raw, ok) => {
    const stressSpeed = await game();
    expect(stressSpeed.rules.parseAction(raw)).toEqual(ok ? raw : null);
    if (ok) expect(stressSpeed.rules.claimedCards(raw as never)).toEqual([]);
  });
});

const seat = (row: number[], pile: number) => ({ row, pile });

describe('legal actions', () => {
  test('none outside play or while a card is being turned over, even for a card that would fit', async () => {
    const { legalActions } = await loadedNow(() => import('../../../src/games/stress-speed/legal-actions.js'));
    const { stressSpeed } = await loadedNow(() => import('../../../src/games/stress-speed/index.js'));
    const { position, handleOf } = await import('./helpers.js');
    const { state, open } = position({
      seats: [
        { row: [['5H'], ['9S'], ['9C'], ['KH']], pile: ['QS'] },
        { row: [['6D'], ['2H'], ['10S'], ['AS']], pile: ['10H', '8C'] },
      ],
      stacks: [
        ['3C', '4C'],
        ['QD', 'JD'],
      ],
    });
    const h = (card: string) => handleOf(state, open, card);
    expect(legalActions(state, 0)).toEqual([{ type: 'play', slot: 0, handle: h('5H'), stack: 0, onTop: h('4C') }]);
    const played = stressSpeed.reduce(state, {
      kind: 'act',
      seat: 1,
      action: { type: 'play', slot: 2, handle: h('10S'), stack: 1, onTop: h('JD') },
    });
    if (!played.ok) throw new Error(played.error);
    expect(played.value.requests).toHaveLength(1);
    expect(legalActions(played.value, 0)).toEqual([]);
    const over = { ...state, board: { ...state.board, phase: 'over' as const, winner: 1 } };
    expect(legalActions(over, 0)).toEqual([]);
    expect(legalActions(over, 1)).toEqual([]);
  });
});

describe('layouts', () => {
  test.each<[string, unknown, boolean]>([
    [
      'the standard opening spelt out',
      { seats: [seat([0, 0, 0, 0], 26), seat([0, 0, 0, 0], 26)], stacks: [0, 0] },
      true,
    ],
    [
      'an opening with five cards per pile',
      { seats: [seat([0, 0, 0, 0], 5), seat([0, 0, 0, 0], 5)], stacks: [0, 0] },
      true,
    ],
    [
      'an opening with four cards in one pile',
      { seats: [seat([0, 0, 0, 0], 4), seat([0, 0, 0, 0], 5)], stacks: [0, 0] },
      false,
    ],
    [
      'a position using all 52 cards',
      { seats: [seat([1, 1, 1, 1], 22), seat([1, 1, 1, 1], 20)], stacks: [1, 1] },
      true,
    ],
    ['53 cards', { seats: [seat([1, 1, 1, 1], 22), seat([1, 1, 1, 1], 21)], stacks: [1, 1] }, false],
    [
      'a position with an empty slot and no pile',
      { seats: [seat([1, 0, 0, 0], 0), seat([1, 1, 1, 1], 3)], stacks: [1, 0] },
      true,
    ],
    ['a count of 53', { seats: [seat([53, 0, 0, 0], 0), seat([1, 0, 0, 0], 0)], stacks: [0, 0] }, false],
    ['a count of -1', { seats: [seat([1, 0, 0, 0], 0), seat([1, 0, 0, 0], 0)], stacks: [-1, 1] }, false],
    ['a count of 1.5', { seats: [seat([1.5, 0, 0, 0], 0), seat([1, 0, 0, 0], 0)], stacks: [0, 0] }, false],
    ['five slots', { seats: [seat([1, 0, 0, 0, 0], 0), seat([1, 0, 0, 0], 0)], stacks: [0, 0] }, false],
    [
      'three seats',
      { seats: [seat([1, 0, 0, 0], 0), seat([1, 0, 0, 0], 0), seat([1, 0, 0, 0], 0)], stacks: [0, 0] },
      false,
    ],
    ['one seat', { seats: [seat([1, 0, 0, 0], 0)], stacks: [0, 0] }, false],
    ['three stacks', { seats: [seat([1, 0, 0, 0], 0), seat([1, 0, 0, 0], 0)], stacks: [0, 0, 0] }, false],
    ['one stack', { seats: [seat([1, 0, 0, 0], 0), seat([1, 0, 0, 0], 0)], stacks: [0] }, false],
    ['an extra field', { seats: [seat([1, 0, 0, 0], 0), seat([1, 0, 0, 0], 0)], stacks: [0, 0], aside: 3 }, false],
    [
      'an extra field on a seat',
      { seats: [{ ...seat([1, 0, 0, 0], 0), hand: 1 }, seat([1, 0, 0, 0], 0)], stacks: [0, 0] },
      false,
    ],
    ['a seat without a row card', { seats: [seat([0, 0, 0, 0], 3), seat([1, 0, 0, 0], 0)], stacks: [1, 0] }, false],
    [
      'a seat without a row card or a pile',
      { seats: [seat([0, 0, 0, 0], 0), seat([1, 0, 0, 0], 0)], stacks: [1, 0] },
      false,
    ],
    [
      'empty rows and big piles beside one centre card',
      { seats: [seat([0, 0, 0, 0], 5), seat([0, 0, 0, 0], 5)], stacks: [0, 1] },
      false,
    ],
    ['a position with empty stacks', { seats: [seat([1, 0, 0, 0], 0), seat([1, 0, 0, 0], 0)], stacks: [0, 0] }, true],
    [
      'a position with full rows, small piles and empty stacks',
      { seats: [seat([1, 1, 1, 1], 3), seat([1, 1, 1, 1], 3)], stacks: [0, 0] },
      true,
    ],
    [
      'empty rows and big piles beside centre cards',
      { seats: [seat([0, 0, 0, 0], 5), seat([0, 0, 0, 0], 5)], stacks: [1, 1] },
      false,
    ],
    [
      'one empty row beside a full one, empty stacks',
      { seats: [seat([0, 0, 0, 0], 5), seat([1, 1, 1, 1], 5)], stacks: [0, 0] },
      false,
    ],
  ])('%s → accepted %s', async (_name, layout, ok) => {
    const stressSpeed = await game();
    const made = stressSpeed.setup({ players: 2, layout: layout as never });
    expect(made.ok ? 'ok' : made.error).toBe(ok ? 'ok' : 'bad-layout');
  });

  test('a position deals its counts in order: rows, piles, stacks, the rest aside; all but the piles are turned over', async () => {
    const stressSpeed = await game();
    const made = stressSpeed.setup({
      players: 2,
      layout: { seats: [seat([2, 1, 0, 1], 0), seat([1, 1, 1, 1], 3)], stacks: [2, 1] } as never,
    });
    if (!made.ok) throw new Error(made.error);
    const { board, requests } = made.value;
    expect(board.phase).toBe('turn');
    expect(board.seats).toEqual([
      { row: [[0, 1], [2], [], [3]], pile: [] },
      { row: [[4], [5], [6], [7]], pile: [8, 9, 10] },
    ]);
    expect(board.stacks).toEqual([[11, 12], [13]]);
    expect(board.aside).toEqual(Array.from({ length: 38 }, (_, i) => 14 + i));
    expect(board).toMatchObject({
      stalemate: null,
      stalemates: 0,
      lastStress: null,
      stresses: 0,
      winner: null,
      blocked: false,
    });
    expect(requests).toEqual([
      { id: 0, kind: 'reveal-all', handles: [0, 1, 2, 3, 4, 5, 6, 7, 11, 12, 13, ...board.aside] },
    ]);
  });

  test('a short opening deals four row cards per seat and turns the rest of the deck aside over with them', async () => {
    const stressSpeed = await game();
    const made = stressSpeed.setup({
      players: 2,
      layout: { seats: [seat([0, 0, 0, 0], 6), seat([0, 0, 0, 0], 5)], stacks: [0, 0] } as never,
    });
    if (!made.ok) throw new Error(made.error);
    const { board, requests } = made.value;
    expect(board.phase).toBe('deal');
    expect(board.seats).toEqual([
      { row: [[0], [1], [2], [3]], pile: [4, 5] },
      { row: [[6], [7], [8], [9]], pile: [10] },
    ]);
    expect(board.aside).toHaveLength(41);
    expect(requests).toEqual([{ id: 0, kind: 'reveal-all', handles: [0, 1, 2, 3, 6, 7, 8, 9, ...board.aside] }]);
    expect(made.value.deck).toHaveLength(52);
  });
});
