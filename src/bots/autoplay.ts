/**
 * Self-play without a network or crypto (tests, simulations): a game is set
 * up from a fixed deal, crypto requests are completed from that deal, each
 * awaited seat's bot is asked for its move with the private view an honest
 * table would give it, and every accepted input is recorded so the game can
 * be replayed and audited. Simultaneous choices are collected in an order the
 * caller may scramble (they must not matter). Stops at the end of the game or
 * after `maxInputs` inputs.
 */
import {
  completeOldest,
  privateViewOf,
  type AnyGame,
  type AnyState,
  type Awaiting,
  type OpenCards,
  type Seat,
} from '../engine/index.js';
import type { Rng } from './prng.js';
import type { Bot } from './types.js';

export interface AutoplayOptions {
  maxInputs: number;
  /** Picks which of several awaited seats acts first (default: the lowest seat). */
  orderRng?: Rng;
  /** Called after every accepted input (e.g. to check invariants). */
  onStep?: (state: AnyState, input: unknown, open: OpenCards) => void;
}

export type AutoplayResult =
  | { ok: true; finished: boolean; state: AnyState; inputs: unknown[]; open: OpenCards }
  | { ok: false; reason: string; seat: Seat | null; state: AnyState; inputs: unknown[]; open: OpenCards };

function actingSeats(awaiting: Awaiting): Seat[] {
  switch (awaiting.kind) {
    case 'move':
      return [awaiting.seat];
    case 'choices':
    case 'anytime':
      return awaiting.seats;
    default:
      return [];
  }
}

export function autoplay(
  game: AnyGame,
  start: AnyState,
  deal: OpenCards,
  bots: readonly Bot[],
  options: AutoplayOptions,
): AutoplayResult {
  let state = start;
  let open = deal;
  const inputs: unknown[] = [];
  const record = (input: unknown): void => {
    inputs.push(input);
    options.onStep?.(state, input, open);
  };
  while (inputs.length < options.maxInputs) {
    const awaiting = game.awaits(state);
    if (awaiting.kind === 'over') return { ok: true, finished: true, state, inputs, open };
    if (awaiting.kind === 'crypto') {
      const done = completeOldest(state, open);
      if (done === null) return { ok: false, reason: 'crypto awaited but no request', seat: null, state, inputs, open };
      const next = game.reduce(state, done.input);
      if (!next.ok) return { ok: false, reason: `crypto: ${next.error}`, seat: null, state, inputs, open };
      state = next.value;
      open = done.open;
      record(done.input);
      continue;
    }
    const seats = actingSeats(awaiting);
    const seat = options.orderRng ? seats[options.orderRng.int(seats.length)] : seats[0];
    if (seat === undefined) return { ok: false, reason: 'nobody awaited', seat: null, state, inputs, open };
    const bot = bots[seat];
    if (!bot) return { ok: false, reason: `no bot for seat ${seat}`, seat, state, inputs, open };
    const action = bot(game, state, seat, privateViewOf(state, open, seat));
    if (action === null) return { ok: false, reason: 'bot has no move', seat, state, inputs, open };
    const input = { kind: 'act', seat, action };
    const next = game.reduce(state, input);
    if (!next.ok) return { ok: false, reason: `rejected: ${next.error}`, seat, state, inputs, open };
    state = next.value;
    record(input);
  }
  return { ok: true, finished: false, state, inputs, open };
}
