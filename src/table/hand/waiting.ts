/**
 * Who a hand waits for now, and for what: only seats that still owe
 * something — a ready, the awaited cascade step, key shares for the oldest
 * request, a move or a simultaneous choice not yet held, a real-time commit
 * or reveal once a round is open, a disclosure. An event that is held but
 * has not taken effect yet (event-pool.ts: some seat has not shown it holds
 * it) is owed by the seats that have not: its author is not silent, they are.
 * The table names these seats when the hand stalls.
 */
import { contributors } from '../../engine/index.js';
import { stepType } from './cascade.js';
import type { HandFollower } from './follower.js';

export interface Waiting {
  /** Seats that still owe something now (never one whose event is already held). */
  readonly seats: number[];
  readonly what: string;
}

export function waitingOf(f: HandFollower): Waiting | null {
  if (f.halt || f.phase === 'done') return null;
  const all = [...Array(f.players).keys()];
  const pool = f.pool;
  /** The seats that owe what fills `seat`'s slot `type`/`key` (none once it has taken effect). */
  const owe = (seats: readonly number[], type: Parameters<typeof pool.slot>[0], key: number): number[] => [
    ...new Set(seats.flatMap((seat) => pool.owing(pool.slot(type, key, seat), seat))),
  ];
  switch (f.phase) {
    case 'ready':
      return { seats: owe(all, 'ready', 0), what: 'to start the hand' };
    case 'disclose':
      return { seats: owe(all, 'disclose', 0), what: 'to open their secrets for the audit' };
    case 'dealing':
    case 'play': {
      const cascade = f.cascade;
      if (cascade)
        return {
          seats:
            cascade.state.phase === 'locked' ? [] : owe([cascade.state.next], stepType(cascade.state), cascade.packet),
          what: `to ${cascade.state.phase} the deck`,
        };
      const state = f.state;
      if (!state) return null;
      const awaiting = f.game.awaits(state);
      switch (awaiting.kind) {
        case 'crypto': {
          const request = awaiting.requests[0]!;
          return {
            seats: owe(contributors(request, f.players), 'keys', request.id),
            what: 'to send card keys',
          };
        }
        case 'move':
          return { seats: owe([awaiting.seat], 'act', f.actsTaken(awaiting.seat)), what: awaiting.what };
        case 'choices':
          return {
            seats: [
              ...new Set(awaiting.seats.flatMap((seat) => pool.owing(pool.slot('act', f.actsTaken(seat), seat), seat))),
            ],
            what: awaiting.what,
          };
        case 'anytime': {
          // Nobody is late while nobody has moved; once a round is open, those who have not answered are.
          const r = f.round;
          const commits = all.filter((seat) => pool.slot('commit', r, seat));
          if (commits.length === 0) return { seats: [], what: awaiting.what };
          const revealing = all.every((seat) => pool.commit(r, seat));
          return {
            seats: owe(all, revealing ? 'reveal' : 'commit', r),
            what: `to ${revealing ? 'reveal' : 'commit'} their moves`,
          };
        }
        case 'over':
          return null;
      }
    }
  }
  return null;
}
