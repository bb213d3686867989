/**
 * Shared helpers for stress-shed tests: set up a hand from a random deal,
 * play it with bots through the fixed-deal table, and the knowledge
 * invariant (who may know which card) that must hold at every step.
 */
import { shuffledDeal, type OpenCards, type SetupArgs } from '../../../src/engine/index.js';
import { autoplay, makeRng, type AutoplayOptions, type AutoplayResult, type Bot } from '../../../src/bots/index.js';
import { stressShed, type StressState } from '../../../src/games/stress-shed/index.js';

export function dealtHand(args: SetupArgs, seed: number): { state: StressState; open: OpenCards } {
  const setup = stressShed.setup(args);
  if (!setup.ok) throw new Error(`setup: ${setup.error}`);
  const rng = makeRng(seed);
  return { state: setup.value, open: shuffledDeal(setup.value.deck, () => rng.next()) };
}

export function play(args: SetupArgs, seed: number, bots: Bot[], options: AutoplayOptions): AutoplayResult {
  const { state, open } = dealtHand(args, seed);
  return autoplay(stressShed, state, open, bots, options);
}

/**
 * Who knows what, from the public ledger: face-down and draw cards are known
 * to nobody; a hand card hidden from the public is known at most to its owner
 * (and to the owner once its private reveal is done); face-up, stack and
 * cemetery cards are public (or being revealed to all). Returns the violations.
 */
export function knowledgeProblems(state: StressState): string[] {
  const problems: string[] = [];
  const info = (h: number) => state.cards[h] ?? { card: null, seen: [], gone: true };
  const pendingFor = new Map<number, number>();
  const beingRevealed = new Set<number>();
  for (const request of state.requests) {
    if (request.kind === 'reveal-to') for (const h of request.handles) pendingFor.set(h, request.seat);
    if (request.kind === 'reveal-all') for (const h of request.handles) beingRevealed.add(h);
  }
  const isPublic = (h: number): boolean => info(h).card !== null || beingRevealed.has(h);
  const board = state.board;
  board.seats.forEach((cards, seat) => {
    for (const h of cards.faceDown)
      if (info(h).card !== null || info(h).seen.length > 0) problems.push(`face-down ${h} of seat ${seat} is known`);
    for (const h of cards.faceUp) if (!isPublic(h)) problems.push(`face-up ${h} of seat ${seat} is not public`);
    for (const h of cards.hand) {
      const { card, seen } = info(h);
      if (card !== null) continue;
      if (seen.some((s) => s !== seat))
        problems.push(`hidden hand card ${h} of seat ${seat} is known to ${seen.join(',')}`);
      if (!seen.includes(seat) && pendingFor.get(h) !== seat)
        problems.push(`hand card ${h} of seat ${seat} is not shown to its owner`);
    }
  });
  for (const h of board.draw)
    if (info(h).card !== null || info(h).seen.length > 0) problems.push(`draw card ${h} is known`);
  for (const h of [...board.stack, ...board.cemetery])
    if (!isPublic(h)) problems.push(`stack/cemetery card ${h} is not public`);
  return problems;
}
