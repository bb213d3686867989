/**
 * Where a table event from the mesh goes on a table session (table-session.ts):
 * into the current hand's sessions (taken, then stored and echoed:
 * table-echo.ts), kept early for the next hand or the one being started
 * (bounded per author, and for keys without a seat all together:
 * early-events.ts) — which may start that hand for a page that follows the
 * table without a seat, or the hand whose set-up awaits its readies
 * (table-history.ts) — dropped for an older hand, or refused for a hand that
 * cannot have started. It also notes which hand a remote seat shows
 * (table-catch-up.ts) and logs, once, a played-out hand's late equivocation.
 */
import { encodeEnvelope, keyHex, type EnvelopeOf } from '../net/envelope.js';
import { EarlyEvents, OUTSIDER_LIMITS } from './early-events.js';
import { LIMITS } from './hand/limits.js';
import type { HandSession } from './hand-session.js';
import type { TableEcho } from './table-echo.js';
import type { TableHistory } from './table-history.js';
import type { TableNow } from './table-now.js';
import { WATCHING_SEAT } from './table-watchers.js';

export interface EventIntakeHost {
  /** Events for hands not started here yet, by hand (the hand's start takes them: table-hand-start.ts). */
  readonly early: Map<number, EarlyEvents>;
  /** This page's sessions of the current hand (per local seat) and the one it shows, the hand it is at or starting (-1: none) and whether that start is in flight, the roster (its seat keys, names and hands started), and whether this page holds a seat. */
  readonly now: Pick<
    TableNow,
    'hands' | 'current' | 'handNo' | 'starting' | 'handsStarted' | 'seatKeys' | 'lobby' | 'seated'
  >;
  readonly history: () => Pick<TableHistory, 'pending' | 'readyMatters'>;
  readonly echo: () => Pick<TableEcho, 'copyWord' | 'arrived' | 'taken'>;
  /** A remote key showed, by an event, which hand it is at (table-catch-up.ts `noteShown`). */
  readonly noteShown: (from: Uint8Array, hand: number) => void;
  readonly refuse: (envelope: EnvelopeOf<'table-event'>, why: string, outsider: boolean) => void;
  readonly saveReceived: (envelope: EnvelopeOf<'table-event'>, bytes?: Uint8Array) => void;
  readonly startHand: (hand: number) => void;
  readonly changed: () => void;
  readonly onLog: (line: string, level?: 'info' | 'warn' | 'error') => void;
}

export class EventIntake {
  /** Hands whose late equivocation (hand/follower.ts) has been logged. */
  private readonly lateLogged = new WeakSet<HandSession>();

  constructor(private readonly host: EventIntakeHost) {}

  /**
   * A table event from the mesh: a copy of one the current hand holds (only its page's word is news), one of the
   * current hand (taken, stored and echoed), one of the next or a starting hand (kept early, bounded per author), an
   * older hand's (dropped), or one for a hand that cannot have started (refused).
   */
  receive(envelope: EnvelopeOf<'table-event'>, via?: string): void {
    const hand = envelope.body.hand;
    // A copy of an event the current hand holds (every peer passes each event on): only its author's page's word is news.
    if (hand === this.host.now.handNo && this.holds(envelope)) {
      for (const { session } of this.host.now.hands.values())
        session.receive(envelope, this.host.echo().copyWord(envelope, via, session.config.setup.seatKeys));
      return;
    }
    this.host.noteShown(envelope.from, hand);
    const current = Math.max(this.host.now.handNo, this.host.now.handsStarted - 1);
    if (hand < this.host.now.handNo) return; // an older hand: over, dropped
    // Keys without a seat cost nothing to make: what they send is logged and bounded together, never per key.
    const outsider = !this.host.now.seatKeys.includes(keyHex(envelope.from));
    if (hand > current + 1) {
      this.host.refuse(
        envelope,
        `an event for hand ${hand + 1}, which cannot have started (this table is at hand ${current + 1})`,
        outsider,
      );
      return;
    }
    if (
      hand > this.host.now.handNo ||
      (hand === this.host.now.handNo && (this.host.now.starting || this.host.history().pending === hand))
    ) {
      // A peer started the next hand (a rematch) before us: keep it, offer to join.
      const early = this.host.early.get(hand) ?? new EarlyEvents((key) => this.host.now.seatKeys.includes(key));
      const kept = early.add(envelope, via);
      if (kept === 'over-limit')
        this.host.refuse(
          envelope,
          outsider
            ? `more than ${OUTSIDER_LIMITS.events} events or ${OUTSIDER_LIMITS.bytes} bytes in all for hand ${hand + 1}`
            : `more than ${LIMITS.eventsPerAuthor} events or ${LIMITS.bytesPerAuthor} bytes for hand ${hand + 1}`,
          outsider,
        );
      if (kept !== 'new') return;
      // Only a kept event offers the next hand (rematchOffered): a refused one leaves no entry.
      this.host.early.set(hand, early);
      this.host.saveReceived(envelope);
      // A page without a seat in this hand follows the seats into their next hand once it has seen this one end.
      if (this.seatless() && hand === this.host.now.handNo + 1 && this.handOver()) this.host.startHand(hand);
      // A ready for the hand whose set-up waits, or a later one (it may show that hand was called off: table-history.ts).
      const pending = this.host.history().pending;
      if (
        pending !== null &&
        (hand === pending || (envelope.body.type === 'ready' && this.host.history().readyMatters(hand)))
      )
        this.host.startHand(pending);
      this.host.changed();
      return;
    }
    // Encoded once: its size counts against the author's limits in every local hand, and the bytes are stored.
    const bytes = encodeEnvelope(envelope);
    let taken = false;
    for (const { session } of this.host.now.hands.values())
      taken =
        session.receive(
          envelope,
          this.host.echo().copyWord(envelope, via, session.config.setup.seatKeys),
          bytes.length,
        ) || taken;
    this.noteLateEquivocation();
    if (taken) {
      this.host.echo().arrived(envelope);
      this.host.saveReceived(envelope, bytes);
      const seatKeys = this.host.now.current?.config.setup.seatKeys;
      if (seatKeys) this.host.echo().taken(envelope, seatKeys);
    }
  }

  /** A hand played out, then shown two versions of one of its events: the author is named in the log, once; the hand stands. */
  private noteLateEquivocation(): void {
    const session = this.host.now.current;
    const proof = session?.follower.lateEquivocation;
    if (!session || !proof || this.lateLogged.has(session)) return;
    this.lateLogged.add(session);
    const name = this.host.now.lobby.seats.find((s) => s.keyHex === keyHex(proof.first.from))?.member?.name;
    this.host.onLog(
      `${name ? `${name} (seat ${proof.seat + 1})` : `seat ${proof.seat + 1}`} signed two different ${proof.first.body.type} events for one purpose in hand ${session.config.setup.handNo + 1} (equivocation), shown after the hand was played out: its result stands, since every seat held the version played`,
      'warn',
    );
  }

  private holds(envelope: EnvelopeOf<'table-event'>): boolean {
    const sig = keyHex(envelope.sig);
    for (const { session } of this.host.now.hands.values()) if (session.follower.pool.bySignature(sig)) return true;
    return false;
  }

  /** This page's hand is over (played out or halted). */
  private handOver(): boolean {
    const phase = this.host.now.current?.phase;
    return phase === 'done' || phase === 'halted';
  }

  /** This page plays no seat of the current hand: it watches it, or holds no seat at all. */
  private seatless(): boolean {
    return this.host.now.hands.has(WATCHING_SEAT) || !this.host.now.seated;
  }
}
