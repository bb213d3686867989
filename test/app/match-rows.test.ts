/**
 * The score table of a Fighting Cards match with its rows outside the
 * consensus state (rules version 3): each deal's outcome gives its row, the
 * table stores it with the hand's result (src/table/hand/setup.ts
 * `resultOf`), `matchRows` (src/app/scores.ts) gathers the stored rows of
 * the hands before the one at the table in its match, and the game puts
 * them before its own row (`withMatchRows`, through
 * src/games/index.ts `handViewWithMatchRows`). Which stored rows are taken
 * (an earlier match, a hand without a row, later hands, rows that are not
 * rows, a missing deal), and, on whole matches, that the table shows exactly
 * what version 2 showed from the rows its state carried: matches played here
 * deal by deal under both versions with the same shuffles (a thrown-in deal,
 * a renege found by the audit), and the two recordings of one simulated
 * match (`npm run simulate -- --game fighting-cards --hands 3 --seed 1`)
 * under version 2 and version 3.
 */
import { describe, expect, test } from 'vitest';
import { matchRows } from '../../src/app/scores.js';
import type { AnyState, AuditReport, Json, Outcome } from '../../src/engine/index.js';
import {
  fightingCards,
  outcomeAfterAudit,
  viewAfterAudit,
  withMatchRows,
  type DealRow,
  type FightingCards,
  type FightingState,
  type FightingView,
} from '../../src/games/fighting-cards/index.js';
import { fightingCardsBot } from '../../src/games/fighting-cards/bot.js';
import { fightingCardsV2, outcomeAfterAuditV2 } from '../../src/games/fighting-cards/rules-v2.js';
import { handViewWithMatchRows } from '../../src/games/index.js';
import type { Bot } from '../../src/bots/index.js';
import { resultOf, setupArgs, type HandResult } from '../../src/table/hand/setup.js';
import { verifyTranscript } from '../../src/verify/verify-transcript.js';
import { play } from '../games/fighting-cards/helpers.js';
import { fixture } from '../verify/transcripts.js';

const KEYS = ['a1', 'b2', 'c3'];
const NAMES = ['Ann', 'Bob', 'Cleo'];

/** Deal `deal` of a match: seat `declarer` made it for `score` (as stored: JSON). */
const row = (deal: number, declarer = 0, score = 70): Json => ({
  deal,
  dealer: (deal + 2) % 3,
  declarer,
  bid: 21,
  handGame: false,
  trump: 'S',
  points: 21,
  made: score > 0,
  renege: null,
  scores: [0, 1, 2].map((s) => (s === declarer ? score : 0)),
});

/** A stored result of hand `handNo`: its row, if any, and whether it ended its match. */
const stored = (handNo: number, r: Json | null, matchOver = false) => ({
  handNo,
  result: { matchOver, ...(r === null ? {} : { row: r }) },
});

describe('matchRows: the stored rows of the hands before this one in its match', () => {
  test.each<[string, ReturnType<typeof stored>[], number, Json[]]>([
    ['no hand before', [], 0, []],
    ['the rows of the earlier hands, oldest first', [stored(1, row(2)), stored(0, row(1))], 2, [row(1), row(2)]],
    ['a thrown-in hand has none', [stored(0, null), stored(1, row(1)), stored(2, null)], 3, [row(1)]],
    ['the hand at the table and later ones are left out', [stored(0, row(1)), stored(1, row(2))], 1, [row(1)]],
    [
      'an earlier match ends at the hand that ended it',
      [stored(0, row(1)), stored(1, row(2), true), stored(2, row(1, 1))],
      3,
      [row(1, 1)],
    ],
    ['a new match after the one that ended', [stored(0, row(1)), stored(1, row(2), true)], 2, []],
    ['a hand without a result in between adds nothing', [stored(0, row(1)), stored(2, row(2))], 3, [row(1), row(2)]],
  ])('%s', (_what, results, handNo, rows) => {
    expect(matchRows(results, handNo)).toEqual(rows);
  });
});

/** A view whose match has counted `played` deals, this one's row being `own` (empty before it is scored). */
function viewWith(played: number, own: Json[]): FightingView {
  return {
    phase: own.length ? 'over' : 'play',
    match: { deals: 5, played, totals: [0, 0, 0], over: false, winners: [], history: own },
  } as unknown as FightingView;
}

describe('withMatchRows: the earlier deals before the view’s own row', () => {
  test.each<[string, FightingView, Json[], number[]]>([
    ['a new match takes no stored row', viewWith(0, []), [row(1), row(2)], []],
    ['during deal 3: deals 1 and 2', viewWith(2, []), [row(1), row(2)], [1, 2]],
    ['deal 3 scored: deals 1 and 2, then its own', viewWith(3, [row(3)]), [row(1), row(2)], [1, 2, 3]],
    ['a stored row past the deals carried in is left out', viewWith(1, []), [row(1), row(2), row(3)], [1]],
    ['rows out of order are put in order', viewWith(2, []), [row(2), row(1)], [1, 2]],
    ['a deal without a row is left out', viewWith(3, [row(3)]), [row(2)], [2, 3]],
    ['the own row is never replaced by a stored one', viewWith(1, [row(1, 2)]), [row(1)], [1]],
    ['a view that holds its rows (version 2) is kept', viewWith(2, [row(1), row(2)]), [row(1, 1)], [1, 2]],
  ])('%s', (_what, view, rows, deals) => {
    expect(withMatchRows(view, rows).match.history.map((r) => r.deal)).toEqual(deals);
  });

  test('of two rows of one deal, the later; stored rows that are not rows are left out', () => {
    const later = row(1, 2, 90);
    const rows: Json[] = [row(1), later];
    expect(withMatchRows(viewWith(1, []), rows).match.history).toEqual([later]);
    const one = row(1) as Record<string, Json>;
    for (const bad of [{ ...one, bid: 20 }, { ...one, extra: 1 }, { ...one, scores: [0, 0] }, 'row 1', null])
      expect(withMatchRows(viewWith(1, []), [bad as Json]).match.history).toEqual([]);
  });

  test('the view is not changed; the game module puts the rows in through the registry', () => {
    const view = viewWith(2, []);
    const after = handViewWithMatchRows('fighting-cards', view, [row(1), row(2)]);
    expect(after.match.history).toHaveLength(2);
    expect(view.match.history).toEqual([]);
    // A game without such rows: the view as it is.
    const other = { phase: 'play' };
    expect(handViewWithMatchRows('stress-shed', other, [row(1)])).toBe(other);
  });
});

const passer: Bot = () => ({ type: 'pass' });
const bots = [fightingCardsBot, fightingCardsBot, fightingCardsBot];

/** The audit's report: the first defender reneged (`renege`), else clean. */
function reportFor(state: FightingState, renege: boolean): AuditReport {
  if (!renege || state.board.declarer === null)
    return { verdict: 'clean', inputs: 0, claimsChecked: 0, cardsChecked: 32 };
  return { verdict: 'fault', index: 20, seat: (state.board.declarer + 1) % 3, reason: 'must-follow-suit: x' };
}

describe('a whole match: the table shows what version 2 showed from its state', () => {
  test.each<[string, number, number[], number]>([
    ['three deals, the first thrown in', 3, [40, 41, 42, 43], 0],
    ['two deals, a renege found by the audit in the second', 2, [5, 6], 1],
    ['five deals, some of them thrown in', 5, [11, 12, 13, 14, 15, 16, 17, 18, 19, 20], -1],
  ])('%s', (_what, deals, seeds, special) => {
    let carry2: Json | null = null;
    let carry3: Json | null = null;
    let dealer = 1;
    const results: { handNo: number; result: HandResult }[] = [];
    for (const [handNo, seed] of seeds.entries()) {
      const who = special === 0 && handNo === 0 ? [passer, passer, passer] : bots;
      const run = (rules: FightingCards, carry: Json | null) => {
        const args = { players: 3, dealer, options: { deals }, ...(carry === null ? {} : { carry }) };
        const done = play(args, seed, who, { maxInputs: 300 }, rules);
        if (!done.ok || !done.finished) throw new Error('deal did not finish');
        return done.state as FightingState;
      };
      const state2 = run(fightingCardsV2, carry2);
      const state3 = run(fightingCards, carry3);
      const report = reportFor(state3, special === 1 && handNo === 1);
      // The view at the end of the deal, before and after the audit.
      const before2 = fightingCardsV2.view(state2, null);
      const before3 = fightingCards.view(state3, null);
      const rows = matchRows(results, handNo);
      expect(handViewWithMatchRows('fighting-cards', before3, rows).match).toEqual(before2.match);
      const after2 = viewAfterAudit(state2, report, before2);
      const after3 = handViewWithMatchRows('fighting-cards', viewAfterAudit(state3, report, before3), rows);
      expect(after3.match).toEqual(after2.match);
      // The outcome the table records (after the audit); the rows leave the carry, and the state.
      const out2 = outcomeAfterAuditV2(state2, report)!;
      const out3 = outcomeAfterAudit(state3, report)!;
      expect(out3.scores).toEqual(out2.scores);
      expect(out3.ranking).toEqual(out2.ranking);
      expect(out3.carry).toEqual(
        out2.carry === null ? null : { played: (out2.carry as { played: number }).played, totals: out2.scores },
      );
      if (out2.carry !== null) expect((out2.carry as { history: unknown }).history).toEqual(after2.match.history);
      expect(JSON.stringify(state3.board)).not.toContain('history');
      results.push({ handNo, result: resultOf(out3, NAMES, KEYS)! });
      carry2 = out2.carry;
      carry3 = out3.carry;
      dealer = out3.nextDealer;
      if (out3.carry === null) break;
    }
    // The match was played to its end, and its last view held a row per counted deal.
    expect(carry3).toBeNull();
  });
});

/** Each hand of a recorded file replayed by the rules it verified by: its final state and the outcome the verifier gave. */
function replayed(name: string): { state: AnyState; outcome: Outcome; rules: FightingCards; version: number }[] {
  const file = fixture(name);
  const report = verifyTranscript(file);
  expect(report.ok).toBe(true);
  return report.hands.map((hand, i) => {
    const rules = (hand.rules!.version === 2 ? fightingCardsV2 : fightingCards) as FightingCards;
    const made = rules.setup(setupArgs(file.hands[i]!.setup));
    if (!made.ok) throw new Error(made.error);
    let state: AnyState = made.value;
    for (const input of hand.inputs) {
      const next = rules.reduce(state as FightingState, input);
      if (!next.ok) throw new Error(next.error);
      state = next.value;
    }
    return { state, outcome: hand.outcome!, rules, version: hand.rules!.version };
  });
}

describe('one simulated match recorded under version 2 and under version 3', () => {
  test('the same deals and results, other state hashes, and the same score table at the end of every deal', () => {
    const v2 = replayed('fighting-cards-3p-rules2.json');
    const v3 = replayed('fighting-cards-3p-rules3.json');
    expect(v2.map((h) => h.version)).toEqual([2, 2, 2]);
    expect(v3.map((h) => h.version)).toEqual([3, 3, 3]);
    const file2 = fixture('fighting-cards-3p-rules2.json');
    const file3 = fixture('fighting-cards-3p-rules3.json');
    const results: { handNo: number; result: HandResult }[] = [];
    for (const [i, old] of v2.entries()) {
      const now = v3[i]!;
      expect(now.outcome.scores).toEqual(old.outcome.scores);
      expect(now.outcome.ranking).toEqual(old.outcome.ranking);
      expect(file3.hands[i]!.claimed!.stateHash).not.toBe(file2.hands[i]!.claimed!.stateHash);
      // Version 2 set the hand up from the rows it carried; version 3 from the deals counted and the totals.
      const carried = file2.hands[i]!.setup.carry as { totals: number[]; history: DealRow[] } | null;
      expect(matchRows(results, i)).toEqual(carried?.history ?? []);
      expect(file3.hands[i]!.setup.carry).toEqual(
        carried === null ? null : { played: carried.history.length, totals: carried.totals },
      );
      const shown2 = old.rules.view(old.state as FightingState, null);
      const shown3 = handViewWithMatchRows(
        'fighting-cards',
        now.rules.view(now.state as FightingState, null),
        matchRows(results, i),
      );
      expect(shown3.match).toEqual(shown2.match);
      results.push({ handNo: i, result: resultOf(now.outcome, NAMES, KEYS)! });
    }
    // The match's three rows, as the last deal's table shows them.
    expect(fightingCardsV2.view(v2.at(-1)!.state as FightingState, null).match.history).toHaveLength(3);
  });
});
