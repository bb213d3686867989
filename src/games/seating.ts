/**
 * Where seats sit round the table. The engine numbers seats 0…n−1 and each
 * game says which way its turn passes (`GameModule.playDirection`):
 * 'ascending' (seat 0, 1, 2, …: Stress, Fighting Cards) or 'descending'
 * (Pesten and School Blackjack start clockwise, which their boards write as
 * descending seat numbers). Screens draw the seats in that order starting
 * from the viewer's own, so the next player to act is always the next box.
 */

export type PlayDirection = 'ascending' | 'descending';

/**
 * All `seats` seat numbers in play order starting at `from` (the viewer's
 * seat; seat 0 for someone without one). Throws RangeError on a seat count
 * below 1 or a `from` outside the table.
 */
export function seatsInPlayOrder(seats: number, from: number | null, direction: PlayDirection): number[] {
  if (!Number.isInteger(seats) || seats < 1)
    throw new RangeError(`seatsInPlayOrder: seats must be a positive integer, got ${seats}`);
  const start = from ?? 0;
  if (!Number.isInteger(start) || start < 0 || start >= seats)
    throw new RangeError(`seatsInPlayOrder: seat ${start} is not at a table of ${seats}`);
  const step = direction === 'ascending' ? 1 : seats - 1;
  return Array.from({ length: seats }, (_, i) => (start + i * step) % seats);
}
