/**
 * Where every card of a finished hand lies, per seat and zone, for the
 * end-of-hand summary: each player's remaining hand, face-up and face-down
 * cards, Stress (speed) rows and piles, the Fighting Cards skat, the stock
 * or deck left over. It lists handles only; the summary names them with the
 * cards the audit opened (a hand whose audit did not open them shows backs).
 * Empty zones are left out.
 */
import type { AnyState, Handle, Seat } from '../engine/index.js';
import type { StressState } from './stress-shed/index.js';
import type { SpeedState } from './stress-speed/index.js';
import type { PestenState } from './pesten/index.js';
import type { FightingState } from './fighting-cards/index.js';
import type { BlackjackState } from './school-blackjack/index.js';

export interface CardZone {
  /** The seat the zone belongs to; null for the table's own (stock, skat). */
  readonly seat: Seat | null;
  /** "hand", "face-down", "skat"… */
  readonly label: string;
  readonly handles: readonly Handle[];
}

function perSeat(hands: readonly (readonly Handle[])[], label: string): CardZone[] {
  return hands.map((handles, seat) => ({ seat, label, handles }));
}

/** The zones of a hand's final state, seats first (in seat order), then the table's. */
export function handCards(gameId: string, state: AnyState): CardZone[] {
  let zones: CardZone[];
  switch (gameId) {
    case 'stress-shed': {
      const board = (state as StressState).board;
      zones = board.seats.flatMap((s, seat) => [
        { seat, label: 'hand', handles: s.hand },
        { seat, label: 'face-up', handles: s.faceUp },
        { seat, label: 'face-down', handles: s.faceDown },
      ]);
      zones.push({ seat: null, label: 'draw stack', handles: board.draw });
      break;
    }
    case 'stress-speed': {
      const board = (state as SpeedState).board;
      zones = board.seats.flatMap((s, seat) => [
        { seat, label: 'row', handles: s.row.flat() },
        { seat, label: 'pile', handles: s.pile },
      ]);
      break;
    }
    case 'pesten': {
      const board = (state as PestenState).board;
      zones = [...perSeat(board.hands, 'hand'), { seat: null, label: 'stock', handles: board.stock }];
      break;
    }
    case 'fighting-cards': {
      const board = (state as FightingState).board;
      zones = [...perSeat(board.hands, 'hand'), { seat: null, label: 'skat', handles: board.skat }];
      break;
    }
    case 'school-blackjack': {
      const board = (state as BlackjackState).board;
      zones = [...perSeat(board.hands, 'hand'), { seat: null, label: 'deck', handles: board.deck }];
      break;
    }
    default:
      zones = [];
  }
  return zones.filter((z) => z.handles.length > 0);
}

/**
 * A game's outcome summary with seats named: the rules number seats from 0
 * ("seat 1 won; seat 0 deals next"); people read names ("Bob won; Ann deals
 * next"). A name missing from `names` reads "Seat n" counted from 1.
 */
export function namedSummary(summary: string, names: readonly string[]): string {
  const name = (n: string) => names[Number(n)] || `Seat ${Number(n) + 1}`;
  return summary.replace(/\bseats? (\d+(?:, \d+)*)/g, (_, list: string) => {
    const named = list.split(', ').map(name);
    return named.length <= 1 ? (named[0] ?? '') : `${named.slice(0, -1).join(', ')} and ${named.at(-1)}`;
  });
}
