/**
 * Stress (speed) rules, the edges rules.test.ts leaves open (mutation
 * testing, src/games/stress-speed/rules.ts): the last card wins and ends the
 * hand, stalemates that restack, block or deal, duplicates at the deal with a
 * short pile, stress calls that name stale or foreign tops, and the phases in
 * which nothing may be played.
 */
import { describe, expect, test } from 'vitest';
import { census, completeOldest, settle } from '../../../src/engine/index.js';
import { cloneJson } from '../../../src/engine/canonical.js';
import { act } from '../../../src/games/stress-speed/rules.js';
import { stressSpeed, type SpeedAction, type SpeedState } from '../../../src/games/stress-speed/index.js';
import { dealtHand, handleOf, knowledgeProblems, position } from './helpers.js';

function at(deal: Parameters<typeof position>[0]): {
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

function step(state: SpeedState, seat: number, action: SpeedAction): SpeedState {
  const next = stressSpeed.reduce(state, { kind: 'act', seat, action });
  if (!next.ok) throw new Error(`${next.error} for ${JSON.stringify(action)}`);
  return next.state;
}

describe('the end of the hand', () => {
  test('the last card of row and pile wins at once: the hand is over, nobody may act, the winner is named', () => {
    const { state, h } = at({
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
    const dealing = cloneJson(setup.state);
    expect(act(dealing, 0, { type: 'play', slot: 0, handle: 0, stack: 0, onTop: 1 }, () => null)).toBe(
      'not-play-phase',
    );
    expect(act(dealing, 0, { type: 'stress', tops: [0, 1] }, () => null)).toBe('not-play-phase');
    expect(dealing).toEqual(setup.state);
    const { state, h } = at(nines);
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
    const { state, h } = at(nines);
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
    const { state, open, h } = at(nines);
    const called = step(state, 0, { type: 'stress', tops: [h('9H'), h('9D')] });
    expect(called.board.stresses).toBe(1);
    expect(called.board.stalemates).toBe(0);
    const reshuffled = stressSpeed.reduce(called, { kind: 'reshuffled', request: state.nextRequest });
    if (!reshuffled.ok) throw new Error(reshuffled.error);
    expect(reshuffled.state.board.stalemates).toBe(0);
    expect(reshuffled.state.board.stalemate).toBeNull();
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
    const { state, h } = at({
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
    const { state } = at(deal);
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
    const { state } = at({
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
    const { state, h } = at({
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
    const { state, h } = at({
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
        state = result.state;
        open = next.open;
        phases.push(`${state.board.phase}${state.requests.length > 0 ? '+pending' : ''}`);
      }
      expect(phases.at(-2)).toBe('turn+pending');
      expect(phases.at(-1)).toBe('play');
      expect(phases.slice(0, -2).every((phase) => phase === 'deal+pending')).toBe(true);
    },
  );
});
