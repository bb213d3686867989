/**
 * The endless-hands rule of Stress (shedding), docs/rules/stress-shed.md. Where a scenario
 * file cannot express it: what a position is (handles, hands as sets, whose
 * turn, the stack in order), that each kind of progress clears the record
 * and a quiet turn extends it, the record step by step on hand-built
 * positions (endless.ts), and the move-count limit of 100 × the players
 * still in (reached by giving the record a long quiet history, which no
 * short scenario can build); the threefold repetition itself is covered by
 * test/scenarios/stress-shed/repetition-*.json. And that with the rule (on
 * by default) every hand ends, even between fixed strategies that would
 * cycle for ever: the heuristic bot with no random slips plays seeded hands
 * at 2, 3 and 4 players, and every hand must be over, with an outcome, and
 * audit clean; the seeds include hands where the bots do loop (found by
 * search: of 400 seeded hands 7 loop at two players, 2 at three, 1 at four);
 * those end by the rule, with no loser, and with the option off the same
 * hand is still going long after, which shows it is the rule that ends them.
 */
import { describe, expect, test } from 'vitest';
import { type ScenarioFile, canonicalJson, census, shuffledDeal, type SetupArgs } from '../../../src/engine/index.js';
import { runScenario } from '../../../src/games/scenarios.js';
import {
  positionHash,
  QUIET_TURNS_PER_PLAYER,
  stressShed,
  type StressState,
} from '../../../src/games/stress-shed/index.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import {
  positionOf,
  progressMark,
  quietTurns,
  recordTurn,
  repeatsOfCurrent,
  startRecord,
} from '../../../src/games/stress-shed/endless.js';
import { loadedNow } from '../../helpers/loaded-now.js';
import { table } from './table.js';
import { autoplay, heuristicBot, makeRng, type AutoplayResult } from '../../../src/bots/index.js';

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
  return result.value as StressState;
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
    const board = (judged.value as StressState).board;
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

describe('the endless-hands record (endless.ts)', () => {
  const board = () =>
    table({
      seats: [
        { hand: ['9C', '4C'], faceUp: ['KS'], faceDown: ['2S'] },
        { hand: ['4D'], faceDown: ['6D', '7D'] },
      ],
      stack: ['7H', '3H'],
      draw: ['JH'],
      cemetery: ['10C', '5C'],
    });

  test("a position: the turn, the stack in order, the draw count, each seat's cards as sorted sets, who is out", () => {
    const t = board();
    t.state.board.seats[0]!.hand.reverse();
    t.state.board.out = [1];
    expect(positionOf(t.state.board)).toEqual({
      turn: 0,
      stack: [t.h('7H'), t.h('3H')],
      draw: 1,
      seats: [
        [[t.h('9C'), t.h('4C')], [t.h('KS')], [t.h('2S')]],
        [[t.h('4D')], [], [t.h('6D'), t.h('7D')]],
      ],
      out: [1],
    });
    const hash = positionHash(t.state.board);
    expect(hash).toBe(bytesToHex(sha256(utf8ToBytes(canonicalJson(positionOf(t.state.board))))).slice(0, 16));
    expect(hash).toMatch(/^[0-9a-f]{16}$/);
  });

  test('hands and face-down cards as sets, numerically sorted (handles above 9)', async () => {
    const t = table({
      seats: [
        {
          hand: ['2C', '3C', '4C', '5C', '6C', '7C', '8C', '9C', '10C', 'JC', 'QC', 'KC'],
          faceUp: ['AC', '2D'],
          faceDown: ['3D', '4D'],
        },
        { hand: ['5D'] },
      ],
    });
    const b = t.state.board;
    const before = positionHash(b);
    b.seats[0]!.hand = [11, 2, 10, 0, 1, 3, 4, 5, 6, 7, 8, 9];
    b.seats[0]!.faceUp = [13, 12];
    b.seats[0]!.faceDown = [15, 14];
    expect(positionHash(b)).toBe(before);
    expect((positionOf(b) as { seats: number[][][] }).seats[0]?.[0]).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    // The sorting helper is built when endless.ts loads: the same with the module loaded here.
    const fresh = await loadedNow(() => import('../../../src/games/stress-shed/endless.js'));
    expect(fresh.positionOf(b)).toEqual(positionOf(b));
    expect(fresh.positionHash(b)).toBe(before);
  });

  test('progressMark: burned cards and players out count up, the draw stack and face cards count down', () => {
    const t = board();
    // cemetery 2 + out 0 − draw 1 − face-up/face-down 4
    expect(progressMark(t.state.board)).toBe(-3);
    t.state.board.out = [1];
    expect(progressMark(t.state.board)).toBe(-2);
  });

  test.each<[string[], number, number]>([
    [[], 0, 0],
    [['a'], 1, 0],
    [['a', 'b', 'a'], 2, 2],
    [['a', 'a', 'b'], 1, 2],
  ])('record %j: repeats %i, quiet turns %i', (positions, repeats, quiet) => {
    const t = board();
    t.state.board.positions = positions;
    expect(repeatsOfCurrent(t.state.board)).toBe(repeats);
    expect(quietTurns(t.state.board)).toBe(quiet);
  });

  test('startRecord: only in the play phase and with the option on', () => {
    const t = board();
    startRecord(t.state);
    expect(t.state.board.positions).toEqual([positionHash(t.state.board)]);
    const off = table({ seats: [{ hand: ['4C'] }, { hand: ['5C'] }], options: { endlessHandsEnd: false } });
    startRecord(off.state);
    expect(off.state.board.positions).toEqual([]);
    const swap = table({ seats: [{ hand: ['4C'] }, { hand: ['5C'] }], phase: 'swap' });
    startRecord(swap.state);
    expect(swap.state.board.positions).toEqual([]);
  });

  test('recordTurn: progress restarts the record; a quiet turn extends it; the third occurrence ends the hand', () => {
    const t = board();
    const key = positionHash(t.state.board);
    t.state.board.positions = ['x', 'y'];
    recordTurn(t.state, true);
    expect(t.state.board.positions).toEqual([key]);
    recordTurn(t.state, false);
    expect(t.state.board.positions).toEqual([key, key]);
    expect(t.state.board.phase).toBe('play');
    recordTurn(t.state, false);
    expect(t.state.board).toMatchObject({
      phase: 'over',
      loser: null,
      endless: 'repetition',
      positions: [key, key, key],
    });
    // Once over, nothing more is recorded.
    recordTurn(t.state, false);
    expect(t.state.board.positions).toHaveLength(3);
  });

  test('recordTurn does nothing with the option off', () => {
    const t = table({ seats: [{ hand: ['4C'] }, { hand: ['5C'] }], options: { endlessHandsEnd: false } });
    recordTurn(t.state, false);
    recordTurn(t.state, true);
    expect(t.state.board.positions).toEqual([]);
  });

  test('100 quiet turns per player still in end the hand, not one fewer', () => {
    const t = board();
    t.state.board.positions = Array.from({ length: 199 }, (_, i) => `q${i}`);
    recordTurn(t.state, false);
    expect(t.state.board.phase).toBe('play');
    expect(quietTurns(t.state.board)).toBe(199);
    t.state.board.turn = 1;
    recordTurn(t.state, false);
    expect(t.state.board).toMatchObject({ phase: 'over', endless: 'no-progress', loser: null });
    // With one of three seats out, 200 are enough (the seats still in count, not the seats).
    const three2 = table({ seats: [{ hand: ['4C'] }, { hand: ['5C'] }, {}], out: [2] });
    three2.state.board.positions = Array.from({ length: 200 }, (_, i) => `q${i}`);
    recordTurn(three2.state, false);
    expect(three2.state.board.endless).toBe('no-progress');
  });
});

/** Every hand ends well inside this (the longest measured noise-free hand took 257 inputs). */
const MAX_INPUTS = 20_000;
/** With the rule off, a looping hand is still going after this many inputs. */
const LOOP_INPUTS = 2_000;

function noiseFree(args: SetupArgs, seed: number, maxInputs: number): AutoplayResult {
  const setup = stressShed.setup(args);
  if (!setup.ok) throw new Error(`setup: ${setup.error}`);
  const rng = makeRng(seed);
  const open = shuffledDeal(setup.value.deck, () => rng.next());
  const bots = Array.from({ length: args.players }, () => heuristicBot({ noise: 0 }));
  return autoplay(stressShed, setup.value, open, bots, { maxInputs });
}

const range = (from: number, to: number): number[] => Array.from({ length: to - from + 1 }, (_, i) => from + i);

describe('noise-free heuristic bots end every hand', () => {
  test.each<[number, number[]]>([
    [2, range(1, 60)],
    [3, [...range(1, 60), 281, 304]],
    [4, [...range(1, 60), 184]],
  ])('%i players', (players, seeds) => {
    const loops: number[] = [];
    for (const seed of seeds) {
      const args = { players, dealer: seed % players };
      const result = noiseFree(args, seed, MAX_INPUTS);
      expect(result.ok ? '' : result.reason, `seed ${seed}`).toBe('');
      expect(result.ok && result.finished, `seed ${seed} ended`).toBe(true);
      const state = result.state as StressState;
      const outcome = stressShed.outcome(state);
      expect(outcome, `seed ${seed} outcome`).not.toBeNull();
      expect(outcome?.ranking.flat().sort()).toEqual(range(0, players - 1));
      expect(census(stressShed, state, result.open)).toEqual([]);
      expect(stressShed.audit(args, result.inputs, result.open), `seed ${seed} audit`).toMatchObject({
        verdict: 'clean',
      });
      if (state.board.endless === null) {
        expect(state.board.out).toHaveLength(players - 1);
        expect(outcome?.nextDealer).toBe(state.board.loser);
        continue;
      }
      loops.push(seed);
      expect(state.board.loser).toBeNull();
      expect(outcome?.ranking.at(-1)?.length).toBeGreaterThanOrEqual(2);
      expect(outcome?.nextDealer).toBe((args.dealer + 1) % players);
      const without = noiseFree({ ...args, options: { endlessHandsEnd: false } }, seed, LOOP_INPUTS);
      expect(without.ok && !without.finished, `seed ${seed} loops without the rule`).toBe(true);
    }
    expect(loops.length, 'some of these hands loop, so the rule is exercised').toBeGreaterThan(0);
  });
});
