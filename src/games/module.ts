/**
 * What one game is to the rest of Fairdeck: a `GameModule`, the single object
 * a game's folder exports and the registry (index.ts) lists. It bundles the
 * rules (the engine's `defineGame` result), the game's metadata and table
 * options (its meta.ts, made with game-meta.ts `defineGameMeta`: name,
 * blurb, seat range, timing, the defaults, labels and form control of each
 * option), the game's bots, how its moves read in the table log, its race
 * codes, and (optionally) how a hand is scored once the audit has run.
 * `defineGameModule` assembles one and checks that its parts agree (id,
 * name, seats, race codes vs timing, the option defaults), so a mistake
 * shows at load instead of in a game.
 */
import {
  publicKnowledge,
  type AnyGame,
  type AnyState,
  type AuditReport,
  type CardId,
  type EngineError,
  type Game,
  type Handle,
  type Input,
  type Json,
  type Knowledge,
  type Outcome,
  type PrivateView,
  type Seat,
  type State,
} from '../engine/index.js';
import { seatName } from './describe.js';
import type { GameMeta } from './game-meta.js';

/** A game's own bot: sees exactly what its seat sees and answers with one of `legalActions`, or null. */
export type GameBot<B, A, O> = (state: State<B, O>, seat: Seat, view: PrivateView) => A | null;

/** One line of the table log for one action; `know` is the public knowledge of the current state. */
export type DescribeAction<A> = (action: A, who: string, know: Knowledge) => string;

/**
 * What one input did that its action alone does not say, read by comparing
 * the state right before it with the state right after it: "the stack
 * burns", "Bob picks up 5 cards", "Ann's face-down card was 9♥", "Ann is
 * out", "Bob loses". Phrases are joined to the action's line with " — ";
 * for inputs that are not moves (a reveal) they form the line alone.
 */
export type DescribeEffects<B, O> = (
  input: Input,
  before: State<B, O>,
  after: State<B, O>,
  names: readonly string[],
) => readonly string[];

/** A game: its metadata and options (game-meta.ts), and the rest, loaded when a table of the game opens. */
export interface GameModule<Id extends string, B, A, O, E extends string, V> extends GameMeta<Id, O> {
  readonly rules: Game<B, A, O, E, V>;
  /**
   * Loads the game's heuristic bot (its bot.ts, a chunk of its own: only a page that hosts a bot needs it; Node
   * processes have every bot at once, src/games/all.ts). src/bots/heuristic.ts keeps the loaded ones.
   */
  readonly loadBot: () => Promise<GameBot<B, A, O>>;
  /**
   * The log line of one input ('' when there is nothing to say), e.g. "Ann
   * played 10♣ — the stack burns". `state` is the state right after the
   * input (null: unknown) and `before` the state right before it; with both,
   * the line says every effect (burns, skips, draws, who went out or won).
   */
  readonly describe: (
    input: Input,
    names: readonly string[],
    state: State<B, O> | null,
    before?: State<B, O> | null,
  ) => string;
  /** Reducer errors that mean "lost a race" in real time (bounced, nobody blamed); the rules' list. */
  readonly raceErrors: readonly string[];
  /**
   * Optional: the outcome of a finished hand once its end-of-hand audit has
   * run (`report` = the rules part of the audit, `engine.audit(...)`), for a
   * game whose score depends on what only the audit can see. Fighting Cards:
   * a renege the live game could not prove (a `void` claim the audit finds
   * false) is scored as a renege by the seat the audit names. Where a module
   * has it, the table uses it instead of `rules.outcome(state)` for every
   * hand whose audit is in (display, the carry into the next hand, the
   * simulation's result); without it, or before the audit, `rules.outcome`.
   */
  readonly scoreAfterAudit?: (state: State<B, O>, report: AuditReport) => Outcome | null;
  /**
   * Optional, with `scoreAfterAudit`: the seat's view of a finished hand once
   * its audit is in (`view` = `rules.view` of the final state), so the table
   * shows the same result the outcome carries. Fighting Cards: the deal's
   * result, score row and totals as the audit settled them, no longer marked
   * as waiting for the audit.
   */
  readonly viewAfterAudit?: (state: State<B, O>, report: AuditReport, view: V) => V;
  /**
   * Optional, for a game whose score table spans a match while its state
   * carries only what the rules read: the view with the rows of the match's
   * earlier hands put before its own. `rows` are the `row`s of those hands'
   * outcomes, oldest first, as the table stored them with their results
   * (src/app/scores.ts `matchRows`). Fighting Cards: its score table's rows.
   */
  readonly withMatchRows?: (view: V, rows: readonly Json[]) => V;
  /**
   * Whether a move with default options can rest on a claim about hidden
   * cards that only the audit checks (Stress: "no legal play"; Fighting
   * Cards: a void). Pesten decides every rule from revealed cards; School
   * Blackjack claims only with `voluntaryDraw` off. The attacker suite plays
   * a false claim where this holds.
   */
  readonly hiddenClaims?: boolean;
  /** Where every card of a finished hand lies, seats first (src/games/<id>/summary.ts); absent: the summary lists none. */
  readonly cardZones?: (state: State<B, O>) => readonly CardZone[];
  /** The rules help (src/games/<id>/rules-text.ts). */
  readonly rulesText?: RulesText;
  /** Lines for one seat's eyes only (see `DescribePrivate`). */
  readonly describePrivate?: DescribePrivate<B, O>;
  /** Optional: how to try each card alone, so the table marks legal cards and says why the others are refused (card-hints.ts). */
  readonly cardProbe?: CardProbe<B, A, O, E>;
  /**
   * The version of these rules as transcripts know them (absent: 1). A
   * change that alters any state hash of a hand played with the same moves
   * (a new field on the board, another carry) takes the next number, and the
   * rules as they were go into `olderRules`, so a transcript of a hand played
   * before still verifies (src/games/rules-versions.ts, docs/TRANSCRIPT.md).
   */
  readonly rulesVersion?: number;
  readonly olderRules?: readonly OlderRules[];
}

/** A game's rules as they were in an older rules version, kept to verify transcripts of that time. */
export interface OlderRules {
  readonly version: number;
  /** What the next version changed, in words (the verifier says it when it replays a hand by these rules). */
  readonly change: string;
  readonly rules: AnyGame;
  readonly scoreAfterAudit?: (state: AnyState, report: AuditReport) => Outcome | null;
}

/** See src/games/card-hints.ts: the cards a seat may try, the move that plays one alone, and the reducer's refusal in words. */
export interface CardProbe<B, A, O, E extends string> {
  /** The handles the seat could play from (its hand; in Stress also its face-up cards). */
  readonly cards: (state: State<B, O>, seat: Seat) => readonly Handle[];
  /**
   * The move that plays this one card (with any choice it needs, e.g. a J's
   * wish), or one move per place it could go (Stress (speed): each centre
   * stack); the card is legal if the rules accept any of them.
   */
  readonly play: (handle: Handle, card: CardId, state: State<B, O>) => A | readonly A[];
  /**
   * The reducer's error for that move, as a sentence for the person holding
   * `card`. A method, not a function-typed property: method parameters are
   * bivariant, so a game's probe (its own `E`) still fits `AnyGameModule`'s
   * (`E` = string).
   */
  words(error: E | EngineError, card: CardId, state: State<B, O>, seat: Seat): string;
}

/** Where some cards of a finished hand lie, for the end-of-hand summary ("Ann's face-down cards", "the skat"). */
export interface CardZone {
  /** The seat the zone belongs to; null for the table's own (stock, skat). */
  readonly seat: Seat | null;
  /** "hand", "face-down", "skat"… */
  readonly label: string;
  readonly handles: readonly Handle[];
}

/** A game's rules help (the table's "Rules" panel): its aim and short sections of points, in players' words. */
export interface RulesText {
  /** What you are trying to do, in one or two sentences. */
  readonly aim: string;
  readonly sections: readonly { readonly title: string; readonly points: readonly string[] }[];
}

/**
 * A log line only one seat may read, about a card only it knows (Pesten: the
 * card you passed on a 10, and the one you received): `viewer` is the seat
 * whose page writes the log, `know` what that seat knows (its private view
 * and the public cards). '' when there is nothing private to say.
 */
export type DescribePrivate<B, O> = (
  input: Input,
  viewer: Seat,
  know: Knowledge,
  before: State<B, O>,
  after: State<B, O>,
  names: readonly string[],
) => string;

/** Any game's own bot, for the registry and the bots that do not care which. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as AnyGameModule
export type AnyGameBot = GameBot<any, any, any>;

/** Any game module, for the registry and tools that do not care which. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as AnyGame: unknown would refuse every real module
export type AnyGameModule = GameModule<string, any, any, any, string, any>;

export interface GameModuleSpec<Id extends string, B, A, O, E extends string, V> {
  /** The game's meta.ts: its name, seats, timing and options, which the rules must agree with. */
  readonly meta: GameMeta<Id, O>;
  readonly rules: Game<B, A, O, E, V>;
  /** See `GameModule.loadBot`. */
  readonly loadBot: () => Promise<GameBot<B, A, O>>;
  readonly describe: DescribeAction<A>;
  /** What an input did beyond its action (see `DescribeEffects`); needs the states before and after. */
  readonly effects?: DescribeEffects<B, O>;
  /** See `GameModule.scoreAfterAudit`. */
  readonly scoreAfterAudit?: (state: State<B, O>, report: AuditReport) => Outcome | null;
  /** See `GameModule.viewAfterAudit`. */
  readonly viewAfterAudit?: (state: State<B, O>, report: AuditReport, view: V) => V;
  /** See `GameModule.hiddenClaims`. */
  readonly hiddenClaims?: boolean;
  /** See `GameModule.cardZones`. */
  readonly cardZones?: (state: State<B, O>) => readonly CardZone[];
  /** See `GameModule.rulesText`. */
  readonly rulesText?: RulesText;
  /** See `GameModule.describePrivate`. */
  readonly describePrivate?: DescribePrivate<B, O>;
  /** See `GameModule.cardProbe`. */
  readonly cardProbe?: CardProbe<B, A, O, E>;
}

/** Assembles a game module from its rules and the rest; throws TypeError when the parts disagree. */
export function defineGameModule<Id extends string, B, A, O, E extends string, V>(
  spec: GameModuleSpec<Id, B, A, O, E, V>,
): GameModule<Id, B, A, O, E, V> {
  const { rules, meta } = spec;
  const id = meta.id;
  if (id !== rules.id) throw new TypeError(`game module ${id}: its rules say they are ${rules.id}`);
  if (meta.name !== rules.displayName)
    throw new TypeError(`game module ${id}: its meta names it ${meta.name}, its rules ${rules.displayName}`);
  if (meta.minPlayers !== rules.minPlayers || meta.maxPlayers !== rules.maxPlayers)
    throw new TypeError(
      `game module ${id}: its meta seats ${meta.minPlayers}–${meta.maxPlayers}, its rules ${rules.minPlayers}–${rules.maxPlayers}`,
    );
  if (meta.timing === 'turns' && rules.raceErrors.length > 0) {
    throw new TypeError(`game module ${id}: a turn-based game has no races, yet lists ${rules.raceErrors.join(', ')}`);
  }
  const ruleDefaults = Object.entries(rules.defaultOptions);
  if (
    ruleDefaults.length !== Object.keys(meta.options.defaults).length ||
    ruleDefaults.some(([name, value]) => meta.options.defaults[name] !== value)
  )
    throw new TypeError(`game module ${id}: its meta's option defaults are not its rules' defaults`);
  const describeAction = spec.describe;
  return {
    id,
    name: meta.name,
    blurb: meta.blurb,
    minPlayers: meta.minPlayers,
    maxPlayers: meta.maxPlayers,
    timing: meta.timing,
    playDirection: meta.playDirection,
    rules,
    options: meta.options,
    loadBot: spec.loadBot,
    describe(input, names, state, before) {
      const effects = spec.effects && state && before ? spec.effects(input, before, state, names) : [];
      if (input.kind !== 'act') return effects.join('; ');
      const who = seatName(names, input.seat);
      const action = rules.rules.parseAction(input.action);
      if (action === null) return `${who} moved`;
      // A move names cards its author knew before it (a played card may be covered or burnt after).
      const knowBefore: Knowledge = before ? publicKnowledge(before) : () => null;
      const knowAfter: Knowledge = state ? publicKnowledge(state) : () => null;
      const know: Knowledge = (handle) => knowBefore(handle) ?? knowAfter(handle);
      const line = describeAction(action, who, know);
      return effects.length > 0 ? `${line} — ${effects.join('; ')}` : line;
    },
    raceErrors: rules.raceErrors,
    ...(spec.scoreAfterAudit ? { scoreAfterAudit: spec.scoreAfterAudit } : {}),
    ...(spec.viewAfterAudit ? { viewAfterAudit: spec.viewAfterAudit } : {}),
    ...(spec.hiddenClaims ? { hiddenClaims: true } : {}),
    ...(spec.cardZones ? { cardZones: spec.cardZones } : {}),
    ...(spec.rulesText ? { rulesText: spec.rulesText } : {}),
    ...(spec.describePrivate ? { describePrivate: spec.describePrivate } : {}),
    ...(spec.cardProbe ? { cardProbe: spec.cardProbe } : {}),
  };
}
