/**
 * The seats round a table in the game's play order from this page's seat: the
 * lobby's seat ring and the hand's view (store-hand-view.ts) both draw them so.
 */
import { gameMeta } from '../games/index.js';
import { seatsInPlayOrder } from '../games/seating.js';

/** Seats in the game's play order from `mySeat` (seat order for an unknown game). */
export function seatOrderOf(gameId: string, seats: number, mySeat: number | null): number[] {
  if (seats < 1) return [];
  return seatsInPlayOrder(
    seats,
    mySeat !== null && mySeat < seats ? mySeat : null,
    gameMeta(gameId)?.playDirection ?? 'ascending',
  );
}
