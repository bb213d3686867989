/**
 * Fighting Cards unit tests: options and setup (deck, deal, carry), the
 * scoring bands with their edges and the hand-game doubling, renege scoring,
 * the secret discard (who may know which card), error codes of refused moves,
 * legal actions, a renege by a cheating bot caught both ways (proved live by
 * a later card, and named by the audit when the hand stops before that), the
 * outcome after the audit, and totals carried across the deals of a match.
 * Whole-hand examples from RULES.md are the scenario files.
 */
import { describe, expect, test } from 'vitest';
import { census, privateViewOf, settle, type OpenCards, type Seat } from '../../../src/engine/index.js';
import { makeRng, randomBot, type Bot } from '../../../src/bots/index.js';
import {
  contractScore,
  fightingCards,
  fightingCardsBot,
  outcomeAfterAudit,
  rankByTotals,
  scoreDeal,
  type FightingAction,
  type FightingState,
} from '../../../src/games/fighting-cards/index.js';
import { dealtHand, handleOf, knowledgeProblems, M, play, position, reneging } from './helpers.js';

const act = (seat: Seat, action: FightingAction) => ({ kind: 'act', seat, action });

describe('options and setup', () => {
  test.each<[unknown, object | null]>([
    [{}, { deals: 3 }],
    [undefined, { deals: 3 }],
    [{ deals: 6 }, { deals: 6 }],
    [{ deals: 0 }, null],
    [{ deals: 2.5 }, null],
    [{ deals: 3, jacksTrump: true }, null],
  ])('%j → %j', (raw, parsed) => {
    expect(fightingCards.parseOptions(raw, 3)).toEqual(parsed);
  });

  test.each([2, 4])('%i players are refused', (players) => {
    expect(fightingCards.setup({ players })).toEqual({ ok: false, error: 'bad-player-count' });
  });

  test('32 cards 7–A; ten to each seat shown only to it, two in the skat shown to nobody; the seat after the dealer bids first', () => {
    const setup = fightingCards.setup({ players: 3, dealer: 2 });
    if (!setup.ok) throw new Error(setup.error);
    const state = setup.state;
    expect(state.deck).toHaveLength(32);
    expect(new Set(state.deck.map((c) => c.slice(0, -1)))).toEqual(new Set(['7', '8', '9', '10', 'J', 'Q', 'K', 'A']));
    expect(state.board.hands.map((h) => h.length)).toEqual([10, 10, 10]);
    expect(state.board.skat).toHaveLength(2);
    expect(state.requests.map((r) => (r.kind === 'reveal-to' ? [r.seat, r.handles.length] : r.kind))).toEqual([
      [0, 10],
      [1, 10],
      [2, 10],
    ]);
    expect(fightingCards.awaits(state)).toMatchObject({ kind: 'crypto' });
    const { state: dealt } = dealtHand({ players: 3, dealer: 2 }, 1);
    const open = dealtHand({ players: 3, dealer: 2 }, 1).open;
    const settled = settle(fightingCards, dealt, open);
    if (!settled.ok) throw new Error(settled.error);
    expect(fightingCards.awaits(settled.state)).toEqual({ kind: 'move', seat: 0, what: 'bidding' });
    for (const h of settled.state.board.skat) expect(settled.state.cards[h]?.seen).toEqual([]);
    expect(census(fightingCards, settled.state, open)).toEqual([]);
  });

  /** A score-table row: deal `deal`, seat 0 declared at 21 and scored `score`. */
  const row = (deal: number, score: number) => ({
    deal,
    dealer: 2,
    declarer: 0,
    bid: 21,
    handGame: false,
    trump: 'S',
    points: 21,
    made: score > 0,
    renege: null,
    scores: [score, 0, 0],
  });

  test('a carry with a row per counted deal adding up to the totals is taken as the match so far', () => {
    const carry = { played: 2, totals: [70, 0, 0], history: [row(1, 70), row(2, 0)] };
    const made = fightingCards.setup({ players: 3, carry, options: { deals: 3 } });
    if (!made.ok) throw new Error(made.error);
    expect(made.state.board.match).toEqual(carry);
  });

  test.each<[string, unknown]>([
    ['not an object', 'lots'],
    ['two totals', { played: 1, totals: [1, 2] }],
    ['a finished match', { played: 3, totals: [0, 0, 0] }],
    ['an extra field', { played: 1, totals: [0, 0, 0], history: [row(1, 0)], winner: 1 }],
    ['no rows', { played: 1, totals: [0, 0, 0] }],
    ['a row short', { played: 1, totals: [0, 0, 0], history: [] }],
    ['a row misnumbered', { played: 1, totals: [70, 0, 0], history: [row(2, 70)] }],
    ['rows that do not add up to the totals', { played: 2, totals: [70, 0, 0], history: [row(1, 70), row(2, 70)] }],
  ])('a carry that does not fit (%s) is refused', (_what, carry) => {
    expect(fightingCards.setup({ players: 3, carry: carry as never })).toEqual({ ok: false, error: 'bad-layout' });
  });
});

describe('scoring', () => {
  test.each<[number, number, number]>([
    [21, 21, 71],
    [21, 40, 90],
    [25, 24, -20],
    [25, 20, -100],
    [26, 26, 226],
    [26, 25, -50],
    [28, 31, 231],
    [28, 25, -150],
    [30, 30, 230],
    [30, 29, -50],
    [31, 31, 531],
    [31, 29, -200],
    [35, 35, 535],
    [35, 34, -100],
    [36, 36, 1036],
    [36, 33, -600],
    [39, 40, 1040],
    [39, 38, -200],
    [40, 40, 1540],
    [40, 38, -1000],
  ])('bid %i, A = %i → %i', (bid, points, score) => {
    expect(contractScore(bid, points).score).toBe(score);
    expect(contractScore(bid, points).made).toBe(points >= bid);
    expect(contractScore(bid, points).shortfall).toBe(Math.max(0, bid - points));
  });

  test('A counts the skat; a hand game doubles, made or failed', () => {
    const base = { declarer: 1, bid: 26, trickPoints: 20, skatPoints: 6, renege: null };
    expect(scoreDeal({ ...base, handGame: false })).toMatchObject({ points: 26, made: true, score: 226 });
    expect(scoreDeal({ ...base, handGame: true })).toMatchObject({ points: 26, made: true, score: 452 });
    expect(scoreDeal({ ...base, skatPoints: 5, handGame: true })).toMatchObject({
      points: 25,
      made: false,
      shortfall: 1,
      score: -100,
    });
  });

  test('renege: the declarer loses with A = 0; a defender gives the declarer the game made with A = bid', () => {
    const base = { declarer: 2, bid: 30, trickPoints: 35, skatPoints: 5, handGame: false };
    expect(scoreDeal({ ...base, renege: 2 })).toMatchObject({ points: 0, made: false, shortfall: 30, score: -1500 });
    expect(scoreDeal({ ...base, renege: 2, handGame: true })).toMatchObject({ score: -3000 });
    expect(scoreDeal({ ...base, trickPoints: 2, skatPoints: 0, renege: 0 })).toMatchObject({
      points: 30,
      made: true,
      score: 230,
    });
    expect(scoreDeal({ ...base, bid: 40, trickPoints: 0, renege: 1 })).toMatchObject({ points: 40, score: 1540 });
  });

  test('places by total, equal totals share', () => {
    expect(rankByTotals([5, 5, -3])).toEqual([[0, 1], [2]]);
    expect(rankByTotals([0, 226, 0])).toEqual([[1], [0, 2]]);
    expect(rankByTotals([-1, 2, 1])).toEqual([[1], [2], [0]]);
  });
});

/** Deal M up to the skat decision: seat 1 declares 26. */
function atSkat(): { state: FightingState; open: OpenCards } {
  return position({
    deal: M,
    actions: [
      { seat: 1, type: 'bid', bid: 26 },
      { seat: 2, type: 'pass' },
      { seat: 0, type: 'pass' },
    ],
  });
}

describe('the secret discard', () => {
  test('take: all seats reshuffle the twelve cards into fresh handles shown to the declarer alone; the discard names handles only', () => {
    const { state, open } = atSkat();
    const taken = fightingCards.reduce(state, act(1, { type: 'take' }));
    if (!taken.ok) throw new Error(taken.error);
    const [reshuffle] = taken.state.requests;
    expect(reshuffle?.kind).toBe('reshuffle');
    if (reshuffle?.kind !== 'reshuffle') return;
    expect([...reshuffle.handles].sort((a, b) => a - b)).toEqual(
      [...state.board.hands[1]!, ...state.board.skat].sort((a, b) => a - b),
    );
    expect(taken.state.board.hands[1]).toEqual(reshuffle.into);
    expect(taken.state.board.skat).toEqual([]);
    expect(knowledgeProblems(taken.state)).toEqual([]);
    // The fixed-deal table shuffles the packet: the new handles' order says nothing.
    const rng = makeRng(7);
    const settled = settle(fightingCards, taken.state, open, (hs) => [...hs].sort(() => rng.next() - 0.5));
    if (!settled.ok) throw new Error(settled.error);
    const after = settled.state;
    expect(settled.inputs.map((i) => i.kind)).toEqual(['reshuffled', 'delivered']);
    for (const h of after.board.hands[1]!) expect(after.cards[h]).toEqual({ card: null, seen: [1], gone: false });
    const view = privateViewOf(after, settled.open, 1);
    const discards = [handleOf(after, settled.open, 'AH'), handleOf(after, settled.open, 'KH')];
    const action: FightingAction = { type: 'discard', handles: [discards[0]!, discards[1]!] };
    expect(fightingCards.claimedCards(action)).toEqual([]);
    expect(fightingCards.legalActions(after, 1, view)).toHaveLength(66);
    const done = fightingCards.reduce(after, act(1, action));
    if (!done.ok) throw new Error(done.error);
    expect(done.state.board.skat).toEqual(discards);
    for (const h of done.state.board.skat) expect(done.state.cards[h]).toEqual({ card: null, seen: [1], gone: false });
    expect(
      fightingCards.view(done.state, 0, privateViewOf(done.state, settled.open, 0)).skat.map((c) => c.card),
    ).toEqual([null, null]);
    expect(census(fightingCards, done.state, settled.open)).toEqual([]);
  });

  test('a hand game leaves the skat unseen until the end', () => {
    const { state } = atSkat();
    const hand = fightingCards.reduce(state, act(1, { type: 'hand' }));
    if (!hand.ok) throw new Error(hand.error);
    expect(hand.state.requests).toEqual([]);
    expect(hand.state.board.phase).toBe('trump');
    for (const h of hand.state.board.skat) expect(hand.state.cards[h]?.seen).toEqual([]);
  });

  test.each<[string, (s: FightingState, o: OpenCards) => FightingAction, string]>([
    [
      'a handle twice',
      (s, o) => ({ type: 'discard', handles: [handleOf(s, o, 'AH'), handleOf(s, o, 'AH')] }),
      'duplicate-handle',
    ],
    [
      "another seat's card",
      (s, o) => ({ type: 'discard', handles: [handleOf(s, o, 'AH'), handleOf(s, o, 'AC')] }),
      'not-in-hand',
    ],
    ['a bid', () => ({ type: 'bid', bid: 30 }), 'wrong-phase'],
    ['a card', (s, o) => ({ type: 'play', handle: handleOf(s, o, 'AS'), card: 'AS' }), 'wrong-phase'],
  ])('discarding: %s is refused', (_what, make, error) => {
    const { state, open } = atSkat();
    const taken = fightingCards.reduce(state, act(1, { type: 'take' }));
    if (!taken.ok) throw new Error(taken.error);
    const settled = settle(fightingCards, taken.state, open);
    if (!settled.ok) throw new Error(settled.error);
    const result = fightingCards.reduce(settled.state, act(1, make(settled.state, settled.open)));
    expect(result).toEqual({ ok: false, error: error });
  });
});

describe('legal actions', () => {
  test('bidding: pass or any higher bid up to 40; then hand or take; then four suits', () => {
    const { state, open } = position({ deal: M, actions: [{ seat: 1, type: 'bid', bid: 30 }] });
    const bids = fightingCards.legalActions(state, 2, privateViewOf(state, open, 2));
    expect(bids).toEqual([{ type: 'pass' }, ...Array.from({ length: 10 }, (_, i) => ({ type: 'bid', bid: 31 + i }))]);
    expect(fightingCards.legalActions(state, 0, privateViewOf(state, open, 0))).toEqual([]);
    const skat = atSkat();
    expect(fightingCards.legalActions(skat.state, 1, privateViewOf(skat.state, skat.open, 1))).toEqual([
      { type: 'hand' },
      { type: 'take' },
    ]);
  });

  test('play: the led suit when the seat holds it, else anything', () => {
    const steps = [
      { seat: 1, type: 'bid', bid: 26 },
      { seat: 2, type: 'pass' },
      { seat: 0, type: 'pass' },
      { seat: 1, type: 'hand' },
      { seat: 1, type: 'trump', suit: 'S' },
      { seat: 2, type: 'play', card: 'QH' },
    ];
    const { state, open } = position({ deal: M, actions: steps });
    const cards = (seat: Seat) =>
      fightingCards
        .legalActions(state, seat, privateViewOf(state, open, seat))
        .map((a) => (a.type === 'play' ? a.card : a.type));
    expect(cards(0).sort()).toEqual(['10H', '7H', '8H', '9H']);
    const next = position({ deal: M, actions: [...steps, { seat: 0, type: 'play', card: '7H' }] });
    const declarer = fightingCards
      .legalActions(next.state, 1, privateViewOf(next.state, next.open, 1))
      .map((a) => (a.type === 'play' ? a.card : a.type));
    expect(declarer.sort()).toEqual(['AH', 'KH']);
  });
});

const honest = (seed: number): Bot[] =>
  [0, 1, 2].map((seat) => (seat === 0 ? randomBot(makeRng(seed)) : fightingCardsBot));

describe('a renege by a cheating bot', () => {
  const cases = Array.from({ length: 24 }, (_, i) => [i, i % 3] as const);

  test.each(cases)(
    'deal %i, cheater seat %i: proved live by its later card, scored as a renege, and named by the audit',
    (seed, cheater) => {
      const { bots, reneges } = reneging(honest(seed), cheater);
      const args = { players: 3, dealer: seed % 3 };
      const result = play(args, seed, bots, { maxInputs: 300 });
      if (!result.ok) throw new Error(result.reason);
      if (reneges.length === 0) {
        // The cheater never had the chance (always held only the led suit, or led): an honest deal.
        expect(fightingCards.audit(args, result.inputs, result.open)).toMatchObject({ verdict: 'clean' });
        return;
      }
      const state = result.state as FightingState;
      expect(state.board.phase).toBe('over');
      expect(state.board.renege?.seat).toBe(cheater);
      const deal = state.board.result;
      expect(deal?.renege).toBe(cheater);
      const bid = deal?.bid ?? 0;
      if (cheater === state.board.declarer) {
        expect(deal).toMatchObject({ points: 0, made: false, shortfall: bid });
        expect(deal?.score).toBeLessThan(0);
      } else {
        expect(deal).toMatchObject({ points: bid, made: true });
        expect(deal?.score).toBe(contractScore(bid, bid).score * (deal?.handGame ? 2 : 1));
      }
      expect(fightingCards.outcome(state)?.summary).toContain(`seat ${cheater} reneged`);
      const report = fightingCards.audit(args, result.inputs, result.open);
      expect(report).toMatchObject({ verdict: 'fault', index: reneges[0], seat: cheater });
      expect(report.verdict === 'fault' && report.reason).toMatch(
        /^must-follow-suit: false claim "seat \d holds no [CDHS] card"$/,
      );
      expect(outcomeAfterAudit(state, report)).toEqual(fightingCards.outcome(state));
    },
  );

  test('the cheater got its chance in nearly every deal above, as declarer and as defender (so those tests are not vacuous)', () => {
    let reneged = 0;
    let asDeclarer = 0;
    for (const [seed, cheater] of cases) {
      const { bots, reneges } = reneging(honest(seed), cheater);
      const result = play({ players: 3, dealer: seed % 3 }, seed, bots, { maxInputs: 300 });
      if (reneges.length === 0) continue;
      reneged += 1;
      if ((result.state as FightingState).board.declarer === cheater) asDeclarer += 1;
    }
    expect(reneged).toBeGreaterThanOrEqual(20);
    expect(asDeclarer).toBeGreaterThanOrEqual(3);
  });

  test('stopped right after the renege, the live game only holds a claim; the audit names the cheater', () => {
    let checked = 0;
    for (let seed = 100; seed < 110; seed++) {
      const { bots, reneges } = reneging(honest(seed), 2);
      const args = { players: 3, dealer: 0 };
      const full = play(args, seed, bots, { maxInputs: 300 });
      if (!full.ok || reneges.length === 0) continue;
      const stop = (reneges[0] ?? 0) + 1;
      const cut = play(args, seed, reneging(honest(seed), 2).bots, { maxInputs: stop });
      const state = cut.state as FightingState;
      expect(state.board.renege).toBeNull();
      expect(state.claims.at(-1)).toMatchObject({ seat: 2, kind: 'void', step: reneges[0] });
      expect(fightingCards.audit(args, cut.inputs, cut.open)).toMatchObject({
        verdict: 'fault',
        index: reneges[0],
        seat: 2,
      });
      checked += 1;
    }
    expect(checked).toBeGreaterThan(3);
  });
});

describe('the outcome after the audit', () => {
  const finished = () => {
    const result = play({ players: 3 }, 5, [fightingCardsBot, fightingCardsBot, fightingCardsBot], { maxInputs: 300 });
    const state = result.state as FightingState;
    if (state.board.result === null) throw new Error('deal 5 was thrown in');
    return state;
  };

  test('a clean audit, or a fault that is not a renege, leaves the live outcome', () => {
    const state = finished();
    expect(outcomeAfterAudit(state, { verdict: 'clean', inputs: 40, claimsChecked: 2, cardsChecked: 44 })).toEqual(
      fightingCards.outcome(state),
    );
    expect(outcomeAfterAudit(state, { verdict: 'fault', index: 3, seat: null, reason: 'reveal-mismatch' })).toEqual(
      fightingCards.outcome(state),
    );
  });

  test("a renege the audit names rescores the deal as that seat's renege", () => {
    const state = finished();
    const declarer = state.board.declarer ?? 0;
    const defender = (declarer + 1) % 3;
    const bid = state.board.contract ?? 0;
    const double = state.board.handGame ? 2 : 1;
    const byDefender = outcomeAfterAudit(state, {
      verdict: 'fault',
      index: 20,
      seat: defender,
      reason: 'must-follow-suit: false claim "x"',
    });
    expect(byDefender?.scores?.[declarer]).toBe(contractScore(bid, bid).score * double);
    const byDeclarer = outcomeAfterAudit(state, {
      verdict: 'fault',
      index: 20,
      seat: declarer,
      reason: 'must-follow-suit: false claim "x"',
    });
    expect(byDeclarer?.scores?.[declarer]).toBe(contractScore(bid, 0).score * double);
    expect(byDeclarer?.summary).toContain(`seat ${declarer} reneged`);
  });
});

describe('a match', () => {
  const passer: Bot = () => ({ type: 'pass' });

  test('totals accumulate over the deals; a thrown-in deal does not count; the match ends after `deals` deals', () => {
    let carry: unknown = null;
    let dealer = 1;
    const sums = [0, 0, 0];
    const seen: string[] = [];
    const rows: unknown[] = [];
    for (let deal = 0; carry !== undefined && deal < 10; deal++) {
      // The first deal is thrown in: everyone passes.
      const bots = deal === 0 ? [passer, passer, passer] : [fightingCardsBot, fightingCardsBot, fightingCardsBot];
      const args = { players: 3, dealer, carry: carry as never, options: { deals: 3 } };
      const result = play(args, 40 + deal, bots, { maxInputs: 300 });
      if (!result.ok || !result.finished) throw new Error('deal did not finish');
      const state = result.state as FightingState;
      const outcome = fightingCards.outcome(state);
      if (!outcome) throw new Error('no outcome');
      expect(outcome.nextDealer).toBe((dealer + 1) % 3);
      if (state.board.thrownIn) seen.push('thrown in');
      else {
        const r = state.board.result;
        if (!r) throw new Error('a counted deal without a result');
        sums[r.declarer] = (sums[r.declarer] ?? 0) + r.score;
        seen.push('scored');
        const scores = [0, 1, 2].map((s) => (s === r.declarer ? r.score : 0));
        rows.push({
          deal: rows.length + 1,
          dealer,
          declarer: r.declarer,
          bid: r.bid,
          handGame: r.handGame,
          trump: state.board.trump,
          points: r.points,
          made: r.made,
          renege: r.renege,
          scores,
        });
      }
      expect(outcome.scores).toEqual(sums);
      expect(outcome.ranking).toEqual(rankByTotals(sums));
      // The score table: a row per counted deal so far, in the view and in what the next deal is set up from.
      const view = fightingCards.view(state, null);
      expect(view.match.history).toEqual(rows);
      dealer = outcome.nextDealer;
      carry = outcome.carry === null ? undefined : outcome.carry;
      if (outcome.carry !== null)
        expect(outcome.carry).toEqual({
          played: seen.filter((s) => s === 'scored').length,
          totals: sums,
          history: rows,
        });
    }
    expect(seen.filter((s) => s === 'scored')).toHaveLength(3);
    expect(seen[0]).toBe('thrown in');
  });
});
