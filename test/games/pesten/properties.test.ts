/**
 * Property tests of Pesten with bots over random deals, 2..8 players, random
 * dealers and options (fast-check: fixed seeds and a sample of inputs in `npm test`, more inputs from fresh seeds in the deep suite, test/helpers/depth.ts):
 * - uniformly random players over long prefixes (1 500 inputs: enough for
 *   the stock to be rebuilt several times; at least some runs must rebuild it
 *   twice or more): at every step every card is in exactly one zone, nobody
 *   knows a card it was not shown or never held, the discard pile keeps a
 *   top, every legal action of the awaited seats is accepted and nobody else
 *   has any; the prefix replays to the same state hash and audits clean.
 * - every hand ends: the heuristic bot with random slips (0–50 %), checked
 *   at every step as above, within 5 000 inputs (the longest of 300 measured hands took 1 489), and
 *   uniformly random players within 40 000 (median ~2 000, longest of 150
 *   measured 14 554): one winner with one more point, replay equals state,
 *   the audit with every card open is clean.
 * - the order in which the 10's simultaneous passes arrive never matters.
 * - garbage input at any point is refused with an error code, never thrown,
 *   never an internal error, and changes nothing.
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { runs, seedFor } from '../../helpers/depth.js';
import { census, settle, stateHash, type AnyState, type OpenCards } from '../../../src/engine/index.js';
import { autoplay, makeRng, randomBot, type AutoplayResult, type Bot, type Rng } from '../../../src/bots/index.js';
import { pesten, type PestenState } from '../../../src/games/pesten/index.js';
import { pestenBot } from '../../../src/games/pesten/bot.js';
import { expectRefusedOrLegal } from '../../helpers/garbage.js';
import { legalActionsAccepted } from '../../helpers/legal-actions.js';
import { dealtRound, knowledgeProblems, play } from './helpers.js';

const roundArb = fc.record({
  players: fc.integer({ min: 2, max: 8 }),
  dealerOffset: fc.nat(7),
  seed: fc.nat(),
  options: fc.record({ drawThenPlay: fc.boolean(), targetPoints: fc.integer({ min: 1, max: 3 }) }),
  points: fc.nat(1),
});

function argsOf(r: { players: number; dealerOffset: number; options: object; points: number }) {
  // Some rounds start with carried points (0 or 1 each), as in a match.
  const carry =
    r.points === 0 ? undefined : { points: Array.from({ length: r.players }, (_, s) => (s % 2 === 0 ? 0 : 1)) };
  return { players: r.players, dealer: r.dealerOffset % r.players, options: r.options, ...(carry ? { carry } : {}) };
}

function checkFinished(args: ReturnType<typeof argsOf>, state: PestenState, inputs: unknown[], open: OpenCards): void {
  const outcome = pesten.outcome(state);
  expect(outcome).not.toBeNull();
  if (!outcome) return;
  const winner = state.board.winner ?? -1;
  expect(outcome.ranking[0]).toEqual([winner]);
  expect(state.board.hands[winner]).toEqual([]);
  const before = args.carry?.points ?? Array.from({ length: args.players }, () => 0);
  expect(outcome.scores).toEqual(before.map((p, s) => p + (s === winner ? 1 : 0)));
  expect(census(pesten, state, open)).toEqual([]);
  const replayed = pesten.replay(args, inputs);
  expect(replayed.ok && stateHash(replayed.value)).toBe(stateHash(state));
  expect(pesten.audit(args, inputs, open)).toMatchObject({ verdict: 'clean' });
}

describe('uniformly random players over long prefixes', () => {
  test('cards stay in one place, knowledge stays within what was shown, legal actions are accepted; replay and audit agree; the stock is rebuilt', () => {
    const reshuffles: number[] = [];
    fc.assert(
      fc.property(roundArb, (round) => {
        const args = argsOf(round);
        const bots: Bot[] = Array.from({ length: round.players }, (_, seat) => randomBot(makeRng(round.seed + seat)));
        const problems: string[] = [];
        const holders = new Map<number, Set<number>>();
        const result = play(args, round.seed, bots, {
          maxInputs: 1500,
          orderRng: makeRng(round.seed ^ 0x5eed),
          onStep: (state, _input, open) => {
            const s = state as PestenState;
            // While a reshuffle is pending its new handles have no card in the fixed deal yet: check zones only.
            const reshuffling = s.requests.some((r) => r.kind === 'reshuffle');
            problems.push(...census(pesten, s, reshuffling ? undefined : open), ...knowledgeProblems(s, holders));
            if (s.board.discard.length === 0) problems.push('the discard pile lost its top');
            if (state.step % 4 === 0) problems.push(...legalActionsAccepted(pesten, s, open, 6));
          },
        });
        expect(result.ok ? '' : result.reason).toBe('');
        expect(problems.slice(0, 5)).toEqual([]);
        const state = result.state as PestenState;
        reshuffles.push(state.board.reshuffles);
        if (result.ok && result.finished) {
          checkFinished(args, state, result.inputs, result.open);
        } else {
          // The cut at maxInputs can fall right after a draw that asked for the stock's reshuffle: the
          // new stock's handles get their cards in the fixed deal only once the reshuffle is done, and
          // an audit needs every card open (a table audits at the end of a hand, with no crypto pending).
          // So the prefix is first carried on through its pending crypto (no seat acts meanwhile).
          const settled = settle(pesten, state, result.open);
          expect(settled.ok ? '' : settled.error).toBe('');
          if (!settled.ok) return;
          const inputs = [...result.inputs, ...settled.inputs];
          const replayed = pesten.replay(args, inputs);
          expect(replayed.ok && stateHash(replayed.value)).toBe(stateHash(settled.state));
          expect(pesten.audit(args, inputs, settled.open)).toMatchObject({ verdict: 'clean' });
        }
      }),
      { numRuns: runs(4, 32), seed: seedFor(20261101) },
    );
    expect(reshuffles.filter((n) => n >= 2).length).toBeGreaterThan(0);
  });
});

describe('every hand ends', () => {
  test('sensible players with random slips: within 5000 inputs, one winner, replay equals state, clean audit', () => {
    fc.assert(
      fc.property(roundArb, fc.double({ min: 0, max: 0.5, noNaN: true }), (round, noise) => {
        const args = argsOf(round);
        const bots = Array.from({ length: round.players }, (_, seat) =>
          pestenBot({ random: makeRng(round.seed * 31 + seat).next, noise }),
        );
        const problems: string[] = [];
        const holders = new Map<number, Set<number>>();
        const result = play(args, round.seed, bots, {
          maxInputs: 5000,
          onStep: (state, _input, open) => {
            const s = state as PestenState;
            const reshuffling = s.requests.some((r) => r.kind === 'reshuffle');
            problems.push(...census(pesten, s, reshuffling ? undefined : open), ...knowledgeProblems(s, holders));
          },
        });
        expect(result.ok ? '' : result.reason).toBe('');
        expect(problems.slice(0, 5)).toEqual([]);
        expect(result.ok && result.finished).toBe(true);
        checkFinished(args, result.state as PestenState, result.inputs, result.open);
      }),
      { numRuns: runs(10, 80), seed: seedFor(20261102) },
    );
  });

  test('uniformly random players: within 40000 inputs, one winner, replay equals state, clean audit', () => {
    fc.assert(
      fc.property(roundArb, (round) => {
        const args = argsOf(round);
        const bots = Array.from({ length: round.players }, (_, seat) => randomBot(makeRng(round.seed * 7 + seat)));
        const result = play(args, round.seed, bots, { maxInputs: 40_000 });
        expect(result.ok ? '' : result.reason).toBe('');
        expect(result.ok && result.finished).toBe(true);
        checkFinished(args, result.state as PestenState, result.inputs, result.open);
      }),
      { numRuns: runs(2, 10), seed: seedFor(20261103) },
    );
  });
});

/**
 * The state once a pass round the cut at maxInputs fell into is over, played
 * on by the same bots (and the same order) one input at a time. Within a pass
 * round the two orders legitimately differ: after k of the passes, seat order
 * holds the k lowest seats' picks and a random order others; only once every
 * pass is in must they agree.
 */
function throughPassRound(result: AutoplayResult, bots: Bot[], orderRng?: Rng): AnyState {
  let state = result.state;
  let open = result.open;
  while ((state as PestenState).board.phase === 'pass') {
    const next = autoplay(pesten, state, open, bots, { maxInputs: 1, ...(orderRng ? { orderRng } : {}) });
    expect(next.ok ? '' : next.reason).toBe('');
    if (!next.ok || next.inputs.length === 0) break;
    state = next.state;
    open = next.open;
  }
  return state;
}

describe('simultaneous passes', () => {
  test("the order in which the 10's passes arrive does not matter", () => {
    let passRounds = 0;
    fc.assert(
      fc.property(roundArb, fc.nat(), (round, orderSeed) => {
        const args = argsOf(round);
        const bots = (): Bot[] =>
          Array.from({ length: round.players }, (_, seat) =>
            pestenBot({ random: makeRng(round.seed + seat).next, noise: 0.3 }),
          );
        const aBots = bots();
        const a = play(args, round.seed, aBots, {
          maxInputs: 150,
          onStep: (state) => {
            // A pass round just completed: back in play, with the passed cards' forwards under way.
            if ((state as PestenState).board.phase === 'play' && state.requests[0]?.kind === 'forward') passRounds += 1;
          },
        });
        const orderRng = makeRng(orderSeed);
        const bBots = bots();
        const b = play(args, round.seed, bBots, { maxInputs: 150, orderRng });
        expect(stateHash(throughPassRound(a, aBots))).toBe(stateHash(throughPassRound(b, bBots, orderRng)));
      }),
      { numRuns: runs(7, 50), seed: seedFor(20261104) },
    );
    expect(passRounds).toBeGreaterThan(0);
  });
});

describe('garbage input', () => {
  const handle = fc.integer({ min: -2, max: 130 });
  const garbageAction = fc.oneof(
    fc.anything(),
    fc.record(
      {
        type: fc.constantFrom('play', 'draw', 'end-turn', 'wish', 'give', 'pass'),
        handle: fc.anything(),
        card: fc.anything(),
        suit: fc.anything(),
        wish: fc.anything(),
        announce: fc.anything(),
      },
      { requiredKeys: ['type'] },
    ),
    fc.record(
      {
        type: fc.constant('play'),
        handle,
        card: fc.constantFrom('5H', 'JKR', 'JKB', 'JS', '2C', '10S', 'QH~2', 'x'),
        wish: fc.constantFrom('H', 'S', undefined),
        announce: fc.boolean(),
      },
      { requiredKeys: ['type', 'handle', 'card'] },
    ),
    fc.record({ type: fc.constant('give'), handle }),
    fc.record({ type: fc.constant('wish'), suit: fc.constantFrom('C', 'D', 'H', 'S', 'X') }),
    fc.constantFrom({ type: 'draw' }, { type: 'end-turn' }),
  );
  const garbageInput = fc.oneof(
    fc.anything(),
    fc.record({ kind: fc.constant('act'), seat: fc.integer({ min: -1, max: 9 }), action: garbageAction }),
    fc.record({
      kind: fc.constantFrom('revealed', 'delivered', 'reshuffled'),
      request: fc.integer({ min: -1, max: 60 }),
      cards: fc.dictionary(fc.nat(130).map(String), fc.constantFrom('5H', 'AS', 'JKR', 'zz')),
    }),
  );

  test('is refused with an error code, never thrown, never an internal error, and changes nothing', () => {
    let refused = 0;
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 8 }),
        fc.nat(),
        fc.nat(300),
        fc.boolean(),
        garbageInput,
        (players, seed, steps, drawThenPlay, input) => {
          const bots = Array.from({ length: players }, (_, seat) => randomBot(makeRng(seed + seat)));
          const dealt = dealtRound({ players, options: { drawThenPlay } }, seed);
          // The deal as it stands after the steps (a reshuffle gives new handles their cards).
          const { state: reached, open } = autoplay(pesten, dealt.state, dealt.open, bots, { maxInputs: steps });
          const before = stateHash(reached);
          const live = pesten.reduce(reached, input);
          expect(live.ok || live.error).not.toBe('internal-error');
          // A played card's identity is the table's check, not the reducer's: the author's keys must
          // open the handle to the claimed card before the reducer sees the move (docs/ARCHITECTURE.md §3, "Card
          // claims"), and the reducer trusts it. Reduced live, a false identity for a hand card the
          // seat was shown (5H for its KS) is accepted, a move no table passes on; reducing with the
          // open cards adds the table's check, so such a claim is refused (false-card-claim).
          const result = pesten.reduce(reached, input, { open });
          if (expectRefusedOrLegal(pesten, reached, open, input, result)) refused++;
          expect(stateHash(reached)).toBe(before);
          if (live.ok) expect(census(pesten, live.value)).toEqual([]);
          if (result.ok) expect(census(pesten, result.value)).toEqual([]);
        },
      ),
      { numRuns: runs(200, 400), seed: seedFor(20261105) },
    );
    // The property is about refusals: nearly every generated input must be one.
    expect(refused).toBeGreaterThanOrEqual(180);
  });
});
