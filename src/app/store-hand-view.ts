/**
 * The hand in play at the open table as the UI reads it (`HandView`): the
 * game's own view for this seat and its legal actions, who the deal waits
 * for (remote seats only) or which seats are gone, reports from other peers, the halt, the audit, the
 * outcome and the verdict, the seats in play order, each seat's last move and
 * the per-card hints (legal or why not), the score strip across the table's hands (and, in the game's view, the
 * score table rows of the match's earlier hands: scores.ts `matchRows`), all with seat numbers turned
 * into names. Built by
 * the app store (store.ts) from the table session's current hand; the replay
 * viewer (replay.ts) builds the same shape for a transcript.
 */
import {
  describeInput,
  gameById,
  gameModule,
  gameTable,
  handOutcome,
  handViewAfterAudit,
  handViewWithMatchRows,
  type GameTable,
} from '../games/index.js';
import type { AnyGame, AnyState, AuditReport, Input, Json, PrivateView } from '../engine/index.js';
import { awaitedWords } from '../games/describe.js';
import { cardHints, sameKnown, type CardHint } from '../games/card-hints.js';
import type { TableSession } from '../table/table-session.js';
import { handVerdict, type VerdictSummary } from '../verify/verdict.js';
import { endOfHand, type HandSummaryView } from './hand-summary.js';
import { matchRows, scoreStrip, type ScoreStripView } from './scores.js';
import { seatOrderOf } from './seat-order.js';

/** The hand in play at the open table, as the UI needs it. */
export interface HandView {
  readonly handNo: number;
  readonly game: string;
  readonly phase: string;
  /**
   * The game's own view for this seat and its legal actions, typed per game
   * (the registry's `GameTable`), or null before the deal.
   */
  readonly table: GameTable | null;
  /**
   * This seat's cards tried alone through the rules (src/games/card-hints.ts):
   * by handle, whether each may be played now and, if not, why in words.
   * Empty when the game has no probe, the viewer has no seat, or no move is open.
   */
  readonly cardHints: Readonly<Record<number, CardHint>>;
  /** Each seat's newest move in words ("played 7♣"), newest first: the table highlights them (null seats have not moved). */
  readonly lastMoves: readonly LastMove[];
  /** Moves wait: cryptography is in flight (the deal, or in play cards being opened: a draw, a played card). */
  readonly busy: boolean;
  /**
   * This page was (re)opened and no other seat has yet said which hand the table is at: it offers no move until one
   * does (or a few seconds pass), since a move could belong to a hand the table has left (src/table/catch-up.ts).
   */
  readonly catchingUp: boolean;
  readonly mySeat: number | null;
  readonly names: string[];
  /** Every seat round the table in play order, starting from this viewer's (src/games/seating.ts). */
  readonly seatOrder: readonly number[];
  /**
   * Remote seats the hand waits for while it is started and dealt (never this page's own seat or a bot it hosts);
   * null in play, where a move's acknowledgements would change it several times a move: `stalled` names a seat that
   * keeps the table waiting.
   */
  readonly waiting: { names: string[]; what: string } | null;
  /**
   * Owing seats whose connection is lost (`gone`), or, after several turn
   * timers, connected ones that have not moved; `canEnd` once the turn timer
   * has run out (table/gone-seats.ts). Thinking is never a stall.
   */
  readonly stalled: { names: string[]; seconds: number; gone: boolean; canEnd: boolean; what: string } | null;
  /** Seats whose links are silent now (their page closed or offline). */
  readonly gone: number[];
  /** Verdicts other peers reported (fault events) that this peer has not reached itself. */
  readonly reports: { reporter: string; blame: string | null; reason: string; code: string }[];
  readonly halt: { reason: string; blame: string | null; kind: string } | null;
  readonly audit: { clean: boolean; reason: string; blame: string | null } | null;
  readonly outcome: string | null;
  readonly rematchOffered: boolean;
  /** What the next hand changes against this one (an option, who sits where), in words; empty when nothing does. */
  readonly nextChanges: readonly string[];
  readonly hash: string | null;
  readonly step: number;
  /** Real time: this seat's moves that bounced so far, and those not yet ordered. */
  readonly myBounces: number;
  readonly pendingMoves: number;
  /** Every bounce, for the log and the tests. */
  readonly bounces: number;
  /** Once the hand has ended (audited or stopped): what was checked, or the first fault, in words (src/verify/verdict.ts). */
  readonly verdict: VerdictSummary | null;
  /** Once the hand has ended: the result, every card the audit opened and the verdict (src/app/hand-summary.ts). */
  readonly summary: HandSummaryView | null;
  /** The score strip across the table's finished hands (src/app/scores.ts); null before any has a result. */
  readonly scores: ScoreStripView | null;
}

export interface LastMove {
  readonly seat: number;
  readonly name: string;
  /** The move without the name, e.g. "played 7♣ 7♠". */
  readonly text: string;
  /** The input's index in the hand: a new move has a new step. */
  readonly step: number;
}

/** The current hand of `table` as the UI reads it, or null when no hand runs. */
export function handViewOf(table: TableSession | undefined): HandView | null {
  const current = table?.current;
  if (!table || !current) return null;
  const hand = current.session;
  const names = current.names;
  const game = gameById(hand.config.game.id);
  const state = hand.engineState;
  // What the table shows: in real time, this seat's plays at once, before the round that orders them.
  const shown = hand.shownState ?? state;
  // Who the hand waits for is shown while the deck is shuffled and dealt (fd-hand's banner). In play a move's many
  // acknowledgements change it several times a move; the stall names a seat that keeps the table waiting instead.
  const waiting = hand.phase === 'ready' || hand.phase === 'dealing' ? hand.waiting() : null;
  const remoteWaiting = waiting?.seats.filter((s) => !current.localSeats.includes(s)) ?? [];
  // Moves are open to this page: the hand is in a phase that takes them, and the page is not catching up.
  const open = movesOpen(hand.phase) && !current.catchingUp;
  const outcome =
    state && game
      ? handOutcome(game.id, state, hand.phase === 'done' ? (hand.auditResult?.rules ?? null) : null)
      : null;
  return {
    handNo: current.handNo,
    game: hand.config.game.id,
    phase: hand.phase,
    table:
      shown && hand.phase !== 'ready' && hand.phase !== 'dealing'
        ? gameTable(
            hand.config.game.id,
            // The score table's rows of the match's earlier hands, from their stored results (scores.ts).
            gameViewOf(
              hand.config.game,
              shown,
              current.mySeat,
              hand.privateView,
              hand.phase === 'done' ? (hand.auditResult?.rules ?? null) : null,
              matchRows(table.handResults(), current.handNo),
            ),
            open ? hand.legalActions() : [],
          )
        : null,
    cardHints:
      shown && open && hand.phase === 'play'
        ? cardHints(gameModule(hand.config.game.id)!, shown, current.mySeat, hand.privateView)
        : {},
    lastMoves: lastMoves(hand.config.game.id, hand.loggedInputs(), names),
    busy: hand.phase === 'play' ? hand.cardsInFlight() : hand.phase !== 'disclose' && hand.phase !== 'done',
    catchingUp: current.catchingUp && movesOpen(hand.phase),
    mySeat: current.mySeat,
    names,
    seatOrder: seatOrderOf(hand.config.game.id, names.length, current.mySeat),
    waiting:
      waiting && remoteWaiting.length
        ? { names: remoteWaiting.map((s) => names[s] ?? `Seat ${s + 1}`), what: awaitedWords(waiting.what) }
        : null,
    stalled: current.stalled
      ? {
          names: current.stalled.seats.map((s) => names[s] ?? `Seat ${s + 1}`),
          seconds: Math.round(current.stalled.forMs / 1000),
          gone: current.stalled.gone,
          canEnd: current.stalled.canEnd,
          what: awaitedWords(current.stalled.what),
        }
      : null,
    gone: current.goneSeats,
    reports: current.reports
      .filter((r) => !r.agrees)
      .map((r) => ({
        reporter: names[r.reporter] ?? `Seat ${r.reporter + 1}`,
        blame: r.seat !== null ? (names[r.seat] ?? `Seat ${r.seat + 1}`) : null,
        reason: r.detail,
        code: r.code,
      })),
    halt: hand.halt
      ? {
          reason: hand.halt.detail,
          blame: hand.halt.seat !== null ? (names[hand.halt.seat] ?? null) : null,
          kind: hand.halt.code === 'abandoned' ? 'abandoned' : hand.halt.code === 'desync' ? 'desync' : 'blame',
        }
      : null,
    audit: hand.auditResult
      ? {
          clean: hand.auditResult.clean,
          reason: hand.auditResult.detail,
          blame: hand.auditResult.seat !== null ? (names[hand.auditResult.seat] ?? null) : null,
        }
      : null,
    outcome: outcome
      ? outcome.ranking.map((group, i) => `${i + 1}. ${group.map((s) => names[s]).join(', ')}`).join('  ')
      : null,
    rematchOffered: table.rematchOffered,
    nextChanges: table.nextChanges,
    hash: hand.hash,
    step: hand.step,
    myBounces: hand.bounces.filter((b) => b.seat === current.mySeat).length,
    pendingMoves: hand.pendingMoves,
    bounces: hand.bounces.length,
    verdict: hand.phase === 'done' || hand.phase === 'halted' ? handVerdict(hand.follower, names) : null,
    summary: endOfHand(current.handNo, hand, names, outcome),
    scores: scoreStrip({
      results: table.handResults(),
      handNo: current.handNo,
      seatKeys: hand.config.setup.seatKeys,
      names,
      mySeat: current.mySeat,
    }),
  };
}

/** What the game's view of a state was last built from, and the view (see `gameViewOf`). */
interface BuiltView {
  readonly game: AnyGame;
  readonly seat: number | null;
  readonly known: PrivateView['known'];
  readonly auditRules: AuditReport | null;
  readonly rows: string;
  readonly view: unknown;
}
const builtViews = new WeakMap<AnyState, BuiltView>();

/**
 * The game's own view of `state` for `seat`, with the audit's settled result
 * once it is in (Fighting Cards: the earliest renege, as the outcome carries)
 * and the score table's rows of the match's earlier hands. A page builds its
 * view at every change the store announces, and most come with the same
 * state; a state is never changed once made, so the view built from the same
 * state, seat, knowledge, audit and rows is the same object again, which the
 * shell's keepSame passes at once instead of comparing it part by part.
 */
function gameViewOf(
  game: AnyGame,
  state: AnyState,
  seat: number | null,
  privateView: PrivateView,
  auditRules: AuditReport | null,
  rows: readonly Json[],
): unknown {
  const rowWords = JSON.stringify(rows);
  const last = builtViews.get(state);
  if (
    last &&
    last.game === game &&
    last.seat === seat &&
    last.auditRules === auditRules &&
    last.rows === rowWords &&
    sameKnown(last.known, privateView.known)
  )
    return last.view;
  const view = handViewWithMatchRows(
    game.id,
    handViewAfterAudit(game.id, state, auditRules, game.view(state, seat, privateView)),
    rows,
  );
  builtViews.set(state, { game, seat, known: privateView.known, auditRules, rows: rowWords, view });
  return view;
}

/** The last answer of `lastMoves` for a hand's inputs: its inputs only grow, so the answer holds while their count and the names do. */
const builtMoves = new WeakMap<
  readonly Input[],
  { readonly count: number; readonly names: string; readonly moves: LastMove[] }
>();

/** Each seat's newest move, newest first, in the log's words without the name (the inputs are scanned from the end). */
function lastMoves(gameId: string, inputs: readonly Input[], names: readonly string[]): LastMove[] {
  const last = builtMoves.get(inputs);
  const nameWords = names.join('\n');
  if (last && last.count === inputs.length && last.names === nameWords) return last.moves;
  const moves = describeLastMoves(gameId, inputs, names);
  builtMoves.set(inputs, { count: inputs.length, names: nameWords, moves });
  return moves;
}

function describeLastMoves(gameId: string, inputs: readonly Input[], names: readonly string[]): LastMove[] {
  const found: LastMove[] = [];
  const seen = new Set<number>();
  for (let step = inputs.length - 1; step >= 0 && seen.size < names.length; step--) {
    const input = inputs[step]!;
    if (input.kind !== 'act' || seen.has(input.seat)) continue;
    seen.add(input.seat);
    const name = names[input.seat] ?? `Seat ${input.seat + 1}`;
    const line = describeInput(gameId, input, names, null) || 'moved';
    found.push({
      seat: input.seat,
      name,
      text: line.startsWith(`${name} `) ? line.slice(name.length + 1) : line,
      step,
    });
  }
  return found;
}

/** Moves are offered only while the hand is in play: never once it is over, auditing or stopped. */
function movesOpen(phase: string): boolean {
  return phase !== 'disclose' && phase !== 'done' && phase !== 'halted';
}
