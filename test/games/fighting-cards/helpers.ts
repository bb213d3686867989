/**
 * Shared helpers for fighting-cards tests: a deal from a random shuffle, a
 * deal played by bots through the fixed-deal table, a whole match played
 * deal by deal through `carry`, a position reached from a scenario file, a
 * cheating bot that reneges, a blank board to build positions by hand, and the knowledge invariant (who may know which
 * card) that must hold at every step.
 */
import {
  shuffledDeal,
  type OpenCards,
  type ScenarioFile,
  type Seat,
  type SetupArgs,
} from '../../../src/engine/index.js';
import { runScenario } from '../../../src/games/scenarios.js';
import { autoplay, makeRng, type AutoplayOptions, type AutoplayResult, type Bot } from '../../../src/bots/index.js';
import {
  fightingCards,
  suitOf,
  type FightingCards,
  type FightingState,
} from '../../../src/games/fighting-cards/index.js';
import type { FightingBoard } from '../../../src/games/fighting-cards/board.js';

/** Deal M of the tests: seat 0 hearts and diamonds, seat 1 spades (a strong hand), seat 2 clubs; 7♦ 8♦ in the skat. */
export const M = {
  seats: [
    { hand: ['10H', '9H', '8H', '7H', 'AD', 'KD', 'QD', 'JD', '10D', '9D'] },
    { hand: ['AS', 'KS', 'QS', 'JS', '10S', '9S', '8S', '7S', 'AH', 'KH'] },
    { hand: ['AC', 'KC', 'QC', 'JC', '10C', '9C', '8C', '7C', 'QH', 'JH'] },
  ],
  skat: ['7D', '8D'],
};

/** A deal from a shuffle seeded with `seed`, set up by `rules` (today's unless an older version is given). */
export function dealtHand(
  args: SetupArgs,
  seed: number,
  rules: FightingCards = fightingCards,
): { state: FightingState; open: OpenCards } {
  const setup = rules.setup(args);
  if (!setup.ok) throw new Error(`setup: ${setup.error}`);
  const rng = makeRng(seed);
  return { state: setup.value, open: shuffledDeal(setup.value.deck, () => rng.next()) };
}

export function play(
  args: SetupArgs,
  seed: number,
  bots: Bot[],
  options: AutoplayOptions,
  rules: FightingCards = fightingCards,
): AutoplayResult {
  const { state, open } = dealtHand(args, seed, rules);
  return autoplay(rules, state, open, bots, options);
}

/** The state after a scenario deal and steps (crypto settled from the fixed deal). */
export function position(file: Omit<ScenarioFile, 'game' | 'seats'>): {
  state: FightingState;
  open: OpenCards;
  inputs: unknown[];
} {
  const run = runScenario(fightingCards, { game: 'fighting-cards', seats: 3, ...file });
  if (!run.ok || !run.state) throw new Error(`${run.failures.join('; ')}\n${run.log.join('\n')}`);
  return { state: run.state as FightingState, open: run.open, inputs: run.inputs };
}

/** The live handle of a card in a fixed deal. */
export function handleOf(state: FightingState, open: OpenCards, card: string): number {
  for (const [key, dealt] of Object.entries(open)) {
    const handle = Number(key);
    if (dealt === card && state.cards[handle]?.gone === false) return handle;
  }
  throw new Error(`no live ${card}`);
}

/**
 * A bot that plays honestly through `honest` except that `cheater`, when it
 * follows a trick holding the led suit and some other card, plays the other
 * card (a renege), at most `times` times. Records the step of each renege.
 */
export function reneging(honest: Bot[], cheater: Seat, times = 1): { bots: Bot[]; reneges: number[] } {
  const reneges: number[] = [];
  const bots = honest.map((bot, seat): Bot => (game, state, s, view) => {
    const st = state as FightingState;
    const lead = st.board.trick[0];
    if (seat === cheater && reneges.length < times && st.board.phase === 'play' && lead) {
      const led = suitOf(st.cards[lead.handle]?.card ?? null);
      const hand = st.board.hands[seat] ?? [];
      const holdsLed = hand.some((h) => suitOf(view.known[h] ?? null) === led);
      const off = hand.find((h) => suitOf(view.known[h] ?? null) !== led);
      if (holdsLed && off !== undefined) {
        reneges.push(st.step);
        return { type: 'play', handle: off, card: view.known[off] ?? '' };
      }
    }
    return bot(game, state, s, view);
  });
  return { bots, reneges };
}

/**
 * Who knows what, from the public ledger: a hidden hand card is known at
 * most to its owner (and to the owner once its private reveal is done); the
 * skat is known to nobody in a hand game and at most to the declarer after a
 * take; every card in a trick is public. Returns the violations.
 */
export function knowledgeProblems(state: FightingState): string[] {
  const problems: string[] = [];
  const info = (h: number) => state.cards[h] ?? { card: null, seen: [] as number[], gone: true };
  const coming = new Map<number, Seat>();
  for (const request of state.requests) {
    if (request.kind === 'reveal-to') for (const h of request.handles) coming.set(h, request.seat);
    if (request.kind === 'reshuffle' && state.board.declarer !== null)
      for (const h of request.into) coming.set(h, state.board.declarer);
  }
  const board = state.board;
  board.hands.forEach((hand, seat) => {
    for (const h of hand) {
      const { card, seen } = info(h);
      if (card !== null) problems.push(`hand card ${h} of seat ${seat} is public`);
      if (seen.some((s) => s !== seat)) problems.push(`hand card ${h} of seat ${seat} is known to ${seen.join(',')}`);
      if (!seen.includes(seat) && coming.get(h) !== seat)
        problems.push(`hand card ${h} of seat ${seat} is not shown to its owner`);
    }
  });
  const revealing = new Set(state.requests.flatMap((r) => (r.kind === 'reveal-all' ? r.handles : [])));
  for (const h of board.skat) {
    const { card, seen } = info(h);
    if (card !== null || revealing.has(h)) continue;
    const allowed = board.handGame === false && board.declarer !== null ? [board.declarer] : [];
    if (seen.some((s) => !allowed.includes(s))) problems.push(`skat card ${h} is known to ${seen.join(',')}`);
  }
  const played = [...board.trick.map((c) => c.handle), ...board.tricks.flatMap((t) => t.cards)];
  for (const h of played) if (info(h).card === null) problems.push(`played card ${h} is not public`);
  return problems;
}

/** A board before any call (no cards, seat 1 to call), with `over` replacing whole fields. */
export function blankBoard(over: Partial<FightingBoard> = {}): FightingBoard {
  return {
    phase: 'bidding',
    hands: [[], [], []],
    skat: [],
    turn: 1,
    auction: [],
    declarer: null,
    contract: null,
    handGame: null,
    trump: null,
    trick: [],
    tricks: [],
    voids: [[], [], []],
    renege: null,
    thrownIn: false,
    result: null,
    match: { played: 0, totals: [0, 0, 0] },
    ...over,
  };
}
