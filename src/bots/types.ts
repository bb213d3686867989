/**
 * The bot interface: a player that sees exactly what a person at that seat
 * sees (the public state and its private view) and answers with an action,
 * which goes through the same reducer as a person's. Null means "nothing to
 * do now" (not awaited).
 */
import type { AnyGame, AnyState, PrivateView, Seat } from '../engine/index.js';

export type Bot = (game: AnyGame, state: AnyState, seat: Seat, view: PrivateView) => unknown;
