/**
 * Consistent delivery on a live table (docs/SECURITY.md, "One event per slot
 * on every screen"): which seats have shown that they hold an event. A hand's
 * event takes effect on this page only once every seat but its author has
 * (hand/event-pool.ts). A seat shows it in one of two ways:
 *
 * - its page passes the event on over its own link to this page (the mesh
 *   sends every table event back over every link but its author's): the copy
 *   counts for every seat that page plays (its person and the bots it hosts);
 * - its page signs an `echo` naming the event (by signature). A page sends
 *   echoes only while some peer it knows of has no direct link to it, so a
 *   full mesh signs nothing more than before.
 *
 * An echo that names an event this page does not hold, or a hand that waits
 * on something, makes this page ask its links for it (`fetch` with `want`),
 * so that a relay that dropped or delayed a message is bypassed before
 * anyone is named.
 */
import { hexToBytes } from '@noble/hashes/utils.js';
import { keyHex, type EnvelopeOf } from '../net/envelope.js';
import { MAX_ECHO } from '../net/messages.js';
import type { Mesh } from '../net/mesh.js';
import type { HandSession } from './hand-session.js';
import type { LobbyView } from './lobby.js';
import { peerIdFor } from './table-id.js';

export interface TableEchoHost {
  readonly mesh: Mesh;
  readonly lobby: () => LobbyView;
  /** The hand this page is at. */
  readonly handNo: () => number;
  /** This page's sessions of the current hand (one per local seat, or the watcher's). */
  readonly sessions: () => readonly HandSession[];
  /** This page plays a seat of the current hand (only seats may sign echoes). */
  readonly seated: () => boolean;
}

/** How often, by the table's clock, a page whose hand waits on another seat asks its links again (ms). */
export const REFETCH_MS = 5000;
/** How often, at most, a page asks for events an echo named that it lacks (ms). */
export const WANT_MS = 1000;
/** How many echoes for a hand not started yet a page keeps. */
const MAX_EARLY_ECHOES = 256;

export class TableEcho {
  private queued: Uint8Array[] = [];
  private queuedHand = -1;
  private flushing = false;
  private lastFetchMs = -Infinity;
  private lastWantMs = -Infinity;
  private waitingSince: number | null = null;
  /** The peers heard of that had no direct link to this page at the last tick. */
  private unlinked = '';
  /** Echoes for the hand after this page's, kept until it starts it. */
  private early: EnvelopeOf<'echo'>[] = [];
  /** Per hand's seat keys (the set-up's array), the pages its seats speak from (seats are frozen while a hand runs). */
  private readonly pagesOf = new WeakMap<readonly string[], string[]>();

  constructor(private readonly host: TableEchoHost) {}

  /** The page (peer id) each seat of `seatKeys` speaks from: its roster entry's (a hosted bot: its host's), else its own. */
  pages(seatKeys: readonly string[]): string[] {
    const known = this.pagesOf.get(seatKeys);
    if (known) return known;
    const view = this.host.lobby();
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
   * This page took in a new event of another page's seat. A disclosure goes
   * back to its author's page (which lets its own take effect only once every
   * seat holds it: hand/event-pool.ts); if some peer cannot hear this page
   * directly, the event gets an echo.
   */
  taken(envelope: EnvelopeOf<'table-event'>, seatKeys: readonly string[]): void {
    if (!this.host.seated()) return;
    if (envelope.body.type === 'disclose') {
      const author = seatKeys.indexOf(keyHex(envelope.from));
      const page = author < 0 ? undefined : this.pages(seatKeys)[author];
      if (page !== undefined && this.host.mesh.openLinks().includes(page)) this.host.mesh.resend(page, envelope);
    }
    if (this.host.mesh.unlinkedPeers().length > 0) this.queue(envelope);
  }

  private queue(envelope: EnvelopeOf<'table-event'>): void {
    if (this.queuedHand !== envelope.body.hand) {
      this.queued = [];
      this.queuedHand = envelope.body.hand;
    }
    this.queued.push(envelope.sig);
    if (this.flushing) return;
    this.flushing = true;
    // Events that arrive together (a fetch answer, a burst) share one signature.
    setTimeout(() => this.flush(), 0);
  }

  private flush(): void {
    this.flushing = false;
    const events = this.queued;
    this.queued = [];
    for (let i = 0; i < events.length; i += MAX_ECHO)
      this.host.mesh.send('echo', { hand: this.queuedHand, events: events.slice(i, i + MAX_ECHO) });
  }

  /** A seated page's echo: it holds these events; anything named that this page lacks is asked for. */
  receive(envelope: EnvelopeOf<'echo'>, nowMs: number): void {
    if (envelope.body.hand === this.host.handNo() + 1) {
      // The next hand, not started here yet: kept (bounded) and applied when it starts.
      if (this.early.length < MAX_EARLY_ECHOES) this.early.push(envelope);
      return;
    }
    if (envelope.body.hand !== this.host.handNo()) return;
    const page = peerIdFor(this.host.lobby().table, keyHex(envelope.from));
    const missing: Uint8Array[] = [];
    for (const session of this.host.sessions()) {
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
    // A peer this page could reach directly no longer can: it gets this page's word for what it holds now.
    const unlinked = this.host.mesh.unlinkedPeers().sort().join(' ');
    if (unlinked !== this.unlinked) {
      this.unlinked = unlinked;
      const session = this.host.sessions()[0];
      if (session && unlinked !== '') this.echoAll(session.events().slice(-MAX_ECHO), session.config.setup.seatKeys);
    }
    if (!waitsOnOthers) {
      this.waitingSince = null;
      return;
    }
    this.waitingSince ??= nowMs;
    if (nowMs - this.waitingSince < REFETCH_MS || nowMs - this.lastFetchMs < REFETCH_MS) return;
    this.lastFetchMs = nowMs;
    const session = this.host.sessions()[0];
    // Events held but not yet shown by every seat are asked for again: a page that passes one on shows it holds it.
    this.fetch(session?.follower.pool.unconfirmed(MAX_ECHO) ?? []);
    if (session && this.host.seated() && this.host.mesh.unlinkedPeers().length > 0)
      this.echoAll(session.events().slice(-MAX_ECHO), session.config.setup.seatKeys);
  }

  /** The hand this page is at has started here: echoes kept for it count now. */
  started(nowMs: number): void {
    const kept = this.early;
    this.early = [];
    for (const envelope of kept) this.receive(envelope, nowMs);
  }

  /** Signs this page's word for events it took in without one (kept for a hand not started yet, or from storage). */
  echoAll(envelopes: readonly EnvelopeOf<'table-event'>[], seatKeys: readonly string[]): void {
    if (!this.host.seated() || this.host.mesh.unlinkedPeers().length === 0) return;
    const mine = new Set(this.host.sessions().map((s) => s.config.mySeat));
    for (const envelope of envelopes) if (!mine.has(seatKeys.indexOf(keyHex(envelope.from)))) this.queue(envelope);
  }

  private fetch(want: readonly Uint8Array[]): void {
    const session = this.host.sessions()[0];
    const wanted = [...new Set(want.map((s) => keyHex(s)))].slice(0, MAX_ECHO).map((s) => hexToBytes(s));
    this.host.mesh.send('fetch', {
      hand: this.host.handNo(),
      have: session?.have() ?? {},
      ...(wanted.length > 0 ? { want: wanted } : {}),
    });
  }
}
