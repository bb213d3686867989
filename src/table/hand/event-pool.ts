/**
 * The signed events of one hand that a peer holds, with typed lookups by the
 * slot each fills (transcript.ts; the slots are kept in event-slots.ts): a
 * seat's ready, disclosure, abandon and fault report; a cascade step per
 * packet, kind and seat; key shares per request and seat;
 * commits and reveals per round and seat; and acts per seat in the author's
 * order. An author fills a slot (and a sequence number) once: the same event
 * again is a duplicate and is ignored, a different one is equivocation.
 * Inserts are O(1) in any order, newest first included (an author's acts
 * are listed in its own order as the events before them arrive, and the
 * count of each author's events held without a gap, for fetch, is kept up
 * to date incrementally). The pool is bounded: an author
 * that sends more events or bytes in one hand than `LIMITS` allows is refused
 * ('over-limit'; the follower blames it with `flood`). Real-time rounds count
 * against the seat that opened them: a commit that answers another seat's
 * commit of the same round (held here) with no move of its own, and the
 * empty reveal behind it, are not charged to their author — so a seat that
 * opens round after round with nothing in it runs into the limit, and the
 * seats that only answered never do.
 *
 * Consistent delivery (docs/SECURITY.md, "One event per slot on every
 * screen"): on a live table an event is *held* when it arrives but takes
 * effect — the typed lookups return it — only once it is *confirmed*: every
 * seat but its author has shown that it holds this very event (its page
 * named it in a `holds` frame over its own link, or signed an echo naming it:
 * table-echo.ts), or it is
 * this page's own (but for its disclosure, which waits like everyone's). A seat that got another version first shows that version
 * first, so the two meet (`equivocation`) before either takes effect. An
 * abandon is never held back (it must end a hand whose seat is gone). A pool
 * made without `confirmation` (an offline verifier, a past hand's history)
 * takes every event as confirmed.
 */
import { bytesToHex } from '@noble/hashes/utils.js';
import type { EnvelopeOf } from '../../net/envelope.js';
import type { EventType, TableEvent } from '../transcript.js';
import { EventSlots } from './event-slots.js';
import { LIMITS, type PoolLimits } from './limits.js';

export type StepType = 'shuffle' | 'lock' | 'reshuffle';
export type Inserted = 'new' | 'duplicate' | 'equivocation' | 'over-limit';

/** How a live pool decides that an event may take effect (see the module comment). */
export interface Confirmation {
  /** The seats this page plays: their own events take effect at once, and this page holding an event is their view. */
  readonly localSeats: readonly number[];
}

/** What the pool keeps of each event besides the event: who has shown it holds it. */
interface Held {
  readonly event: TableEvent;
  readonly seen: Set<number>;
  confirmed: boolean;
}

export { LIMITS, type PoolLimits } from './limits.js';

export class EventPool {
  private readonly all: TableEvent[] = [];
  /** Each slot's event, held (confirmed or not). */
  private readonly slots: EventSlots;
  /** Per seat, in its own order, its acts with every earlier event of theirs held. */
  private readonly actsInOrder: TableEvent<'act'>[][];
  /** Per seat, signature (hex) by sequence number. */
  private readonly bySeq: Map<number, string>[];
  private readonly contiguous: number[];
  private readonly highest: number[];
  private readonly counts: number[];
  private readonly byteCounts: number[];
  /** Per event (signature hex), who has shown it holds it. */
  private readonly heldBySig = new Map<string, Held>();
  private readonly heldByEvent = new Map<TableEvent, Held>();
  private confirmedTotal = 0;
  /** Commits that answered another seat's, and the empty reveals behind them: charged to the round's opener. */
  private readonly answers = new Set<TableEvent>();
  /** Events held that have not taken effect yet, oldest first. */
  private readonly pending = new Set<Held>();
  /** Per seat, the highest `at` among its events numbered below its abandon (kept up to date on insert, for `backdated`). */
  private readonly latestBeforeAbandon: number[];

  constructor(
    readonly players: number,
    private readonly limits: PoolLimits = LIMITS,
    private readonly confirmation: Confirmation | null = null,
  ) {
    this.counts = Array.from({ length: players }, () => 0);
    this.byteCounts = Array.from({ length: players }, () => 0);
    this.slots = new EventSlots(players);
    this.actsInOrder = Array.from({ length: players }, () => []);
    this.bySeq = Array.from({ length: players }, () => new Map());
    this.contiguous = Array.from({ length: players }, () => 0);
    this.highest = Array.from({ length: players }, () => -1);
    this.latestBeforeAbandon = Array.from({ length: players }, () => -1);
  }

  /**
   * Takes an event in; says whether it is new, a copy of one held, or a
   * second version of a filled slot. `seenBy`: the seats that have shown they
   * hold it (the page it came from plays them); this page's own seats are added.
   */
  insert(event: TableEvent, size = 0, seenBy: readonly number[] = []): Inserted {
    const existing = this.slots.of(event);
    const sig = bytesToHex(event.envelope.sig);
    const n = event.envelope.body.n;
    const sameSeq = this.bySeq[event.seat]!.get(n);
    if (existing) return bytesToHex(existing.envelope.sig) === sig ? this.duplicate(sig, seenBy) : 'equivocation';
    if (sameSeq !== undefined) return sameSeq === sig ? this.duplicate(sig, seenBy) : 'equivocation';
    const charged = this.charged(event);
    if (
      charged &&
      (this.counts[event.seat]! + 1 > this.limits.eventsPerAuthor ||
        this.byteCounts[event.seat]! + size > this.limits.bytesPerAuthor)
    )
      return 'over-limit';
    if (charged) {
      this.counts[event.seat]!++;
      this.byteCounts[event.seat]! += size;
    } else this.answers.add(event);
    this.slots.place(event);
    this.all.push(event);
    const held: Held = { event, seen: new Set(), confirmed: false };
    this.heldBySig.set(sig, held);
    this.heldByEvent.set(event, held);
    this.pending.add(held);
    this.confirm(sig, [...seenBy, ...(this.confirmation?.localSeats ?? [])]);
    this.noteDate(event);
    this.bySeq[event.seat]!.set(n, sig);
    this.highest[event.seat] = Math.max(this.highest[event.seat]!, n);
    let next = this.contiguous[event.seat]!;
    while (this.bySeq[event.seat]!.has(next)) {
      const act = this.slots.actBySeq[event.seat]!.get(next);
      if (act) this.actsInOrder[event.seat]!.push(act);
      next++;
    }
    this.contiguous[event.seat] = next;
    return 'new';
  }

  /**
   * Whether `event` counts against its author's limits: not a commit that
   * answers another seat's commit of its round (held here), nor the empty
   * reveal behind such a commit — those are the opener's doing.
   */
  private charged(event: TableEvent): boolean {
    if (event.type === 'commit') {
      const { round, answers } = event.data as { round: number; answers?: Uint8Array };
      if (!answers) return true;
      const opener = this.heldBySig.get(bytesToHex(answers))?.event;
      return !(
        opener?.type === 'commit' &&
        opener.seat !== event.seat &&
        (opener.data as { round: number }).round === round &&
        !this.answers.has(opener)
      );
    }
    if (event.type === 'reveal') {
      const { round, actions } = event.data as { round: number; actions: unknown[] };
      const commit = this.slots.commits.get(round, event.seat);
      return !(actions.length === 0 && commit && this.answers.has(commit));
    }
    return true;
  }

  private duplicate(sig: string, seenBy: readonly number[]): 'duplicate' {
    this.confirm(sig, seenBy);
    return 'duplicate';
  }

  /** The event held in the slot (or under the sequence number) that `event` would fill: its rival when they differ. */
  rival(event: TableEvent): TableEvent | undefined {
    const bySlot = this.slots.of(event);
    if (bySlot) return bySlot;
    const sig = this.bySeq[event.seat]?.get(event.envelope.body.n);
    return sig === undefined ? undefined : this.heldBySig.get(sig)?.event;
  }

  /** The held event with this signature (hex), if any. */
  bySignature(sig: string): TableEvent | undefined {
    return this.heldBySig.get(sig)?.event;
  }

  /** `seats` have shown they hold the event with signature `sig` (hex); true if that confirmed it just now. */
  confirm(sig: string, seats: readonly number[]): boolean {
    const held = this.heldBySig.get(sig);
    if (!held || held.confirmed) return false;
    for (const seat of seats) if (seat >= 0 && seat < this.players) held.seen.add(seat);
    if (!this.confirmedBy(held)) return false;
    held.confirmed = true;
    this.pending.delete(held);
    this.confirmedTotal++;
    return true;
  }

  /** Signatures of up to `max` events held that have not taken effect yet, oldest first (to ask the seats again). */
  unconfirmed(max: number): Uint8Array[] {
    const out: Uint8Array[] = [];
    for (const held of this.pending) {
      if (out.length >= max) break;
      out.push(held.event.envelope.sig);
    }
    return out;
  }

  private confirmedBy(held: Held): boolean {
    const c = this.confirmation;
    const author = held.event.seat;
    // This page's own events take effect at once — but its disclosure, like everyone's, only once every seat
    // holds it: the audit's verdict is then reached on every page or on none.
    if (!c || (c.localSeats.includes(author) && held.event.type !== 'disclose')) return true;
    for (let seat = 0; seat < this.players; seat++) if (seat !== author && !held.seen.has(seat)) return false;
    return true;
  }

  /** How many events have been confirmed so far (a change means the hand may progress). */
  get confirmedCount(): number {
    return this.confirmedTotal;
  }

  /** The event if it may take effect (confirmed), else undefined. */
  private shown<E extends TableEvent>(event: E | undefined): E | undefined {
    return event && this.heldByEvent.get(event)?.confirmed ? event : undefined;
  }

  /**
   * Who owes what `event` (the raw content of `seat`'s slot) needs to take
   * effect: nobody once confirmed; `seat` itself while nothing is held; else
   * the seats that have not shown they hold it.
   */
  owing(event: TableEvent | undefined, seat: number): number[] {
    if (!event) return [seat];
    const held = this.heldByEvent.get(event);
    if (!held || held.confirmed) return [];
    return [...Array(this.players).keys()].filter((s) => s !== event.seat && !held.seen.has(s));
  }

  /** The raw content of a slot, confirmed or not (for `owing`). */
  slot(type: EventType, key: number, seat: number): TableEvent | undefined {
    return type === 'act' ? this.actAt(seat, key) : this.slots.get(type, key, seat);
  }

  /** Keeps `latestBeforeAbandon` in O(1) per event (one pass over the author's events when its abandon arrives). */
  private noteDate(event: TableEvent): void {
    const s = event.seat;
    const abandon = this.slots.abandons[s];
    if (event === abandon) {
      let latest = -1;
      for (const e of this.all)
        if (e.seat === s && e.envelope.body.n < event.envelope.body.n) latest = Math.max(latest, e.envelope.body.at);
      this.latestBeforeAbandon[s] = latest;
    } else if (abandon && event.envelope.body.n < abandon.envelope.body.n)
      this.latestBeforeAbandon[s] = Math.max(this.latestBeforeAbandon[s]!, event.envelope.body.at);
  }

  ready(seat: number): TableEvent<'ready'> | undefined {
    return this.shown(this.slots.readies[seat]);
  }
  disclose(seat: number): TableEvent<'disclose'> | undefined {
    return this.shown(this.slots.disclosures[seat]);
  }
  /**
   * An abandon dated (`at`) before a step at which its author had already
   * signed an earlier event: honest code dates every event by the step it
   * has reached, so only a seat that backdates its abandon (to have it count
   * once play is over, when the disclosures are owed) makes one.
   */
  backdated(abandon: TableEvent<'abandon'>): boolean {
    const { n, at } = abandon.envelope.body;
    // The abandon held: kept up to date as events arrive (O(1)); any other one: a pass over the events held.
    if (this.slots.abandons[abandon.seat] === abandon) return this.latestBeforeAbandon[abandon.seat]! > at;
    return this.all.some((e) => e.seat === abandon.seat && e.envelope.body.n < n && e.envelope.body.at > at);
  }

  /** The first abandon held, in seat order. */
  abandon(): TableEvent<'abandon'> | undefined {
    return this.slots.abandons.find(Boolean);
  }
  /** Every abandon held (one per seat at most), in seat order. */
  abandonsHeld(): TableEvent<'abandon'>[] {
    return this.slots.abandons.filter((a): a is TableEvent<'abandon'> => a !== undefined);
  }
  /** The fault reports confirmed (one per seat at most), in seat order. */
  faultReports(): TableEvent<'fault'>[] {
    return this.slots.faults.filter((f): f is TableEvent<'fault'> => this.shown(f) !== undefined);
  }
  step(type: StepType, packet: number, seat: number): TableEvent<StepType> | undefined {
    return this.shown(this.slots.step(type, packet, seat));
  }
  keys(request: number, seat: number): TableEvent<'keys'> | undefined {
    return this.shown(this.slots.keys.get(request, seat));
  }
  commit(round: number, seat: number): TableEvent<'commit'> | undefined {
    return this.shown(this.slots.commits.get(round, seat));
  }
  reveal(round: number, seat: number): TableEvent<'reveal'> | undefined {
    return this.shown(this.slots.reveals.get(round, seat));
  }
  /** The `index`-th act of `seat` in its own order. */
  act(seat: number, index: number): TableEvent<'act'> | undefined {
    return this.shown(this.actAt(seat, index));
  }
  private actAt(seat: number, index: number): TableEvent<'act'> | undefined {
    // It is the seat's index-th act only once every earlier event of its author is held (an act that arrived early waits).
    return this.actsInOrder[seat]?.[index];
  }
  /** Every event held, in the order taken in. */
  events(): readonly TableEvent[] {
    return this.all;
  }
  envelopes(): EnvelopeOf<'table-event'>[] {
    return this.all.map((e) => e.envelope);
  }
  /** How many events and bytes of `seat` are held and charged to it (answers to others' rounds are not). */
  held(seat: number): { events: number; bytes: number } {
    return { events: this.counts[seat] ?? 0, bytes: this.byteCounts[seat] ?? 0 };
  }
  /** How many of `seat`'s events are held with no gap from its first. */
  heldInOrder(seat: number): number {
    return this.contiguous[seat] ?? 0;
  }
  /** The next sequence number `seat` should use (one past the highest held). */
  nextSeq(seat: number): number {
    return (this.highest[seat] ?? -1) + 1;
  }
}
