/**
 * Who a hand waits for now, and for what: only seats that still owe
 * something — a ready, the awaited cascade step, key shares for the oldest
 * request, a move or a simultaneous choice not yet held, a real-time commit
 * or reveal once a round is open, a disclosure. The table names these seats
 * when the hand stalls.
 */
import { contributors } from '../../engine/index.js';
import type { HandFollower } from './follower.js';

export interface Waiting {
  /** Seats that still owe something now (never one whose event is already held). */
  readonly seats: number[];
  readonly what: string;
}

export function waitingOf(f: HandFollower): Waiting | null {
  if (f.halt || f.phase === 'done') return null;
  const all = [...Array(f.players).keys()];
  switch (f.phase) {
    case 'ready':
      return { seats: all.filter((seat) => !f.pool.ready(seat)), what: 'to start the hand' };
    case 'disclose':
      return { seats: all.filter((seat) => !f.pool.disclose(seat)), what: 'to open their secrets for the audit' };
    case 'dealing':
    case 'play': {
      const cascade = f.cascade;
      if (cascade)
        return {
          seats: cascade.state.phase === 'locked' ? [] : [cascade.state.next],
          what: `to ${cascade.state.phase} the deck`,
        };
      const state = f.state;
      if (!state) return null;
      const awaiting = f.game.awaits(state);
      switch (awaiting.kind) {
        case 'crypto': {
          const request = awaiting.requests[0]!;
          return {
            seats: contributors(request, f.players).filter((seat) => !f.pool.keys(request.id, seat)),
            what: 'to send card keys',
          };
        }
        case 'move':
          return { seats: f.pendingAct(awaiting.seat) ? [] : [awaiting.seat], what: awaiting.what };
        case 'choices':
          return { seats: awaiting.seats.filter((seat) => !f.pendingAct(seat)), what: awaiting.what };
        case 'anytime': {
          // Nobody is late while nobody has moved; once a round is open, those who have not answered are.
          const r = f.round;
          const commits = all.filter((seat) => f.pool.commit(r, seat));
          if (commits.length === 0) return { seats: [], what: awaiting.what };
          const revealing = commits.length === f.players;
          const owe = all.filter((seat) => !(revealing ? f.pool.reveal(r, seat) : f.pool.commit(r, seat)));
          return { seats: owe, what: `to ${revealing ? 'reveal' : 'commit'} their moves` };
        }
        case 'over':
          return null;
      }
    }
  }
  return null;
}
