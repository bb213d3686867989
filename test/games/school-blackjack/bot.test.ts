/**
 * The School Blackjack bot: it builds long capped turns (the seed's example
 * 10 hand is played out in one turn without a draw), keeps its aces when
 * nothing is owed and spends one to cancel a pick-up, ends its turn on 2s and
 * jacks when it can, never answers when not awaited, and beats uniformly
 * random players clearly. Its moves are always legal (autoplay would refuse
 * them otherwise; see also properties.test.ts).
 */
import { describe, expect, test } from 'vitest';
import { privateViewOf } from '../../../src/engine/index.js';
import { autoplay, makeRng, randomBot, type Bot } from '../../../src/bots/index.js';
import { schoolBlackjack, schoolBlackjackBot } from '../../../src/games/school-blackjack/index.js';
import { apply, dealtHand, playAll, position, type Table } from './helpers.js';

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
