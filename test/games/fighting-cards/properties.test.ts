/**
 * Property tests of Fighting Cards with bots over random deals and dealers
 * (fast-check: fixed seeds and a sample of inputs in `npm test`, more inputs from fresh seeds in the deep suite, test/helpers/depth.ts), played at engine level by `autoplay` through the
 * fixed-deal table:
 * - any mix of uniformly random and heuristic players: every deal ends
 *   (within 90 inputs; the most possible is 82: 3 deliveries, 43 calls, 5
 *   steps of skat and trump, 30 cards, the skat reveal); at every step every card is in exactly one zone and
 *   nobody knows a card the ledger says it was not shown; every legal action
 *   of the awaited seat is accepted and nobody else has any; the hand
 *   replays to the same state hash and audits clean; a scored deal's points
 *   add up to 40.
 * - garbage input at any point is refused with an error code, never thrown,
 *   never an internal error, and changes nothing.
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { runs, seedFor } from '../../helpers/depth.js';
import { census, stateHash } from '../../../src/engine/index.js';
import { autoplay, makeRng, randomBot, type Bot } from '../../../src/bots/index.js';
import { fightingCards, type FightingState } from '../../../src/games/fighting-cards/index.js';
import { fightingCardsBot } from '../../../src/games/fighting-cards/bot.js';
import { expectRefusedOrLegal } from '../../helpers/garbage.js';
import { legalActionsAccepted } from '../../helpers/legal-actions.js';
import { dealtHand, knowledgeProblems, play } from './helpers.js';

const dealArb = fc.record({
  dealer: fc.nat(2),
  seed: fc.nat(),
  /** Which seats play heuristically (the rest uniformly at random). */
  smart: fc.tuple(fc.boolean(), fc.boolean(), fc.boolean()),
});

const DEALS = runs(30, 240);

describe('random and heuristic players', () => {
  test('every deal ends; cards stay in one place; knowledge stays within what was shown; legal actions are accepted; replay and audit agree', () => {
    let scored = 0;
    fc.assert(
      fc.property(dealArb, ({ dealer, seed, smart }) => {
        const args = { players: 3, dealer };
        const bots: Bot[] = smart.map((isSmart, seat) =>
          isSmart ? fightingCardsBot : randomBot(makeRng(seed + seat)),
        );
        const problems: string[] = [];
        const result = play(args, seed, bots, {
          maxInputs: 90,
          onStep: (state, _input, open) => {
            const s = state as FightingState;
            // While a reshuffle is pending the fixed deal does not know the new handles yet.
            const reshuffling = s.requests.some((r) => r.kind === 'reshuffle');
            problems.push(...census(fightingCards, s, reshuffling ? undefined : open), ...knowledgeProblems(s));
            if (s.step % 2 === 0) problems.push(...legalActionsAccepted(fightingCards, s, open, 12));
          },
        });
        expect(result.ok ? '' : result.reason).toBe('');
        expect(result.ok && result.finished).toBe(true);
        expect(problems.slice(0, 5)).toEqual([]);
        const state = result.state as FightingState;
        const replayed = fightingCards.replay(args, result.inputs);
        expect(replayed.ok && stateHash(replayed.value)).toBe(stateHash(state));
        expect(fightingCards.audit(args, result.inputs, result.open)).toMatchObject({ verdict: 'clean' });
        expect(census(fightingCards, state, result.open)).toEqual([]);
        const outcome = fightingCards.outcome(state);
        expect(outcome?.nextDealer).toBe((dealer + 1) % 3);
        const deal = state.board.result;
        if (state.board.thrownIn) {
          expect(deal).toBeNull();
          expect(state.board.auction.map((c) => c.bid)).toEqual([null, null, null]);
          return;
        }
        scored += 1;
        expect(deal).not.toBeNull();
        if (!deal) return;
        const view = fightingCards.view(state, null);
        expect(view.seats.reduce((sum, s) => sum + s.points, 0) + deal.skatPoints).toBe(40);
        expect(deal.trickPoints).toBe(view.seats[deal.declarer]?.points);
        expect(state.board.tricks).toHaveLength(10);
        expect(state.board.hands.every((h) => h.length === 0)).toBe(true);
      }),
      { numRuns: DEALS, seed: seedFor(20261123) },
    );
    // Most random deals are bid and played, not thrown in.
    expect(scored).toBeGreaterThan(DEALS / 2);
  });
});

describe('garbage input', () => {
  const handle = fc.integer({ min: -2, max: 60 });
  const garbageAction = fc.oneof(
    fc.anything(),
    fc.record(
      {
        type: fc.constantFrom('bid', 'pass', 'hand', 'take', 'discard', 'trump', 'play', 'double'),
        bid: fc.anything(),
        handles: fc.anything(),
        suit: fc.anything(),
        handle: fc.anything(),
        card: fc.anything(),
      },
      { requiredKeys: ['type'] },
    ),
    fc.record({ type: fc.constant('bid'), bid: fc.integer({ min: -5, max: 120 }) }),
    fc.record({ type: fc.constant('discard'), handles: fc.array(handle, { maxLength: 3 }) }),
    fc.record({ type: fc.constant('trump'), suit: fc.constantFrom('S', 'H', 'X', 'spades') }),
    fc.record({
      type: fc.constant('play'),
      handle,
      card: fc.constantFrom('7H', 'AS', '10D', 'QC~2', '2H', 'JKR', 'x'),
    }),
  );
  const garbageInput = fc.oneof(
    fc.anything(),
    fc.record({ kind: fc.constant('act'), seat: fc.integer({ min: -1, max: 4 }), action: garbageAction }),
    fc.record({
      kind: fc.constantFrom('revealed', 'delivered', 'reshuffled'),
      request: fc.integer({ min: -1, max: 12 }),
      cards: fc.dictionary(handle.map(String), fc.constantFrom('7H', 'AS', 'zz')),
    }),
  );

  test('is refused with an error code, never thrown, never an internal error, and changes nothing', () => {
    let refused = 0;
    fc.assert(
      fc.property(fc.nat(), fc.nat(70), fc.boolean(), garbageInput, (seed, steps, smart, input) => {
        const bots: Bot[] = [0, 1, 2].map((seat) => (smart ? fightingCardsBot : randomBot(makeRng(seed + seat))));
        const { state: start, open } = dealtHand({ players: 3, dealer: seed % 3 }, seed);
        const reached = autoplay(fightingCards, start, open, bots, { maxInputs: steps }).state;
        const before = stateHash(reached);
        const live = fightingCards.reduce(reached, input);
        expect(live.ok || live.error).not.toBe('internal-error');
        // A played card's identity is the table's check, not the reducer's (docs/ARCHITECTURE.md, "Card claims"): reduced live, a false identity for a hand card the seat was shown is accepted, a move no table passes on; reducing with the open cards adds the table's check (false-card-claim).
        const result = fightingCards.reduce(reached, input, { open });
        if (expectRefusedOrLegal(fightingCards, reached, open, input, result)) refused++;
        expect(stateHash(reached)).toBe(before);
      }),
      { numRuns: runs(300, 600), seed: seedFor(20261124) },
    );
    // The property is about refusals: nearly every generated input must be one.
    expect(refused).toBeGreaterThanOrEqual(270);
  });

  test('a seat that is not awaited, or a move in the wrong phase, is refused with its code', () => {
    const { state: start, open } = dealtHand({ players: 3, dealer: 0 }, 3);
    const bidding = autoplay(fightingCards, start, open, [fightingCardsBot, fightingCardsBot, fightingCardsBot], {
      maxInputs: 3,
    }).state;
    expect(fightingCards.reduce(bidding, { kind: 'act', seat: 0, action: { type: 'pass' } })).toEqual({
      ok: false,
      error: 'not-your-turn',
    });
    expect(fightingCards.reduce(bidding, { kind: 'act', seat: 1, action: { type: 'take' } })).toEqual({
      ok: false,
      error: 'wrong-phase',
    });
    expect(fightingCards.reduce(bidding, { kind: 'act', seat: 1, action: { type: 'trump', suit: 'S' } })).toEqual({
      ok: false,
      error: 'wrong-phase',
    });
    expect(fightingCards.reduce(bidding, { kind: 'act', seat: 1, action: { type: 'bid', bid: 21.5 } })).toEqual({
      ok: false,
      error: 'malformed-action',
    });
    expect(fightingCards.reduce(bidding, { kind: 'act', seat: 1, action: { type: 'discard', handles: [1] } })).toEqual({
      ok: false,
      error: 'malformed-action',
    });
  });
});
