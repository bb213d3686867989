/**
 * Consistent delivery on a live table (docs/SECURITY.md, "One event per slot
 * on every screen"): which seats have shown that they hold an event. A hand's
 * event takes effect on this page only once every seat but its author has
 * (hand/event-pool.ts). A seat shows it in one of three ways:
 *
 * - its page sends a `holds` frame naming the event by signature over its own
 *   link to this page (src/net/mesh.ts): each page sends one, batched, for
 *   every event of another seat it takes in, to every linked page but the
 *   author's (the author's too for a disclosure, which waits like everyone's);
 *   it counts for every seat that page plays (its person and the bots it
 *   hosts). A frame is 64 bytes an event where a copy of the event would cost
 *   the whole event (a shuffle step is tens of kilobytes);
 * - the event itself comes over the link of its author's page (the page
 *   that made it certainly holds it): word for the seats that page plays.
 *   A copy any other page sends (a relay, a fetch answer) is no word: every
 *   page's mesh passes an event on before the page decides whether to take
 *   it, so a page holding another version of the slot passes on the one it
 *   refuses. A page answering a fetch sends a `holds` frame on that link for
 *   what it answers with;
 * - its page signs an `echo` naming the event. A page sends echoes while
 *   some peer it knows of has no direct link to it, and once its seat has
 *   disclosed (`lastWord`): play is over then, and its player may close the
 *   page at any moment. A `holds` frame still on its way is lost with the
 *   page; a signed echo another page holds is passed on to a page whose link
 *   to the closed one is gone (net/relay.ts `owed`), so the word outlives the
 *   page. A full mesh in play signs nothing more than before.
 *
 * Two versions of one slot meet this way: a page that holds the other
 * version is named a signature it does not hold, and asks the pages that
 * named it for it (`fetch` with `want`) — the full event travels only to a
 * page that lacks it, from one that holds it. Word for an event not held yet
 * is kept (bounded) until it arrives, or until the hand it belongs to starts
 * here. A page gives its word for everything of the current hand it holds
 * again on every link that opens (the remote's hello: a page reloaded, a link
 * dropped and back, even between two ticks) and when it starts a hand (what
 * it took in before, kept or stored), so a word lost with a link is given
 * again. A hand that waits on a remote seat asks its links again every
 * REFETCH_MS, so that a relay that dropped or delayed a message is bypassed
 * before anyone is named.
 */
import { hexToBytes } from '@noble/hashes/utils.js';
import { keyHex, type EnvelopeOf } from '../net/envelope.js';
import { MAX_ECHO } from '../net/messages.js';
import type { Mesh } from '../net/mesh.js';
import type { HandSession } from './hand-session.js';
import type { TableNow } from './table-now.js';
import { peerIdFor } from './table-id.js';

export interface TableEchoHost {
  readonly mesh: Mesh;
  /** The lobby, the hand this page is at, its sessions of it (one per local seat, or the watcher's), and whether it plays a seat of it (only seats may sign echoes). */
  readonly now: Pick<TableNow, 'lobby' | 'handNo' | 'hands' | 'playsSeat'>;
}

/** How often, by the table's clock, a page whose hand waits on another seat asks its links again (ms). */
export const REFETCH_MS = 5000;
/** How often, at most, a page asks for events an echo named that it lacks (ms). */
export const WANT_MS = 1000;
/** How long word for an event not held waits for the event itself before it is asked for (ms). */
export const WANT_AFTER_MS = 250;
/** How many events not held here a page keeps other pages' word for. */
const MAX_HELD_ELSEWHERE = 4096;
/** How many echoes for a hand not started yet a page keeps. */
const MAX_EARLY_ECHOES = 256;

export class TableEcho {
  private queued: Uint8Array[] = [];
  private queuedHand = -1;
  private flushing = false;
  private flushingSoon = false;
  /** The hand whose play is over on this page with its seat's disclosure made: its word for each event is signed. */
  private lastWordHand = -1;
  private lastFetchMs = -Infinity;
  private lastWantMs = -Infinity;
  private waitingSince: number | null = null;
  /** The peers heard of that had no direct link to this page at the last tick. */
  private unlinked = '';
  /** Echoes for the hand after this page's, kept until it starts it. */
  private early: EnvelopeOf<'echo'>[] = [];
  /** Signatures to name in the next `holds` frames, each with the page its author speaks from (not told, but for a disclosure). */
  private holdsQueue: { event: EnvelopeOf<'table-event'>; skip: string | undefined }[] = [];
  private holdsScheduled = false;
  /** Word for events not held here (yet): signature (hex) → the pages that gave it, oldest first, bounded. */
  private readonly heldElsewhere = new Map<string, Set<string>>();
  private wantScheduled = false;
  /** The links this page has given its word on for everything of the current hand it holds. */
  private told = new Set<string>();
  /** Per hand's seat keys (the set-up's array), the pages its seats speak from (seats are frozen while a hand runs). */
  private readonly pagesOf = new WeakMap<readonly string[], string[]>();

  constructor(private readonly host: TableEchoHost) {}

  /** The page (peer id) each seat of `seatKeys` speaks from: its roster entry's (a hosted bot: its host's), else its own. */
  pages(seatKeys: readonly string[]): string[] {
    const known = this.pagesOf.get(seatKeys);
    if (known) return known;
    const view = this.host.now.lobby;
    const byKey = new Map<string, string>();
    for (const s of view.seats) if (s.keyHex && s.member) byKey.set(s.keyHex, s.member.peerId);
    const pages = seatKeys.map((key) => byKey.get(key) ?? peerIdFor(view.table, key));
    // Kept once every seat is in the roster (a page still waiting for it asks again).
    if (seatKeys.every((key) => byKey.has(key))) this.pagesOf.set(seatKeys, pages);
    return pages;
  }

  /** The seats of `seatKeys` played by the page at `peerId`. */
  seatsAt(peerId: string | undefined, seatKeys: readonly string[]): number[] {
    if (peerId === undefined) return [];
    return this.pages(seatKeys).flatMap((page, seat) => (page === peerId ? [seat] : []));
  }

  /**
   * The seats whose word a copy of `envelope` that came over the link to
   * `via` gives: those played by its author's page, which made it, and none
   * for any other page. Every page passes each event on before its table
   * decides whether to take it, so a copy relayed by a page says nothing of
   * what that page holds (it may hold another version of the slot): its word
   * comes only in its `holds` frame or its echo.
   */
  copyWord(envelope: EnvelopeOf<'table-event'>, via: string | undefined, seatKeys: readonly string[]): number[] {
    const author = seatKeys.indexOf(keyHex(envelope.from));
    if (via === undefined || author < 0 || this.pages(seatKeys)[author] !== via) return [];
    return this.seatsAt(via, seatKeys);
  }

  /**
   * This page took in a new event of another page's seat. A disclosure goes
   * back to its author's page (which lets its own take effect only once every
   * seat holds it: hand/event-pool.ts); if some peer cannot hear this page
   * directly, the event gets an echo.
   */
  taken(envelope: EnvelopeOf<'table-event'>, seatKeys: readonly string[]): void {
    if (!this.host.now.playsSeat) return;
    const author = seatKeys.indexOf(keyHex(envelope.from));
    const page = author < 0 ? undefined : this.pages(seatKeys)[author];
    this.holdsQueue.push({ event: envelope, skip: envelope.body.type === 'disclose' ? undefined : page });
    if (!this.holdsScheduled) {
      this.holdsScheduled = true;
      // Events taken in together (one message's worth, a burst handled in one task) share one frame per link. A
      // microtask, not a timer: the word leaves in the same task as the copies the mesh passed on, so a page that
      // closes right after cannot have passed an event on without its word (the copy is not its word).
      queueMicrotask(() => this.flushHolds());
    }
    if (this.host.mesh.unlinkedPeers().length > 0) this.queue(envelope);
    else if (envelope.body.hand === this.lastWordHand) this.queue(envelope, true);
  }

  /**
   * This page's seat disclosed its secrets for hand `hand`: its word for the
   * latest events of the other seats it holds is signed now, and its word for
   * every event of that hand it takes in from now on (module comment).
   * Signed in this task's microtasks: a page closed right after has sent it.
   */
  lastWord(hand: number): void {
    const session = this.sessions()[0];
    if (!this.host.now.playsSeat || !session || session.config.setup.handNo !== hand || this.lastWordHand === hand)
      return;
    this.lastWordHand = hand;
    const seatKeys = session.config.setup.seatKeys;
    const mine = new Set(this.sessions().map((s) => s.config.mySeat));
    for (const envelope of session.events().slice(-MAX_ECHO))
      if (!mine.has(seatKeys.indexOf(keyHex(envelope.from)))) this.queue(envelope, true);
  }

  private flushHolds(): void {
    this.holdsScheduled = false;
    const queued = this.holdsQueue;
    this.holdsQueue = [];
    for (const link of this.host.mesh.openLinks()) {
      const events = queued.filter((q) => q.skip !== link).map((q) => q.event);
      if (events.length > 0) this.host.mesh.sendHolds(link, events);
    }
  }

  /**
   * The peer at `via` holds the events with these signatures (its `holds`
   * frame). Each counts for the seats that page plays; word for an event not
   * held here is kept, and the event is asked for if it does not come soon.
   */
  holds(sigs: readonly Uint8Array[], via: string): void {
    const sessions = this.sessions();
    for (const sig of sigs) {
      const hex = keyHex(sig);
      let held = false;
      for (const session of sessions) {
        const seats = this.seatsAt(via, session.config.setup.seatKeys);
        held = session.confirm(hex, seats) || held;
      }
      if (!held) this.keep(hex, via);
    }
  }

  private keep(sig: string, via: string): void {
    const pages = this.heldElsewhere.get(sig);
    if (pages) {
      if (pages.size < 16) pages.add(via);
      return;
    }
    if (this.heldElsewhere.size >= MAX_HELD_ELSEWHERE) {
      const oldest = this.heldElsewhere.keys().next().value;
      if (oldest !== undefined) this.heldElsewhere.delete(oldest);
    }
    this.heldElsewhere.set(sig, new Set([via]));
    if (this.wantScheduled) return;
    this.wantScheduled = true;
    // An event on its way usually lands first; one still missing by then is asked for.
    setTimeout(() => this.askForMissing(), WANT_AFTER_MS);
  }

  private askForMissing(): void {
    this.wantScheduled = false;
    const session = this.sessions()[0];
    if (!session) return;
    const missing: Uint8Array[] = [];
    for (const sig of this.heldElsewhere.keys())
      if (!session.follower.pool.bySignature(sig)) missing.push(hexToBytes(sig));
    const now = Date.now();
    if (missing.length === 0) return;
    if (now - this.lastWantMs < WANT_MS) {
      this.wantScheduled = true;
      setTimeout(() => this.askForMissing(), WANT_MS - (now - this.lastWantMs));
      return;
    }
    this.lastWantMs = now;
    this.fetch(missing.slice(-MAX_ECHO));
  }

  /** An event was taken in here: the word other pages gave for it before it came counts now. */
  arrived(envelope: EnvelopeOf<'table-event'>): void {
    const sig = keyHex(envelope.sig);
    const pages = this.heldElsewhere.get(sig);
    if (!pages) return;
    this.heldElsewhere.delete(sig);
    for (const session of this.sessions())
      session.confirm(
        sig,
        [...pages].flatMap((page) => this.seatsAt(page, session.config.setup.seatKeys)),
      );
  }

  /**
   * A link (re)opened (its remote's hello came over it): it gets this page's
   * word for everything of the current hand it holds, even if the link that
   * closed was told already (a page reloaded between two ticks comes back
   * under the same peer id, and lost what it was told before).
   */
  linkOpened(via: string): void {
    this.told.delete(via);
    this.tellLinks();
  }

  /** Gives this page's word for everything of the current hand it holds on each link it has not told yet. */
  private tellLinks(): void {
    if (!this.host.now.playsSeat) return;
    const session = this.sessions()[0];
    if (!session) return;
    const open = this.host.mesh.openLinks();
    for (const link of this.told) if (!open.includes(link)) this.told.delete(link);
    const fresh = open.filter((link) => !this.told.has(link));
    if (fresh.length === 0) return;
    const seatKeys = session.config.setup.seatKeys;
    const mine = new Set(this.sessions().map((s) => s.config.mySeat));
    const events = session.events().filter((e) => !mine.has(seatKeys.indexOf(keyHex(e.from))));
    for (const link of fresh) {
      if (events.length > 0 && !this.host.mesh.sendHolds(link, events)) continue;
      this.told.add(link);
    }
  }

  /** Queues an event for this page's next echo: after this task (`soon`: in its microtasks), or in a task soon after. */
  private queue(envelope: EnvelopeOf<'table-event'>, soon = false): void {
    if (this.queuedHand !== envelope.body.hand) {
      this.queued = [];
      this.queuedHand = envelope.body.hand;
    }
    this.queued.push(envelope.sig);
    if (soon && !this.flushingSoon) {
      this.flushingSoon = true;
      queueMicrotask(() => this.flush());
    }
    if (this.flushing) return;
    this.flushing = true;
    // Events that arrive together (a fetch answer, a burst) share one signature.
    setTimeout(() => this.flush(), 0);
  }

  private flush(): void {
    this.flushing = false;
    this.flushingSoon = false;
    const events = this.queued;
    this.queued = [];
    for (let i = 0; i < events.length; i += MAX_ECHO)
      this.host.mesh.send('echo', { hand: this.queuedHand, events: events.slice(i, i + MAX_ECHO) });
  }

  /** A seated page's echo: it holds these events; anything named that this page lacks is asked for. */
  receive(envelope: EnvelopeOf<'echo'>, nowMs: number): void {
    if (envelope.body.hand === this.host.now.handNo + 1) {
      // The next hand, not started here yet: kept (bounded) and applied when it starts.
      if (this.early.length < MAX_EARLY_ECHOES) this.early.push(envelope);
      return;
    }
    if (envelope.body.hand !== this.host.now.handNo) return;
    const page = peerIdFor(this.host.now.lobby.table, keyHex(envelope.from));
    const missing: Uint8Array[] = [];
    for (const session of this.sessions()) {
      const seats = this.seatsAt(page, session.config.setup.seatKeys);
      if (seats.length === 0) continue;
      for (const sig of envelope.body.events) if (!session.confirm(keyHex(sig), seats)) missing.push(sig);
    }
    if (missing.length === 0 || nowMs - this.lastWantMs < WANT_MS) return;
    this.lastWantMs = nowMs;
    this.fetch(missing);
  }

  /**
   * The table's clock: a hand that has waited on a remote seat for
   * REFETCH_MS asks its links again, and again every REFETCH_MS (a relay
   * may have dropped what that seat sent), well before any deadline names it;
   * a seated page some peer cannot hear directly signs its word again for the
   * latest events it holds (an echo lost on the way).
   */
  tick(nowMs: number, waitsOnOthers: boolean): void {
    this.tellLinks();
    // A peer this page could reach directly no longer can: it gets this page's word for what it holds now.
    const unlinked = this.host.mesh.unlinkedPeers().sort().join(' ');
    if (unlinked !== this.unlinked) {
      this.unlinked = unlinked;
      const session = this.sessions()[0];
      if (session && unlinked !== '') this.echoAll(session.events().slice(-MAX_ECHO), session.config.setup.seatKeys);
    }
    if (!waitsOnOthers) {
      this.waitingSince = null;
      return;
    }
    this.waitingSince ??= nowMs;
    if (nowMs - this.waitingSince < REFETCH_MS || nowMs - this.lastFetchMs < REFETCH_MS) return;
    this.lastFetchMs = nowMs;
    const session = this.sessions()[0];
    // Events held but not yet shown by every seat are asked for again: a page that passes one on shows it holds it.
    this.fetch(session?.follower.pool.unconfirmed(MAX_ECHO) ?? []);
    if (session && this.host.now.playsSeat && this.host.mesh.unlinkedPeers().length > 0)
      this.echoAll(session.events().slice(-MAX_ECHO), session.config.setup.seatKeys);
  }

  /** The hand this page is at has started here: echoes kept for it count now. */
  started(nowMs: number): void {
    const kept = this.early;
    this.early = [];
    for (const envelope of kept) this.receive(envelope, nowMs);
    for (const session of this.sessions())
      for (const envelope of session.events()) if (this.heldElsewhere.has(keyHex(envelope.sig))) this.arrived(envelope);
    // What this page took in before the hand started here (kept, or stored before a reload): its word, on every link.
    this.told.clear();
    this.tellLinks();
  }

  /** Signs this page's word for events it took in without one (kept for a hand not started yet, or from storage). */
  echoAll(envelopes: readonly EnvelopeOf<'table-event'>[], seatKeys: readonly string[]): void {
    if (!this.host.now.playsSeat || this.host.mesh.unlinkedPeers().length === 0) return;
    const mine = new Set(this.sessions().map((s) => s.config.mySeat));
    for (const envelope of envelopes) if (!mine.has(seatKeys.indexOf(keyHex(envelope.from)))) this.queue(envelope);
  }

  private fetch(want: readonly Uint8Array[]): void {
    const session = this.sessions()[0];
    const wanted = [...new Set(want.map((s) => keyHex(s)))].slice(0, MAX_ECHO).map((s) => hexToBytes(s));
    this.host.mesh.send('fetch', {
      hand: this.host.now.handNo,
      have: session?.have() ?? {},
      ...(wanted.length > 0 ? { want: wanted } : {}),
    });
  }

  /** This page's sessions of the current hand. */
  private sessions(): HandSession[] {
    return [...this.host.now.hands.values()].map((local) => local.session);
  }
}
