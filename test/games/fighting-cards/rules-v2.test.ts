/**
 * Fighting Cards rules version 2 (rules-v2.ts), kept so transcripts of hands
 * played then still verify: the match on the board and in the carry held
 * the score table's rows, `{ played, totals, history }`. Version 2 is
 * today's rules with the rows put back, so these tests check what the rows
 * change: the carry version 2 takes (rows numbered 1..played, each field in
 * range, adding up to the totals) and refuses (today's carry without rows
 * among them), the board holding them, the outcome carrying them with this
 * deal's row after them (also once the audit rescored the deal), the view
 * showing them before this deal's row, and the state hashes, which differ
 * from today's for the same deal: the reason for version 3. The module is
 * loaded inside the run because its schemas are built at load
 * (docs/TESTING.md). Literal inputs and a fixed scenario deal.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { parseScenario, stateHash, type AuditReport, type ScenarioFile } from '../../../src/engine/index.js';
import { runScenario } from '../../../src/games/scenarios.js';
import { fightingCards, outcomeAfterAudit, type FightingState } from '../../../src/games/fighting-cards/index.js';
import type { FightingOptions } from '../../../src/games/fighting-cards/options.js';
import { fightingCardsV2, outcomeAfterAuditV2 } from '../../../src/games/fighting-cards/rules-v2.js';
import { loadedNow } from '../../helpers/loaded-now.js';

type RulesV2 = typeof import('../../../src/games/fighting-cards/rules-v2.js');
let mod: RulesV2;
beforeAll(async () => {
  mod = await loadedNow(() => import('../../../src/games/fighting-cards/rules-v2.js'));
});

const three = { deals: 3 };
const row = (deal: number, scores: number[], over: object = {}) => ({
  deal,
  dealer: 2,
  declarer: 0,
  bid: 21,
  handGame: false,
  trump: 'S',
  points: 21,
  made: true,
  renege: null,
  scores,
  ...over,
});

describe('the version-2 carry: a row per counted deal, adding up to the totals', () => {
  test('none: a new match', () => {
    expect(mod.parseCarryV2(null, three)).toEqual({ played: 0, totals: [0, 0, 0], history: [] });
  });

  test.each<[string, object, FightingOptions]>([
    ['one deal of three', { played: 1, totals: [70, 0, 0], history: [row(1, [70, 0, 0])] }, three],
    [
      'two deals, the last of three to come',
      { played: 2, totals: [70, -50, 0], history: [row(1, [70, 0, 0]), row(2, [0, -50, 0], { declarer: 1 })] },
      three,
    ],
    [
      'edges of every field',
      {
        played: 1,
        totals: [1e9, 0, -1e9],
        history: [
          row(1, [1e9, 0, -1e9], {
            dealer: 0,
            declarer: 2,
            bid: 40,
            handGame: true,
            trump: null,
            points: 120,
            made: false,
            renege: 2,
          }),
        ],
      },
      three,
    ],
    [
      'the other edges',
      {
        played: 1,
        totals: [0, 0, 0],
        history: [row(1, [0, 0, 0], { dealer: 2, declarer: 0, bid: 21, trump: 'C', points: 0, renege: 0 })],
      },
      { deals: 2 },
    ],
    ['no deal played yet', { played: 0, totals: [0, 0, 0], history: [] }, { deals: 1 }],
  ])('accepted: %s', (_what, carry, options) => {
    expect(mod.parseCarryV2(carry as never, options)).toEqual(carry);
  });

  test('the match is copied, not shared', () => {
    const carry = { played: 1, totals: [70, 0, 0], history: [row(1, [70, 0, 0])] };
    const parsed = mod.parseCarryV2(carry as never, three);
    carry.totals[0] = 1;
    carry.history[0]!.scores[0] = 1;
    expect(parsed?.totals).toEqual([70, 0, 0]);
    expect(parsed?.history[0]?.scores).toEqual([70, 0, 0]);
  });

  test.each<[string, unknown, FightingOptions]>([
    ['not an object', 'lots', three],
    [
      'a complete match',
      { played: 3, totals: [0, 0, 0], history: [row(1, [0, 0, 0]), row(2, [0, 0, 0]), row(3, [0, 0, 0])] },
      three,
    ],
    ['a complete one-deal match', { played: 1, totals: [0, 0, 0], history: [row(1, [0, 0, 0])] }, { deals: 1 }],
    ['two totals', { played: 0, totals: [0, 0], history: [] }, three],
    ['negative deals played', { played: -1, totals: [0, 0, 0], history: [] }, three],
    ['fractional deals played', { played: 0.5, totals: [0, 0, 0], history: [] }, three],
    ['a total past 1e9', { played: 0, totals: [1e9 + 1, 0, 0], history: [] }, three],
    ['a total below −1e9', { played: 0, totals: [0, -1e9 - 1, 0], history: [] }, three],
    ['a fractional total', { played: 0, totals: [0.5, 0, 0], history: [] }, three],
    ['an extra field', { played: 0, totals: [0, 0, 0], history: [], winner: 1 }, three],
    ['no rows', { played: 1, totals: [0, 0, 0] }, three],
    ['a row short', { played: 1, totals: [0, 0, 0], history: [] }, three],
    ['a row too many', { played: 1, totals: [0, 0, 0], history: [row(1, [0, 0, 0]), row(2, [0, 0, 0])] }, three],
    ['a row misnumbered', { played: 1, totals: [0, 0, 0], history: [row(2, [0, 0, 0])] }, three],
    ['rows out of order', { played: 2, totals: [0, 0, 0], history: [row(2, [0, 0, 0]), row(1, [0, 0, 0])] }, three],
    ['rows that do not add up (first seat)', { played: 1, totals: [70, 0, 0], history: [row(1, [60, 0, 0])] }, three],
    ['rows that do not add up (last seat)', { played: 1, totals: [0, 0, 5], history: [row(1, [0, 0, 0])] }, three],
    ['a row dealt by seat 3', { played: 1, totals: [0, 0, 0], history: [row(1, [0, 0, 0], { dealer: 3 })] }, three],
    [
      'a row declared by seat −1',
      { played: 1, totals: [0, 0, 0], history: [row(1, [0, 0, 0], { declarer: -1 })] },
      three,
    ],
    ['a row with a bid of 20', { played: 1, totals: [0, 0, 0], history: [row(1, [0, 0, 0], { bid: 20 })] }, three],
    ['a row with a bid of 41', { played: 1, totals: [0, 0, 0], history: [row(1, [0, 0, 0], { bid: 41 })] }, three],
    [
      'a row with a fractional bid',
      { played: 1, totals: [0, 0, 0], history: [row(1, [0, 0, 0], { bid: 21.5 })] },
      three,
    ],
    ['a row with 121 points', { played: 1, totals: [0, 0, 0], history: [row(1, [0, 0, 0], { points: 121 })] }, three],
    ['a row with −1 points', { played: 1, totals: [0, 0, 0], history: [row(1, [0, 0, 0], { points: -1 })] }, three],
    [
      'a row with fractional points',
      { played: 1, totals: [0, 0, 0], history: [row(1, [0, 0, 0], { points: 1.5 })] },
      three,
    ],
    [
      'a row with an unknown trump',
      { played: 1, totals: [0, 0, 0], history: [row(1, [0, 0, 0], { trump: 'X' })] },
      three,
    ],
    ['a row reneged by seat 3', { played: 1, totals: [0, 0, 0], history: [row(1, [0, 0, 0], { renege: 3 })] }, three],
    ['a row with two scores', { played: 1, totals: [0, 0, 0], history: [row(1, [0, 0])] }, three],
    ['a row with a score past 1e9', { played: 1, totals: [1e9 + 1, 0, 0], history: [row(1, [1e9 + 1, 0, 0])] }, three],
    ['a row numbered 0', { played: 1, totals: [0, 0, 0], history: [row(0, [0, 0, 0])] }, three],
    ['a row with a fractional deal number', { played: 1, totals: [0, 0, 0], history: [row(1.5, [0, 0, 0])] }, three],
    [
      'a row with "made" not a boolean',
      { played: 1, totals: [0, 0, 0], history: [row(1, [0, 0, 0], { made: 1 })] },
      three,
    ],
    [
      'a row with "handGame" not a boolean',
      { played: 1, totals: [0, 0, 0], history: [row(1, [0, 0, 0], { handGame: 'no' })] },
      three,
    ],
    ['a row with an extra field', { played: 1, totals: [0, 0, 0], history: [row(1, [0, 0, 0], { extra: 1 })] }, three],
    [
      'a row without a trump',
      {
        played: 1,
        totals: [0, 0, 0],
        history: [
          {
            deal: 1,
            dealer: 2,
            declarer: 0,
            bid: 21,
            handGame: false,
            points: 21,
            made: true,
            renege: null,
            scores: [0, 0, 0],
          },
        ],
      },
      three,
    ],
  ])('refused: %s', (_what, carry, options) => {
    expect(mod.parseCarryV2(carry as never, options)).toBeNull();
  });
});

const dir = join(import.meta.dirname, '..', '..', 'scenarios', 'fighting-cards');
function load(name: string): ScenarioFile {
  const parsed = parseScenario(JSON.parse(readFileSync(join(dir, name), 'utf8')));
  if (typeof parsed === 'string') throw new Error(parsed);
  return parsed;
}

/**
 * Seat 1 bids 26, takes the skat, makes it with 26 points: +226 (skat-discards-count.json), under `rules`, with
 * `match` carried in (a scenario starts a new match: the match is put on the finished board).
 */
function finished(
  rules: typeof fightingCards,
  match: unknown = null,
  options: Record<string, unknown> = {},
): FightingState {
  const run = runScenario(rules, { ...load('skat-discards-count.json'), options, expect: undefined });
  if (!run.ok || !run.state) throw new Error(run.failures.join('; '));
  const state = run.state as FightingState;
  return match === null ? state : { ...state, board: { ...state.board, match: match as never } };
}

/** This deal's row: seat 1 made 26 at +226, dealt by seat 0 (numbered after `played` deals). */
const thisRow = (played: number) => ({
  deal: played + 1,
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
const carried = { played: 1, totals: [70, 0, 0], history: [row(1, [70, 0, 0])] };

describe('the version-2 game', () => {
  test("sets up from a version-2 carry: the board holds the rows; today's carry (no rows) is refused", () => {
    const made = fightingCardsV2.setup({ players: 3, carry: carried, options: three });
    expect(made.ok && made.value.board.match).toEqual(carried);
    const fresh = fightingCardsV2.setup({ players: 3 });
    expect(fresh.ok && fresh.value.board.match).toEqual({ played: 0, totals: [0, 0, 0], history: [] });
    expect(fightingCardsV2.setup({ players: 3, carry: { played: 1, totals: [70, 0, 0] } })).toEqual({
      ok: false,
      error: 'bad-layout',
    });
    expect(fightingCardsV2.setup({ players: 3, layout: {} })).toEqual({ ok: false, error: 'bad-layout' });
  });

  test.each<[string, unknown]>([
    ['a new match', null],
    ['a match in progress', carried],
  ])("%s: the same deal starts in another state than today's (the rows, or none yet, are in it)", (_what, carry) => {
    const v2 = fightingCardsV2.setup({ players: 3, dealer: 1, carry: carry as never });
    const v3 = fightingCards.setup({
      players: 3,
      dealer: 1,
      ...(carry === null ? {} : { carry: { played: 1, totals: [70, 0, 0] } }),
    });
    if (!v2.ok || !v3.ok) throw new Error('set-up refused');
    expect(stateHash(v2.value)).not.toBe(stateHash(v3.value));
    // Only the match differs.
    expect({ ...v2.value, board: { ...v2.value.board, match: null } }).toEqual({
      ...v3.value,
      board: { ...v3.value.board, match: null },
    });
  });

  test("the outcome carries the rows with this deal's after them; the view shows them all", () => {
    const state = finished(fightingCardsV2, carried);
    const out = fightingCardsV2.outcome(state);
    expect(out?.carry).toStrictEqual({ played: 2, totals: [70, 226, 0], history: [row(1, [70, 0, 0]), thisRow(1)] });
    expect(out?.scores).toEqual([70, 226, 0]);
    expect(fightingCardsV2.view(state, null).match.history).toEqual([row(1, [70, 0, 0]), thisRow(1)]);
    // A new match: this deal's row alone; the last deal: no carry.
    expect(fightingCardsV2.outcome(finished(fightingCardsV2))?.carry).toStrictEqual({
      played: 1,
      totals: [0, 226, 0],
      history: [thisRow(0)],
    });
    expect(fightingCardsV2.outcome(finished(fightingCardsV2, null, { deals: 1 }))?.carry).toBeNull();
  });

  test("after the audit: the rescored row is carried after the rows, as today's outcome scores it", () => {
    const renege: AuditReport = { verdict: 'fault', index: 20, seat: 1, reason: 'must-follow-suit: false claim "x"' };
    const state = finished(fightingCardsV2, carried);
    const after = outcomeAfterAuditV2(state, renege);
    const today = outcomeAfterAudit(finished(fightingCards, { played: 1, totals: [70, 0, 0] }), renege);
    expect(after?.scores).toEqual(today?.scores);
    expect(after?.carry).toStrictEqual({
      played: 2,
      totals: [70, -1300, 0],
      history: [row(1, [70, 0, 0]), { ...thisRow(1), points: 0, made: false, renege: 1, scores: [0, -1300, 0] }],
    });
    expect(after?.row).toEqual(today?.row);
  });

  test('before the end there is no outcome', () => {
    const made = fightingCardsV2.setup({ players: 3 });
    if (!made.ok) throw new Error(made.error);
    expect(fightingCardsV2.outcome(made.value)).toBeNull();
  });
});
