/**
 * Fighting Cards rules version 1 (rules-v1.ts): the older rules kept so that
 * transcripts of hands played then still verify. Version 1 carried the match
 * as `{ played, totals }` on the board and in the carry, with no score-table
 * rows; version 2 added the rows (rules-v2.ts) and version 3, today's, took
 * them out again, so version 1 differs from today's rules only in its
 * set-up, which also takes points before any deal was counted. These tests
 * check that contract directly: the carry version 1 accepts and refuses at
 * setup (shape, bounds, a complete match), the board holding exactly the
 * version-1 match and starting in the very state today's rules start in, the
 * outcome's carry without rows (and null once the match is over), the view
 * with this deal's row only, and the after-audit rescoring of a renege.
 * Fast and deterministic (fixed scenario deal).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { parseScenario, stateHash, type AuditReport, type ScenarioFile } from '../../../src/engine/index.js';
import { runScenario } from '../../../src/games/scenarios.js';
import { fightingCardsV1, outcomeAfterAuditV1 } from '../../../src/games/fighting-cards/rules-v1.js';
import { fightingCardsV2 } from '../../../src/games/fighting-cards/rules-v2.js';
import { fightingCards, outcomeAfterAudit, type FightingState } from '../../../src/games/fighting-cards/index.js';
import { loadedNow } from '../../helpers/loaded-now.js';

const dir = join(import.meta.dirname, '..', '..', 'scenarios', 'fighting-cards');
function load(name: string): ScenarioFile {
  const parsed = parseScenario(JSON.parse(readFileSync(join(dir, name), 'utf8')));
  if (typeof parsed === 'string') throw new Error(parsed);
  return parsed;
}

/** Seat 1 bids 26, takes the skat, makes it with 26 points: +226 (skat-discards-count.json), under version 1. */
function finished(options: Record<string, unknown> = {}): FightingState {
  const run = runScenario(fightingCardsV1, { ...load('skat-discards-count.json'), options, expect: undefined });
  if (!run.ok || !run.state) throw new Error(run.failures.join('; '));
  return run.state as FightingState;
}

const withMatch = (state: FightingState, match: unknown): FightingState => ({
  ...state,
  board: { ...state.board, match: match as FightingState['board']['match'] },
});

describe('setup: the version-1 carry', () => {
  test('no carry: the board holds exactly { played: 0, totals: [0, 0, 0] } (no rows)', () => {
    const made = fightingCardsV1.setup({ players: 3 });
    if (!made.ok) throw new Error(made.error);
    expect(made.value.board.match).toStrictEqual({ played: 0, totals: [0, 0, 0] });
    expect(made.value.board.phase).toBe('bidding');
    expect(made.value.board.hands.map((h) => h.length)).toEqual([10, 10, 10]);
  });

  test.each<[string, unknown, number]>([
    ['one deal played of three', { played: 1, totals: [5, -20, 0] }, 3],
    ['the last deal of a match', { played: 2, totals: [0, 0, 0] }, 3],
    ['totals at the bounds', { played: 0, totals: [1e9, -1e9, 0] }, 3],
  ])('accepted: %s', (_what, carry, deals) => {
    const made = fightingCardsV1.setup({ players: 3, carry: carry as never, options: { deals } });
    if (!made.ok) throw new Error(made.error);
    expect(made.value.board.match).toStrictEqual(carry);
  });

  test('the board keeps its own copy of the totals', () => {
    const carry = { played: 1, totals: [5, 0, 0] };
    const made = fightingCardsV1.setup({ players: 3, carry });
    if (!made.ok) throw new Error(made.error);
    carry.totals[0] = 99;
    expect(made.value.board.match.totals).toEqual([5, 0, 0]);
  });

  test.each<[string, unknown, number]>([
    ['a complete match', { played: 3, totals: [0, 0, 0] }, 3],
    ['more deals than the match has', { played: 4, totals: [0, 0, 0] }, 3],
    ['a complete one-deal match', { played: 1, totals: [0, 0, 0] }, 1],
    ['two totals', { played: 1, totals: [0, 0] }, 3],
    ['four totals', { played: 1, totals: [0, 0, 0, 0] }, 3],
    ['rows (a version-2 carry)', { played: 0, totals: [0, 0, 0], history: [] }, 3],
    ['no totals', { played: 1 }, 3],
    ['a fractional total', { played: 1, totals: [0.5, 0, 0] }, 3],
    ['a total past 1e9', { played: 1, totals: [1e9 + 1, 0, 0] }, 3],
    ['a total below −1e9', { played: 1, totals: [-1e9 - 1, 0, 0] }, 3],
    ['negative deals played', { played: -1, totals: [0, 0, 0] }, 3],
    ['fractional deals played', { played: 0.5, totals: [0, 0, 0] }, 3],
    ['not an object', 'lots', 3],
  ])('refused: %s', (_what, carry, deals) => {
    expect(fightingCardsV1.setup({ players: 3, carry: carry as never, options: { deals } })).toEqual({
      ok: false,
      error: 'bad-layout',
    });
  });

  test.each<[string, unknown]>([
    ['a new match', null],
    ['a match in progress', { played: 2, totals: [5, -20, 0] }],
  ])("%s: the same first state as today's rules (version 3 went back to this match)", (_what, carry) => {
    const args = { players: 3, dealer: 1, carry: carry as never };
    const v1 = fightingCardsV1.setup(args);
    const today = fightingCards.setup(args);
    if (!v1.ok || !today.ok) throw new Error('set-up refused');
    expect(stateHash(v1.value)).toBe(stateHash(today.value));
  });

  test('points before any deal was counted: taken, as version 1 took them (today refuses them)', () => {
    const carry = { played: 0, totals: [5, 0, 0] };
    expect(fightingCardsV1.setup({ players: 3, carry }).ok).toBe(true);
    expect(fightingCards.setup({ players: 3, carry })).toEqual({ ok: false, error: 'bad-layout' });
  });

  test('a layout is refused as today', () => {
    expect(fightingCardsV1.setup({ players: 3, layout: {} })).toEqual({ ok: false, error: 'bad-layout' });
  });
});

describe('outcome and view read the match without rows', () => {
  test('a made deal: the carry is { played, totals } with no rows; ranking, scores and summary as today', () => {
    const state = finished();
    expect(state.board.match).toStrictEqual({ played: 0, totals: [0, 0, 0] });
    expect(fightingCardsV1.outcome(state)).toStrictEqual({
      ranking: [[1], [0, 2]],
      nextDealer: 1,
      scores: [0, 226, 0],
      carry: { played: 1, totals: [0, 226, 0] },
      summary: 'seat 1 bid 26, took 26: made, +226; seat 1 deals next',
      // Display only (no hash covers it): this deal's row, as today's outcome gives it.
      row: {
        deal: 1,
        dealer: 0,
        declarer: 1,
        bid: 26,
        handGame: false,
        trump: 'S',
        points: 26,
        made: true,
        renege: null,
        scores: [0, 226, 0],
      },
    });
    expect(fightingCardsV1.outcome(state)).toStrictEqual(fightingCards.outcome(state));
  });

  test('a carried match: totals add up, the carry still has no rows', () => {
    const state = withMatch(finished(), { played: 1, totals: [10, 0, -5] });
    expect(fightingCardsV1.outcome(state)?.carry).toStrictEqual({ played: 2, totals: [10, 226, -5] });
  });

  test('the last deal of the match: no carry', () => {
    const state = finished({ deals: 1 });
    const outcome = fightingCardsV1.outcome(state);
    expect(outcome?.carry).toBeNull();
    expect(outcome?.summary).toBe('seat 1 bid 26, took 26: made, +226; match over after 1 deal: seat 1 wins the match');
  });

  test('before the end there is no outcome', () => {
    const made = fightingCardsV1.setup({ players: 3 });
    if (!made.ok) throw new Error(made.error);
    expect(fightingCardsV1.outcome(made.value)).toBeNull();
  });

  test('the view: this deal is the only row, even if the board held rows; totals from the board', () => {
    const row = {
      deal: 1,
      dealer: 2,
      declarer: 0,
      bid: 21,
      handGame: false,
      trump: 'S',
      points: 30,
      made: true,
      renege: null,
      scores: [80, 0, 0],
    };
    const state = withMatch(finished(), { played: 1, totals: [80, 0, 0], history: [row] });
    const view = fightingCardsV1.view(state, null);
    expect(view.match).toEqual({
      deals: 3,
      played: 2,
      totals: [80, 226, 0],
      over: false,
      winners: [],
      history: [
        {
          deal: 2,
          dealer: 0,
          declarer: 1,
          bid: 26,
          handGame: false,
          trump: 'S',
          points: 26,
          made: true,
          renege: null,
          scores: [0, 226, 0],
        },
      ],
    });
    // Version 2 read the same board with its row; today's rules, as version 1, do not.
    expect(fightingCardsV2.view(state, null).match.history).toHaveLength(2);
    expect(fightingCards.view(state, null).match).toEqual(view.match);
    // The view is the state's own view otherwise.
    expect(view.result).toEqual(state.board.result);
  });
});

describe('the outcome after the audit, version 1', () => {
  const renege = (seat: number): AuditReport => ({
    verdict: 'fault',
    index: 20,
    seat,
    reason: 'must-follow-suit: false claim "seat 0 holds no H card"',
  });

  test('a renege by a defender rescoring the deal: carry without rows', () => {
    const state = finished();
    const after = outcomeAfterAuditV1(state, renege(0));
    expect(after).toStrictEqual(outcomeAfterAudit(state, renege(0)));
    expect(after?.carry).toStrictEqual({ played: 1, totals: [0, 226, 0] });
    expect(after?.summary).toBe('seat 1 bid 26, took 26: made, +226 (seat 0 reneged); seat 1 deals next');
  });

  test('a renege by the declarer: failed with A = 0 (26 short at −50 each)', () => {
    const after = outcomeAfterAuditV1(finished(), renege(1));
    expect(after?.carry).toStrictEqual({ played: 1, totals: [0, -1300, 0] });
    expect(after?.scores).toEqual([0, -1300, 0]);
  });

  test('a clean audit leaves the live outcome, and the match over leaves no carry', () => {
    const clean: AuditReport = { verdict: 'clean', inputs: 40, claimsChecked: 0, cardsChecked: 32 };
    expect(outcomeAfterAuditV1(finished(), clean)).toStrictEqual(fightingCardsV1.outcome(finished()));
    expect(outcomeAfterAuditV1(finished({ deals: 1 }), renege(0))?.carry).toBeNull();
  });

  test('no outcome before the end', () => {
    const made = fightingCardsV1.setup({ players: 3 });
    if (!made.ok) throw new Error(made.error);
    expect(outcomeAfterAuditV1(made.value, renege(0))).toBeNull();
  });
});

describe('the module as loaded (its schema and rules object are built at load)', () => {
  test('a fresh load accepts a version-1 carry, refuses a total below −1e9, and scores and shows a finished deal', async () => {
    const fresh = await loadedNow(() => import('../../../src/games/fighting-cards/rules-v1.js'));
    const made = fresh.fightingCardsV1.setup({ players: 3, carry: { played: 1, totals: [5, -1e9, 0] } });
    expect(made.ok && made.value.board.match).toStrictEqual({ played: 1, totals: [5, -1e9, 0] });
    expect(fresh.fightingCardsV1.setup({ players: 3, carry: { played: 1, totals: [5, -1e9 - 1, 0] } })).toEqual({
      ok: false,
      error: 'bad-layout',
    });
    const state = finished();
    expect(fresh.fightingCardsV1.outcome(state)?.carry).toStrictEqual({ played: 1, totals: [0, 226, 0] });
    expect(fresh.fightingCardsV1.view(state, null).match.history).toHaveLength(1);
    expect(fresh.fightingCardsV1.id).toBe('fighting-cards');
  });
});
