/**
 * What a Fighting Cards table shows (views.ts, summary.ts, options.ts): the
 * view of one seat and of a spectator in the middle of a deal (who is
 * awaited, the auction, the contract, each seat's hand as far as the viewer
 * knows it, tricks, points, voids, the trick on the table and the last one
 * with the seats that played each card, the claims), the compact summary the
 * scenario runner prints, the named zones and the end-of-hand card zones, the
 * outcome of finished deals in the words of the table log (made, failed,
 * hand game, renege, thrown in, last deal of the match) with the carry to the
 * next deal (no rows) and the deal's score table row beside it, the outcome
 * after an audit that names a renege or not, and the options. Fixed scenario deals only: deterministic and fast.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { parseScenario, privateViewOf, type AuditReport, type ScenarioFile } from '../../../src/engine/index.js';
import { runScenario } from '../../../src/games/scenarios.js';
import { fightingCards } from '../../../src/games/fighting-cards/game.js';
import {
  outcome,
  outcomeAfterAudit,
  summarize,
  view,
  viewAfterAudit,
  zones,
} from '../../../src/games/fighting-cards/views.js';
import { namedSummary } from '../../../src/games/hand-cards.js';
import { cardZones } from '../../../src/games/fighting-cards/summary.js';
import { parseOptions } from '../../../src/games/fighting-cards/options.js';
import type { FightingState } from '../../../src/games/fighting-cards/board.js';
import { loadedNow } from '../../helpers/loaded-now.js';
import { M, position } from './helpers.js';

const NOBODY = { known: {} };
const dir = join(import.meta.dirname, '..', '..', 'scenarios', 'fighting-cards');
function load(name: string): ScenarioFile {
  const parsed = parseScenario(JSON.parse(readFileSync(join(dir, name), 'utf8')));
  if (typeof parsed === 'string') throw new Error(parsed);
  return parsed;
}
function finished(name: string, options: Record<string, unknown> = {}): FightingState {
  const run = runScenario(fightingCards, { ...load(name), options, expect: undefined });
  if (!run.state) throw new Error(run.failures.join('; '));
  return run.state as FightingState;
}

/** Seat 1 bids 26 and plays a hand game in ♠; trick 1: Q♥ 10♥ A♥ (seat 1 wins, 6 points); seat 1 leads A♠, seat 2 (no ♠) plays 7♣. */
const MID = [
  { seat: 1, type: 'bid', bid: 26 },
  { seat: 2, type: 'pass' },
  { seat: 0, type: 'pass' },
  { seat: 1, type: 'hand' },
  { seat: 1, type: 'trump', suit: 'S' },
  { seat: 2, type: 'play', card: 'QH' },
  { seat: 0, type: 'play', card: '10H' },
  { seat: 1, type: 'play', card: 'AH' },
  { seat: 1, type: 'play', card: 'AS' },
  { seat: 2, type: 'play', card: '7C' },
];

describe('the view in the middle of a deal', () => {
  const { state, open } = position({ deal: M, actions: MID });

  test("seat 0 sees its own hand, nobody else's, the tricks, points, voids and the trick on the table", () => {
    const seen = view(state, 0, privateViewOf(state, open, 0));
    expect(seen).toMatchObject({
      phase: 'play',
      dealer: 0,
      turn: 0,
      auction: [
        { seat: 1, bid: 26 },
        { seat: 2, bid: null },
        { seat: 0, bid: null },
      ],
      highBid: { seat: 1, bid: 26 },
      declarer: 1,
      contract: 26,
      handGame: true,
      trump: 'S',
      trick: [
        { seat: 1, card: 'AS' },
        { seat: 2, card: '7C' },
      ],
      lastTrick: {
        cards: [
          { seat: 2, card: 'QH' },
          { seat: 0, card: '10H' },
          { seat: 1, card: 'AH' },
        ],
        winner: 1,
      },
      tricksPlayed: 1,
      renege: null,
      thrownIn: false,
      result: null,
      match: { deals: 3, played: 0, totals: [0, 0, 0], over: false, history: [] },
    });
    expect(seen.seats.map((s) => [s.hand.length, s.tricks, s.points, s.voids])).toEqual([
      [9, 0, 0, []],
      [8, 1, 6, []],
      [8, 0, 0, ['S']],
    ]);
    expect(seen.seats[0]!.hand.map((c) => c.card)).toEqual(['9H', '8H', '7H', 'AD', 'KD', 'QD', 'JD', '10D', '9D']);
    expect(seen.seats[1]!.hand.every((c) => c.card === null)).toBe(true);
    expect(seen.seats[2]!.hand.every((c) => c.card === null)).toBe(true);
    expect(seen.skat.map((c) => c.card)).toEqual([null, null]);
    expect(seen.skat.map((c) => c.handle)).toEqual(state.board.skat);
    expect(seen.claims.map((c) => c.note)).toEqual(['seat 2 holds no S card']);
  });

  test('the view copies what it shows: changing it leaves the board alone', () => {
    const seen = view(state, 0, privateViewOf(state, open, 0));
    seen.auction[0]!.bid = 40;
    seen.seats[2]!.voids.push('H');
    expect(state.board.auction[0]).toEqual({ seat: 1, bid: 26 });
    expect(state.board.voids[2]).toEqual(['S']);
  });

  test('the summary: own cards sorted, hidden ones as ??, calls as numbers or "pass"', () => {
    expect(summarize(view(state, 0, privateViewOf(state, open, 0)))).toEqual(SUMMARY_SEAT0);
    expect(summarize(view(state, null, NOBODY))).toMatchObject({
      hands: [Array(9).fill('??'), Array(8).fill('??'), Array(8).fill('??')],
    });
  });

  test("zones name every hand, the skat, the trick and each seat's won cards", () => {
    const z = zones(state);
    expect(Object.keys(z)).toEqual(['hand@0', 'hand@1', 'hand@2', 'skat', 'trick', 'won@0', 'won@1', 'won@2']);
    expect(z['hand@0']).toEqual(state.board.hands[0]);
    expect(z.skat).toEqual(state.board.skat);
    expect(z.trick).toEqual(state.board.trick.map((c) => c.handle));
    expect(z['won@0']).toEqual([]);
    expect(z['won@1']).toEqual(state.board.tricks[0]!.cards);
    expect(z['won@2']).toEqual([]);
  });

  test('no outcome before the end', () => {
    expect(outcome(state)).toBeNull();
    expect(outcomeAfterAudit(state, { verdict: 'fault', index: 9, seat: 0, reason: 'must-follow-suit' })).toBeNull();
  });
});

const SUMMARY_SEAT0 = {
  phase: 'play',
  turn: 0,
  auction: [26, 'pass', 'pass'],
  declarer: 1,
  contract: 26,
  handGame: true,
  trump: 'S',
  hands: [['7H', '8H', '9D', '9H', '10D', 'JD', 'QD', 'KD', 'AD'], Array(8).fill('??'), Array(8).fill('??')],
  skat: ['??', '??'],
  trick: ['AS', '7C'],
  lastTrick: { cards: ['QH', '10H', 'AH'], winner: 1 },
  tricks: [0, 1, 0],
  points: [0, 6, 0],
  voids: [[], [], ['S']],
  renege: null,
  thrownIn: false,
  result: null,
  awaitingAudit: false,
  totals: [0, 0, 0],
  played: 0,
  winners: [],
  rows: [],
  claims: ['seat 2 holds no S card'],
};

describe('finished deals', () => {
  test("made: the summary line, places, next dealer, the carry (no rows) and this deal's row beside it", () => {
    const state = finished('skat-discards-count.json');
    expect(outcome(state)).toEqual({
      ranking: [[1], [0, 2]],
      nextDealer: 1,
      scores: [0, 226, 0],
      carry: { played: 1, totals: [0, 226, 0] },
      summary: 'seat 1 bid 26, took 26: made, +226; seat 1 deals next',
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
    expect(view(state, null, NOBODY).match).toEqual({
      deals: 3,
      played: 1,
      totals: [0, 226, 0],
      over: false,
      winners: [],
      history: [
        {
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
      ],
    });
  });

  test.each<[string, string]>([
    ['bid-26-fails-by-one.json', 'seat 1 bid 26, took 25: failed by 1, -50; seat 1 deals next'],
    ['hand-game-queen-in-skat.json', 'seat 1 bid 26 hand, took 26: made, +452; seat 1 deals next'],
    ['renege-proved-live.json', 'seat 1 bid 21 hand, took 21: made, +142 (seat 0 reneged); seat 1 deals next'],
    ['three-passes-thrown-in.json', 'all passed: thrown in; seat 2 deals'],
  ])('%s reads "%s"', (name, summary) => {
    expect(outcome(finished(name))?.summary).toBe(summary);
  });

  test('a thrown-in deal does not count: played unchanged, no row, the next seat deals', () => {
    const state = finished('three-passes-thrown-in.json');
    expect(outcome(state)).toEqual({
      ranking: [[0, 1, 2]],
      nextDealer: 2,
      scores: [0, 0, 0],
      carry: { played: 0, totals: [0, 0, 0] },
      summary: 'all passed: thrown in; seat 2 deals',
      row: null,
    });
    expect(view(state, null, NOBODY).match).toEqual({
      deals: 3,
      played: 0,
      totals: [0, 0, 0],
      over: false,
      winners: [],
      history: [],
    });
  });

  test('the last deal of the match: over, no carry', () => {
    const state = finished('skat-discards-count.json', { deals: 1 });
    const out = outcome(state);
    expect(out?.carry).toBeNull();
    expect(out?.summary).toBe('seat 1 bid 26, took 26: made, +226; match over after 1 deal: seat 1 wins the match');
    expect(view(state, null, NOBODY).match).toMatchObject({ over: true, winners: [1] });
  });

  test('a match that ends with equal totals is a shared win, named in the summary', () => {
    const base = finished('skat-discards-count.json', { deals: 2 });
    const state = { ...base, board: { ...base.board, match: { played: 1, totals: [226, 0, 0] } } };
    expect(view(state, null, NOBODY).match).toMatchObject({ over: true, totals: [226, 226, 0], winners: [0, 1] });
    expect(outcome(state)?.summary).toBe(
      'seat 1 bid 26, took 26: made, +226; match over after 2 deals: seats 0, 1 share the match win',
    );
    expect(namedSummary(outcome(state)!.summary, ['Ann', 'Bob', 'Cleo'])).toBe(
      'Bob bid 26, took 26: made, +226; match over after 2 deals: Ann and Bob share the match win',
    );
  });

  test('a scored deal waits for the audit; after a clean audit it no longer does and the result is the same', () => {
    const state = finished('skat-discards-count.json');
    const before = view(state, null, NOBODY);
    expect(before.awaitingAudit).toBe(true);
    const after = viewAfterAudit(state, { verdict: 'clean', inputs: 0, claimsChecked: 0, cardsChecked: 0 }, before);
    expect(after.awaitingAudit).toBe(false);
    expect(after.result).toEqual(before.result);
    expect(after.match).toEqual(before.match);
  });

  test('a carried match: this deal numbered after it, totals added; the carry and the view hold no earlier rows', () => {
    const base = finished('skat-discards-count.json');
    const state = { ...base, board: { ...base.board, match: { played: 1, totals: [160, 0, 0] } } };
    const out = outcome(state);
    expect(out?.carry).toStrictEqual({ played: 2, totals: [160, 226, 0] });
    expect(out?.row).toEqual({
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
    });
    expect(out?.ranking).toEqual([[1], [0], [2]]);
    expect(view(state, null, NOBODY).match.history).toEqual([out?.row]);
    // The board's match is not changed by the outcome.
    expect(state.board.match).toStrictEqual({ played: 1, totals: [160, 0, 0] });
  });

  test('no result on a board that is over without one reads "no result"', () => {
    const base = finished('skat-discards-count.json');
    const state = { ...base, board: { ...base.board, result: null } };
    expect(outcome(state)).toMatchObject({
      summary: 'no result',
      scores: [0, 0, 0],
      carry: { played: 0, totals: [0, 0, 0] },
      row: null,
    });
  });
});

describe('the outcome after the audit', () => {
  const state = finished('skat-discards-count.json');
  const live = outcome(state);
  test.each<[string, AuditReport]>([
    ['a clean audit', { verdict: 'clean', inputs: 40, claimsChecked: 0, cardsChecked: 32 }],
    ['a fault with no seat', { verdict: 'fault', index: 3, seat: null, reason: 'must-follow-suit' }],
    ['a fault that is not a renege', { verdict: 'fault', index: 3, seat: 0, reason: 'reveal-mismatch' }],
    ['a reason that only contains the words', { verdict: 'fault', index: 3, seat: 0, reason: 'not must-follow-suit' }],
  ])('%s leaves the live outcome', (_what, report) => {
    expect(outcomeAfterAudit(state, report)).toEqual(live);
  });

  test('a renege by a defender: the declarer made it with A = bid', () => {
    expect(
      outcomeAfterAudit(state, { verdict: 'fault', index: 20, seat: 2, reason: 'must-follow-suit: false claim' }),
    ).toMatchObject({
      scores: [0, 226, 0],
      summary: 'seat 1 bid 26, took 26: made, +226 (seat 2 reneged); seat 1 deals next',
    });
  });

  test('a renege by the declarer: failed with A = 0', () => {
    expect(
      outcomeAfterAudit(state, { verdict: 'fault', index: 20, seat: 1, reason: 'must-follow-suit: false claim' }),
    ).toMatchObject({
      scores: [0, -1300, 0],
      summary: 'seat 1 bid 26, took 0: failed by 26, -1300 (seat 1 reneged); seat 1 deals next',
    });
  });

  test('a live renege stays when a fault names no seat; the view shows the renege', () => {
    const live = finished('renege-proved-live.json');
    expect(outcomeAfterAudit(live, { verdict: 'fault', index: 9, seat: null, reason: 'must-follow-suit' })).toEqual(
      outcome(live),
    );
    expect(outcome(live)?.summary).toContain('(seat 0 reneged)');
    expect(view(live, null, NOBODY).renege).toEqual({ seat: 0, suit: 'H' });
  });

  test('a thrown-in deal has nothing to rescore', () => {
    const thrown = finished('three-passes-thrown-in.json');
    expect(outcomeAfterAudit(thrown, { verdict: 'fault', index: 2, seat: 0, reason: 'must-follow-suit' })).toEqual(
      outcome(thrown),
    );
  });
});

describe('end-of-hand card zones', () => {
  test("each seat's hand then the skat", () => {
    const { state } = position({ deal: M, actions: MID });
    expect(cardZones(state)).toEqual([
      { seat: 0, label: 'hand', handles: state.board.hands[0] },
      { seat: 1, label: 'hand', handles: state.board.hands[1] },
      { seat: 2, label: 'hand', handles: state.board.hands[2] },
      { seat: null, label: 'skat', handles: state.board.skat },
    ]);
  });
});

describe('options', () => {
  test.each<[unknown, object | null]>([
    [undefined, { deals: 3 }],
    [null, { deals: 3 }],
    [{}, { deals: 3 }],
    [{ deals: 1 }, { deals: 1 }],
    [{ deals: 30 }, { deals: 30 }],
    [{ deals: 31 }, null],
    [{ deals: 0 }, null],
    [{ deals: 2.5 }, null],
    [{ deals: '3' }, null],
    [{ deals: 3, extra: 1 }, null],
  ])('%j → %j', async (raw, parsed) => {
    const fresh = await loadedNow(() => import('../../../src/games/fighting-cards/options.js'));
    expect(fresh.parseOptions(raw, 3)).toEqual(parsed);
    expect(parseOptions(raw, 3)).toEqual(parsed);
  });
});

describe('the game module', () => {
  test('as loaded: its name, blurb, timing, the deals field, the bot, hidden claims and what versions 3 and 2 changed', async () => {
    const fresh = await loadedNow(() => import('../../../src/games/fighting-cards/index.js'));
    const module = fresh.fightingCardsModule;
    expect(module.rules.displayName).toBe('Fighting Cards');
    expect(module.name).toBe('Fighting Cards');
    expect(module.blurb).toBe('Bid for the contract, take or leave the skat, name trumps, win tricks.');
    expect(module.timing).toBe('turns');
    expect(module.options.fields).toEqual({
      deals: {
        kind: 'number',
        label: 'Deals in the match',
        help: 'Each player deals once in three; thrown-in deals do not count.',
        min: 1,
        max: 30,
      },
    });
    expect(await module.loadBot()).toBe((await import('../../../src/games/fighting-cards/bot.js')).fightingCardsMove);
    expect(module.hiddenClaims).toBe(true);
    expect(module.rulesVersion).toBe(3);
    expect(module.olderRules?.map((old) => [old.version, old.change])).toEqual([
      [
        2,
        "version 3 took the score table's rows out of the match the board carries from deal to deal (each deal's outcome gives its row instead), which changed every state hash",
      ],
      [
        1,
        "version 2 added the score table's rows to the match the board carries from deal to deal, which changed every state hash",
      ],
    ]);
    expect(module.withMatchRows).toBe(fresh.withMatchRows);
  });

  test("versions 2 and 1 rescore after the audit by rules-v2.ts's and rules-v1.ts's, on their own boards", async () => {
    const { fightingCardsModule } = await import('../../../src/games/fighting-cards/index.js');
    const { fightingCardsV1, outcomeAfterAuditV1 } = await import('../../../src/games/fighting-cards/rules-v1.js');
    const { fightingCardsV2, outcomeAfterAuditV2 } = await import('../../../src/games/fighting-cards/rules-v2.js');
    const report: AuditReport = { verdict: 'fault', index: 20, seat: 2, reason: 'must-follow-suit' };
    const [v2, v1] = fightingCardsModule.olderRules ?? [];
    const run1 = runScenario(fightingCardsV1, { ...load('skat-discards-count.json'), expect: undefined });
    const state1 = run1.state as FightingState;
    expect(v1?.version).toBe(1);
    expect(v1?.scoreAfterAudit?.(state1, report)).toEqual(outcomeAfterAuditV1(state1, report));
    expect(v1?.scoreAfterAudit?.(state1, report)?.carry).toEqual({ played: 1, totals: [0, 226, 0] });
    const run2 = runScenario(fightingCardsV2, { ...load('skat-discards-count.json'), expect: undefined });
    const state2 = run2.state as FightingState;
    expect(v2?.version).toBe(2);
    expect(v2?.scoreAfterAudit?.(state2, report)).toEqual(outcomeAfterAuditV2(state2, report));
    expect(v2?.scoreAfterAudit?.(state2, report)?.carry).toMatchObject({ played: 1, history: [{ deal: 1 }] });
  });
});
