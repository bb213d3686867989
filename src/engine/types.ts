/**
 * The engine's vocabulary, shared by every game: seats, card handles, the
 * public state envelope (card ledger, pending crypto requests, recorded
 * claims, the game's own board), the inputs the reducer accepts (a player's
 * action or the table's report that some crypto work is done), what the
 * engine awaits, outcomes, audit reports, and the two interfaces a game
 * author deals with: `GameRules` (what a game implements) and `Game` (what
 * `defineGame` builds from it and what the table, bots and tests call).
 * Everything here is plain JSON data so that a state can be hashed, stored
 * and replayed; nothing here does I/O.
 */
import type { Result } from '../result.js';

/** A seat at the table, 0-based. "Next" in seat order is ascending, mod the player count. */
export type Seat = number;

/**
 * A card handle: an index into the table's encrypted deck. Handles
 * 0..deck.length-1 are the shuffled deck of the hand; a reshuffle allocates
 * fresh handles after the highest one in use. Nobody knows which card a
 * handle is until it is revealed to them.
 */
export type Handle = number;

/**
 * A card identity, e.g. 'QH', '10S', 'QH~2' (second copy in a two-deck
 * game), 'JKR' (a joker). See cards.ts.
 */
export type CardId = string;

/** Plain JSON, the only kind of data a state may contain. */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** What one peer privately knows on top of the public state: the cards it was shown. Supplied by the table. */
export interface PrivateView {
  known: Record<Handle, CardId>;
}

/** Public knowledge about one handle. */
export interface CardInfo {
  /** The card, once revealed to every seat; null while at least one seat has not seen it. */
  card: CardId | null;
  /** Seats that have been shown this handle, ascending (all seats once `card` is set). */
  seen: Seat[];
  /** True once a reshuffle retired the handle; its card then lives on under a new handle. */
  gone: boolean;
}

/**
 * Cryptographic work the rules require from the table. Requests are created
 * by the rules, listed in `state.requests`, and each is completed by one
 * system input naming its id. While any request is pending the engine accepts
 * no player action.
 */
export type CryptoRequest =
  /** Reveal these handles to every seat (every layer's key is published). Completed by `revealed`. */
  | { id: number; kind: 'reveal-all'; handles: Handle[] }
  /** Reveal these handles to one seat only (the other seats send their keys to it, encrypted). Completed by `delivered`. */
  | { id: number; kind: 'reveal-to'; seat: Seat; handles: Handle[] }
  /** Pass these handles, known to `from`, on to `to` (from forwards all keys, encrypted). Completed by `delivered`. */
  | { id: number; kind: 'forward'; from: Seat; to: Seat; handles: Handle[] }
  /**
   * Re-mask and permute the cards under `handles` (some public, some hidden)
   * into a new hidden packet whose positions are the fresh handles `into`
   * (same length, allocated by the engine). Every seat re-masks its own
   * layer and permutes, in seat order, so nobody knows the new order. (A
   * secret choice among one seat's cards is a reshuffle of them followed by
   * a reveal-to that seat of the new handles.) Completed by `reshuffled`.
   */
  | { id: number; kind: 'reshuffle'; handles: Handle[]; into: Handle[] };

/** A player's move, exactly as its author sent it (validated by the reducer). */
export interface ActInput {
  kind: 'act';
  seat: Seat;
  action: unknown;
}

/**
 * The table's report that a crypto request is done. Every peer derives the
 * same system input from the same verified crypto events, so system inputs
 * are part of the replayable input sequence like actions.
 */
export type SystemInput =
  | { kind: 'revealed'; request: number; cards: Record<string, CardId> }
  | { kind: 'delivered'; request: number }
  | { kind: 'reshuffled'; request: number };

export type Input = ActInput | SystemInput;

/**
 * What the engine waits for next. Exactly one of these holds at any point.
 * - crypto: the table must complete these requests; no player may act.
 * - move: one seat must act (a turn).
 * - choices: each listed seat still owes one simultaneous choice; choices
 *   may arrive in any order and are applied in seat order once all are in.
 * - anytime: real time; any listed seat may act at any moment, the table
 *   decides the order of concurrent actions, and the rules reject an action
 *   that no longer fits (a "race" error, see `GameRules.raceErrors`).
 * - over: the hand is finished; see outcome().
 */
export type Awaiting =
  | { kind: 'crypto'; requests: CryptoRequest[] }
  | { kind: 'move'; seat: Seat; what: string }
  | { kind: 'choices'; seats: Seat[]; what: string }
  | { kind: 'anytime'; seats: Seat[]; what: string }
  | { kind: 'over' };

/** The part of Awaiting a game decides; crypto is the engine's. */
export type GameAwaiting = Exclude<Awaiting, { kind: 'crypto' }>;

/**
 * A statement a player made that depends on cards nobody else can see (e.g.
 * "I have no legal play"). It is recorded in the public state when made and
 * checked by the end-of-hand audit with every card open.
 */
export interface Claim {
  /** `state.step` of the input that made the claim (its index in the input sequence). */
  step: number;
  seat: Seat;
  kind: string;
  /** The hidden handles the claim is about. */
  handles: Handle[];
  /** Human-readable statement, e.g. "no card in hand beats 9H". */
  note: string;
}

/** The public, replicated, hashed state of one hand. The game owns `board`. */
export interface Core<O> {
  /** Format version of the state; bump when its meaning changes. */
  v: 1;
  game: string;
  players: number;
  dealer: Seat;
  options: O;
  /** The canonical card list of the hand: crypto card index i is deck[i]. */
  deck: CardId[];
  /** Number of inputs applied so far (the index the next input will have). */
  step: number;
  /** The card ledger: public knowledge per handle (index = handle). */
  cards: CardInfo[];
  /** Pending crypto work, oldest first. */
  requests: CryptoRequest[];
  /** Id the next crypto request will get. */
  nextRequest: number;
  /** Claims awaiting the end-of-hand audit. */
  claims: Claim[];
}

export interface State<B, O> extends Core<O> {
  board: B;
}

/** How rules learn a card's identity: the public ledger live, every card in the audit. */
export type Knowledge = (handle: Handle) => CardId | null;

/** A card an action reveals from its author's hand; the table checks it with the keys the author publishes. */
export interface CardClaim {
  handle: Handle;
  card: CardId;
}

/** Every card of the hand, known after the hand: handle → card (including handles allocated by reshuffles). */
export type OpenCards = Record<Handle, CardId>;

export interface SetupArgs {
  players: number;
  /** Raw options; missing ones take the game's defaults. */
  options?: unknown;
  /** Dealer of this hand (default seat 0). */
  dealer?: Seat;
  /** Match state carried over from the previous hand (scores); the game defines it. */
  carry?: Json;
  /**
   * Scenario mode only: a game-specific non-standard starting layout (e.g.
   * an endgame position). A live table never passes it.
   */
  layout?: unknown;
}

export interface Outcome {
  /** Places, best first; seats in one group share a place. */
  ranking: Seat[][];
  /** Who deals the next hand. */
  nextDealer: Seat;
  /** Per-seat scores for games that score; null otherwise. */
  scores: number[] | null;
  /** Match state for the next hand's SetupArgs.carry, or null when the match is over. */
  carry: Json | null;
  summary: string;
  /**
   * Optional, display only: this hand's row of a score table kept across a match
   * (Fighting Cards), or null when it adds none. Never carried and never part of
   * the state, so no hash covers it; the table keeps it with the hand's result.
   */
  row?: Json | null;
}

/** What `setup` and `reduce` return: the next state, or the engine's or the game's error code. */
export type ReduceResult<B, O, E extends string> = Result<State<B, O>, EngineError | E>;

/** Why a replay stopped: the index of the first refused input (-1 for the set-up) and its error code. */
export interface ReplayRefusal<E extends string> {
  readonly index: number;
  readonly code: EngineError | E;
}

/** What `replay` returns: the state after every input, or where and why it stopped. */
export type ReplayResult<B, O, E extends string> = Result<State<B, O>, ReplayRefusal<E>>;

export type AuditReport =
  | { verdict: 'clean'; inputs: number; claimsChecked: number; cardsChecked: number }
  | {
      verdict: 'fault';
      /** Index of the offending input, or -1 for the deal itself. */
      index: number;
      /** Who is to blame: the author of the input, or null for the table's crypto layer. */
      seat: Seat | null;
      reason: string;
    };

/** Error codes of the engine itself (games add their own). */
export type EngineError =
  | 'malformed-input'
  | 'malformed-action'
  | 'bad-seat'
  | 'bad-options'
  | 'bad-layout'
  | 'bad-player-count'
  | 'game-over'
  | 'awaiting-crypto'
  | 'not-your-turn'
  | 'unknown-request'
  | 'wrong-fulfilment'
  | 'reveal-mismatch'
  | 'not-a-card'
  | 'card-elsewhere'
  | 'unknown-handle'
  | 'handle-gone'
  | 'card-not-seen'
  | 'claim-mismatch'
  | 'false-card-claim'
  | 'deal-mismatch'
  | 'reshuffle-mismatch'
  | 'internal-error';

/**
 * What a game implements. Hooks that change state (`setup`, `act`,
 * `afterCrypto`) receive a private draft and may mutate it; on an error the
 * draft is discarded. All other hooks must not mutate.
 */
export interface GameRules<B, A, O, E extends string, V> {
  id: string;
  displayName: string;
  minPlayers: number;
  maxPlayers: number;
  /** The options a new table starts with, as raw values (e.g. `decks: 'auto'`). */
  defaultOptions: Record<string, Json>;
  /**
   * This game's error codes that, in an `anytime` await, mean "lost a race"
   * rather than "cheated" (e.g. the named top changed meanwhile): the table
   * shows the move as bounced and blames nobody. Empty for turn-based games.
   */
  raceErrors: readonly E[];
  /** Complete and validate raw options for a player count (defaults, "auto" values); null if invalid. */
  parseOptions(raw: unknown, players: number): O | null;
  /** The canonical card list; index = crypto card index. */
  deck(options: O, players: number): CardId[];
  /**
   * Build the board of a fresh hand from the shuffled deck (handles
   * 0..deck.length-1) and issue the initial crypto requests (deals).
   * Returns null if `layout` (scenario mode) is invalid.
   */
  setup(core: Core<O>, layout: unknown, carry: Json | null): B | null;
  /** Validate an action's shape at runtime (e.g. with valibot); null if malformed. */
  parseAction(raw: unknown): A | null;
  /** Hand cards this action reveals: the table verifies them before the reducer runs. */
  claimedCards(action: A): CardClaim[];
  /** Apply an awaited seat's action; return an error code or null. */
  act(draft: State<B, O>, seat: Seat, action: A, know: Knowledge): E | null;
  /** Continue after a crypto request completed (the ledger is already updated). */
  afterCrypto(draft: State<B, O>, done: CryptoRequest, know: Knowledge): E | null;
  awaits(state: State<B, O>): GameAwaiting;
  /** Every action the seat may take now, given what it knows. */
  legalActions(state: State<B, O>, seat: Seat, view: PrivateView): A[];
  /** Every place a card can be, by name (e.g. 'hand@2', 'stack'); used for invariants and scenario deals. */
  zones(state: State<B, O>): Record<string, Handle[]>;
  /** What one seat (or a spectator: null) sees, for the UI. */
  view(state: State<B, O>, seat: Seat | null, view: PrivateView): V;
  outcome(state: State<B, O>): Outcome | null;
}

/**
 * How a game reads the readable parts of a scenario file (test-only: each game's scenario.ts, gathered by
 * src/games/scenarios.ts, which no page imports).
 */
export interface ScenarioSupport<B, O, V> {
  /** Turn the file's `deal` into a layout for setup plus the cards of each zone, in zone order. */
  deal(spec: unknown, players: number, options: O): { layout: unknown; zones: Record<string, CardId[]> } | string;
  /** Turn one readable step (cards named by id, e.g. `{ "type": "play", "cards": ["5H"] }`) into an action. */
  action(
    spec: Record<string, unknown>,
    state: State<B, O>,
    handleOf: (card: CardId) => Handle | null,
  ): Result<unknown, string>;
  /** A compact, readable summary of a view, for printing and for `expect`. */
  summarize(view: V): Json;
}
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any game's support
export type AnyScenarioSupport = ScenarioSupport<any, any, any>;

/** What `defineGame` returns: the generic engine bound to one game's rules. */
export interface Game<B, A, O, E extends string, V> {
  readonly rules: GameRules<B, A, O, E, V>;
  readonly id: string;
  readonly displayName: string;
  readonly minPlayers: number;
  readonly maxPlayers: number;
  readonly defaultOptions: Record<string, Json>;
  /** See `GameRules.raceErrors`; typed as plain strings so a table can test any reducer error against it. */
  readonly raceErrors: readonly string[];
  parseOptions(raw: unknown, players: number): O | null;
  deck(options: O, players: number): CardId[];
  setup(args: SetupArgs): ReduceResult<B, O, E>;
  reduce(state: State<B, O>, input: unknown, audit?: { open: OpenCards }): ReduceResult<B, O, E>;
  awaits(state: State<B, O>): Awaiting;
  legalActions(state: State<B, O>, seat: Seat, view?: PrivateView): A[];
  /** Parse an action and list the hand cards it reveals (null if malformed): the table attaches/verifies their keys. */
  claimedCards(action: unknown): CardClaim[] | null;
  view(state: State<B, O>, seat: Seat | null, view?: PrivateView): V;
  outcome(state: State<B, O>): Outcome | null;
  zones(state: State<B, O>): Record<string, Handle[]>;
  replay(args: SetupArgs, inputs: readonly unknown[]): ReplayResult<B, O, E>;
  audit(args: SetupArgs, inputs: readonly unknown[], open: OpenCards): AuditReport;
}

/** Any game, for registries, bots and tools that do not care which. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- unknown would refuse every real game (its rules take their own board and actions)
export type AnyGame = Game<any, any, any, string, any>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the state of AnyGame
export type AnyState = State<any, any>;
