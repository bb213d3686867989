/**
 * Shared helpers for Pesten tests: set up a round from a random deal, play it
 * with bots through the fixed-deal table, run a scenario position, and the
 * knowledge invariant (who may know which card) that must hold at every step.
 */
import { shuffledDeal, type OpenCards, type ScenarioFile, type SetupArgs } from '../../../src/engine/index.js';
import { runScenario } from '../../../src/games/scenarios.js';
import { autoplay, makeRng, type AutoplayOptions, type AutoplayResult, type Bot } from '../../../src/bots/index.js';
import { pesten, type PestenState } from '../../../src/games/pesten/index.js';

export function dealtRound(args: SetupArgs, seed: number): { state: PestenState; open: OpenCards } {
  const setup = pesten.setup(args);
  if (!setup.ok) throw new Error(`setup: ${setup.error}`);
  const rng = makeRng(seed);
  return { state: setup.value, open: shuffledDeal(setup.value.deck, () => rng.next()) };
}

export function play(args: SetupArgs, seed: number, bots: Bot[], options: AutoplayOptions): AutoplayResult {
  const { state, open } = dealtRound(args, seed);
  return autoplay(pesten, state, open, bots, options);
}

/** A position from a readable deal and steps (a scenario without expectations). */
export function position(
  seats: number,
  deal: ScenarioFile['deal'],
  actions: ScenarioFile['actions'] = [],
  extra: Partial<ScenarioFile> = {},
  rules: typeof pesten = pesten,
): { state: PestenState; open: OpenCards; inputs: unknown[] } {
  const run = runScenario(rules, { game: 'pesten', seats, deal, actions, ...extra });
  if (!run.ok || !run.state) throw new Error(`${run.failures.join('; ')}\n${run.log.join('\n')}`);
  return { state: run.state as PestenState, open: run.open, inputs: run.inputs };
}

/**
 * Who knows what, from the public ledger: stock cards are known to nobody;
 * a hand card is hidden from the public and known to its owner (or on its
 * way to it: a pending reveal-to or forward), and to nobody who never held
 * it; discard and aside cards are public (or being revealed to all).
 * `holders` lists, per handle, every seat that ever held it. Returns the violations.
 */
export function knowledgeProblems(state: PestenState, holders: Map<number, Set<number>>): string[] {
  const problems: string[] = [];
  const info = (h: number) => state.cards[h] ?? { card: null, seen: [], gone: true };
  const pendingFor = new Map<number, number>();
  const beingRevealed = new Set<number>();
  for (const request of state.requests) {
    if (request.kind === 'reveal-to') for (const h of request.handles) pendingFor.set(h, request.seat);
    if (request.kind === 'forward') for (const h of request.handles) pendingFor.set(h, request.to);
    if (request.kind === 'reveal-all') for (const h of request.handles) beingRevealed.add(h);
  }
  const isPublic = (h: number): boolean => info(h).card !== null || beingRevealed.has(h);
  const board = state.board;
  board.hands.forEach((hand, seat) => {
    for (const h of hand) {
      const held = holders.get(h) ?? new Set<number>();
      held.add(seat);
      holders.set(h, held);
      const { card, seen } = info(h);
      if (card !== null) problems.push(`hand card ${h} of seat ${seat} is public`);
      const strangers = seen.filter((s) => !held.has(s));
      if (strangers.length > 0)
        problems.push(`hand card ${h} of seat ${seat} is known to ${strangers.join(',')}, who never held it`);
      if (!seen.includes(seat) && pendingFor.get(h) !== seat)
        problems.push(`hand card ${h} of seat ${seat} is not shown to its owner`);
    }
  });
  for (const h of board.stock)
    if (info(h).card !== null || info(h).seen.length > 0) problems.push(`stock card ${h} is known`);
  for (const h of [...board.discard, ...board.aside])
    if (!isPublic(h)) problems.push(`discard/aside card ${h} is not public`);
  return problems;
}
