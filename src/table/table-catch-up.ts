/**
 * The table session's side of rejoin and drop-outs: it feeds
 * catch-up.ts with which hand each remote seat shows (its fetches and its
 * events), follows the table to its next hand when this page's hand is over
 * for the table, answers a peer's fetch (the current hand's events it lacks,
 * or a catching-up page's older hand from storage; only to seats and admitted
 * watchers, within each key's budget: fetch-budget.ts), holds back moves while a (re)opened page does not yet know which
 * hand the table is at, and keeps gone-seats.ts up to date from the mesh's
 * links once a second, logging who lost the connection and who is back, and
 * ends a stalled hand when a player presses End hand. A page that comes back
 * follows the table into its next hand by itself only when that hand's terms
 * are the ones it played under: a change made while it was away waits for its
 * person's Rematch.
 */
import { encodeEnvelope, keyHex, type EnvelopeOf } from '../net/envelope.js';
import type { Mesh } from '../net/mesh.js';
import { CatchUp } from './catch-up.js';
import { FetchBudget } from './fetch-budget.js';
import { GoneSeats, blamedOf, stallOf, type Stall } from './gone-seats.js';
import type { HandSession } from './hand-session.js';
import type { TableNow } from './table-now.js';

export interface TableCatchUpHost {
  readonly mesh: Mesh;
  /** The lobby, the roster's seat keys and hands started, the hand this page is at (or setting up), its sessions, the table closed. */
  readonly now: Pick<
    TableNow,
    'lobby' | 'seatKeys' | 'handsStarted' | 'handNo' | 'settingUp' | 'closed' | 'hands' | 'current'
  >;
  readonly isBot: (key: string) => boolean;
  /** A hand's stored events (decoded), oldest first. */
  readonly storedEvents: (hand: number) => Promise<EnvelopeOf<'table-event'>[]>;
  readonly startHand: (hand: number) => void;
  readonly onLog: (line: string, level?: 'info' | 'warn' | 'error') => void;
  /** Why a key (hex) gets no answer to its fetch (it holds no seat and is not an admitted watcher), or null. */
  readonly fetchRefusal: (key: string) => string | null;
  /**
   * What the next hand changes against this page's hand, in words (next-terms.ts; empty: the same terms), and whether
   * this page has taken in the creator's roster since it opened (before that it cannot know). A page that follows the
   * table to its next hand by itself agrees to it: only when its terms did not change while it was away.
   */
  readonly nextChanges?: () => readonly string[];
  readonly rosterHeard?: () => boolean;
  /** Milliseconds, for the fetch budget (default Date.now). */
  readonly nowMs?: () => number;
  /** Whether an event is one of this page's own not yet stored and sent (table-outbox.ts `withheld`): no answer carries it. */
  readonly withheld: (envelope: EnvelopeOf<'table-event'>) => boolean;
}

/** How long a page back between hands waits for the creator's roster before it follows the table on the one it stored. */
const ROSTER_WAIT_MS = 10_000;

/** Keys whose refused fetch is logged (one line each); later ones are refused silently. */
const REFUSALS_LOGGED = 32;

export class TableCatchUp {
  /** Which hand the other seats are at, and whether this (re)opened page follows them. */
  readonly catchUp = new CatchUp();
  private readonly gone: GoneSeats;
  /** Hands this page has ended because another seat had (followAbandon), once each. */
  private readonly followed = new WeakSet<HandSession>();
  private readonly budget = new FetchBudget();
  private readonly refusedFetch = new Set<string>();
  /** The next hand this page waits to be agreed to by its person (its terms changed while the page was away), logged once. */
  private waitingAgreement = -1;
  /** When a page back between hands began to wait for the creator's roster before following (`follow`). */
  private rosterWaitSince: number | undefined;

  constructor(
    private readonly host: TableCatchUpHost,
    openedMs: number,
  ) {
    this.gone = new GoneSeats(openedMs);
  }

  /** No move (this person's or a bot's) by a (re)opened page before another seat has said which hand the table is at. */
  movesBlocked(session: HandSession): boolean {
    const local = this.host.now.hands;
    return this.catchUp.blocksMoves(session.config.setup.seatKeys.filter((_, seat) => !local.has(seat)));
  }

  /** A move or a rematch by this page: it plays live from now on. */
  settle(): void {
    this.catchUp.settle();
  }

  /** Someone has shown a hand later than this page's (a rematch offer, or a page that came back being behind). */
  laterHandShown(): boolean {
    return this.catchUp.latest() > this.host.now.handNo;
  }

  /**
   * A remote seat of this table showed which hand it is at: by its `fetch`
   * (`told`) or by an event. Only a hand that can have started counts (the
   * next one at most): a far-future number is refused, not followed.
   */
  noteShown(from: Uint8Array, hand: number, told: boolean): void {
    const key = keyHex(from);
    const handNo = this.host.now.handNo;
    // Every event comes through here: the roster's keys and count, not the whole lobby view.
    if (hand > Math.max(handNo, this.host.now.handsStarted - 1) + 1) return;
    if (key !== this.host.mesh.selfKey && this.host.now.seatKeys.includes(key) && !this.host.isBot(key))
      this.catchUp.note(key, hand, told, handNo);
  }

  /**
   * Answers a fetch: the current hand's events the asker lacks (by author and count, and those it names by
   * signature: an echo told it of them), or every stored event of an older hand — only to a seat or an admitted
   * watcher, and only as far as the asker's budget goes (fetch-budget.ts), lowest sequence numbers first so that a
   * cut-short answer still fills each author's events from the start.
   */
  answerFetch(envelope: EnvelopeOf<'fetch'>, via: string): void {
    const asker = keyHex(envelope.from);
    const refusal = this.host.fetchRefusal(asker);
    if (refusal) return this.refuseFetch(asker, refusal);
    if (this.answerOldFetch(asker, envelope.body.hand, via)) return;
    const session = this.host.now.current;
    if (!session || envelope.body.hand !== this.host.now.handNo) return;
    const have = envelope.body.have;
    const want = new Set((envelope.body.want ?? []).map((sig) => keyHex(sig)));
    const missing = session
      .events()
      .filter(
        (event) =>
          (event.body.n >= (have[keyHex(event.from)] ?? 0) || (want.size > 0 && want.has(keyHex(event.sig)))) &&
          !this.host.withheld(event),
      );
    // A hand halted by equivocation holds one version; the proof holds both (the asker must see them meet).
    const proof = session.follower.equivocation;
    this.send(asker, via, proof ? [...missing, proof.second] : missing);
    // The answer is this page's word that it holds them (table-echo.ts), given in a `holds` frame on that link: a copy
    // of an event says nothing of who holds it, as every page passes events on before its table takes them. Not for
    // the proof's second version, which this page saw but does not hold.
    if (missing.length > 0) this.host.mesh.sendHolds(via, missing);
  }

  /** Answers a fetch of an older hand (a page catching up) from storage, every event of it; false for any other hand. */
  private answerOldFetch(asker: string, hand: number, via: string): boolean {
    if (hand < 0 || hand >= this.host.now.handNo) return false;
    void this.host.storedEvents(hand).then((events) => {
      if (!this.host.now.closed) this.send(asker, via, events);
    });
    return true;
  }

  private send(asker: string, via: string, events: readonly EnvelopeOf<'table-event'>[]): void {
    const now = this.host.nowMs?.() ?? Date.now();
    for (const event of [...events].sort((a, b) => a.body.n - b.body.n)) {
      if (!this.budget.take(asker, encodeEnvelope(event).length, now)) return;
      this.host.mesh.resend(via, event);
    }
  }

  private refuseFetch(asker: string, why: string): void {
    if (this.refusedFetch.has(asker) || this.refusedFetch.size >= REFUSALS_LOGGED) return;
    this.refusedFetch.add(asker);
    this.host.onLog(`did not answer a fetch from ${asker.slice(0, 8)}…: ${why}`, 'warn');
  }

  /** Follows the table to its next hand when this page's hand is over for the table (catch-up.ts). */
  follow(): void {
    const handNo = this.host.now.handNo;
    if (this.host.now.settingUp || this.host.now.closed || handNo < 0) return;
    const hand = this.host.now.current;
    const over = !hand || hand.phase === 'done' || hand.phase === 'halted';
    const keys = hand?.config.setup.seatKeys ?? [];
    const owing = (hand?.waiting()?.seats ?? []).map((seat) => keys[seat] ?? '');
    const step = this.catchUp.decide({ handNo, over, owing });
    if (step === 'fetch') this.host.mesh.send('fetch', { hand: handNo, have: hand?.have() ?? {} });
    if (step !== 'follow') return;
    const next = handNo + 1;
    const left = [...this.host.now.hands.values()];
    // Joining the next hand signs its terms (hand/setup.ts `termsHash`): a page knows them once the creator's roster
    // has come (a ready signed on an older roster's terms only calls the hand off, naming nobody), and joins by itself
    // only when they are the ones its person played under. Else it shows the change and
    // waits for the person's Rematch (the bots it hosts agree with it), ending the hand the table has left meanwhile.
    // (Between hands only, and for ROSTER_WAIT_MS at most: a creator whose page is closed sends none.)
    if (over && this.host.rosterHeard && !this.host.rosterHeard()) {
      const now = this.host.nowMs?.() ?? Date.now();
      this.rosterWaitSince ??= now;
      if (now - this.rosterWaitSince < ROSTER_WAIT_MS) return;
    }
    const changes = this.host.nextChanges?.() ?? [];
    if (changes.length > 0) {
      if (!over)
        for (const { session } of left)
          session.abandon(`the table moved on to hand ${next + 1} while this page was away`);
      if (this.waitingAgreement !== next) {
        this.waitingAgreement = next;
        this.host.onLog(
          `the table has moved on to hand ${next + 1}, whose terms changed while this page was away (${changes.join('; ')}): Rematch agrees to them`,
          'warn',
        );
      }
      return;
    }
    this.host.onLog(`the table has moved on to hand ${next + 1}: joining it`);
    // Start the next hand first (it moves handNo at once), so the abandon's change notice cannot follow twice.
    this.host.startHand(next);
    if (!over)
      for (const { session } of left)
        session.abandon(`the table moved on to hand ${next + 1} while this page was away`);
  }

  /** The table's clock (once a second): who is gone or back (logged once each), then catch-up. */
  tick(nowMs: number): void {
    const links = this.host.now.lobby.seats.map((s) => ({
      seat: s.seat,
      name: s.member?.name || `Seat ${s.seat + 1}`,
      reachability: s.isMe ? null : s.reachability,
    }));
    for (const line of this.gone.update(links, nowMs)) this.host.onLog(line, 'warn');
    this.catchUp.tick();
    this.follow();
  }

  /** What the hand waits for that deserves a word (gone-seats.ts): never this page's own seats, never thinking. */
  stall(session: HandSession, nowMs: number, idleMs: number, turnMs: number): Stall | null {
    const local = this.host.now.hands;
    const isLocal = (seat: number) => local.has(seat);
    // Where End hand names the owing seat (an owed disclosure or reveal), the stall names that seat too.
    return stallOf(session.waiting(), isLocal, this.gone, nowMs, idleMs, turnMs, !session.follower.endNamesOwing);
  }

  /**
   * Another seat ended the hand, but its abandon is dated at a step this page
   * has not reached: its author's own last events took effect on its page at
   * once and wait here for the word of a seat that is gone, so this page may
   * never get there. Once this page's own stall could be ended (the same turn
   * timer that lets its player press End hand), it ends the hand too, with an
   * abandon dated at its own step, which every page can judge. True if it did.
   */
  followAbandon(session: HandSession, stall: Stall | null, names: readonly string[], changed: () => void): boolean {
    const seat = session.follower.abandonWaiting;
    if (seat === null || this.host.now.hands.has(seat) || !stall?.canEnd || this.followed.has(session)) return false;
    this.followed.add(session);
    this.host.onLog(`${names[seat] ?? `Seat ${seat + 1}`} ended the hand: this page ends it too`);
    this.endHand(names, changed);
    return true;
  }

  /**
   * "End hand" on every local seat: an owed disclosure or reveal names its
   * seat (then `changed`); else the hand ends without a result, naming who
   * stalled as `stall` does (gone-seats.ts `blamedOf`): the gone seats when
   * any is gone (a connected seat whose word is only in flight, or who waits
   * on a gone seat's word, did not stall the hand), else every remote seat
   * the hand waits for.
   */
  endHand(names: readonly string[], changed: () => void): void {
    const local = this.host.now.hands;
    for (const { session } of local.values()) {
      if (session.follower.endStalled()) {
        changed();
        continue;
      }
      const owing = session.waiting()?.seats.filter((s) => !local.has(s)) ?? [];
      const stalled = blamedOf(owing, this.gone, (s) => local.has(s)).map((s) => names[s] ?? `Seat ${s + 1}`);
      session.abandon(
        stalled.length ? `nothing came from ${stalled.join(', ')} for too long` : 'a player ended the hand',
      );
    }
  }

  /** Seats whose links are silent now. */
  goneSeats(): number[] {
    return this.host.now.lobby.seats.flatMap((s) => (this.gone.isGone(s.seat) ? [s.seat] : []));
  }
}
