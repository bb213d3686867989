/**
 * A seat agent: one seat's secrets in a hand and the events only that seat
 * can make — its ready (seal key and the set-up it agrees to), its cascade
 * steps (made on the page's worker when it has one: steps-elsewhere.ts), its
 * key shares for the engine's crypto requests (sealed to their recipient
 * where private), its moves (with the keys that reveal the cards they play),
 * its real-time commits and reveals, and its disclosure at the end
 * (preceded, in an audit at once for a fault it found, by its signed fault
 * report). It sits on a follower (follower.ts), which verifies and applies
 * every event, its own included. What the seat alone learns — cards revealed
 * or forwarded to it, by opening the shares sealed to it — stays here; the
 * follower knows only public cards. Secrets are handed to `keepSecrets`
 * before any event that depends on them is published.
 */
import { equalBytes } from '@noble/curves/utils.js';
import {
  ALL_SEATS,
  decodePacketSecrets,
  encodeKeyShares,
  encodePacketSecrets,
  forwardToSeat,
  newPacketSecrets,
  revealToAll,
  revealToSeat,
  sealKeyPair,
  withKeyShares,
  withOwnKeys,
  type KeyRing,
  type KeyShares,
  type PacketSecrets,
  type RandomSource,
  type SealKeyPair,
  type Step as CryptoStep,
  x25519PublicKey,
} from '../../../crypto/index.js';
import {
  contributors,
  type AnyState,
  type CardId,
  type CryptoRequest,
  type Handle,
  type PrivateView,
} from '../../engine/index.js';
import type { EnvelopeOf } from '../../net/envelope.js';
import type { EventData, EventType, TableEvent } from '../transcript.js';
import { stepType, type Cascade } from './cascade.js';
import type { StepType } from './event-pool.js';
import type { HandFollower, PrivateRequest } from './follower.js';
import { openDelivery, type Recipient } from './delivery.js';
import { faultData, hashBytes } from './fault-report.js';
import type { Halt } from './halt.js';
import { err, ok, type Result } from '../../result.js';
import type { MoveRefusal } from './move-refusal.js';
import { realTimeRefusal, shownAfter, turnRefusal } from './own-moves.js';
import { mergeRings } from './packets.js';
import { roundDigest } from './real-time.js';
import { makeOwnStep, stepJob, StepsElsewhere } from './steps-elsewhere.js';

/** Why a seat whose page lost its keys of the hand ends it (every page shows it). */
export const LOST_KEYS =
  "this seat's page lost its keys for the hand before they were stored (a reload, or site data cleared): start a new hand";

/** The secrets one seat holds in a hand, encoded for storage. */
export interface HandSecrets {
  readonly sealSecret: Uint8Array;
  /** Encoded PacketSecrets per packet. */
  readonly packets: Uint8Array[];
  /** Real time: the round this seat has committed to and not yet revealed. */
  readonly committed?: { round: number; actions: unknown[]; salt: Uint8Array } | null;
}

export interface SeatIO {
  /** Signs a table event by this seat (not yet sent). */
  sign(body: EnvelopeOf<'table-event'>['body']): EnvelopeOf<'table-event'>;
  /** Everything this seat must keep to finish the hand after a reload; called before the event that depends on it is published. */
  keepSecrets(secrets: HandSecrets): void;
  /** A signed event of ours, already taken in by the follower: persist and send it. */
  publish(envelope: EnvelopeOf<'table-event'>): void;
}

export class SeatAgent {
  private readonly sealSecret: Uint8Array;
  private readonly secrets = new Map<number, PacketSecrets>();
  /** Per packet: own lock keys and keys sealed to this seat. */
  private readonly rings = new Map<number, KeyRing>();
  private readonly known: Record<Handle, CardId> = {};
  private knownView: PrivateView | null = null;
  private readonly queue: unknown[] = [];
  private committed: { round: number; actions: unknown[]; salt: Uint8Array } | null = null;
  private disposed = false;

  constructor(
    private readonly follower: HandFollower,
    readonly seat: number,
    private readonly io: SeatIO,
    private readonly rng: RandomSource,
    restored?: HandSecrets,
    /** The name this seat plays under, signed in its ready (undefined: none, as before names were signed). */
    private readonly name?: string,
    /** Where its cascade steps are made (steps-elsewhere.ts); default: here, at once. */
    private readonly elsewhere = new StepsElsewhere(undefined, () => {}),
  ) {
    if (restored) {
      this.sealSecret = restored.sealSecret;
      this.committed = restored.committed ?? null;
      for (const bytes of restored.packets) {
        const secrets = decodePacketSecrets(bytes, { hand: follower.book.hand, seat });
        this.secrets.set(secrets.packet, secrets);
      }
    } else {
      this.sealSecret = sealKeyPair(rng).secretKey;
    }
    follower.hooks = {
      ...follower.hooks,
      delivered: (request, events) => this.delivered(request, events),
      madeHere: (packet, event) => this.madeHere(packet, event),
    };
    follower.book.ownKey = (packet, layer, position) => this.ownKey(packet, layer, position);
  }

  /**
   * What this seat knows, as a frozen copy: the same object until it learns a card, so a page that asks at every
   * change (its view, the hints, the legal moves) neither copies it again nor compares it card by card
   * (card-hints.ts), and no reader can change what the next one reads.
   */
  get privateView(): PrivateView {
    return (this.knownView ??= Object.freeze({ known: Object.freeze({ ...this.known }) }));
  }
  /** Real-time moves of this seat not yet ordered (queued or committed). */
  get pendingMoves(): number {
    return (
      this.queue.length +
      (this.committed && this.committed.round >= this.follower.round ? this.committed.actions.length : 0)
    );
  }
  dispose(): void {
    this.disposed = true;
  }

  /** Makes the one event this seat owes now, if any (the follower has taken it in). */
  produce(): boolean {
    const f = this.follower;
    if (this.disposed || f.halt) return false;
    if (!this.holdsSealKey()) {
      // Ended with its cause, naming nobody: an abandon while one is allowed, else a stop on this page.
      if (this.abandon(LOST_KEYS)) return true;
      f.fault(LOST_KEYS);
      return false;
    }
    const me = this.seat;
    switch (f.phase) {
      case 'ready':
        if (f.pool.ready(me)) return false;
        this.io.keepSecrets(this.forStorage());
        return this.emit('ready', {
          sealKey: x25519PublicKey(this.sealSecret),
          setup: f.setupDigest,
          terms: f.termsDigest,
          ...(this.name !== undefined ? { name: this.name } : {}),
        });
      case 'dealing':
      case 'play':
        if (f.cascade) return this.makeStep(f.cascade);
        return f.phase === 'play' && this.producePlay();
      case 'disclose':
        // An audit at once for a fault this peer found: its signed report tells the others to audit too (early-audit.ts).
        if (f.auditCause?.reporter === null && !f.pool.faultReports().some((e) => e.seat === me))
          return this.emit('fault', faultData(f.auditCause.fault));
        if (f.pool.slot('disclose', 0, me)) return false;
        return this.emit('disclose', {
          secrets: [...this.secrets.values()].map((s) => encodePacketSecrets(s, f.book.hand)),
          sealSecret: this.sealSecret,
        });
      default:
        return false;
    }
  }

  private makeStep(cascade: Cascade): boolean {
    const me = this.seat;
    const state = cascade.state;
    const type = stepType(state);
    if (state.phase === 'locked' || state.next !== me || this.follower.pool.step(type, cascade.packet, me))
      return false;
    const mine = this.secrets.get(cascade.packet) ?? newPacketSecrets(cascade.packet, me);
    const sources = (packet: number) => this.secrets.get(packet);
    const there = this.elsewhere.take(state, me, () => stepJob(state, me, mine, sources));
    if (there === 'wait') return false;
    const made = there === 'here' ? makeOwnStep(state, me, mine, sources, this.rng) : there;
    this.secrets.set(cascade.packet, made.secrets);
    this.io.keepSecrets(this.forStorage());
    this.made.set(`${cascade.packet}:${type}`, { bytes: made.bytes, step: made.message });
    return this.emit(type, { packet: cascade.packet, step: made.bytes });
  }

  /** The cascade steps this agent made in this page's memory, by packet and type, with their bytes (not kept in storage). */
  private readonly made = new Map<string, { readonly bytes: Uint8Array; readonly step: CryptoStep }>();

  /** The step this agent made, for this seat's step event whose bytes are exactly its encoding (the follower skips its proofs and its decoding). */
  private madeHere(packet: number, event: TableEvent<StepType>): CryptoStep | undefined {
    const made = this.made.get(`${packet}:${event.type}`);
    if (event.seat !== this.seat || made === undefined || !equalBytes(made.bytes, event.data.step)) return undefined;
    if (event.type === 'lock') this.lockedHere.add(packet);
    return made.step;
  }

  /** Packets whose lock step the follower took as this agent made it: their K of this seat are k·G of its keys. */
  private readonly lockedHere = new Set<number>();

  /**
   * This seat's key for `position` of `packet` when the packet's lock step was made here (packets.ts
   * `ownKey`): a public share of this seat's layer is compared with it instead of multiplied.
   */
  private ownKey(packet: number, layer: number, position: number): bigint | undefined {
    if (layer !== this.seat || !this.lockedHere.has(packet)) return undefined;
    return this.secrets.get(packet)?.lock?.[position];
  }

  private producePlay(): boolean {
    const f = this.follower;
    const awaiting = f.game.awaits(f.state!);
    if (awaiting.kind === 'crypto') {
      // This seat's shares for every pending request at once (they are independent); the follower completes them in id order.
      for (const request of awaiting.requests) {
        if (request.kind === 'reshuffle' || f.pool.keys(request.id, this.seat)) continue;
        if (!contributors(request, f.players).includes(this.seat) || !f.book.group(request.handles)) continue;
        return this.publishShares(request);
      }
      return false;
    }
    if (awaiting.kind === 'anytime') return this.produceRealTime();
    return false;
  }

  private publishShares(request: Exclude<CryptoRequest, { kind: 'reshuffle' }>): boolean {
    const f = this.follower;
    const me = this.seat;
    const messages: KeyShares[] = [];
    for (const [packet, positions] of f.book.group(request.handles)!) {
      const state = f.book.packets.get(packet)!;
      if (request.kind === 'forward') messages.push(forwardToSeat(state, me, this.ring(packet), positions, request.to));
      else
        messages.push(
          revealToSeat(
            state,
            me,
            this.secrets.get(packet)!,
            positions,
            request.kind === 'reveal-to' ? request.seat : ALL_SEATS,
          ),
        );
    }
    if (request.kind === 'reveal-all')
      return this.emit('keys', { request: request.id, shares: messages.map(encodeKeyShares), to: null });
    const to = request.kind === 'reveal-to' ? request.seat : request.to;
    const mine = this.sealPair();
    const shares = messages.map((m) =>
      f.book.seal(encodeKeyShares(m), m.header.packet, me, mine, to, f.sealKeys[to]!, this.rng),
    );
    return this.emit('keys', { request: request.id, shares, to });
  }

  /** Real time (real-time.ts): commit to the queued moves (or to none, once another seat opened the round), then reveal. */
  private produceRealTime(): boolean {
    const f = this.follower;
    if (f.orderedPending > 0) return false;
    const r = f.round;
    const me = this.seat;
    const seats = [...Array(f.players).keys()];
    if (!f.pool.commit(r, me)) {
      const opened = seats.find((seat) => seat !== me && f.pool.commit(r, seat));
      if (this.queue.length === 0 && opened === undefined) return false;
      const actions = this.queue.splice(0, 16);
      const salt = this.rng(32);
      this.committed = { round: r, actions, salt };
      this.io.keepSecrets(this.forStorage());
      // With no move of its own, the commit answers the one that opened the round: the round is charged to its opener.
      const answers = actions.length === 0 && opened !== undefined ? f.pool.commit(r, opened)!.envelope.sig : null;
      return this.emit('commit', {
        round: r,
        digest: roundDigest(f.setup.table, f.setup.handNo, r, me, actions, salt),
        ...(answers ? { answers } : {}),
      });
    }
    if (seats.some((seat) => !f.pool.commit(r, seat)) || f.pool.reveal(r, me)) return false;
    const mine = this.committed;
    if (!mine || mine.round !== r) throw new Error(`lost the moves committed for round ${r}`);
    return this.emit('reveal', { round: r, actions: mine.actions, salt: mine.salt });
  }

  /**
   * The state this seat's table shows: the agreed one, and in real time with this seat's moves not yet played on it
   * (own-moves.ts `shownAfter`), so a play shows at once and a lost race takes its card back.
   */
  get shownState(): AnyState | null {
    const f = this.follower;
    if (!f.state || f.phase !== 'play' || !(f.game.awaits(f.state).kind === 'anytime' || f.realTimeStarted))
      return f.state;
    return shownAfter(f.game, f.state, this.seat, this.unplayedRealTime());
  }

  /** The legal actions of this seat now (empty unless it is awaited), on the state its table shows. */
  legalActions(): unknown[] {
    const f = this.follower;
    if (f.phase !== 'play' || !f.state || f.halt || f.cardsInFlight) return [];
    const state = this.shownState ?? f.state;
    const awaiting = f.game.awaits(state);
    if (awaiting.kind === 'over') return [];
    if (awaiting.kind !== 'anytime' && f.pendingAct(this.seat)) return [];
    return f.game.legalActions(state, this.seat, this.privateView);
  }

  /** This seat's move: made (the caller runs the follower), or why not as a typed code. */
  act(action: unknown): Result<void, MoveRefusal> {
    const f = this.follower;
    if (f.halt) return err({ code: 'stopped' });
    if (f.phase !== 'play' || !f.state) return err({ code: 'not-in-play' });
    const claims = f.game.claimedCards(action);
    if (claims === null) return err({ code: 'not-a-move' });
    if (f.game.awaits(f.state).kind === 'anytime' || f.realTimeStarted) {
      // Real time: the move joins this seat's next round; the order is agreed there.
      if (claims.length > 0) return err({ code: 'reveals-in-real-time' });
      const refused = realTimeRefusal(f.game, f.state, this.seat, this.unplayedRealTime(), action);
      if (refused !== null) return err({ code: 'rules', rule: refused });
      this.queue.push(action);
      return ok(undefined);
    }
    // Tried after this seat's own acts not applied yet (a choice waiting for the others'), so a double click is refused here.
    const earlier = f.pendingActs(this.seat).map((event) => event.data.action);
    const refused = turnRefusal(f.game, f.state, this.seat, earlier, action);
    if (refused !== null) return err({ code: 'rules', rule: refused });
    const groups = f.book.group(claims.map((c) => c.handle));
    if (!groups) return err({ code: 'not-dealt' });
    const keys = [...groups].map(([packet, positions]) =>
      encodeKeyShares(revealToAll(f.book.packets.get(packet)!, this.seat, this.ring(packet), positions)),
    );
    this.emit('act', { action, keys });
    return ok(undefined);
  }

  /** This seat's real-time moves not yet played, oldest first: ordered, committed, then queued. */
  private unplayedRealTime(): unknown[] {
    const f = this.follower;
    const ordered = f.orderedMoves.filter((move) => move.seat === this.seat).map((move) => move.action);
    const committed = this.committed && this.committed.round >= f.round ? this.committed.actions : [];
    return [...ordered, ...committed, ...this.queue];
  }

  /** Ends the hand without a result; refused once play is over (the disclosures are owed then). */
  abandon(reason: string): boolean {
    const phase = this.follower.phase;
    if (this.follower.halt || phase === 'done' || phase === 'disclose') return false;
    return this.emit('abandon', { reason: reason.slice(0, 300) });
  }

  /** Whether this page holds the secret of the seal key this seat's ready announced (known once every ready is in). */
  private sealKeyHeld: boolean | null = null;

  /**
   * False when this seat's ready announced a seal key whose secret this page does not hold: it came back without
   * the secrets it stored (a reload before the write landed, site data cleared). Sealing with another secret would
   * make keys nobody can open, and opening with it would blame the sender: either would name an honest seat.
   */
  private holdsSealKey(): boolean {
    const announced = this.follower.sealKeys[this.seat];
    if (announced === undefined) return true;
    this.sealKeyHeld ??= equalBytes(x25519PublicKey(this.sealSecret), announced);
    return this.sealKeyHeld;
  }

  /** This seat's X25519 key pair for the hand (what its ready announced). */
  private sealPair(): SealKeyPair {
    return { secretKey: this.sealSecret, publicKey: this.follower.sealKeys[this.seat]! };
  }

  /** A reveal-to or forward: if it is for this seat, open the shares sealed to it, check them and learn the cards. */
  private delivered(request: PrivateRequest, events: readonly TableEvent<'keys'>[]): Halt | null {
    const recipient = request.kind === 'reveal-to' ? request.seat : request.to;
    // Keys it cannot open are not the sender's fault: the hand ends with this page's own cause (`produce`).
    if (recipient !== this.seat || !this.holdsSealKey()) return null;
    const opened = openDelivery(this.follower, this.recipient(), request, events);
    if (!opened.ok) return opened.error;
    for (const [handle, card] of opened.value) this.known[handle] = card;
    this.knownView = null;
    return null;
  }

  /** What opening a delivery needs of this seat (delivery.ts). */
  private recipient(): Recipient {
    return {
      seat: this.seat,
      pair: this.sealPair(),
      rng: this.rng,
      ring: (packet) => this.ring(packet),
      keep: (msg) => void this.rings.set(msg.header.packet, withKeyShares(this.ownRing(msg.header.packet), msg)),
      secrets: (packet) => this.secrets.get(packet),
    };
  }

  private ownRing(packet: number): KeyRing {
    const cached = this.rings.get(packet);
    if (cached) return cached;
    const secrets = this.secrets.get(packet);
    if (!secrets?.lock) return new Map();
    const ring = withOwnKeys(new Map(), secrets);
    this.rings.set(packet, ring);
    return ring;
  }

  /** Every key of `packet` this seat holds: its own, those sealed to it, and the public ones. */
  private ring(packet: number): KeyRing {
    return mergeRings(this.ownRing(packet), this.follower.book.publicRing(packet));
  }

  private emit<T extends EventType>(type: T, data: EventData<T>): boolean {
    if (this.disposed) return false;
    const f = this.follower;
    const envelope = this.io.sign({
      hand: f.setup.handNo,
      n: f.pool.nextSeq(this.seat),
      ...hashBytes(f.hashes),
      type,
      data,
    });
    if (!f.take(envelope)) throw new Error(`own ${type} event was not taken in`);
    this.io.publish(envelope);
    return true;
  }

  private forStorage(): HandSecrets {
    return {
      sealSecret: this.sealSecret,
      packets: [...this.secrets.values()].map((s) => encodePacketSecrets(s, this.follower.book.hand)),
      committed: this.committed,
    };
  }
}

export { hashBytes } from './fault-report.js';
