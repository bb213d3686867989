/**
 * The next hand's terms on one page, against the hand this page is at: what
 * changed (the game, an option, the seat count, who sits where; in words:
 * setup-change.ts), shown to the player before and at the Rematch choice
 * and written to the log once per change. A seat's ready signs the terms it
 * agrees to (hand/setup.ts `termsHash`), so a change never takes effect
 * without every seat's click (a bot's seat agrees when its host's page does).
 * A change that comes after this page agreed to a hand but before the deal
 * withdraws that agreement: the page ends the hand without a result (a signed
 * abandon every page takes in, naming nobody), and the next hand asks every
 * seat again, with the change shown.
 */
import { keyHex } from '../net/envelope.js';
import type { Roster } from '../net/messages.js';
import type { HandSession } from './hand-session.js';
import { setupChanges, type TableTerms } from './setup-change.js';
import type { TableNow } from './table-now.js';
import { WATCHING_SEAT } from './table-watchers.js';

export interface NextTermsHost {
  /** The hand this page is at (its own seat's, or the one it watches), its sessions of it, the creator and its newest roster, and whether this page holds a seat now (an unseated page following old hands logs nothing). */
  readonly now: Pick<TableNow, 'current' | 'hands' | 'roster' | 'creator' | 'seated'>;
  readonly onLog: (line: string, level?: 'info' | 'warn') => void;
}

/** A hand's terms as its set-up fixed them, with the names its seats signed in their readies. */
export function handTerms(session: HandSession): TableTerms {
  const { game, options, seatKeys } = session.config.setup;
  const names = seatKeys.map((_, seat) => session.follower.pool.ready(seat)?.data.name ?? '');
  return { game, options, seatKeys, names };
}

/**
 * Who changes the game and options, as the change lines name them: the table's creator by the name it sits under in
 * the roster, wherever it sits, or "the table's creator" when it holds no seat, has no name, or is not known yet.
 */
export function creatorWord(roster: Roster, creator: string | undefined): string {
  const seat = creator === undefined ? undefined : roster.seats.find((m) => m !== null && keyHex(m.key) === creator);
  return seat?.name || "the table's creator";
}

/** The terms the roster gives the next hand. */
export function rosterTerms(roster: Roster): TableTerms {
  return {
    game: roster.config.game,
    options: roster.config.options,
    seatKeys: roster.seats.map((m) => (m ? keyHex(m.key) : null)),
    names: roster.seats.map((m) => m?.name ?? ''),
  };
}

export class NextTerms {
  private cached: {
    hand: HandSession | undefined;
    roster: Roster | undefined;
    creator: string | undefined;
    lines: string[];
  } | null = null;
  private logged = '';
  /** The lines `changes` returned last. */
  private shown: string[] = [];
  /** Hands whose agreement this page withdrew (once each). */
  private readonly withdrawn = new WeakSet<HandSession>();

  constructor(private readonly host: NextTermsHost) {}

  /** What the next hand changes against the current one, in words (empty: the same terms, or nothing to compare). */
  changes(): string[] {
    const hand = this.host.now.current;
    const roster = this.host.now.roster;
    const creator = this.host.now.creator;
    const cached = this.cached;
    if (cached && cached.hand === hand && cached.roster === roster && cached.creator === creator) return cached.lines;
    // A ready's name comes in with it: before every seat's ready a hand's names are not all known yet.
    const found =
      hand && roster ? setupChanges(handTerms(hand), rosterTerms(roster), creatorWord(roster, creator)) : [];
    // The same lines as last time are the same array: the lobby, given it at every view, then has nothing to redraw.
    const last = this.shown;
    const lines = found.length === last.length && found.every((line, i) => line === last[i]) ? last : found;
    this.shown = lines;
    if (hand && [...Array(hand.config.setup.seatKeys.length).keys()].every((s) => hand.follower.pool.ready(s)))
      this.cached = { hand, roster, creator, lines };
    return lines;
  }

  /** After any change of the roster or the hand: logs a new change once, and withdraws an agreement it outdates. */
  check(): void {
    if (!this.host.now.seated) return;
    const hand = this.host.now.current;
    const lines = this.changes();
    const key = lines.join('\n');
    if (key !== this.logged) {
      this.logged = key;
      if (hand && lines.length > 0) {
        const next = hand.config.setup.handNo + (hand.phase === 'ready' ? 0 : 1);
        for (const line of lines) this.host.onLog(`hand ${next + 1} changes: ${line}`, 'warn');
      }
    }
    if (!hand || hand.phase !== 'ready' || lines.length === 0) return;
    for (const [seat, { session }] of this.host.now.hands) {
      if (seat === WATCHING_SEAT) continue;
      if (session.phase !== 'ready' || this.withdrawn.has(session)) continue;
      this.withdrawn.add(session);
      session.abandon(
        `the table's terms changed after this seat agreed and before the deal (${lines.join('; ')}): every seat is asked again`,
      );
    }
  }
}
