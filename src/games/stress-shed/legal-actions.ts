/**
 * Enumerating the moves a seat may make, from what that seat knows (public
 * cards plus its private view), for bots, UI highlighting and tests.
 * - Swap phase: one `ready` per reachable arrangement of face-up cards (each
 *   choice of which of the seat's hand+face-up cards lie face-up; 70 for the
 *   usual 4+4), as the exchanges that reach it. Hand cards the seat does not
 *   know cannot be claimed, so they are never swapped. Above 5000
 *   arrangements (only in odd scenario layouts) only single swaps are listed.
 * - Play phase: every non-empty subset of each legal rank group of the
 *   current source (at most 13 × 255 with two decks), a blind play per
 *   face-down card, and `pickup` when allowed.
 */
import { viewKnowledge, type Handle, type Knowledge, type PrivateView, type Seat } from '../../engine/index.js';
import { valueOf } from '../../engine/index.js';
import type { StressAction } from './actions.js';
import { sourceOf, type StressState } from './board.js';
import { effectiveTop, isLegalCard } from './rules.js';

const MAX_ARRANGEMENTS = 5000;

function binomial(n: number, k: number): number {
  let result = 1;
  for (let i = 1; i <= k; i++) result = (result * (n - k + i)) / i;
  return Math.round(result);
}

function* combinations<T>(items: readonly T[], k: number, start = 0, chosen: T[] = []): Generator<T[]> {
  if (chosen.length === k) {
    yield [...chosen];
    return;
  }
  for (let i = start; i <= items.length - (k - chosen.length); i++) {
    chosen.push(items[i] as T);
    yield* combinations(items, k, i + 1, chosen);
    chosen.pop();
  }
}

function* nonEmptySubsets<T>(items: readonly T[]): Generator<T[]> {
  for (let mask = 1; mask < 1 << items.length; mask++) yield items.filter((_, i) => (mask >> i) & 1);
}

function swapActions(hand: Handle[], faceUp: Handle[], know: Knowledge): StressAction[] {
  const knownHand = hand.filter((h) => know(h) !== null);
  const pool = [...faceUp, ...knownHand];
  const toAction = (upAfter: Handle[]): StressAction => {
    const outgoing = knownHand.filter((h) => upAfter.includes(h));
    const incoming = faceUp.filter((h) => !upAfter.includes(h));
    return {
      type: 'ready',
      swaps: outgoing.map((h, i) => ({ hand: h, card: know(h) ?? '', faceUp: incoming[i] ?? -1 })),
    };
  };
  if (binomial(pool.length, faceUp.length) <= MAX_ARRANGEMENTS) {
    return [...combinations(pool, faceUp.length)].map(toAction);
  }
  const single: StressAction[] = [{ type: 'ready', swaps: [] }];
  for (const h of knownHand)
    for (const f of faceUp) single.push({ type: 'ready', swaps: [{ hand: h, card: know(h) ?? '', faceUp: f }] });
  return single;
}

export function legalActions(state: StressState, seat: Seat, view: PrivateView): StressAction[] {
  const board = state.board;
  const mine = board.seats[seat];
  if (!mine) return [];
  const know = viewKnowledge(state, view);
  if (board.phase === 'swap') return board.ready[seat] === null ? swapActions(mine.hand, mine.faceUp, know) : [];
  if (board.phase !== 'play' || board.turn !== seat || board.flipping !== null) return [];
  const source = sourceOf(mine);
  if (source === null) return [];
  const canPickUp = board.stack.length > 0;
  if (source === 'faceDown') {
    const blinds: StressAction[] = mine.faceDown.map((handle) => ({ type: 'blind', handle }));
    return state.options.voluntaryPickup && canPickUp ? [...blinds, { type: 'pickup' }] : blinds;
  }
  const top = effectiveTop(board.stack, know);
  const groups = new Map<number, Handle[]>();
  for (const h of mine[source]) {
    const card = know(h);
    if (card === null || !isLegalCard(card, top)) continue;
    const rank = valueOf(card) ?? 0;
    groups.set(rank, [...(groups.get(rank) ?? []), h]);
  }
  const plays: StressAction[] = [];
  for (const rank of [...groups.keys()].sort((a, b) => a - b)) {
    for (const subset of nonEmptySubsets(groups.get(rank) ?? [])) {
      plays.push({ type: 'play', cards: subset.map((handle) => ({ handle, card: know(handle) ?? '' })) });
    }
  }
  if (canPickUp && (state.options.voluntaryPickup || plays.length === 0)) plays.push({ type: 'pickup' });
  return plays;
}
