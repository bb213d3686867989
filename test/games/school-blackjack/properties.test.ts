/**
 * Property tests of School Blackjack with bots over random deals, player
 * counts 2..6, random dealers and both values of `voluntaryDraw`, played by
 * the engine-level self-play driver (src/bots/autoplay.ts):
 * - uniformly random players: every hand ends (the longest of 300 measured
 *   random hands took 6 049 inputs; the bound here is 20 000); at every step
 *   every card is in exactly one zone and nobody knows a card the ledger says
 *   it was not shown; every legal action of the awaited seat is accepted and
 *   nobody else has one; the hand replays to the same state hash and audits
 *   clean.
 * - the bot with random slips (a uniformly random legal move with
 *   probability 0..0.3): every hand ends (the longest of 100 measured bot
 *   hands took 223 inputs; the bound is 5 000), with the winner first, and
 *   audits clean; and some hands reshuffle the play pile into the deck.
 * - with `voluntaryDraw: false`, a seat that draws (or ends uncapped)
 *   while holding a card it could play is accepted live, leaves a claim, and
 *   the audit names that seat and that input.
 * - garbage input at any point is refused with an error code, never thrown,
 *   never an internal error, and changes nothing.
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { runs, seedFor } from '../../helpers/depth.js';
import { census, privateViewOf, stateHash, type AnyState, type OpenCards } from '../../../src/engine/index.js';
import { autoplay, makeRng, randomBot, type Bot, type Rng } from '../../../src/bots/index.js';
import {
  anythingGoes,
  currentPosition,
  endDraws,
  playRefusal,
  schoolBlackjack,
  suited,
  type BlackjackState,
} from '../../../src/games/school-blackjack/index.js';
import { schoolBlackjackBot } from '../../../src/games/school-blackjack/bot.js';
import { legalActionsAccepted } from '../../helpers/legal-actions.js';
import { dealtHand, knowledgeProblems } from './helpers.js';

const handArb = fc.record({
  players: fc.integer({ min: 2, max: 6 }),
  dealerOffset: fc.nat(5),
  seed: fc.nat(),
  voluntaryDraw: fc.boolean(),
});

/** The bot, making a uniformly random legal move with probability `noise`. */
function sloppyBot(rng: Rng, noise: number): Bot {
  return (game, state, seat, view) => {
    if (rng.next() < noise) {
      const actions = game.legalActions(state, seat, view) as unknown[];
      return actions.length === 0 ? null : (actions[rng.int(actions.length)] ?? null);
    }
    return schoolBlackjackBot(game, state, seat, view);
  };
}

function stepProblems(state: AnyState, open: OpenCards): string[] {
  // A reshuffle's fresh handles have no card in the deal until it is done.
  const reshuffling = state.requests.some((r) => r.kind === 'reshuffle');
  return [
    ...census(schoolBlackjack, state, reshuffling ? undefined : open),
    ...knowledgeProblems(state as BlackjackState),
  ];
}

describe('uniformly random players', () => {
  test('every hand ends; cards stay in one place, knowledge within what was shown, legal actions are accepted; replay and audit agree', () => {
    fc.assert(
      fc.property(handArb, ({ players, dealerOffset, seed, voluntaryDraw }) => {
        const args = { players, dealer: dealerOffset % players, options: { voluntaryDraw } };
        const { state, open } = dealtHand(args, seed);
        const bots: Bot[] = Array.from({ length: players }, (_, seat) => randomBot(makeRng(seed + seat)));
        const problems: string[] = [];
        const result = autoplay(schoolBlackjack, state, open, bots, {
          maxInputs: 20_000,
          onStep: (s, _input, o) => {
            problems.push(...stepProblems(s, o));
            if (s.step % 7 === 0 && s.requests.length === 0)
              problems.push(...legalActionsAccepted(schoolBlackjack, s as BlackjackState, o, Infinity));
          },
        });
        expect(result.ok ? '' : result.reason).toBe('');
        expect(result.ok && result.finished).toBe(true);
        expect(problems.slice(0, 5)).toEqual([]);
        expect(schoolBlackjack.outcome(result.state)?.ranking[0]).toEqual([result.state.board.winner]);
        const replayed = schoolBlackjack.replay(args, result.inputs);
        expect(replayed.ok && stateHash(replayed.value)).toBe(stateHash(result.state));
        expect(schoolBlackjack.audit(args, result.inputs, result.open)).toMatchObject({ verdict: 'clean' });
      }),
      { numRuns: runs(3, 24), seed: seedFor(20261201) },
    );
  });
});

describe('the bot with random slips', () => {
  test('every hand ends with a winner and audits clean; some hands reshuffle the pile', () => {
    let reshuffled = 0;
    let hands = 0;
    fc.assert(
      fc.property(
        handArb,
        fc.double({ min: 0, max: 0.3, noNaN: true }),
        ({ players, dealerOffset, seed, voluntaryDraw }, noise) => {
          const args = { players, dealer: dealerOffset % players, options: { voluntaryDraw } };
          const { state, open } = dealtHand(args, seed);
          const bots = Array.from({ length: players }, (_, seat) => sloppyBot(makeRng(seed * 31 + seat), noise));
          const problems: string[] = [];
          const result = autoplay(schoolBlackjack, state, open, bots, {
            maxInputs: 5000,
            onStep: (s, _input, o) => problems.push(...stepProblems(s, o)),
          });
          expect(result.ok ? '' : result.reason).toBe('');
          expect(result.ok && result.finished).toBe(true);
          expect(problems.slice(0, 5)).toEqual([]);
          const final = result.state as BlackjackState;
          const outcome = schoolBlackjack.outcome(final);
          expect(outcome?.ranking.flat().sort()).toEqual(Array.from({ length: players }, (_, s) => s));
          expect(final.board.winner).not.toBeNull();
          expect(final.board.hands[final.board.winner ?? -1]).toEqual([]);
          expect(outcome?.nextDealer).toBe((args.dealer + players - 1) % players);
          const replayed = schoolBlackjack.replay(args, result.inputs);
          expect(replayed.ok && stateHash(replayed.value)).toBe(stateHash(final));
          expect(schoolBlackjack.audit(args, result.inputs, result.open)).toMatchObject({ verdict: 'clean' });
          hands += 1;
          if (final.board.reshuffles > 0) reshuffled += 1;
        },
      ),
      { numRuns: runs(4, 30), seed: seedFor(20261202) },
    );
    expect(hands).toBeGreaterThan(0);
    expect(reshuffled).toBeGreaterThan(0);
  });
});

describe('a false "cannot play" claim (voluntaryDraw: false)', () => {
  test('is accepted live while the playable card is hidden, and the audit names the seat and the input', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 6 }), fc.nat(), (players, seed) => {
        const args = { players, dealer: seed % players, options: { voluntaryDraw: false } };
        const { state, open } = dealtHand(args, seed);
        let cheater: number | null = null;
        let cheatStep = -1;
        // Every seat cheats at its first chance: it stops although a card in its hand may be played.
        const bots: Bot[] = Array.from({ length: players }, (_, seat) => {
          const honest = sloppyBot(makeRng(seed + seat), 0.2);
          return (game, st, s, view) => {
            const current = st as BlackjackState;
            if (cheater === null && current.requests.length === 0) {
              const position = currentPosition(current, (h) => current.cards[h]?.card ?? view.known[h] ?? null);
              // Where any card may be played (empty pile, after a queen) the claim is refused live: no cheat to try.
              const stopping = (position.step === 'start' || endDraws(position)) && !anythingGoes(position);
              const playable = (current.board.hands[seat] ?? []).some((h) => {
                const card = suited(view.known[h] ?? null);
                return card !== null && playRefusal(position, card) === null;
              });
              if (stopping && playable) {
                cheater = seat;
                cheatStep = current.step;
                return { type: position.step === 'start' ? 'draw' : 'end' };
              }
            }
            return honest(game, st, s, view);
          };
        });
        const result = autoplay(schoolBlackjack, state, open, bots, { maxInputs: 5000 });
        fc.pre(cheater !== null);
        expect(result.ok ? '' : result.reason).toBe('');
        expect(
          result.state.claims.some((c: { seat: number; step: number }) => c.seat === cheater && c.step === cheatStep),
        ).toBe(true);
        const report = schoolBlackjack.audit(args, result.inputs, result.open);
        expect(report).toMatchObject({ verdict: 'fault', index: cheatStep, seat: cheater });
        expect(report.verdict === 'fault' && report.reason).toMatch(
          /^has-legal-play: false claim "seat \d holds no card/,
        );
      }),
      { numRuns: runs(4, 30), seed: seedFor(20261204) },
    );
  });
});

describe('garbage input', () => {
  const card = fc.constantFrom('5H', 'AS', 'QH~2', 'JKR', '10S', 'x', '');
  const garbageAction = fc.oneof(
    fc.anything(),
    fc.record(
      {
        type: fc.constantFrom('play', 'end', 'draw', 'pickup'),
        handle: fc.anything(),
        card: fc.anything(),
        suit: fc.anything(),
      },
      { requiredKeys: ['type'] },
    ),
    fc.record(
      { type: fc.constant('play'), handle: fc.integer({ min: -2, max: 120 }), card },
      { requiredKeys: ['type', 'handle', 'card'] },
    ),
    fc.record({
      type: fc.constant('play'),
      handle: fc.integer({ min: -2, max: 120 }),
      card,
      suit: fc.constantFrom('C', 'D', 'H', 'S', 'X'),
    }),
    fc.constantFrom({ type: 'end' }, { type: 'draw' }, { type: 'end', extra: 1 }),
  );
  const garbageInput = fc.oneof(
    fc.anything(),
    fc.record({ kind: fc.constant('act'), seat: fc.integer({ min: -1, max: 7 }), action: garbageAction }),
    fc.record({
      kind: fc.constantFrom('revealed', 'delivered', 'reshuffled'),
      request: fc.integer({ min: -1, max: 40 }),
      cards: fc.dictionary(fc.nat(120).map(String), card),
    }),
  );

  test('is refused with an error code, never thrown, never an internal error, and a refusal changes nothing', () => {
    let refused = 0;
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 6 }),
        fc.nat(),
        fc.nat(150),
        garbageInput,
        (players, seed, steps, input) => {
          const { state: start, open } = dealtHand({ players, options: { voluntaryDraw: seed % 2 === 0 } }, seed);
          const bots = Array.from({ length: players }, (_, seat) => randomBot(makeRng(seed + seat)));
          const reached = autoplay(schoolBlackjack, start, open, bots, { maxInputs: steps }).state;
          const before = stateHash(reached);
          let result: ReturnType<typeof schoolBlackjack.reduce> | undefined;
          expect(() => {
            const live = schoolBlackjack.reduce(reached, input);
            expect(live.ok || live.error).not.toBe('internal-error');
            // A played card's identity is the table's check, not the reducer's (docs/ARCHITECTURE.md, "Card claims"): reduced live, a false identity for a hand card the seat was shown is accepted, a move no table passes on; reducing with the open cards adds the table's check (false-card-claim).
            result = schoolBlackjack.reduce(reached, input, { open });
          }).not.toThrow();
          expect(result).toBeDefined();
          if (result!.ok) {
            // Only garbage that happens to be a legal move of the seat it names may be taken.
            const act = input as { kind?: unknown; seat?: unknown; action?: unknown };
            expect(act.kind).toBe('act');
            const seat = act.seat as number;
            expect(schoolBlackjack.legalActions(reached, seat, privateViewOf(reached, open, seat))).toContainEqual(
              act.action,
            );
          } else {
            refused++;
            expect(typeof result!.error).toBe('string');
            expect(result!.error).not.toBe('internal-error');
          }
          expect(stateHash(reached)).toBe(before);
        },
      ),
      { numRuns: runs(200, 400), seed: seedFor(20261203) },
    );
    // The property is about refusals: nearly every generated input must be one.
    expect(refused).toBeGreaterThanOrEqual(180);
  });
});
