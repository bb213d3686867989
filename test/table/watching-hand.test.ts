/**
 * The seatless hand a watcher follows (hand-session.ts `watchingHand`): it
 * is built from the hand's set-up and game with no seat, so it holds no
 * secret, has no move to offer and nothing it could abandon; it is narrated
 * (the table's log tells it). Its own file
 * because it needs a game's rules loaded (slow to import), which the other
 * table-part tests do not.
 */
import { expect, it } from 'vitest';
import { gameById } from '../../src/games/index.js';
import { watchingHand } from '../../src/table/hand-session.js';

/** A two-seat Stress (shedding) hand's set-up, as a watcher is handed it. */
const game = gameById('stress-shed')!;
const hex = (b: number) => b.toString(16).padStart(2, '0').repeat(32);
const setup = {
  table: 'abcdefgh-0123456789abcdef',
  handNo: 0,
  game: game.id,
  options: {},
  seatKeys: [hex(1), hex(2)],
  dealer: 0,
  carry: null,
  previous: null,
};

it('follows a hand seatless: its set-up and game, no seat, nothing to play or abandon', () => {
  let changed = 0;
  const hand = watchingHand(setup, game, () => changed++, false);
  // It is the hand the table's log tells: its follower keeps the states the narrator takes.
  expect(hand.config).toEqual({ setup, game, mySeat: null, narrated: true });
  expect(hand.players).toBe(2);
  expect(hand.legalActions()).toEqual([]);
  expect(hand.abandon('x')).toBe(false);
  expect(hand.halt).toBeNull();
  expect(changed).toBe(0);
  hand.dispose();
});

it('followed live, takes an event in only once every seat has shown it holds it; a past hand as it comes', () => {
  expect(watchingHand(setup, game, () => {}, true).config.confirmation).toEqual({ localSeats: [] });
  expect(watchingHand(setup, game, () => {}, false).config.confirmation).toBeUndefined();
});
