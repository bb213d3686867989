/**
 * The log lines of Fighting Cards, read off whole scenario deals: every
 * input described against the final state (the table logs a batch of inputs
 * against whatever state it has, so a line must not depend on being written
 * at its own step), in words and card symbols; the discard never names a
 * card, the skat is named only once it is turned over.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseScenario, runScenario, type Input } from '../../../src/engine/index.js';
import { fightingCards, resultText } from '../../../src/games/fighting-cards/index.js';
import { describeInput } from '../../../src/games/index.js';

const names = ['Ann', 'Bob', 'Cleo'];

function lines(file: string): string[] {
  const parsed = parseScenario(
    JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'scenarios', 'fighting-cards', file), 'utf8')),
  );
  if (typeof parsed === 'string') throw new Error(parsed);
  const run = runScenario(fightingCards, parsed);
  if (!run.ok || !run.state) throw new Error(run.failures.join('; '));
  const state = run.state;
  return (run.inputs as Input[])
    .map((input) => describeInput('fighting-cards', input, names, state))
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
      'skat: 8♣ 7♣ — Bob made 21 with 21 points: +142 (hand game, doubled) — Ann reneged',
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
    expect(all.filter((l) => l.includes('A♥'))).toEqual(['skat: A♥ K♥ — Bob made 26 with 26 points: +226']);
    expect(all.at(-1)).toBe('skat: A♥ K♥ — Bob made 26 with 26 points: +226');
  });

  it('three passes: only the last says the deal is thrown in; nonsense reads as a move', () => {
    expect(lines('three-passes-thrown-in.json')).toEqual([
      'Cleo passes',
      'Ann passes',
      'Bob passes — all passed: the deal is thrown in',
    ]);
    expect(describeInput('fighting-cards', { kind: 'act', seat: 2, action: { type: 'fly' } }, names, null)).toBe(
      'Cleo moved',
    );
    expect(
      describeInput('fighting-cards', { kind: 'act', seat: 0, action: { type: 'bid', bid: 23 } }, names, null),
    ).toBe('Ann bids 23');
    expect(
      describeInput('fighting-cards', { kind: 'act', seat: 0, action: { type: 'trump', suit: 'H' } }, [], null),
    ).toBe('Seat 1 names trumps: ♥');
    expect(describeInput('fighting-cards', { kind: 'delivered', request: 1 }, names, null)).toBe('');
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
      .map((input) => describeInput('fighting-cards', input, names, state))
      .filter((line) => line !== '');
    expect(all.filter((line) => line.startsWith('Ann plays'))).toEqual([
      'Ann plays 9♣',
      'Ann plays J♥ — Cleo wins the trick with A♥ (5 points)',
      'Ann plays 7♦',
      'Ann plays 8♥ — Ann reneged: ♦ on a ♥ lead while holding ♥',
    ]);
  });
});
