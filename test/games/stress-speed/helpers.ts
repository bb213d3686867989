/**
 * Shared helpers for stress-speed tests: a hand from a random deal, a
 * position from a readable deal, and a real-time table without crypto. The
 * real-time table models what `autoplay` (turn-based) does not: both seats
 * decide on the state they last saw, a move may be in flight while the other
 * seat's move lands first (`lag`), and the table orders concurrent moves by a
 * random rule; a refusal with a race code is a bounce (the seat looks again),
 * any other refusal is a failure.
 */
import {
  completeOldest,
  privateViewOf,
  shuffledDeal,
  type AnyState,
  type OpenCards,
  type ScenarioFile,
  type Seat,
  type SetupArgs,
} from '../../../src/engine/index.js';
import { runScenario } from '../../../src/games/scenarios.js';
import { makeRng, type Bot, type Rng } from '../../../src/bots/index.js';
import { stressSpeed, type SpeedState } from '../../../src/games/stress-speed/index.js';

export function dealtHand(seed: number, args: SetupArgs = { players: 2 }): { state: SpeedState; open: OpenCards } {
  const setup = stressSpeed.setup(args);
  if (!setup.ok) throw new Error(`setup: ${setup.error}`);
  const rng = makeRng(seed);
  return { state: setup.value, open: shuffledDeal(setup.value.deck, () => rng.next()) };
}

/** The state after a readable deal (and steps), crypto settled from the fixed deal. */
export function position(
  deal: ScenarioFile['deal'],
  actions: ScenarioFile['actions'] = [],
): { state: SpeedState; open: OpenCards; inputs: unknown[] } {
  const run = runScenario(stressSpeed, { game: 'stress-speed', seats: 2, deal, actions });
  if (!run.ok || !run.state) throw new Error(`${run.failures.join('; ')}\n${run.log.join('\n')}`);
  return { state: run.state as SpeedState, open: run.open, inputs: run.inputs };
}

/** The live handle of a card (from the fixed deal), for building actions by hand. */
export function handleOf(state: SpeedState, open: OpenCards, card: string): number {
  for (const [key, dealt] of Object.entries(open)) {
    const handle = Number(key);
    if (dealt === card && state.cards[handle]?.gone === false) return handle;
  }
  throw new Error(`no live ${card}`);
}

/**
 * Who knows what, from the public ledger: pile cards are known to nobody
 * (the owner included); row and centre cards are public, or being turned
 * over by a pending reveal-all. Returns the violations.
 */
export function knowledgeProblems(state: SpeedState): string[] {
  const problems: string[] = [];
  const beingRevealed = new Set(state.requests.flatMap((r) => (r.kind === 'reveal-all' ? r.handles : [])));
  const info = (h: number) => state.cards[h] ?? { card: null, seen: [], gone: true };
  state.board.seats.forEach((mine, seat) => {
    for (const h of mine.pile)
      if (info(h).card !== null || info(h).seen.length > 0) problems.push(`pile card ${h} of seat ${seat} is known`);
    for (const h of mine.row.flat())
      if (info(h).card === null && !beingRevealed.has(h)) problems.push(`row card ${h} of seat ${seat} is not public`);
  });
  for (const h of state.board.stacks.flat())
    if (info(h).card === null && !beingRevealed.has(h)) problems.push(`centre card ${h} is not public`);
  return problems;
}

export interface RealTimeOptions {
  maxInputs: number;
  /** Picks whose pending move the table orders next. */
  orderRng: Rng;
  /** Probability that a seat's decided move stays in flight while the other seat's move lands (0: everyone always sees the latest state). */
  lag?: number;
  /** Called after every accepted input. */
  onStep?: (state: SpeedState, input: unknown, open: OpenCards) => void;
}

export interface RealTimeResult {
  ok: boolean;
  reason: string;
  finished: boolean;
  state: SpeedState;
  inputs: unknown[];
  open: OpenCards;
  bounces: Array<{ seat: Seat; error: string; step: number }>;
}

export function playRealTime(
  start: SpeedState,
  deal: OpenCards,
  bots: readonly Bot[],
  options: RealTimeOptions,
): RealTimeResult {
  let state: SpeedState = start;
  let open = deal;
  const inputs: unknown[] = [];
  const bounces: RealTimeResult['bounces'] = [];
  const pending: Array<unknown> = bots.map(() => undefined);
  const result = (ok: boolean, reason: string, finished: boolean): RealTimeResult => ({
    ok,
    reason,
    finished,
    state,
    inputs,
    open,
    bounces,
  });
  const accept = (next: AnyState, input: unknown): void => {
    state = next as SpeedState;
    inputs.push(input);
    options.onStep?.(state, input, open);
  };
  while (inputs.length < options.maxInputs) {
    const awaiting = stressSpeed.awaits(state);
    if (awaiting.kind === 'over') return result(true, '', true);
    if (awaiting.kind === 'crypto') {
      const done = completeOldest(state, open);
      if (done === null) return result(false, 'crypto awaited but no request', false);
      const next = stressSpeed.reduce(state, done.input);
      if (!next.ok) return result(false, `crypto: ${next.error}`, false);
      open = done.open;
      accept(next.value, done.input);
      continue;
    }
    if (awaiting.kind !== 'anytime') return result(false, `unexpected await ${awaiting.kind}`, false);
    // Each seat without a move in flight looks at the table now.
    bots.forEach((bot, seat) => {
      if (pending[seat] === undefined || pending[seat] === null)
        pending[seat] = bot(stressSpeed, state, seat, privateViewOf(state, open, seat));
    });
    const ready = awaiting.seats.filter((seat) => pending[seat] !== undefined && pending[seat] !== null);
    const seat = ready[options.orderRng.int(ready.length)];
    if (seat === undefined) return result(false, 'nobody can act, and it is not a stalemate', false);
    const input = { kind: 'act', seat, action: pending[seat] };
    pending[seat] = undefined;
    const next = stressSpeed.reduce(state, input);
    if (!next.ok) {
      if (!stressSpeed.raceErrors.includes(next.error))
        return result(false, `seat ${seat}: ${next.error} for ${JSON.stringify(input.action)}`, false);
      bounces.push({ seat, error: next.error, step: state.step });
      continue;
    }
    accept(next.value, input);
    // The other seats either saw the change (and will look again) or had their move in flight already.
    pending.forEach((_, other) => {
      if (options.orderRng.next() >= (options.lag ?? 0)) pending[other] = undefined;
    });
  }
  return result(true, '', false);
}
