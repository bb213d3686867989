/**
 * Cheating seats for the simulator and the attacker suite: each
 * cheat is one bot peer that rewrites or forges its *own* events and signs
 * them with its own key, so the mesh accepts them and only the table layer
 * can catch the cheat — and must name that seat. A cheat works at one of
 * five places: when the seat signs (its own follower takes the rewritten
 * event too, so it plays on consistently: the shuffle cheats), when it
 * publishes (what the others get differs from what it keeps: equivocation,
 * withheld or forged events), when it sends (`split`: one version to some
 * peers, another to the rest — a split view), when it relays others'
 * messages (`relay`: a page that drops what it should pass on), or in its
 * bot (a move the live rules accept as a claim that the audit disproves). Only scripts/ and tests import this
 * module; the app never does. The cheats themselves live in cheats-protocol.ts
 * (cascade and event protocol) and cheats-moves.ts (game rules).
 */
import type { Relation } from './knowledge-monitor.js';
import type { RandomSource } from '../../crypto/index.js';
import type { Bot } from '../../src/bots/index.js';
import type { Envelope, EnvelopeOf, Signer } from '../../src/net/envelope.js';
import { gameModule, type GameId } from '../../src/games/index.js';
import type { HandSecrets, HandSession, HaltCode } from '../../src/table/hand-session.js';
import type { PoolLimits } from '../../src/table/hand/event-pool.js';
import { moveCheat } from './cheats-moves.js';
import { protocolCheat } from './cheats-protocol.js';

export { resign } from './cheats-protocol.js';

type Event = EnvelopeOf<'table-event'>;
type Body = Event['body'];

/** What a cheat sees of its own seat. */
export interface CheatContext {
  readonly seat: number;
  readonly players: number;
  readonly signer: Signer;
  readonly rng: RandomSource;
  /** The cheater's current hand. */
  hand(): HandSession | null;
  /** The secrets the cheater's seat last kept for its current hand. */
  secrets(): HandSecrets | undefined;
  /** Set once the cheat was actually committed. */
  done: boolean;
  /** The linear relations the cheat built into its shuffle output, for the knowledge monitor of its peer (knowledge-monitor.ts). */
  readonly relations?: Relation[];
}

/** How the honest peers must react. */
export type Expectation =
  /** Halt (or an unclean audit) naming the cheater with one of these codes. */
  | { readonly caught: 'blame'; readonly codes: readonly HaltCode[] }
  /** The cheater is named as stalled (an abort; a forged signature is dropped by the mesh). */
  | { readonly caught: 'stall' }
  /** Nothing changes: the hand finishes with a clean audit (a replay). */
  | { readonly caught: 'nothing' };

export interface Cheat {
  readonly kind: CheatKind;
  readonly what: string;
  readonly expect: Expectation;
  /** The smallest table that shows the cheat (default: the game's smallest); e.g. 3, so that a seat sees only what another proves. */
  readonly players?: number;
  /** The disclosure deadline must be driven (`tick` with a simulated clock). */
  readonly needsClock?: boolean;
  /** Played by the deep suite only (it needs real time to show: `npm test` plays no real-time flood). */
  readonly deep?: boolean;
  /** The per-author limits every page runs with (scaled down so that a flood shows in seconds). */
  readonly limits?: PoolLimits;
  /** Rewrites a body the cheater is about to sign (null: leave it). */
  sign?(body: Body, ctx: CheatContext): Body | null;
  /** Rewrites what the cheater sends (undefined: leave it; null: send nothing). */
  publish?(envelope: Event, ctx: CheatContext): Event | Event[] | null | undefined;
  /** Wraps the cheater's bot. */
  bot?(honest: Bot, ctx: CheatContext): Bot;
  /**
   * A split view: the versions of an event it sends, the i-th to its i-th
   * link in turn (undefined: send it to everyone as it is). It never passes
   * its own events on, so the versions meet only through honest peers.
   */
  split?(envelope: Event, ctx: CheatContext): Event[] | undefined;
  /** Its relaying (and its answers to fetch): false keeps `envelope`, which it would pass on, from the peer of seat `to`. */
  relay?(envelope: Envelope, to: number | null, ctx: CheatContext): boolean;
}

export const CHEAT_KINDS = [
  'shuffle-linear',
  'shuffle-substitute',
  'wrong-lock',
  'incomplete-keys',
  'withhold-keys',
  'wrong-key',
  'low-order-seal-key',
  'audit-junk',
  'withhold-disclose',
  'abandon-in-disclose',
  'far-future-at',
  'equivocate',
  'false-claim',
  'wrong-card',
  'repeat-move',
  'realtime-bad-reveal',
  'replay',
  'forged-signature',
  'false-report-one',
  'false-report-all',
  'sealed-missing-key',
  'sealed-wrong-key',
  'sealed-garbage',
  'sealed-false-accusation',
  'split-shuffle',
  'split-move',
  'drop-relay',
  'empty-rounds',
] as const;
export type CheatKind = (typeof CHEAT_KINDS)[number];

/** The finding of the attacker review (docs/SECURITY.md, F1–F6) each cheat replays, where it replays one. */
export const FINDING: Partial<Record<CheatKind, string>> = {
  'shuffle-linear': 'F1',
  'shuffle-substitute': 'F2',
  'wrong-lock': 'F2',
  'incomplete-keys': 'F3',
  'low-order-seal-key': 'F4',
  'audit-junk': 'F5',
  'withhold-disclose': 'F5',
  'abandon-in-disclose': 'F5',
  'far-future-at': 'F6',
  'realtime-bad-reveal': 'F7',
};

/** Cheats that only show once play is over (a whole hand is played): the slow part of the suite. */
export const WHOLE_HAND_CHEATS: readonly CheatKind[] = [
  'withhold-disclose',
  'abandon-in-disclose',
  'false-claim',
  'replay',
  'drop-relay',
];

export function isCheatKind(kind: string): kind is CheatKind {
  return (CHEAT_KINDS as readonly string[]).includes(kind);
}

/** The seat that cheats: the last one (the last shuffler, and never the dealer's first seat). */
export function cheaterSeat(_kind: CheatKind, players: number): number {
  return players - 1;
}

/**
 * The cheat of `kind` for `game`, or null where the game offers no such cheat
 * (cheats-protocol.ts, cheats-moves.ts). `claimsByOptions`: the table's options
 * make moves rest on hidden-card claims although the game's defaults do not
 * (School Blackjack with voluntaryDraw off).
 */
export function makeCheat(kind: CheatKind, game: GameId, claimsByOptions = false): Cheat | null {
  const module = gameModule(game);
  if (!module) return null;
  return protocolCheat(kind) ?? moveCheat(kind, module, claimsByOptions) ?? null;
}
