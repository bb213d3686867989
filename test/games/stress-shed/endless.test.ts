/**
 * The endless-hands rule of Stress (shedding), RULES.md §1, where a scenario
 * file cannot express it: what a position is (handles, hands as sets, whose
 * turn, the stack in order), that each kind of progress clears the record
 * and a quiet turn extends it, and the move-count limit of 100 × the players
 * still in (reached by giving the record a long quiet history, which no
 * short scenario can build). The threefold repetition itself is covered by
 * test/scenarios/stress-shed/repetition-*.json.
 */
import { describe, expect, test } from 'vitest';
import { runScenario, type ScenarioFile } from '../../../src/engine/index.js';
import {
  positionHash,
  QUIET_TURNS_PER_PLAYER,
  stressShed,
  type StressState,
} from '../../../src/games/stress-shed/index.js';

type Deal = {
  seats: Array<{ hand: string[]; faceUp: string[]; faceDown: string[] }>;
  stack: string[];
  draw?: string[];
};

/** The state after everyone is ready (seat `first` to move), with every card known. */
function started(
  deal: Deal,
  first: number,
  options: Record<string, unknown> = {},
): { state: StressState; handleOf: (card: string) => number } {
  const players = deal.seats.length;
  const file: ScenarioFile = {
    game: 'stress-shed',
    seats: players,
    dealer: (first + players - 1) % players,
    options,
    deal,
    actions: deal.seats.map((_, seat) => ({ seat, type: 'ready' })),
  };
  const run = runScenario(stressShed, file);
  if (!run.ok || !run.state) throw new Error(run.failures.join('; '));
  const open = run.open;
  return {
    state: run.state as StressState,
    handleOf: (card) => Number(Object.entries(open).find(([, c]) => c === card)?.[0] ?? -1),
  };
}

/** Apply one action (crypto completed from the deal is not needed for these: no draw needs revealing to judge). */
function act(state: StressState, seat: number, action: unknown): StressState {
  const result = stressShed.reduce(state, { kind: 'act', seat, action });
  if (!result.ok) throw new Error(`refused: ${result.error}`);
  return result.state as StressState;
}

function withHistory(state: StressState, quietTurns: number): StressState {
  const copy = structuredClone(state);
  copy.board.positions = [...Array.from({ length: quietTurns }, (_, i) => `old-${i}`), positionHash(copy.board)];
  return copy;
}

const endgame: Deal = {
  seats: [
    { hand: ['4C', '6C'], faceUp: [], faceDown: [] },
    { hand: ['KD', '5D', '7D'], faceUp: [], faceDown: [] },
  ],
  stack: [],
  draw: [],
};

describe('a position', () => {
  test('is the same whatever order a hand lists its cards in, and changes with the turn and the stack order', () => {
    const { state } = started(endgame, 0);
    const board = state.board;
    const reordered = structuredClone(board);
    reordered.seats[1]?.hand.reverse();
    expect(positionHash(reordered)).toBe(positionHash(board));
    const otherTurn = structuredClone(board);
    otherTurn.turn = 1;
    expect(positionHash(otherTurn)).not.toBe(positionHash(board));
    const stacked = structuredClone(board);
    stacked.stack = [1, 2];
    const swapped = structuredClone(board);
    swapped.stack = [2, 1];
    expect(positionHash(stacked)).not.toBe(positionHash(swapped));
  });

  test('the record starts with the position when play starts, and is empty with the option off', () => {
    expect(started(endgame, 0).state.board.positions).toEqual([positionHash(started(endgame, 0).state.board)]);
    expect(started(endgame, 0, { endlessHandsEnd: false }).state.board.positions).toEqual([]);
  });
});

describe('progress clears the record; a quiet turn extends it', () => {
  const full = (hand: string[], faceUp: string[], faceDown: string[]) => ({ hand, faceUp, faceDown });
  test.each<[string, Deal, (handleOf: (card: string) => number) => unknown, boolean]>([
    [
      'a play from the hand that draws',
      { seats: [full(['5C'], ['9C'], ['2C']), full(['6D'], ['9D'], ['2D'])], stack: [], draw: ['KS'] },
      (h) => ({ type: 'play', cards: [{ handle: h('5C'), card: '5C' }] }),
      true,
    ],
    [
      'a burn',
      { seats: [full(['10C', '5C'], [], []), full(['6D'], [], [])], stack: ['7H'], draw: [] },
      (h) => ({ type: 'play', cards: [{ handle: h('10C'), card: '10C' }] }),
      true,
    ],
    [
      'a face-up card played',
      { seats: [full([], ['9C', '5C'], []), full(['6D'], [], [])], stack: [], draw: [] },
      (h) => ({ type: 'play', cards: [{ handle: h('9C'), card: '9C' }] }),
      true,
    ],
    [
      'a player going out',
      { seats: [full(['9C'], [], []), full(['6D'], [], []), full(['7D'], [], [])], stack: [], draw: [] },
      (h) => ({ type: 'play', cards: [{ handle: h('9C'), card: '9C' }] }),
      true,
    ],
    [
      'a play from the hand with no draw stack',
      { seats: [full(['5C', '6C'], [], []), full(['6D'], [], [])], stack: [], draw: [] },
      (h) => ({ type: 'play', cards: [{ handle: h('5C'), card: '5C' }] }),
      false,
    ],
    [
      'a pickup',
      { seats: [full(['5C', '6C'], [], []), full(['6D'], [], [])], stack: ['KH'], draw: [] },
      () => ({ type: 'pickup' }),
      false,
    ],
  ])('%s', (_what, deal, action, progress) => {
    const { state, handleOf } = started(deal, 0);
    const after = act(withHistory(state, 50), 0, action(handleOf));
    expect(after.board.phase).toBe('play');
    expect(after.board.positions).toHaveLength(progress ? 1 : 52);
    expect(after.board.positions.at(-1)).toBe(positionHash(after.board));
  });

  test('a face-down card played is progress, judged when it is revealed', () => {
    const { state, handleOf } = started(
      {
        seats: [
          { hand: [], faceUp: [], faceDown: ['5C', '9C'] },
          { hand: ['6D'], faceUp: [], faceDown: [] },
        ],
        stack: ['KH'],
        draw: [],
      },
      0,
    );
    const flipping = act(withHistory(state, 50), 0, { type: 'blind', handle: handleOf('5C') });
    expect(flipping.board.positions).toHaveLength(51);
    const request = flipping.requests[0];
    if (request?.kind !== 'reveal-all') throw new Error('expected the blind card to be revealed');
    const judged = stressShed.reduce(flipping, {
      kind: 'revealed',
      request: request.id,
      cards: { [handleOf('5C')]: '5C' },
    });
    expect(judged.ok).toBe(true);
    if (!judged.ok) return;
    const board = (judged.state as StressState).board;
    expect(board.seats[0]?.hand).toHaveLength(2); // the 5 went onto the K and was picked up with it
    expect(board.positions).toEqual([positionHash(board)]);
  });
});

describe(`${QUIET_TURNS_PER_PLAYER} turns per player still in without progress end the hand`, () => {
  test.each([
    [2, 2 * QUIET_TURNS_PER_PLAYER],
    [3, 3 * QUIET_TURNS_PER_PLAYER],
  ])(
    'with %i players still in: the %i-th quiet turn ends it, with no loser and the seat after the dealer dealing next',
    (players, limit) => {
      const seats = [
        { hand: ['4C', '6C'], faceUp: [], faceDown: [] },
        { hand: ['KD', '5D'], faceUp: [], faceDown: [] },
        { hand: ['7S', '8S'], faceUp: [], faceDown: [] },
      ].slice(0, players);
      const { state, handleOf } = started({ seats, stack: [], draw: [] }, 0);
      const play4C = { type: 'play', cards: [{ handle: handleOf('4C'), card: '4C' }] };
      const notYet = act(withHistory(state, limit - 2), 0, play4C);
      expect(notYet.board).toMatchObject({ phase: 'play', endless: null });
      const ended = act(withHistory(state, limit - 1), 0, play4C);
      expect(ended.board).toMatchObject({ phase: 'over', endless: 'no-progress', loser: null, out: [] });
      const outcome = stressShed.outcome(ended);
      expect(outcome?.ranking).toEqual([Array.from({ length: players }, (_, s) => s)]);
      expect(outcome?.nextDealer).toBe(0); // this hand's dealer was the last seat
      expect(outcome?.summary).toMatch(/without progress.*nobody lost/);
      const off = started({ seats, stack: [], draw: [] }, 0, { endlessHandsEnd: false }).state;
      expect(act(off, 0, play4C).board).toMatchObject({ phase: 'play', positions: [] });
    },
  );
});
