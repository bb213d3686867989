/**
 * The School Blackjack bot (bot.ts): it builds long capped turns (the seed's
 * example 10 hand is played out in one turn without a draw), keeps its aces
 * when nothing is owed and spends one to cancel a pick-up, ends its turn on
 * 2s and jacks when it can, never answers when not awaited, and beats
 * uniformly random players clearly; its moves are always legal (autoplay
 * would refuse them otherwise; see also properties.test.ts). Its planning
 * (`planTurn`) against its documented scoring on small positions: +10 per
 * card shed, −10 per card drawn, +3 per card the next player owes, −7 for an
 * ace spent when nothing is owed, −8 for keeping only power cards, a win
 * above all; an ace names the suit the bot holds most of; no plan when the
 * seat is not to move. Each expected value is worked out by hand from those
 * rules (the comment by each case). Also which of two equal root plans is
 * kept (the top's rank, then plain, then power cards), that two orders of
 * the same cards are different positions, the suit an ace names at the root
 * and inside the search, and when a turn may stop with voluntaryDraw false.
 */
import { describe, expect, test } from 'vitest';
import { privateViewOf } from '../../../src/engine/index.js';
import { autoplay, makeRng, randomBot, type Bot } from '../../../src/bots/index.js';
import { schoolBlackjack } from '../../../src/games/school-blackjack/index.js';
import { schoolBlackjackBot } from '../../../src/games/school-blackjack/bot.js';
import { apply, dealtHand, playAll, position, type Table, playOf } from './helpers.js';
import { planTurn, schoolBlackjackHeuristic } from '../../../src/games/school-blackjack/bot.js';

/** Let the bot play `seat`'s whole turn; returns the cards it played (as the pile shows them). */
function botTurn(table: Table, seat: number): string[] {
  const before = table.state.board.turn;
  expect(before).toBe(seat);
  for (let moves = 0; moves < 60 && table.state.board.turn === seat && table.state.board.phase === 'play'; moves++) {
    const action = schoolBlackjackBot(schoolBlackjack, table.state, seat, privateViewOf(table.state, table.open, seat));
    expect(action).not.toBeNull();
    expect(apply(table, seat, action)).toBeNull();
    // A skip that comes round to the bot starts a new turn: stop at the end of this one.
    if (table.state.board.lastTurn?.seat === seat && table.state.board.step === 'start') break;
  }
  return (table.state.board.lastTurn?.played ?? []).map((h) => table.open[h] ?? '?');
}

describe('the school-blackjack bot', () => {
  test('plays the seed example 10 hand as one long capped turn without drawing', () => {
    const hand = 'Ks Kc 6c 6h 6d 6s Qs 8h 8d 3d 4d 4h As Ac Ad Ah Jh Jd Jc Js 5c'.split(' ');
    const table = position(
      { seats: [{ hand }, { hand: ['7d', '7c'] }, { hand: ['10d', '10c'] }, { hand: ['9s', '9d'] }] },
      { seats: 4 },
    );
    const played = botTurn(table, 0);
    expect(played.length).toBeGreaterThanOrEqual(15);
    expect(table.state.board.lastTurn).toMatchObject({ seat: 0, reason: null, drew: 0 });
  });

  test('keeps its ace when nothing is owed', () => {
    const table = position({ seats: [{ hand: ['9h', 'Ah', '7c'] }, { hand: ['7d', '5c'] }], pile: ['5h'] });
    const played = botTurn(table, 0);
    expect(played).toEqual(['9H']);
  });

  test('spends an ace to cancel a pick-up', () => {
    const table = position({ seats: [{ hand: ['9c', '9h', 'Jh', '5s'] }, { hand: ['As', '7c', '5d'] }] });
    playAll(table, 0, ['9c', '9h', 'Jh']);
    expect(apply(table, 0, { type: 'end' })).toBeNull();
    const played = botTurn(table, 1);
    expect(played[0]).toBe('AS');
    expect(table.state.board.lastTurn).toMatchObject({ seat: 1, drew: 0 });
  });

  test('ends its turn on a jack when it can', () => {
    const table = position({ seats: [{ hand: ['9h', '9c', 'Jc', '7d'] }, { hand: ['7s', '5c'] }], pile: ['5h'] });
    expect(botTurn(table, 0)).toEqual(['9H', '9C', 'JC']);
    expect(table.state.board).toMatchObject({ turn: 1, owed: 5 });
  });

  test('answers only when awaited', () => {
    const { state, open } = dealtHand({ players: 3, dealer: 0 }, 5);
    expect(schoolBlackjackBot(schoolBlackjack, state, 2, privateViewOf(state, open, 2))).toBeNull(); // crypto pending
  });

  test('wins most two-player hands against a uniformly random player', () => {
    let wins = 0;
    const hands = 20;
    for (let seed = 0; seed < hands; seed++) {
      const botSeat = seed % 2;
      const { state, open } = dealtHand({ players: 2, dealer: seed % 2 }, 1000 + seed);
      const bots: Bot[] = [0, 1].map((seat) =>
        seat === botSeat ? schoolBlackjackBot : randomBot(makeRng(seed * 3 + seat)),
      );
      const result = autoplay(schoolBlackjack, state, open, bots, { maxInputs: 20_000 });
      expect(result.ok && result.finished).toBe(true);
      if (result.state.board.winner === botSeat) wins += 1;
    }
    expect(wins).toBeGreaterThanOrEqual(16);
  });
});

const rest = (cards: string[]) => ({ hand: cards });
const plan = (table: Table, seat: number) => planTurn(table.state, seat, privateViewOf(table.state, table.open, seat));
const two = (hand0: string[], pile: string[], rules: Record<string, unknown> = {}) =>
  position({ seats: [rest(hand0), rest(['7d', '6c'])], pile }, { rules });

describe('planTurn values', () => {
  test.each<[string, string[], string[], string | 'draw' | 'end', number]>([
    // 9♥ then end: +10, two plain cards kept.  A♥ would be +10 −7.
    ['a plain card before an ace', ['9h', 'Ah', '7c'], ['5h'], '9h', 10],
    // The last card, not a power card: +10 and the win.
    ['the winning card', ['9h'], ['5h'], '9h', 100_010],
    // K♥ then end: +10, 9♥ kept.  9♥ first would keep only K♥: +10 −8.
    ['keeps a plain card rather than only power cards', ['9h', 'Kh'], ['5h'], 'Kh', 10],
    // 9♥ 9♣ J♣: +30, end on a black jack: +3×5; 7♠ kept.
    ['ends on a jack for the pick-up', ['9h', '9c', 'Jc', '7s'], ['5h'], '9h', 45],
    // Q♥ then 5♠ and out: +20 and the win.  5♠ first keeps only Q♥: +10 −8.
    ['a queen then the last card', ['Qh', '5s'], ['5h'], 'Qh', 100_020],
    // K♥ as the last card draws 1: +10 −10.  Drawing: −10.
    ['a power card as the last card costs the draw', ['Kh'], ['5h'], 'Kh', 0],
    // Only A♥ goes on 5♦: +10 −7 for the ace spent with nothing owed; 7♣ 4♠ kept (it names ♣, first of the most held).
    ['an ace spent when nothing is owed costs 7', ['Ah', '7c', '4s'], ['5d'], 'Ah', 3],
    // 9♥ and 4♥ are both worth +10 then end: the first in hand order is kept.
    ['of two equal plans the first found is kept', ['9h', '4h', '7c'], ['5h'], '9h', 10],
    // Nothing matches: draw 1.
    ['nothing to play: draw', ['9c', '4s'], ['5h'], 'draw', -10],
    // 3♥ then 5♥ (matching the 3), end: +20, 9♣ kept.  5♥ alone: +10 and only 3♥ kept (−8).
    ['a 3 needs a follower', ['3h', '5h', '9c'], ['4h'], '3h', 20],
  ])('%s', (_name, hand, pile, first, value) => {
    const table = two(hand, pile);
    const action =
      first === 'draw' || first === 'end'
        ? { type: first }
        : first === 'Ah'
          ? playOf(table, first, 'C')
          : playOf(table, first);
    expect(plan(table, 0)).toEqual({ action, value });
  });

  test('two 9s capped by the last card: the whole hand in one turn', () => {
    // 9♥ end: +10 (9♣, 4♣ kept).  9♥ 9♣ end: +20 −10 for the uncapped draw.  9♥ 9♣ 4♣: +30 and out.
    const table = two(['9h', '9c', '4c'], ['5h']);
    expect(plan(table, 0)).toEqual({ action: playOf(table, '9h'), value: 100_030 });
  });

  test('two 9s on a 9, in the order that lets the last card match: 9♣ then 9♥, then 4♥ and out', () => {
    // 9♥ 9♣ ends on a club: 4♥ cannot follow, the uncapped draw costs 10 → 10.  9♣ 9♥ 4♥: +30 and out.
    // The same two 9s played in the other order are a different position (the top differs).
    const table = two(['9h', '9c', '4h'], ['9d']);
    expect(plan(table, 0)).toEqual({ action: playOf(table, '9c'), value: 100_030 });
  });

  test('owing: an ace cancels at no ace cost, naming the suit held most', () => {
    const table = position({ seats: [rest(['9c', '9h', 'Jh', '5s']), rest(['As', '7d', '5d', '6c'])] });
    playAll(table, 0, ['9c', '9h', 'Jh']);
    expect(apply(table, 0, { type: 'end' })).toBeNull();
    // A♠: +10, nothing owed after it; diamonds are held most (7♦ 5♦).
    expect(plan(table, 1)).toEqual({ action: playOf(table, 'As', 'D'), value: 10 });
  });

  test('owing with no answer: draw what is owed', () => {
    const table = position({ seats: [rest(['9c', '9h', 'Jh', '5s']), rest(['7d', '5d'])] });
    playAll(table, 0, ['9c', '9h', 'Jh']);
    expect(apply(table, 0, { type: 'end' })).toBeNull();
    expect(plan(table, 1)).toEqual({ action: { type: 'draw' }, value: -30 });
  });

  test('mid-turn: ending is worth what the rest of the hand leaves', () => {
    const table = two(['9h', '4s', '7c'], ['5h']);
    playAll(table, 0, ['9h']);
    expect(plan(table, 0)).toEqual({ action: { type: 'end' }, value: 0 });
  });

  test('voluntaryDraw false: the playable card, no draw', () => {
    // Only K♥ goes on 5♥; no draw is offered with a playable card.  K♥ then end keeps 9♣: +10.
    const table = two(['Kh', '9c'], ['5h'], { voluntaryDraw: false });
    expect(plan(table, 0)).toEqual({ action: playOf(table, 'Kh'), value: 10 });
  });

  test('an ace names the first suit, in suit order, among those held most', () => {
    const table = two(['As', '4s', '4h', '4c'], ['9d']);
    // Only A♠ goes on 9♦; the 4s are held in ♣ ♥ ♠ once each: the first in suit order is ♣.
    const p = plan(table, 0);
    expect(p?.action).toEqual(playOf(table, 'As', 'C'));
  });
});

describe('not to move', () => {
  test('another seat, a finished hand, pending crypto, another game: no plan', () => {
    const table = two(['9h'], ['5h']);
    expect(plan(table, 1)).toBeNull();
    expect(
      schoolBlackjackBot({ id: 'pesten' } as never, table.state, 0, privateViewOf(table.state, table.open, 0)),
    ).toBeNull();
    expect(schoolBlackjackBot(schoolBlackjack, table.state, 1, privateViewOf(table.state, table.open, 1))).toBeNull();
    expect(schoolBlackjackHeuristic(table.state, 1, privateViewOf(table.state, table.open, 1))).toBeNull();
    expect(schoolBlackjackHeuristic(table.state, 0, privateViewOf(table.state, table.open, 0))).toEqual(
      playOf(table, '9h'),
    );
    expect(schoolBlackjackBot(schoolBlackjack, table.state, 0, privateViewOf(table.state, table.open, 0))).toEqual(
      playOf(table, '9h'),
    );
    playAll(table, 0, ['9h']);
    expect(plan(table, 0)).toBeNull();
    const { state, open } = dealtHand({ players: 2, dealer: 1 }, 3);
    expect(planTurn(state, 0, privateViewOf(state, open, 0))).toBeNull();
  });
});

describe('planTurn on an empty pile', () => {
  test('anything goes: the first plain card, then end', () => {
    // 9♥ then end: +10, 4♣ kept (a plain card, so no −8). 4♣ first is worth the same and comes later in hand order.
    const table = two(['9h', '4c'], []);
    expect(plan(table, 0)).toEqual({ action: playOf(table, '9h'), value: 10 });
  });
});

describe('equal plans at the root: the play order decides', () => {
  test('a plain card before a power card of the same value (9♥, not 8♥ listed first)', () => {
    // 8♥ then end: +10 (9♥ 4♣ kept); 9♥ then end: +10 (8♥ 4♣ kept). Plain cards are tried before power cards.
    const table = two(['8h', '9h', '4c'], ['5h']);
    expect(plan(table, 0)).toEqual({ action: playOf(table, '9h'), value: 10 });
  });

  test("a card of the top's rank before a plain card of the same value (5♣ on 5♥, not 9♥ listed first)", () => {
    // 9♥ then end: +10; 5♣ then end: +10 (both keep a plain card). The top's rank is tried first.
    const table = two(['9h', '5c', '4s'], ['5h']);
    expect(plan(table, 0)).toEqual({ action: playOf(table, '5c'), value: 10 });
  });
});

describe('the suit an ace names', () => {
  test('at the root it counts neither the ace played nor other aces: A♣ names ♥ (7♥), not ♦ for A♦', () => {
    // On 9♠ only the aces go. A♣ (+3) naming ♥, A♦ on it (+3, a cap) naming ♥, then 7♥ matches the named suit: out.
    const table = two(['Ac', 'Ad', '7h'], ['9s']);
    expect(plan(table, 0)).toEqual({ action: playOf(table, 'Ac', 'H'), value: 100_016 });
  });

  test('inside the search it counts only the cards still held: after Q♣, A♥ A♠, the ace names ♦ for the last 9♦', () => {
    // Q♣ (+10), A♥ (+3), A♠ (+3, a cap) naming ♦ — Q♣ is gone, so ♦ is the suit held — then 9♦ and out: +26 and the win.
    const table = two(['Qc', 'Ah', 'As', '9d'], ['5c']);
    expect(plan(table, 0)).toEqual({ action: playOf(table, 'Qc'), value: 100_026 });
  });
});

describe('stopping with voluntaryDraw false', () => {
  test('nothing playable at the start: the draw is still allowed', () => {
    const table = two(['9c', '4s'], ['5h'], { voluntaryDraw: false });
    expect(plan(table, 0)).toEqual({ action: { type: 'draw' }, value: -10 });
  });

  test('after a 3 with no follower the turn may end (drawing 1): the 3 is worth 0, not less', () => {
    // 3♥ (+10), then nothing matches the 3: ending draws 1 (−10), 9♣ kept → 0. Without the 3, nothing goes on 5♥.
    const table = two(['3h', '9c'], ['5h'], { voluntaryDraw: false });
    expect(plan(table, 0)).toEqual({ action: playOf(table, '3h'), value: 0 });
  });

  test('after one 9 the turn may end though another 9 could go (ending costs nothing there)', () => {
    // 9♥ then end: +10, 9♣ K♦ kept.  9♥ 9♣ uncapped: +20 −10, and only K♦ kept (−8) → 2.
    const table = two(['9h', '9c', 'Kd'], ['5h'], { voluntaryDraw: false });
    expect(plan(table, 0)).toEqual({ action: playOf(table, '9h'), value: 10 });
  });

  test('mid-turn after a queen, with cards that may go, ending is not offered: it plays on', () => {
    const table = two(['Qh', '9c', '4s'], ['5h'], { voluntaryDraw: false });
    playAll(table, 0, ['Qh']);
    // Anything goes on the queen: 9♣ (+10) then end, 4♠ kept → 10 (ending at once would draw 1: −10).
    expect(plan(table, 0)).toEqual({ action: playOf(table, '9c'), value: 10 });
  });
});
