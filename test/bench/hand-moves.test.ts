/**
 * The hand bench's cost of one move to a peer (bench/hand.ts `moveCosts`),
 * on hand-made samples: a turn-based move is one `act` with its copies, a
 * real-time move is a round, every other seat's commit and reveal of it; a
 * peer's own events and the other kinds never count.
 */
import { describe, expect, it } from 'vitest';
import { moveCosts, type Sample } from '../../bench/hand.js';

const event = (peer: string, author: string, type: string, n: number, ms: number, round?: number): Sample => ({
  peer,
  kind: 'table-event',
  type,
  author,
  hand: 0,
  n,
  ms,
  ...(round === undefined ? {} : { round }),
});

describe('the cost of a move to a peer', () => {
  it.each([
    {
      what: 'an act, with a flooded copy, costs both copies; a peer’s own act and the key shares do not count',
      events: [
        event('a', 'b', 'act', 5, 2),
        event('a', 'b', 'act', 5, 0.5),
        event('b', 'b', 'act', 5, 9),
        event('a', 'b', 'keys', 6, 4),
        event('a', 'c', 'act', 3, 1),
      ],
      costs: [2.5, 1],
      copies: 1.5,
    },
    {
      what: 'a real-time round is one move: both other seats’ commits and reveals, answering ones included',
      events: [
        event('a', 'b', 'commit', 1, 1, 4),
        event('a', 'c', 'commit', 1, 0.5, 4),
        event('a', 'b', 'reveal', 2, 2, 4),
        event('a', 'c', 'reveal', 2, 0.5, 4),
        event('a', 'a', 'commit', 1, 7, 4),
        event('a', 'b', 'commit', 3, 1, 5),
        event('b', 'c', 'commit', 1, 3, 4),
      ],
      costs: [4, 1, 3],
      copies: 1,
    },
    {
      what: 'a hand with no move of another seat costs nothing',
      events: [event('a', 'a', 'act', 0, 1)],
      costs: [],
      copies: 0,
    },
  ])('$what', ({ events, costs, copies }) => {
    const got = moveCosts(events);
    expect(got.costs.sort((x, y) => y - x)).toEqual([...costs].sort((x, y) => y - x));
    expect(got.copies).toBe(copies);
  });
});
