/**
 * Fighting Cards' rules (rules.ts) as the reducer applies them: the scoring
 * bands with their edges and the hand-game doubling, renege scoring, places
 * by total; the secret discard (who may know which card); each action sent
 * in a phase that does not take it refused `wrong-phase`, a card that is not
 * in the player's hand `not-in-hand`; an auction that goes on after a bid
 * and a pass or after a later bid; the trick's leader recorded for each
 * trick, a suit claimed void only once, and no void claim when the off-suit
 * card was the seat's last; a renege by a cheating bot caught both ways
 * (proved live by a later card, and named by the audit when the hand stops
 * before that); the outcome after the audit; and totals carried across the
 * deals of a match, each deal's score table row beside its outcome and none
 * in the carry. Setting a deal up is in setup.test.ts, the moves offered
 * in board.test.ts, the whole-hand examples of docs/rules/fighting-cards.md §8 are the scenario
 * files.
 */
import { describe, expect, test } from 'vitest';
import { census, privateViewOf, settle, type Json, type OpenCards, type Seat } from '../../../src/engine/index.js';
import { makeRng, randomBot, type Bot } from '../../../src/bots/index.js';
import {
  contractScore,
  fightingCards,
  outcomeAfterAudit,
  rankByTotals,
  scoreDeal,
  withMatchRows,
  type FightingAction,
  type FightingState,
} from '../../../src/games/fighting-cards/index.js';
import { fightingCardsBot } from '../../../src/games/fighting-cards/bot.js';
import { handleOf, knowledgeProblems, M, play, position, reneging } from './helpers.js';
import type { Knowledge } from '../../../src/engine/index.js';
import { act as applyAct } from '../../../src/games/fighting-cards/rules.js';

const act = (seat: Seat, action: FightingAction) => ({ kind: 'act', seat, action });

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
    const [reshuffle] = taken.value.requests;
    expect(reshuffle?.kind).toBe('reshuffle');
    if (reshuffle?.kind !== 'reshuffle') return;
    expect([...reshuffle.handles].sort((a, b) => a - b)).toEqual(
      [...state.board.hands[1]!, ...state.board.skat].sort((a, b) => a - b),
    );
    expect(taken.value.board.hands[1]).toEqual(reshuffle.into);
    expect(taken.value.board.skat).toEqual([]);
    expect(knowledgeProblems(taken.value)).toEqual([]);
    // The fixed-deal table shuffles the packet: the new handles' order says nothing.
    const rng = makeRng(7);
    const settled = settle(fightingCards, taken.value, open, (hs) => [...hs].sort(() => rng.next() - 0.5));
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
    expect(done.value.board.skat).toEqual(discards);
    for (const h of done.value.board.skat) expect(done.value.cards[h]).toEqual({ card: null, seen: [1], gone: false });
    expect(
      fightingCards.view(done.value, 0, privateViewOf(done.value, settled.open, 0)).skat.map((c) => c.card),
    ).toEqual([null, null]);
    expect(census(fightingCards, done.value, settled.open)).toEqual([]);
  });

  test('a hand game leaves the skat unseen until the end', () => {
    const { state } = atSkat();
    const hand = fightingCards.reduce(state, act(1, { type: 'hand' }));
    if (!hand.ok) throw new Error(hand.error);
    expect(hand.value.requests).toEqual([]);
    expect(hand.value.board.phase).toBe('trump');
    for (const h of hand.value.board.skat) expect(hand.value.cards[h]?.seen).toEqual([]);
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
    const settled = settle(fightingCards, taken.value, open);
    if (!settled.ok) throw new Error(settled.error);
    const result = fightingCards.reduce(settled.state, act(1, make(settled.state, settled.open)));
    expect(result).toEqual({ ok: false, error: error });
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
    const stored: Json[] = [];
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
      // The score table: this deal's row (none when thrown in) in the view and beside the outcome, never in the
      // carry the next deal is set up from; the earlier deals' rows join it outside the state.
      const own = state.board.thrownIn ? [] : rows.slice(-1);
      expect(fightingCards.view(state, null).match.history).toEqual(own);
      expect(outcome.row).toEqual(own[0] ?? null);
      expect(withMatchRows(fightingCards.view(state, null), stored).match.history).toEqual(rows);
      if (outcome.row) stored.push(outcome.row);
      dealer = outcome.nextDealer;
      carry = outcome.carry === null ? undefined : outcome.carry;
      if (outcome.carry !== null)
        expect(outcome.carry).toStrictEqual({ played: seen.filter((s) => s === 'scored').length, totals: sums });
    }
    expect(seen.filter((s) => s === 'scored')).toHaveLength(3);
    expect(seen[0]).toBe('thrown in');
  });
});

const auction = [
  { seat: 1, type: 'bid', bid: 26 },
  { seat: 2, type: 'pass' },
  { seat: 0, type: 'pass' },
];
const trumps = [...auction, { seat: 1, type: 'hand' }, { seat: 1, type: 'trump', suit: 'S' }];
const at = (actions: object[]) => position({ deal: M, actions: actions as never });
const send = (state: FightingState, seat: number, action: object) =>
  fightingCards.reduce(state, { kind: 'act', seat, action });

describe('a move in a phase that does not take it is refused: wrong-phase', () => {
  test.each<[string, object[], number, object]>([
    ['a bid during the skat decision', auction, 1, { type: 'bid', bid: 30 }],
    ['a pass during the skat decision', auction, 1, { type: 'pass' }],
    ['hand during the auction', [], 1, { type: 'hand' }],
    ['take during the auction', [], 1, { type: 'take' }],
    ['take while naming trumps', [...auction, { seat: 1, type: 'hand' }], 1, { type: 'take' }],
    ['a discard during the skat decision', auction, 1, { type: 'discard', handles: [10, 11] }],
    ['a discard after a hand game', [...auction, { seat: 1, type: 'hand' }], 1, { type: 'discard', handles: [10, 11] }],
    ['a trump during the auction', [], 1, { type: 'trump', suit: 'S' }],
    ['a trump during the skat decision', auction, 1, { type: 'trump', suit: 'S' }],
    ['a second trump once play started', trumps, 2, { type: 'trump', suit: 'H' }],
    ['a bid during play', trumps, 2, { type: 'bid', bid: 30 }],
  ])('%s', (_what, steps, seat, action) => {
    const { state } = at(steps);
    expect(fightingCards.awaits(state)).toMatchObject({ kind: 'move', seat });
    expect(send(state, seat, action)).toEqual({ ok: false, error: 'wrong-phase' });
  });

  test('a card during the auction', () => {
    const { state, open } = at([]);
    const h = handleOf(state, open, 'AS');
    expect(send(state, 1, { type: 'play', handle: h, card: 'AS' })).toEqual({ ok: false, error: 'wrong-phase' });
  });

  test('a card while naming trumps', () => {
    const { state, open } = at([...auction, { seat: 1, type: 'hand' }]);
    const h = handleOf(state, open, 'AS');
    expect(send(state, 1, { type: 'play', handle: h, card: 'AS' })).toEqual({ ok: false, error: 'wrong-phase' });
  });
});

describe('the reducer itself', () => {
  const openKnow =
    (open: Record<number, string>): Knowledge =>
    (h) =>
      open[h] ?? null;

  test('a card from another hand is not in hand', () => {
    const { state, open } = at(trumps);
    const draft = structuredClone(state);
    expect(applyAct(draft, 2, { type: 'play', handle: handleOf(state, open, 'AS'), card: 'AS' }, openKnow(open))).toBe(
      'not-in-hand',
    );
    expect(draft.board.hands).toEqual(state.board.hands);
  });

  test('a suit is claimed void once, however often the seat shows it', () => {
    // Cleo leads A♣: Ann (no ♣) 9♦, Bob trumps 7♠. Bob then A♥ (Cleo Q♥, Ann 7♥), then 8♠ and 9♠:
    // Cleo (no ♠) and Ann (no ♠) show off suit twice each on a spade lead.
    const { state } = at([
      ...trumps,
      { seat: 2, type: 'play', card: 'AC' },
      { seat: 0, type: 'play', card: '9D' },
      { seat: 1, type: 'play', card: '7S' },
      { seat: 1, type: 'play', card: 'AH' },
      { seat: 2, type: 'play', card: 'QH' },
      { seat: 0, type: 'play', card: '7H' },
      { seat: 1, type: 'play', card: '8S' },
      { seat: 2, type: 'play', card: 'KC' },
      { seat: 0, type: 'play', card: '10D' },
      { seat: 1, type: 'play', card: '9S' },
      { seat: 2, type: 'play', card: '9C' },
      { seat: 0, type: 'play', card: 'JD' },
    ]);
    expect(state.board.voids).toEqual([['C', 'S'], ['C'], ['S']]);
    expect(state.claims.filter((c) => c.seat === 0).map((c) => c.note)).toEqual([
      'seat 0 holds no C card',
      'seat 0 holds no S card',
      'seat 0 holds no S card',
    ]);
  });

  test('each trick records who led it', () => {
    const { state } = at([
      ...trumps,
      { seat: 2, type: 'play', card: 'QH' },
      { seat: 0, type: 'play', card: '10H' },
      { seat: 1, type: 'play', card: 'AH' },
      { seat: 1, type: 'play', card: 'KH' },
      { seat: 2, type: 'play', card: 'JH' },
      { seat: 0, type: 'play', card: '9H' },
      { seat: 1, type: 'play', card: '7S' },
      { seat: 2, type: 'play', card: '7C' },
      { seat: 0, type: 'play', card: '8H' },
    ]);
    expect(state.board.tricks.map((t) => [t.leader, t.winner])).toEqual([
      [2, 1],
      [1, 1],
      [1, 1],
    ]);
  });

  test('the last card played off suit leaves nothing to claim', () => {
    const { state, open } = at([...trumps, { seat: 2, type: 'play', card: 'AC' }]);
    const draft = structuredClone(state);
    const last = handleOf(state, open, '9D');
    draft.board.hands[0] = [last];
    const claims = draft.claims.length;
    expect(applyAct(draft, 0, { type: 'play', handle: last, card: '9D' }, openKnow(open))).toBeNull();
    expect(draft.claims).toHaveLength(claims);
    expect(draft.board.voids[0]).toEqual(['C']);
    expect(draft.board.hands[0]).toEqual([]);
  });
});

describe('the auction goes on', () => {
  test.each<[string, object[], number]>([
    [
      'after a bid and one pass',
      [
        { seat: 1, type: 'bid', bid: 21 },
        { seat: 2, type: 'pass' },
      ],
      0,
    ],
    [
      'after a bid, a pass and a higher bid',
      [
        { seat: 1, type: 'bid', bid: 21 },
        { seat: 2, type: 'pass' },
        { seat: 0, type: 'bid', bid: 22 },
      ],
      1,
    ],
    [
      'after a bid, a pass, a higher bid and a pass',
      [
        { seat: 1, type: 'bid', bid: 21 },
        { seat: 2, type: 'pass' },
        { seat: 0, type: 'bid', bid: 22 },
        { seat: 1, type: 'pass' },
      ],
      2,
    ],
    [
      'after two passes and a bid',
      [
        { seat: 1, type: 'pass' },
        { seat: 2, type: 'pass' },
        { seat: 0, type: 'bid', bid: 21 },
      ],
      1,
    ],
  ])('%s', (_what, steps, turn) => {
    const { state } = at(steps);
    expect(state.board.phase).toBe('bidding');
    expect(state.board.declarer).toBeNull();
    expect(fightingCards.awaits(state)).toEqual({ kind: 'move', seat: turn, what: 'bidding' });
  });

  test('and ends when the last bid is followed by two passes', () => {
    const { state } = at([
      { seat: 1, type: 'bid', bid: 21 },
      { seat: 2, type: 'pass' },
      { seat: 0, type: 'bid', bid: 22 },
      { seat: 1, type: 'pass' },
      { seat: 2, type: 'pass' },
    ]);
    expect(state.board).toMatchObject({ phase: 'skat', declarer: 0, contract: 22, turn: 0 });
  });
});
