/**
 * The play phase of a hand's follower (follower.ts): once the deck is dealt,
 * what the engine awaits is taken from the event pool and applied in the
 * order the engine awaits it — the engine's crypto requests in id order (a
 * reshuffle hands over to a new cascade; a reveal to all, or a private
 * delivery once its envelope checks and the seat agent has opened it, become
 * the table's own inputs), each seat's moves in the order it made them
 * (simultaneous choices once every one is in, in seat order, each checked
 * against the cards it claims) and real-time rounds (real-time.ts: once every
 * commit and reveal of a round is in, its moves one by one in the agreed
 * order; a lost race bounces without blame). This file owns the acts taken
 * per seat and the real-time rounds' state; the follower keeps the engine
 * state, the hash chain and every halt, which it hands over as `PlayPowers`.
 */
import { contributors, type AnyGame, type AnyState, type CryptoRequest, type Input } from '../../engine/index.js';
import type { TableEvent } from '../transcript.js';
import type { EventPool } from './event-pool.js';
import { isRaceError, type Halt } from './halt.js';
import type { PacketBook } from './packets.js';
import { firstSeed, orderRound, playOrdered, type Bounce, type Ordered } from './real-time.js';
import { checkDeliveryEnvelope, checkPlayedCards, revealAllCards } from './requests.js';
import type { HandSetup } from './setup.js';

export type PrivateRequest = Extract<CryptoRequest, { kind: 'reveal-to' | 'forward' }>;

/** What the play phase reads of the follower (its public surface). */
export interface PlayView {
  readonly setup: HandSetup;
  readonly game: AnyGame;
  readonly players: number;
  readonly pool: EventPool;
  readonly book: PacketBook;
  readonly state: AnyState | null;
  readonly hooks: {
    /** A reveal-to or forward whose shares are all in: a seat agent opens those sealed to it (a halt to refuse them). */
    readonly delivered?: (request: PrivateRequest, events: readonly TableEvent<'keys'>[]) => Halt | null;
  };
}

/**
 * What only the follower may do, handed to its play phase with each call
 * (never kept: the follower holds no closures, so a copy of it is whole).
 */
export interface PlayPowers {
  /** The author's hash at the event's step is ours (else the hand halted naming the author, who is blamed for exceptions from here). */
  crossCheck(event: TableEvent): boolean;
  /** The events are checked: from here an exception is the table's own fault, not an author's. */
  settled(): void;
  /** Halts the hand (or, for a halt naming no seat, sends it to the audit at once: true). */
  stop(halt: Halt): boolean;
  /** An input the engine took: the new state, its input and its hash. */
  record(input: Input, state: AnyState): void;
  /** The engine asked for a reshuffle: a new cascade starts. */
  reshuffle(request: Extract<CryptoRequest, { kind: 'reshuffle' }>): void;
  /** Play is over: the disclosure round starts. */
  over(): void;
  /** A new real-time round opened (its reveals are not owed yet). */
  roundOpened(): void;
}

export class HandPlay {
  readonly bounces: Bounce[] = [];
  private readonly actsTaken: number[];
  private roundValue = 0;
  private readonly ordered: Ordered[] = [];
  /** Private requests whose shares arrived whole (what a sealed fault report names: faults.ts). */
  private readonly delivered = new Map<number, PrivateRequest>();
  /** The seed of the open round's coin (real-time.ts): fixed before the round opens. */
  private seed: Uint8Array;

  constructor(
    private readonly hand: PlayView,
    setupDigest: Uint8Array,
  ) {
    this.seed = firstSeed(setupDigest);
    this.actsTaken = Array.from({ length: hand.players }, () => 0);
  }

  /** The private request `id`, once its shares were delivered. */
  deliveredRequest(id: number): PrivateRequest | undefined {
    return this.delivered.get(id);
  }
  /** The real-time round now open. */
  get round(): number {
    return this.roundValue;
  }
  /** Agreed moves of a closed round still to be applied. */
  /** Every act of `seat` taken in and not yet applied, oldest first (a choice waiting for the other seats'). */
  pendingActs(seat: number): TableEvent<'act'>[] {
    const out: TableEvent<'act'>[] = [];
    for (let i = this.actsTaken[seat] ?? 0, event; (event = this.hand.pool.act(seat, i)); i++) out.push(event);
    return out;
  }
  /** The agreed real-time moves of a closed round not yet applied (waiting for crypto), in order. */
  get orderedMoves(): readonly Ordered[] {
    return this.ordered;
  }
  get orderedPending(): number {
    return this.ordered.length;
  }
  get realTimeStarted(): boolean {
    return this.ordered.length > 0 || this.roundValue > 0;
  }
  /** How many of `seat`'s acts have been taken (the index of its next one). */
  actsTakenBy(seat: number): number {
    return this.actsTaken[seat] ?? 0;
  }
  /** The next act of `seat` not yet taken. */
  pendingAct(seat: number): TableEvent<'act'> | undefined {
    return this.hand.pool.act(seat, this.actsTaken[seat] ?? 0);
  }
  /** Every act of `seat` held and not taken yet, in its order — also those not yet shown held by every seat (event-pool.ts). */
  heldActs(seat: number): TableEvent<'act'>[] {
    const out: TableEvent<'act'>[] = [];
    for (let i = this.actsTaken[seat] ?? 0, event; (event = this.hand.pool.slot('act', i, seat)); i++)
      out.push(event as TableEvent<'act'>);
    return out;
  }

  /** One step of play as the engine awaits it; false when nothing progressed. */
  advance(powers: PlayPowers): boolean {
    const state = this.hand.state!;
    const awaiting = this.hand.game.awaits(state);
    if (awaiting.kind === 'over') {
      powers.over();
      return true;
    }
    if (awaiting.kind === 'crypto') return this.advanceRequest(awaiting.requests[0]!, powers);
    if (awaiting.kind === 'move') {
      const event = this.pendingAct(awaiting.seat);
      return event ? this.applyAct(event, powers) : false;
    }
    if (awaiting.kind === 'choices') {
      const events = awaiting.seats.map((seat) => this.pendingAct(seat));
      return events.every(Boolean) ? this.applyAct(events[0]!, powers) : false;
    }
    return this.advanceRealTime(powers);
  }

  /** An input to the engine by `author` (null: the table's own crypto result); a refused one halts, naming the author. */
  apply(input: Input, author: number | null, powers: PlayPowers): boolean {
    const game = this.hand.game;
    const next = game.reduce(this.hand.state!, input);
    if (!next.ok) {
      if (author !== null && isRaceError(game, next.error)) return true;
      if (author === null)
        return powers.stop({
          code: 'crypto-fault',
          seat: null,
          detail: `the table's crypto result was refused: ${next.error}`,
        });
      return powers.stop({ code: 'illegal-move', seat: author, detail: `an illegal move: ${next.error}` });
    }
    powers.record(input, next.value);
    return true;
  }

  /** Requests complete strictly in id order, so every peer applies the same sequence. */
  private advanceRequest(request: CryptoRequest, powers: PlayPowers): boolean {
    if (request.kind === 'reshuffle') {
      powers.reshuffle(request);
      return true;
    }
    const { pool, book } = this.hand;
    const events = contributors(request, this.hand.players).map((seat) => pool.keys(request.id, seat));
    if (events.some((e) => !e)) return false;
    for (const event of events) if (!powers.crossCheck(event!)) return false;
    const held = events as TableEvent<'keys'>[];
    if (request.kind === 'reveal-all') {
      const cards = revealAllCards(book, request, held, this.hand.state!.deck);
      return cards.ok
        ? this.apply({ kind: 'revealed', request: request.id, cards: cards.value }, null, powers)
        : powers.stop(cards.error);
    }
    const envelope = checkDeliveryEnvelope(book, request, held);
    if (!envelope.ok) return powers.stop(envelope.error);
    this.delivered.set(request.id, request);
    powers.settled();
    const refused = this.hand.hooks.delivered?.(request, held) ?? null;
    if (refused) return powers.stop(refused);
    return this.apply({ kind: 'delivered', request: request.id }, null, powers);
  }

  private applyAct(event: TableEvent<'act'>, powers: PlayPowers): boolean {
    if (!powers.crossCheck(event)) return false;
    const claims = this.hand.game.claimedCards(event.data.action);
    if (claims === null)
      return powers.stop({
        code: 'not-a-move',
        seat: event.seat,
        detail: 'sent a move that is not a move of this game',
      });
    if (claims.length > 0) {
      const played = checkPlayedCards(this.hand.book, event, claims, this.hand.state!.deck);
      if (!played.ok) return powers.stop(played.error);
    }
    this.actsTaken[event.seat] = (this.actsTaken[event.seat] ?? 0) + 1;
    return this.apply({ kind: 'act', seat: event.seat, action: event.data.action }, event.seat, powers);
  }

  private advanceRealTime(powers: PlayPowers): boolean {
    if (this.ordered.length > 0) return this.applyOrdered(powers);
    const { pool } = this.hand;
    const r = this.roundValue;
    const seats = [...Array(this.hand.players).keys()];
    const commits = seats.map((seat) => pool.commit(r, seat));
    if (commits.some((c) => !c)) return false;
    const reveals = seats.map((seat) => pool.reveal(r, seat));
    if (reveals.some((x) => !x)) return false;
    for (const event of [...commits, ...reveals]) if (!powers.crossCheck(event!)) return false;
    powers.settled();
    const order = orderRound(
      this.hand.setup,
      r,
      this.seed,
      commits as TableEvent<'commit'>[],
      reveals as TableEvent<'reveal'>[],
    );
    if (!order.ok) return powers.stop(order.error);
    this.ordered.push(...order.value.ordered);
    this.seed = order.value.next;
    this.roundValue = r + 1;
    powers.roundOpened();
    return true;
  }

  /**
   * Applies the agreed moves of a round one by one. Only reached while the engine awaits 'anytime' (`advance`
   * dispatches an end of play, and crypto the rules ask for in between, first).
   */
  private applyOrdered(powers: PlayPowers): boolean {
    const { game } = this.hand;
    const next = this.ordered.shift()!;
    const played = playOrdered(game, this.hand.state!, next);
    if (!played.ok) return powers.stop(played.error);
    if ('bounce' in played.value) this.bounces.push(played.value.bounce);
    else powers.record({ kind: 'act', seat: next.seat, action: next.action }, played.value.state);
    return true;
  }
}
