/**
 * The table's log, as one peer tells it: each move of the current hand in the
 * words of its game, with the states its follower had around it (the hand is
 * `narrated`: hand-narrator.ts), each bounced real-time move,
 * how the hand ended (a clean audit, an audit fault naming its seat, or a
 * halt; and, when the audit settles a different result than the table
 * showed before it, the settled one), and events refused before they reach a hand — logged once per author
 * and hand (once per hand for all keys without a seat together), so a flood
 * of refused events does not flood the log too.
 */
import { canonicalJson, type AuditReport } from '../engine/index.js';
import { handOutcome } from '../games/index.js';
import { namedSummary } from '../games/hand-cards.js';
import { keyHex, type EnvelopeOf } from '../net/envelope.js';
import type { HandSession } from './hand-session.js';
import { narrate } from './hand-narrator.js';
import type { TableNow } from './table-now.js';

export interface TableLogHost {
  readonly onLog: (line: string, level?: 'info' | 'warn' | 'error') => void;
  /** Each seat's display name ("Seat N" for an empty name), the lobby (to name the author of a refused event), and the viewer's seat in the current hand (null for a spectator: its private lines name its own cards). */
  readonly now: Pick<TableNow, 'names' | 'lobby' | 'playingSeat'>;
}

export class TableLog {
  private loggedBounces = 0;
  private endingLogged: HandSession | null = null;
  /** Authors already logged as refused, per hand (one log line each, not one per event). */
  private readonly refusedLogged = new Set<string>();

  constructor(private readonly host: TableLogHost) {}

  /** A new hand starts: its moves are logged from the first. */
  newHand(): void {
    this.loggedBounces = 0;
  }

  /** Logs the moves and bounces of `session` not logged yet, and its ending once. */
  follow(session: HandSession): void {
    this.logNewInputs(session);
    this.logEnding(session);
  }

  /**
   * A refused event: logged once per author and hand (a flood must not flood the log too) — or, with `outsider`
   * (its author does not sit at the table, and fresh keys cost nothing), once per hand for every such author.
   */
  refuse(envelope: EnvelopeOf<'table-event'>, why: string, outsider = false): void {
    const author = keyHex(envelope.from);
    const id = `${outsider ? 'outsiders' : author}/${envelope.body.hand}`;
    if (this.refusedLogged.has(id)) return;
    this.refusedLogged.add(id);
    if (outsider) {
      this.host.onLog(`refused events from keys without a seat: ${why}`, 'warn');
      return;
    }
    const seat = this.host.now.lobby.seats.find((s) => s.keyHex === author);
    this.host.onLog(
      `refused ${seat ? seat.member?.name || `seat ${seat.seat + 1}` : `${author.slice(0, 8)}…`}'s events: ${why}`,
      'warn',
    );
  }

  private logNewInputs(session: HandSession): void {
    const names = this.host.now.names;
    const seat = this.host.now.playingSeat;
    const viewer = seat !== null ? { seat, known: session.privateView.known } : null;
    // The inputs the hand's follower applied since the last time, with its states around each: taken (and dropped there) once.
    for (const line of narrate(session.config.game.id, session.takeApplied(), names, viewer)) this.host.onLog(line);
    for (const bounce of session.bounces.slice(this.loggedBounces)) {
      this.host.onLog(`${names[bounce.seat] ?? `Seat ${bounce.seat + 1}`}'s move bounced: the other got there first`);
    }
    this.loggedBounces = session.bounces.length;
  }

  private logEnding(session: HandSession): void {
    if (this.endingLogged === session) return;
    const names = this.host.now.names;
    if (session.phase === 'done' && session.auditResult) {
      const audit = session.auditResult;
      this.host.onLog(
        audit.clean
          ? 'audit: clean — every shuffle, key and rule checked with all cards open'
          : `audit: FAULT — ${audit.seat !== null ? names[audit.seat] : 'unattributed'}: ${audit.detail}`,
        audit.clean ? 'info' : 'error',
      );
      const changed = audit.clean ? this.resultAfterAudit(session, audit.rules) : null;
      if (changed) this.host.onLog(`audit: the result changes — ${namedSummary(changed, names)}`);
      this.endingLogged = session;
    } else if (session.halt) {
      this.host.onLog(
        `hand stopped: ${session.halt.seat !== null ? `${names[session.halt.seat]} — ` : ''}${session.halt.detail}`,
        'error',
      );
      this.endingLogged = session;
    }
  }

  /**
   * The hand's result as the audit settles it, in the game's words (seats numbered from 0), when it differs from the
   * one the table showed before the audit (Fighting Cards: an earlier renege the audit found); else null.
   */
  private resultAfterAudit(session: HandSession, rules: AuditReport | null): string | null {
    const state = session.engineState;
    if (!state || !rules) return null;
    const game = session.config.game.id;
    const before = handOutcome(game, state, null);
    const after = handOutcome(game, state, rules);
    if (!after || canonicalJson(before) === canonicalJson(after)) return null;
    return after.summary ?? null;
  }
}
