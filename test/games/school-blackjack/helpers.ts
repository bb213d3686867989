/**
 * Shared helpers for school-blackjack tests: a hand from a random deal, a
 * position from a readable deal (the scenario runner's format, cards as the
 * seed writes them), one input applied and its crypto settled from the fixed
 * deal (recording every input, for replay and audit), and the knowledge
 * invariant (who may know which card) that must hold at every step.
 */
import { settle, shuffledDeal, type OpenCards, type ScenarioFile, type SetupArgs } from '../../../src/engine/index.js';
import { runScenario } from '../../../src/games/scenarios.js';
import { makeRng } from '../../../src/bots/index.js';
import { schoolBlackjack, type BlackjackState } from '../../../src/games/school-blackjack/index.js';
import { cardId, scenario } from '../../../src/games/school-blackjack/scenario.js';

export function dealtHand(args: SetupArgs, seed: number): { state: BlackjackState; open: OpenCards } {
  const setup = schoolBlackjack.setup(args);
  if (!setup.ok) throw new Error(`setup: ${setup.error}`);
  const rng = makeRng(seed);
  return { state: setup.value, open: shuffledDeal(setup.value.deck, () => rng.next()) };
}

export interface Table {
  args: SetupArgs;
  state: BlackjackState;
  open: OpenCards;
  inputs: unknown[];
}

/** The table after a readable deal (and steps), crypto settled from the fixed deal. Seat 0 starts (dealer 1). */
export function position(
  deal: ScenarioFile['deal'],
  options: { seats?: number; actions?: ScenarioFile['actions']; rules?: Record<string, unknown> } = {},
): Table {
  const seats = options.seats ?? 2;
  const file: ScenarioFile = {
    game: 'school-blackjack',
    seats,
    dealer: 1,
    options: options.rules ?? {},
    deal,
    actions: options.actions ?? [],
  };
  const run = runScenario(schoolBlackjack, file);
  if (!run.state || run.rejected) throw new Error(`${run.failures.join('; ')}\n${run.log.join('\n')}`);
  const dealt = scenario.deal(deal, seats, { voluntaryDraw: true });
  const layout = typeof dealt === 'object' && dealt !== null ? dealt.layout : null;
  return {
    args: { players: seats, dealer: 1, options: options.rules ?? {}, layout },
    state: run.state as BlackjackState,
    open: run.open,
    inputs: run.inputs,
  };
}

/** The live handle of a card (written as the seed writes it). */
export function handleOf(table: Table, written: string): number {
  const card = cardId(written);
  for (const [key, dealt] of Object.entries(table.open)) {
    const handle = Number(key);
    if (dealt === card && table.state.cards[handle]?.gone === false) return handle;
  }
  throw new Error(`no live ${card}`);
}

/** A play action for a card by name (aces name `suit`, by default their own). */
export function playOf(table: Table, written: string, suit?: string): unknown {
  const card = cardId(written);
  const named = suit ?? (card.startsWith('A') ? card.slice(1) : undefined);
  return named === undefined
    ? { type: 'play', handle: handleOf(table, written), card }
    : { type: 'play', handle: handleOf(table, written), card, suit: named };
}

/** Apply one action; on success settle its crypto and record the inputs. Returns the refusal code, or null. */
export function apply(table: Table, seat: number, action: unknown): string | null {
  const input = { kind: 'act', seat, action };
  const result = schoolBlackjack.reduce(table.state, input);
  if (!result.ok) return result.error;
  const settled = settle(schoolBlackjack, result.value, table.open);
  if (!settled.ok) throw new Error(`crypto refused: ${settled.error}`);
  table.state = settled.state as BlackjackState;
  table.open = settled.open;
  table.inputs.push(input, ...settled.inputs);
  return null;
}

/** Play cards one by one for `seat`; throws on the first refusal (with its code). */
export function playAll(table: Table, seat: number, cards: string[]): void {
  for (const card of cards) {
    const error = apply(table, seat, playOf(table, card));
    if (error) throw new Error(`${card}: ${error}`);
  }
}

/**
 * Who knows what, from the public ledger: a hand card hidden from the public
 * is known to its owner only (once its private reveal is done); deck cards
 * are known to nobody; pile and set-aside cards are public.
 */
export function knowledgeProblems(state: BlackjackState): string[] {
  const problems: string[] = [];
  const info = (h: number) => state.cards[h] ?? { card: null, seen: [], gone: true };
  const pendingFor = new Map<number, number>();
  for (const request of state.requests)
    if (request.kind === 'reveal-to') for (const h of request.handles) pendingFor.set(h, request.seat);
  state.board.hands.forEach((hand, seat) => {
    for (const h of hand) {
      const { card, seen } = info(h);
      if (card !== null) problems.push(`hand card ${h} of seat ${seat} is public`);
      if (seen.some((s) => s !== seat)) problems.push(`hand card ${h} of seat ${seat} is known to ${seen.join(',')}`);
      if (!seen.includes(seat) && pendingFor.get(h) !== seat)
        problems.push(`hand card ${h} of seat ${seat} is not shown to its owner`);
    }
  });
  for (const h of state.board.deck)
    if (info(h).card !== null || info(h).seen.length > 0) problems.push(`deck card ${h} is known`);
  for (const h of [...state.board.pile, ...state.board.aside])
    if (info(h).card === null) problems.push(`pile card ${h} is not public`);
  return problems;
}
