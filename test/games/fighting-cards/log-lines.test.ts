/**
 * The Fighting Cards log lines (describe.ts): read off whole scenario deals,
 * every input described against the final state (the table logs a batch of
 * inputs against whatever state it has, so a line must not depend on being
 * written at its own step), the discard never naming a card, the skat named
 * only once it is turned over, the renege line naming the trick where the
 * seat went off the proved suit; and case by case on fixed positions of deal
 * M: every action's plain words and suit symbol, the result line made /
 * failed / zero, doubled and reneged, and the board-aware lines only when
 * the board says so — a declaration only once there is a contract, "thrown
 * in" only on the third pass, a trick line only on the card that completes a
 * trick (with "1 point" in the singular), the skat only when the input
 * reveals all of it and the deal has a result.
 */
import { describe, expect, test, it } from 'vitest';
import { type Input, parseScenario } from '../../../src/engine/index.js';
import { runScenario } from '../../../src/games/scenarios.js';
import { describeAction, describeInput, resultText } from '../../../src/games/fighting-cards/describe.js';
import type { DealResult } from '../../../src/games/fighting-cards/board.js';
import { M, position } from './helpers.js';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fightingCards } from '../../../src/games/fighting-cards/index.js';
import { describeInput as describeForGame } from '../../../src/games/index.js';

const names = ['Ann', 'Bob', 'Cleo'];
const nobody = () => null;
const act = (seat: number, action: object): Input => ({ kind: 'act', seat, action }) as Input;

describe('actions in plain words', () => {
  test.each<[object, string]>([
    [{ type: 'bid', bid: 23 }, 'Ann bids 23'],
    [{ type: 'pass' }, 'Ann passes'],
    [{ type: 'hand' }, 'Ann plays a hand game (the skat stays face down)'],
    [{ type: 'take' }, 'Ann takes the skat'],
    [{ type: 'discard', handles: [3, 4] }, 'Ann discards two cards'],
    [{ type: 'trump', suit: 'C' }, 'Ann names trumps: ♣'],
    [{ type: 'trump', suit: 'D' }, 'Ann names trumps: ♦'],
    [{ type: 'trump', suit: 'H' }, 'Ann names trumps: ♥'],
    [{ type: 'trump', suit: 'S' }, 'Ann names trumps: ♠'],
    [{ type: 'play', handle: 3, card: '10H' }, 'Ann plays 10♥'],
  ])('%j → "%s"', (action, line) => {
    expect(describeAction(action as never, 'Ann', nobody)).toBe(line);
  });

  test('a played card is named as the ledger knows it', () => {
    expect(describeAction({ type: 'play', handle: 3, card: '10H' }, 'Ann', (h) => (h === 3 ? 'QS' : null))).toBe(
      'Ann plays Q♠',
    );
  });
});

describe('the result line', () => {
  const result = (over: Partial<DealResult>): DealResult => ({
    declarer: 1,
    bid: 26,
    handGame: false,
    trickPoints: 20,
    skatPoints: 6,
    points: 26,
    made: true,
    shortfall: 0,
    score: 226,
    renege: null,
    ...over,
  });
  test.each<[Partial<DealResult>, string]>([
    [{}, 'Bob made 26 with 26 points: +226'],
    [{ handGame: true, score: 452 }, 'Bob made 26 with 26 points: +452 (hand game, doubled)'],
    [{ made: false, points: 25, shortfall: 1, score: -50 }, 'Bob failed 26 with 25 points: −50'],
    [{ score: 0 }, 'Bob made 26 with 26 points: 0'],
    [{ renege: 2 }, 'Bob made 26 with 26 points: +226 — Cleo reneged'],
    [
      { made: false, points: 0, shortfall: 26, score: -2600, handGame: true, renege: 1 },
      'Bob failed 26 with 0 points: −2600 (hand game, doubled) — Bob reneged',
    ],
  ])('%j → "%s"', (over, line) => {
    expect(resultText(result(over), names)).toBe(line);
  });

  test('seats without a name are numbered from 1', () => {
    expect(resultText(result({ renege: 0 }), [])).toBe('Seat 2 made 26 with 26 points: +226 — Seat 1 reneged');
  });
});

describe('lines that read the board', () => {
  test('hand or take before the auction ended: the plain line (no contract yet)', () => {
    const { state } = position({ deal: M, actions: [] });
    expect(describeInput(act(1, { type: 'take' }), names, state)).toBe('Bob takes the skat');
    expect(describeInput(act(1, { type: 'hand' }), names, state)).toBe(
      'Bob plays a hand game (the skat stays face down)',
    );
    expect(describeInput(act(1, { type: 'take' }), names, null)).toBe('Bob takes the skat');
  });

  test('a pass that does not end the deal, or a pass by another seat than the last: plain', () => {
    const open = position({ deal: M, actions: [{ seat: 1, type: 'pass' }] });
    expect(describeInput(act(1, { type: 'pass' }), names, open.state)).toBe('Bob passes');
    const thrown = position({
      deal: M,
      actions: [
        { seat: 1, type: 'pass' },
        { seat: 2, type: 'pass' },
        { seat: 0, type: 'pass' },
      ],
    });
    expect(describeInput(act(0, { type: 'pass' }), names, thrown.state)).toBe(
      'Ann passes — all passed: the deal is thrown in',
    );
    expect(describeInput(act(2, { type: 'pass' }), names, thrown.state)).toBe('Cleo passes');
  });

  const handGame = [
    { seat: 1, type: 'bid', bid: 21 },
    { seat: 2, type: 'pass' },
    { seat: 0, type: 'pass' },
    { seat: 1, type: 'hand' },
    { seat: 1, type: 'trump', suit: 'S' },
  ];

  test('a trick of one point says "1 point"; the cards before the last say nothing more', () => {
    // Cleo leads J♣ (1 point), Ann and Bob have no ♣: 7♥, then Bob trumps with 7♠.
    const { state, open } = position({
      deal: M,
      actions: [
        ...handGame,
        { seat: 2, type: 'play', card: 'JC' },
        { seat: 0, type: 'play', card: '7H' },
        { seat: 1, type: 'play', card: '7S' },
      ],
    });
    const handle = (card: string) =>
      Number(Object.keys(open).find((h) => open[Number(h)] === card && state.cards[Number(h)]?.gone === false));
    expect(describeInput(act(1, { type: 'play', handle: handle('7S'), card: '7S' }), names, state)).toBe(
      'Bob plays 7♠ — Bob wins the trick with 7♠ (1 point)',
    );
    expect(describeInput(act(0, { type: 'play', handle: handle('7H'), card: '7H' }), names, state)).toBe(
      'Ann plays 7♥',
    );
    expect(describeInput(act(2, { type: 'play', handle: handle('JC'), card: 'JC' }), names, state)).toBe(
      'Cleo plays J♣',
    );
  });

  test('a trick of no points says "0 points"', () => {
    // Cleo leads 7♣; Ann 8♥, Bob trumps 8♠: no points.
    const { state, open } = position({
      deal: M,
      actions: [
        ...handGame,
        { seat: 2, type: 'play', card: '7C' },
        { seat: 0, type: 'play', card: '8H' },
        { seat: 1, type: 'play', card: '8S' },
      ],
    });
    const h = Number(Object.keys(open).find((k) => open[Number(k)] === '8S' && state.cards[Number(k)]?.gone === false));
    expect(describeInput(act(1, { type: 'play', handle: h, card: '8S' }), names, state)).toBe(
      'Bob plays 8♠ — Bob wins the trick with 8♠ (0 points)',
    );
  });

  test('the skat is named only when the input reveals all of it and the deal has a result', () => {
    const { state, open } = position({ deal: M, actions: handGame });
    const [a, b] = state.board.skat as [number, number];
    const cards = { [String(a)]: open[a]!, [String(b)]: open[b]! };
    // No result yet.
    expect(describeInput({ kind: 'revealed', request: 1, cards } as never, names, state)).toBe('');
    expect(describeInput({ kind: 'revealed', request: 1, cards } as never, names, null)).toBe('');
    const result: DealResult = {
      declarer: 1,
      bid: 21,
      handGame: true,
      trickPoints: 20,
      skatPoints: 0,
      points: 20,
      made: false,
      shortfall: 1,
      score: -40,
      renege: null,
    };
    const over = { ...state, board: { ...state.board, result } };
    expect(describeInput({ kind: 'revealed', request: 1, cards } as never, names, over)).toBe(
      'skat: 7♦ 8♦ — Bob failed 21 with 20 points: −40 (hand game, doubled) (waiting for the audit)',
    );
    // Only one skat card revealed: nothing.
    expect(
      describeInput({ kind: 'revealed', request: 1, cards: { [String(a)]: open[a]! } } as never, names, over),
    ).toBe('');
    // An empty skat: nothing.
    expect(
      describeInput({ kind: 'revealed', request: 1, cards } as never, names, {
        ...over,
        board: { ...over.board, skat: [] },
      }),
    ).toBe('');
  });

  test('other inputs say nothing; a malformed action reads as a move', () => {
    const { state } = position({ deal: M, actions: [] });
    expect(describeInput({ kind: 'delivered', request: 1 } as never, names, state)).toBe('');
    expect(describeInput(act(2, { type: 'fly' }), names, state)).toBe('Cleo moved');
    expect(describeInput(act(2, { type: 'bid', bid: 22 }), names, state)).toBe('Cleo bids 22');
  });
});

function lines(file: string): string[] {
  const parsed = parseScenario(
    JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'scenarios', 'fighting-cards', file), 'utf8')),
  );
  if (typeof parsed === 'string') throw new Error(parsed);
  const run = runScenario(fightingCards, parsed);
  if (!run.ok || !run.state) throw new Error(run.failures.join('; '));
  const state = run.state;
  return (run.inputs as Input[])
    .map((input) => describeForGame('fighting-cards', input, names, state))
    .filter((line) => line !== '');
}

describe('Fighting Cards log lines', () => {
  it('a hand game with a live renege: calls, the declaration, the trick winner, the renege, the skat and the score', () => {
    expect(lines('renege-proved-live.json')).toEqual([
      'Bob bids 21',
      'Cleo passes',
      'Ann passes',
      'Bob declares at 21 and plays a hand game (the skat stays face down)',
      'Bob names trumps: ♠',
      'Cleo plays 10♥',
      'Ann plays A♣',
      'Bob plays 7♥ — Cleo wins the trick with 10♥ (4 points)',
      'Cleo plays 9♥',
      'Ann plays 8♥ — Ann reneged: ♣ on a ♥ lead while holding ♥',
      'skat: 8♣ 7♣ — Bob made 21 with 21 points: +142 (hand game, doubled) — Ann reneged (waiting for the audit)',
    ]);
  });

  it('a taken skat: the discard names no card, tricks name their winning card and points, the result its score', () => {
    const all = lines('skat-discards-count.json');
    expect(all.slice(0, 6)).toEqual([
      'Bob bids 26',
      'Cleo passes',
      'Ann passes',
      'Bob declares at 26 and takes the skat',
      'Bob discards two cards',
      'Bob names trumps: ♠',
    ]);
    expect(all).toContain('Bob plays 7♠ — Bob wins the trick with 7♠ (2 points)');
    expect(all).toContain('Cleo plays A♣ — Ann wins the trick with K♦ (7 points)');
    expect(all.filter((l) => l.includes('wins the trick'))).toHaveLength(10);
    // The discarded cards are named once, when the skat is turned over at the end.
    expect(all.filter((l) => l.includes('A♥'))).toEqual([
      'skat: A♥ K♥ — Bob made 26 with 26 points: +226 (waiting for the audit)',
    ]);
    expect(all.at(-1)).toBe('skat: A♥ K♥ — Bob made 26 with 26 points: +226 (waiting for the audit)');
  });

  it('three passes: only the last says the deal is thrown in; nonsense reads as a move', () => {
    expect(lines('three-passes-thrown-in.json')).toEqual([
      'Cleo passes',
      'Ann passes',
      'Bob passes — all passed: the deal is thrown in',
    ]);
    expect(describeForGame('fighting-cards', { kind: 'act', seat: 2, action: { type: 'fly' } }, names, null)).toBe(
      'Cleo moved',
    );
    expect(
      describeForGame('fighting-cards', { kind: 'act', seat: 0, action: { type: 'bid', bid: 23 } }, names, null),
    ).toBe('Ann bids 23');
    expect(
      describeForGame('fighting-cards', { kind: 'act', seat: 0, action: { type: 'trump', suit: 'H' } }, [], null),
    ).toBe('Seat 1 names trumps: ♥');
    expect(describeForGame('fighting-cards', { kind: 'delivered', request: 1 }, names, null)).toBe('');
  });

  it('a failed contract reads as failed with a minus sign', () => {
    expect(
      resultText(
        {
          declarer: 2,
          bid: 28,
          handGame: false,
          trickPoints: 20,
          skatPoints: 3,
          points: 23,
          made: false,
          shortfall: 5,
          score: -250,
          renege: null,
        },
        names,
      ),
    ).toBe('Cleo failed 28 with 23 points: −250');
  });
});

describe('Fighting Cards renege line: the offence is the trick where the seat went off a lead of the proved suit', () => {
  // Ann (seat 0) follows ♣ in trick 1 and ♥ in trick 2, then plays 7♦ on a ♥ lead in trick 3 while
  // holding 8♥, and 8♥ in trick 4 proves it. Only trick 3 is the offence: trick 1 was not a ♥ lead,
  // in trick 2 she followed ♥. The line must name ♦, the suit she played off in trick 3.
  const deal = {
    seats: [
      { hand: ['JH', '8H', '9C', '7D', 'KD', 'QD', 'JD', '10D', '9D', '8D'] },
      { hand: ['7H', 'AS', 'KS', 'QS', 'JS', '10S', '9S', '8S', '7S', 'AD'] },
      { hand: ['KC', 'AH', '10H', '9H', 'KH', 'QH', 'QC', 'JC', '10C', 'AC'] },
    ],
    skat: ['8C', '7C'],
  };
  const play = (seat: number, card: string) => ({ seat, type: 'play', card });
  const actions = [
    { seat: 1, type: 'bid', bid: 21 },
    { seat: 2, type: 'pass' },
    { seat: 0, type: 'pass' },
    { seat: 1, type: 'hand' },
    { seat: 1, type: 'trump', suit: 'S' },
    play(2, 'KC'),
    play(0, '9C'),
    play(1, '7S'),
    play(1, '7H'),
    play(2, 'AH'),
    play(0, 'JH'),
    play(2, '10H'),
    play(0, '7D'),
    play(1, 'AD'),
    play(2, '9H'),
    play(0, '8H'),
  ];

  it('names the suit played off in the offending trick, not an earlier trick of the same seat', () => {
    const parsed = parseScenario({ game: 'fighting-cards', seats: 3, dealer: 0, deal, actions });
    if (typeof parsed === 'string') throw new Error(parsed);
    const run = runScenario(fightingCards, parsed);
    if (!run.state) throw new Error(run.failures.join('; '));
    const state = run.state;
    const all = (run.inputs as Input[])
      .map((input) => describeForGame('fighting-cards', input, names, state))
      .filter((line) => line !== '');
    expect(all.filter((line) => line.startsWith('Ann plays'))).toEqual([
      'Ann plays 9♣',
      'Ann plays J♥ — Cleo wins the trick with A♥ (5 points)',
      'Ann plays 7♦',
      'Ann plays 8♥ — Ann reneged: ♦ on a ♥ lead while holding ♥',
    ]);
  });
});
