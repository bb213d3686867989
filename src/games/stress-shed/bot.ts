/**
 * The heuristic bot of Stress (shedding), a sensible player. Swap phase: put the strongest cards
 * face-up (10s, 2s, 3s, then aces down), since face-up cards are played late
 * with no hand to fall back on. Play: the lowest ordinary rank that is legal,
 * all copies at once; keep 2s, 3s and 10s for when nothing else goes (a 10
 * first when the stack is big, else a 2, else a 3); pick up only when forced.
 * Face-down: turn any card (the leftmost). It only uses what its seat knows.
 */
import { valueOf, viewKnowledge, type PrivateView, type Seat } from '../../engine/index.js';
import type { StressAction } from './actions.js';
import type { StressState } from './board.js';
import { stressShed } from './game.js';

/** How much we want a card face-up (higher = keep for later). */
function keepValue(rank: number): number {
  if (rank === 10) return 30;
  if (rank === 2) return 29;
  if (rank === 3) return 28;
  return rank;
}

function rankOf(action: StressAction, know: (h: number) => string | null): number | null {
  if (action.type !== 'play') return null;
  const first = action.cards[0];
  return first ? valueOf(know(first.handle) ?? first.card) : null;
}

export function stressShedHeuristic(state: StressState, seat: Seat, view: PrivateView): StressAction | null {
  const actions = stressShed.legalActions(state, seat, view);
  if (actions.length === 0) return null;
  const know = viewKnowledge(state, view);
  if (state.board.phase === 'swap') {
    const score = (action: StressAction): number => {
      const mine = state.board.seats[seat];
      if (!mine || action.type !== 'ready') return 0;
      const up = [...mine.faceUp];
      for (const swap of action.swaps) up[up.indexOf(swap.faceUp)] = swap.hand;
      return up.reduce((sum, h) => sum + keepValue(valueOf(know(h) ?? '') ?? 0), 0) * 100 - action.swaps.length;
    };
    return actions.reduce((best, a) => (score(a) > score(best) ? a : best));
  }
  const plays = actions.filter((a) => a.type === 'play');
  if (plays.length === 0) return actions.find((a) => a.type === 'blind') ?? actions[0] ?? null;
  const largestOfRank = (rank: number): StressAction | undefined =>
    plays
      .filter((a) => rankOf(a, know) === rank)
      .reduce<StressAction | undefined>(
        (best, a) =>
          best && best.type === 'play' && a.type === 'play' && best.cards.length >= a.cards.length ? best : a,
        undefined,
      );
  const ranks = [...new Set(plays.map((a) => rankOf(a, know) ?? 0))];
  const ordinary = ranks.filter((r) => r !== 2 && r !== 3 && r !== 10).sort((a, b) => a - b);
  const lowest = ordinary[0];
  if (lowest !== undefined) return largestOfRank(lowest) ?? null;
  const special = state.board.stack.length >= 5 ? [10, 2, 3] : [2, 3, 10];
  for (const rank of special) {
    if (ranks.includes(rank)) {
      // One special card at a time: the rest stay useful.
      return plays.find((a) => a.type === 'play' && a.cards.length === 1 && rankOf(a, know) === rank) ?? null;
    }
  }
  return plays[0] ?? null;
}
