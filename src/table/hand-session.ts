/**
 * One hand at a table, on one peer: the effect runner that drives the
 * mental-poker library (crypto/) and the rules engine (src/engine) from the
 * signed events of the hand's transcript.
 *
 * Events arrive in any order and are kept by slot (transcript.ts). The order
 * in which they take effect is decided here, from what the protocol and the
 * engine await, never by arrival: the ready round, then each packet's cascade
 * in seat order, then the engine's crypto requests in id order and moves as
 * the engine awaits them (simultaneous choices only once all are in, applied
 * in seat order), then the disclosure round and the audit. Every event
 * carries its author's state hash at `at` engine steps; a different hash
 * halts the hand with "desync at step N". Anything invalid (a bad proof, a
 * wrong key, a false card claim, an illegal move, two different events for
 * one slot) halts the hand and names the author.
 *
 * The session never sends by itself: `publish` hands a signed envelope to the
 * caller, which persists it (with the secrets it depends on) before it goes
 * out. A reloaded page feeds back every stored event and secret and the hand
 * replays to where it was, without producing anything twice.
 */
import {
  ALL_SEATS,
  type DeckSize,
  type Hand,
  type KeyRing,
  type KeyShares,
  type PacketInput,
  type PacketSecrets,
  type PacketState,
  type PacketTranscript,
  type RandomSource,
  type Step,
  audit as auditCrypto,
  createHand,
  decodeKeyShares,
  decodeLockStep,
  decodePacketSecrets,
  decodeRelayerStep,
  decodeShuffleStep,
  encodeKeyShares,
  encodeLockStep,
  encodePacketSecrets,
  encodeRelayerStep,
  encodeShuffleStep,
  forwardToSeat,
  makeLockStep,
  makeRelayerStep,
  makeShuffleStep,
  newPacketSecrets,
  openCards,
  openDeck,
  openReshuffle,
  revealToAll,
  revealToSeat,
  seal,
  sealAad,
  sealKeyPair,
  systemRandom,
  unseal,
  verifyKeyShares,
  verifyLockStep,
  verifyRelayerStep,
  verifyShuffleStep,
  withKeyShares,
  withOwnKeys,
} from '../../crypto/index.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { concatBytes, hexToBytes, utf8ToBytes } from '@noble/hashes/utils.js';
import { x25519 } from '@noble/curves/ed25519.js';
import {
  canonicalJson,
  contributors,
  stateHash,
  type AnyGame,
  type AnyState,
  type AuditReport,
  type CardId,
  type CryptoRequest,
  type Handle,
  type Input,
  type OpenCards,
  type PrivateView,
  type SetupArgs,
} from '../engine/index.js';
import { keyHex, type EnvelopeOf } from '../net/envelope.js';
import { parseEvent, slotOf, type EventData, type EventType, type TableEvent } from './transcript.js';

export interface HandConfig {
  readonly table: string;
  readonly handNo: number;
  /** Identity keys (hex) of the seats, in seat order. */
  readonly seatKeys: readonly string[];
  readonly mySeat: number;
  readonly game: AnyGame;
  readonly setup: SetupArgs;
  readonly rng?: RandomSource;
}

export interface HandIO {
  /** Signs a table event by this seat (not yet sent): the caller persists then sends it. */
  sign(body: EnvelopeOf<'table-event'>['body']): EnvelopeOf<'table-event'>;
  /** Everything this seat must keep to finish the hand after a reload; called before the event that depends on it is published. */
  keepSecrets(secrets: HandSecrets): void;
  /** A signed event of ours, to persist and send. */
  publish(envelope: EnvelopeOf<'table-event'>): void;
  /** Something changed (state, phase, a halt): re-render. */
  changed(): void;
}

/** The secrets one seat holds in a hand, encoded for storage. */
export interface HandSecrets {
  readonly sealSecret: Uint8Array;
  /** Encoded PacketSecrets per packet. */
  readonly packets: Uint8Array[];
  /** Real time: the round this seat has committed to and not yet revealed. */
  readonly committed?: { round: number; actions: unknown[]; salt: Uint8Array } | null;
}

/** A real-time move that lost its race (its top changed first): shown as bounced, blamed on nobody. */
export interface Bounce {
  readonly round: number;
  readonly seat: number;
  readonly action: unknown;
  readonly error: string;
}

export type HandPhase = 'ready' | 'dealing' | 'play' | 'disclose' | 'done' | 'halted';

export interface Halt {
  readonly reason: string;
  /** The seat to blame, or null when nobody can be blamed (an abandon, a desync). */
  readonly blame: number | null;
  readonly kind: 'blame' | 'desync' | 'abandoned';
}

export interface HandAudit {
  readonly clean: boolean;
  readonly blame: number | null;
  readonly reason: string;
  readonly crypto: 'clean' | string;
  readonly rules: AuditReport | null;
}

export interface Waiting {
  readonly seats: number[];
  readonly what: string;
}

interface Cascade {
  readonly packet: number;
  state: PacketState;
  readonly record: { relayer: Step[]; shuffle: Step[]; lock: Step[] };
  readonly request: CryptoRequest | null;
  readonly inputs: readonly PacketInput[] | null;
}

const ZERO_HASH = new Uint8Array(32);
const DECK_SIZES: readonly number[] = [32, 52, 54, 104];

export class HandSession {
  readonly config: HandConfig;
  readonly players: number;
  private readonly io: HandIO;
  private readonly rng: RandomSource;
  private readonly hand: Hand;
  private readonly pool = new Map<string, TableEvent>();
  private readonly nextN: number[];
  private readonly actsConsumed: number[];
  private myN = 0;
  private phaseValue: HandPhase = 'ready';
  private haltValue: Halt | null = null;
  private auditValue: HandAudit | null = null;
  private sealSecret: Uint8Array;
  private sealKeys: (Uint8Array | undefined)[] = [];
  private readonly packets = new Map<number, PacketState>();
  private readonly transcripts: PacketTranscript[] = [];
  private readonly publicShares: KeyShares[] = [];
  private readonly mySecrets = new Map<number, PacketSecrets>();
  private readonly rings = new Map<number, KeyRing>();
  /** handle → where its card lies in the crypto packets. */
  private readonly handleAt: { packet: number; position: number }[] = [];
  private cascade: Cascade | null = null;
  private state: AnyState | null = null;
  private readonly inputs: Input[] = [];
  private readonly hashes: string[] = [];
  private readonly known: Record<Handle, CardId> = {};
  /** Requests whose shares this seat has published. */
  private readonly sharesSent = new Set<number>();
  /** Acts this seat asked for but the pump has not published yet (none: published at once). */
  private pumping = false;
  private disposed = false;
  private pumpAgain = false;
  /** The audit runs once, after every disclosure is in. */
  private auditing = false;
  // Real time (awaits 'anytime'): commit–reveal rounds, see advanceRealTime.
  private round = 0;
  private readonly queue: unknown[] = [];
  private committed: { round: number; actions: unknown[]; salt: Uint8Array } | null = null;
  private readonly ordered: { seat: number; action: unknown; round: number }[] = [];
  private readonly bounceList: Bounce[] = [];

  constructor(config: HandConfig, io: HandIO, restored?: HandSecrets) {
    this.config = config;
    this.io = io;
    this.rng = config.rng ?? systemRandom;
    this.players = config.seatKeys.length;
    this.nextN = Array.from({ length: this.players }, () => 0);
    this.actsConsumed = Array.from({ length: this.players }, () => 0);
    const setup = config.game.setup(config.setup);
    if (!setup.ok) throw new RangeError(`cannot set up ${config.game.id}: ${setup.error}`);
    const deckSize = setup.state.deck.length;
    if (!DECK_SIZES.includes(deckSize)) throw new RangeError(`deck of ${deckSize} cards has no mental-poker support`);
    this.hand = createHand({
      tableId: new TextEncoder().encode(config.table),
      handNo: config.handNo,
      seats: this.players,
      deckSize: deckSize as DeckSize,
    });
    if (restored) {
      this.sealSecret = restored.sealSecret;
      this.committed = restored.committed ?? null;
      for (const bytes of restored.packets) {
        const secrets = decodePacketSecrets(bytes, { hand: this.hand, seat: config.mySeat });
        this.mySecrets.set(secrets.packet, secrets);
      }
    } else {
      this.sealSecret = sealKeyPair(this.rng).secretKey;
    }
  }

  // ------------------------------------------------------------ reading

  get phase(): HandPhase {
    return this.phaseValue;
  }
  get halt(): Halt | null {
    return this.haltValue;
  }
  get auditResult(): HandAudit | null {
    return this.auditValue;
  }
  get engineState(): AnyState | null {
    return this.state;
  }
  get step(): number {
    return this.inputs.length;
  }
  get privateView(): PrivateView {
    return { known: { ...this.known } };
  }
  get hash(): string | null {
    return this.hashes.at(-1) ?? null;
  }
  /** Real-time moves that lost their race, oldest first. */
  get bounces(): readonly Bounce[] {
    return this.bounceList;
  }

  /** Real-time moves of this seat not yet ordered (queued or committed). */
  get pendingMoves(): number {
    return this.queue.length + (this.committed?.actions.length ?? 0);
  }

  /** The inputs applied so far (moves and crypto completions), for the game log. */
  loggedInputs(): readonly Input[] {
    return this.inputs;
  }

  /** Every event this peer holds, for fetch answers and persistence. */
  events(): EnvelopeOf<'table-event'>[] {
    return [...this.pool.values()].map((e) => e.envelope);
  }
  /** Per author (hex key), how many of its events this peer holds in order. */
  have(): Record<string, number> {
    const out: Record<string, number> = {};
    this.config.seatKeys.forEach((key, seat) => (out[key] = this.nextN[seat] ?? 0));
    return out;
  }

  /** Who the hand waits for now, and for what. */
  waiting(): Waiting | null {
    if (this.haltValue || this.phaseValue === 'done') return null;
    const all = [...Array(this.players).keys()];
    const missing = (slot: string) => all.filter((seat) => !this.pool.has(`${seat}|${slot}`));
    switch (this.phaseValue) {
      case 'ready':
        return { seats: missing('ready'), what: 'to start the hand' };
      case 'dealing':
        return this.cascade ? { seats: [this.cascade.state.next], what: `to ${this.cascade.state.phase} the deck` } : null;
      case 'disclose':
        return { seats: missing('disclose'), what: 'to open their secrets for the audit' };
      case 'play': {
        const state = this.state;
        if (!state) return null;
        const awaiting = this.config.game.awaits(state);
        if (awaiting.kind === 'crypto') {
          const request = awaiting.requests[0]!;
          const owed = this.contributors(request).filter((seat) => !this.pool.has(`${seat}|keys:${request.id}`));
          return { seats: owed, what: 'to send card keys' };
        }
        if (awaiting.kind === 'move') return { seats: [awaiting.seat], what: awaiting.what };
        if (awaiting.kind === 'choices') return { seats: awaiting.seats, what: awaiting.what };
        if (awaiting.kind === 'anytime') {
          // Nobody is late while nobody has moved; once a round is open, those who have not answered are.
          const all = [...Array(this.players).keys()];
          const commits = all.filter((seat) => this.pool.has(`${seat}|commit:${this.round}`));
          if (commits.length === 0) return { seats: [], what: awaiting.what };
          const slot = commits.length < this.players ? 'commit' : 'reveal';
          return { seats: all.filter((seat) => !this.pool.has(`${seat}|${slot}:${this.round}`)), what: `to ${slot} their moves` };
        }
        return null;
      }
      default:
        return null;
    }
  }

  /** The legal actions of this seat now (empty unless it is awaited). */
  legalActions(): unknown[] {
    if (this.phaseValue !== 'play' || !this.state || this.haltValue) return [];
    const awaiting = this.config.game.awaits(this.state);
    if (awaiting.kind === 'crypto' || awaiting.kind === 'over') return [];
    if (awaiting.kind !== 'anytime' && this.pendingActOf(this.config.mySeat)) return [];
    return this.config.game.legalActions(this.state, this.config.mySeat, this.privateView);
  }

  // ------------------------------------------------------------ input

  /** Starts the hand (publishes this seat's ready) and processes what is known. */
  start(): void {
    this.pump();
  }

  /**
   * Events this peer stored before a reload: taken in without acting on any,
   * so that nothing of ours is produced again before all of it is back.
   */
  preload(envelopes: readonly EnvelopeOf<'table-event'>[]): void {
    for (const envelope of envelopes) this.accept(envelope);
  }

  /** A verified envelope from the mesh. */
  receive(envelope: EnvelopeOf<'table-event'>): void {
    if (this.accept(envelope)) this.pump();
  }

  private accept(envelope: EnvelopeOf<'table-event'>): boolean {
    if (envelope.body.hand !== this.config.handNo) return false;
    const seat = this.config.seatKeys.indexOf(keyHex(envelope.from));
    if (seat < 0) return false;
    const parsed = parseEvent(envelope, seat);
    if (!parsed.ok) {
      this.stop({ kind: 'blame', blame: seat, reason: parsed.error });
      return false;
    }
    return this.store(parsed.event);
  }

  /** This seat's move, from the UI or a bot. Returns an error to show, or null. */
  act(action: unknown): string | null {
    if (this.phaseValue !== 'play' || !this.state) return 'the hand is not in play';
    if (this.haltValue) return 'the hand has stopped';
    const claims = this.config.game.claimedCards(action);
    if (claims === null) return 'that is not a move of this game';
    if (this.config.game.awaits(this.state).kind === 'anytime' || this.realTimeGame()) {
      // Real time: the move joins this seat's next round; the order is agreed there.
      if (claims.length > 0) return 'real-time moves cannot reveal hidden cards';
      this.queue.push(action);
      this.pump();
      return null;
    }
    const trial = this.config.game.reduce(this.state, { kind: 'act', seat: this.config.mySeat, action });
    if (!trial.ok) return `not allowed now (${trial.error})`;
    const keys: Uint8Array[] = [];
    const byPacket = this.groupByPacket(claims.map((c) => c.handle));
    for (const [packet, positions] of byPacket) {
      const state = this.packets.get(packet)!;
      keys.push(encodeKeyShares(revealToAll(state, this.config.mySeat, this.ring(packet), positions)));
    }
    this.emit('act', { action, keys });
    this.pump();
    return null;
  }

  /** Ends the hand without a result (after a stall); every peer stops on it. */
  abandon(reason: string): void {
    if (this.haltValue || this.phaseValue === 'done') return;
    this.emit('abandon', { reason: reason.slice(0, 300) });
    this.pump();
  }

  // ------------------------------------------------------------ the pump

  /** The page is going away (or the table closed): do nothing more. */
  dispose(): void {
    this.disposed = true;
  }

  private pump(): void {
    if (this.disposed) return;
    if (this.pumping) {
      this.pumpAgain = true;
      return;
    }
    this.pumping = true;
    try {
      do {
        this.pumpAgain = false;
        let guard = 0;
        while (!this.haltValue && this.advance()) {
          if (++guard > 100_000) throw new Error('hand session made no progress');
        }
      } while (this.pumpAgain);
    } catch (error) {
      this.stop({ kind: 'blame', blame: null, reason: `internal error: ${error instanceof Error ? error.message : String(error)}` });
    } finally {
      this.pumping = false;
    }
    this.io.changed();
  }

  /** One unit of progress; false when nothing more can happen until an event arrives. */
  private advance(): boolean {
    const abandon = [...Array(this.players).keys()].map((s) => this.pool.get(`${s}|abandon`)).find(Boolean);
    if (abandon && this.phaseValue !== 'done') {
      const reason = (abandon.data as EventData<'abandon'>).reason;
      this.stop({ kind: 'abandoned', blame: null, reason: `${this.seatName(abandon.seat)} ended the hand without a result: ${reason}` });
      return false;
    }
    switch (this.phaseValue) {
      case 'ready':
        return this.advanceReady();
      case 'dealing':
        return this.advanceCascade();
      case 'play':
        return this.cascade ? this.advanceCascade() : this.advancePlay();
      case 'disclose':
        return this.advanceDisclose();
      default:
        return false;
    }
  }

  private advanceReady(): boolean {
    const me = this.config.mySeat;
    if (!this.pool.has(`${me}|ready`)) {
      this.io.keepSecrets(this.secretsForStorage());
      this.emit('ready', { sealKey: sealKeyPairFrom(this.sealSecret) });
      return true;
    }
    const readies = [...Array(this.players).keys()].map((s) => this.pool.get(`${s}|ready`));
    if (readies.some((r) => !r)) return false;
    this.sealKeys = readies.map((r) => (r!.data as EventData<'ready'>).sealKey);
    const setup = this.config.game.setup(this.config.setup);
    if (!setup.ok) throw new Error(setup.error);
    this.state = setup.state;
    this.hashes.push(stateHash(setup.state));
    for (let i = 0; i < this.hand.params.deckSize; i++) this.handleAt[i] = { packet: 0, position: i };
    this.cascade = { packet: 0, state: openDeck(this.hand, 0), record: { relayer: [], shuffle: [], lock: [] }, request: null, inputs: null };
    this.phaseValue = 'dealing';
    return true;
  }

  private advanceCascade(): boolean {
    const cascade = this.cascade!;
    const state = cascade.state;
    if (state.phase === 'locked') return this.finishCascade(cascade);
    const seat = state.next;
    const kind = state.phase;
    const slot = `${kind === 'relayer' ? 'reshuffle' : kind}:${cascade.packet}`;
    const event = this.pool.get(`${seat}|${slot}`);
    if (!event) {
      if (seat !== this.config.mySeat) return false;
      this.makeStep(cascade);
      return true;
    }
    if (!this.crossCheck(event)) return false;
    const bytes = (event.data as EventData<'shuffle'>).step;
    const expect = { hand: this.hand, packet: cascade.packet, seat };
    try {
      let verdict;
      if (kind === 'shuffle') {
        const msg = decodeShuffleStep(bytes, expect);
        verdict = verifyShuffleStep(state, msg);
        cascade.record.shuffle.push(msg);
      } else if (kind === 'lock') {
        const msg = decodeLockStep(bytes, expect);
        verdict = verifyLockStep(state, msg, this.rng);
        cascade.record.lock.push(msg);
      } else {
        const msg = decodeRelayerStep(bytes, expect);
        verdict = verifyRelayerStep(state, msg, this.rng);
        cascade.record.relayer.push(msg);
      }
      if (!verdict.ok) {
        this.stop({ kind: 'blame', blame: seat, reason: `bad ${kind} step: ${verdict.fault.reason}` });
        return false;
      }
      cascade.state = verdict.value;
    } catch (error) {
      this.stop({ kind: 'blame', blame: seat, reason: `malformed ${kind} step: ${(error as Error).message}` });
      return false;
    }
    return true;
  }

  private makeStep(cascade: Cascade): void {
    const me = this.config.mySeat;
    const state = cascade.state;
    const mine = this.mySecrets.get(cascade.packet) ?? newPacketSecrets(cascade.packet, me);
    let bytes: Uint8Array;
    let secrets: PacketSecrets;
    if (state.phase === 'shuffle') {
      const made = makeShuffleStep(state, me, mine, this.rng);
      bytes = encodeShuffleStep(made.message);
      secrets = made.secrets;
    } else if (state.phase === 'lock') {
      const made = makeLockStep(state, me, mine, this.rng);
      bytes = encodeLockStep(made.message);
      secrets = made.secrets;
    } else {
      const made = makeRelayerStep(state, me, mine, (pid) => this.mySecrets.get(pid), this.rng);
      bytes = encodeRelayerStep(made.message);
      secrets = made.secrets;
    }
    this.mySecrets.set(cascade.packet, secrets);
    this.io.keepSecrets(this.secretsForStorage());
    const type = state.phase === 'relayer' ? 'reshuffle' : (state.phase as 'shuffle' | 'lock');
    this.emit(type, { packet: cascade.packet, step: bytes });
  }

  private finishCascade(cascade: Cascade): boolean {
    const { packet, state, record } = cascade;
    this.packets.set(packet, state);
    this.transcripts.push({
      id: packet,
      source: state.source,
      relayer: record.relayer as PacketTranscript['relayer'],
      shuffle: record.shuffle as PacketTranscript['shuffle'],
      lock: record.lock as PacketTranscript['lock'],
    });
    const secrets = this.mySecrets.get(packet);
    if (secrets?.lock) this.rings.set(packet, withOwnKeys(new Map(), secrets));
    this.cascade = null;
    if (cascade.request) {
      const request = cascade.request as Extract<CryptoRequest, { kind: 'reshuffle' }>;
      request.into.forEach((handle, position) => (this.handleAt[handle] = { packet, position }));
      this.applyInput({ kind: 'reshuffled', request: request.id }, null);
    }
    this.phaseValue = 'play';
    return true;
  }

  private advancePlay(): boolean {
    const state = this.state!;
    const game = this.config.game;
    const awaiting = game.awaits(state);
    if (awaiting.kind === 'over') {
      this.phaseValue = 'disclose';
      return true;
    }
    if (awaiting.kind === 'crypto') return this.advanceRequests(awaiting.requests);
    if (awaiting.kind === 'move') {
      const event = this.pendingActOf(awaiting.seat);
      return event ? this.applyAct(event) : false;
    }
    if (awaiting.kind === 'choices') {
      const events = awaiting.seats.map((seat) => this.pendingActOf(seat));
      if (events.some((e) => !e)) return false;
      return this.applyAct(events[0]!);
    }
    return this.advanceRealTime();
  }

  private realTimeGame(): boolean {
    return this.ordered.length > 0 || this.round > 0;
  }

  /**
   * Real time (awaits 'anytime'). Play proceeds in rounds that the players
   * open themselves: a seat with moves to make (or that sees another seat's
   * commit for the round) commits to H(round, seat, moves, salt) — possibly no
   * moves; once every commit is in, each reveals its moves and salt; once every
   * reveal is in, the round's moves are interleaved one per seat at a time,
   * starting with the seat picked by a coin from all the salts. Nobody can bias
   * the coin (the salts are fixed before any is seen), a faster network only
   * gets a move into an earlier round, never ahead within a round, and a move
   * whose top changed meanwhile bounces (a race error) without blame. A reveal
   * that does not match its commit, or two commits for one round, are blamed;
   * a withheld reveal stalls the hand and names the seat.
   */
  private advanceRealTime(): boolean {
    if (this.ordered.length > 0) return this.applyOrdered();
    const me = this.config.mySeat;
    const all = [...Array(this.players).keys()];
    const r = this.round;
    const commits = all.map((seat) => this.pool.get(`${seat}|commit:${r}`));
    if (!commits[me]) {
      if (this.queue.length === 0 && !commits.some(Boolean)) return false;
      const actions = this.queue.splice(0, 16);
      const salt = this.rng(32);
      this.committed = { round: r, actions, salt };
      this.io.keepSecrets(this.secretsForStorage());
      this.emit('commit', { round: r, digest: this.roundDigest(r, me, actions, salt) });
      return true;
    }
    if (commits.some((c) => !c)) return false;
    const reveals = all.map((seat) => this.pool.get(`${seat}|reveal:${r}`));
    if (!reveals[me]) {
      const mine = this.committed;
      if (!mine || mine.round !== r) throw new Error(`lost the moves committed for round ${r}`);
      this.emit('reveal', { round: r, actions: mine.actions, salt: mine.salt });
      return true;
    }
    if (reveals.some((x) => !x)) return false;
    for (const event of [...commits, ...reveals] as TableEvent[]) if (!this.crossCheck(event)) return false;
    const salts: Uint8Array[] = [];
    const moves: unknown[][] = [];
    for (const seat of all) {
      const reveal = reveals[seat]!.data as EventData<'reveal'>;
      const commit = commits[seat]!.data as EventData<'commit'>;
      if (keyHex(this.roundDigest(r, seat, reveal.actions, reveal.salt)) !== keyHex(commit.digest)) {
        this.stop({ kind: 'blame', blame: seat, reason: `revealed moves for round ${r} that do not match its commit (equivocation)` });
        return false;
      }
      salts.push(reveal.salt);
      moves.push(reveal.actions);
    }
    const coin = sha256(concatBytes(utf8ToBytes(`fairdeck/round-coin/${r}\0`), ...salts))[0]! % this.players;
    for (let i = 0; moves.some((m) => i < m.length); i++) {
      for (let k = 0; k < this.players; k++) {
        const seat = (coin + k) % this.players;
        const action = moves[seat]![i];
        if (action !== undefined) this.ordered.push({ seat, action, round: r });
      }
    }
    if (this.committed?.round === r) this.committed = null;
    this.round = r + 1;
    return true;
  }

  /** Applies the agreed moves of a round one by one (crypto the rules ask for in between comes first). */
  private applyOrdered(): boolean {
    const state = this.state!;
    const awaiting = this.config.game.awaits(state);
    if (awaiting.kind === 'over') {
      this.ordered.length = 0;
      return true;
    }
    if (awaiting.kind !== 'anytime') return false;
    const next = this.ordered.shift()!;
    if (this.config.game.claimedCards(next.action) === null) {
      this.stop({ kind: 'blame', blame: next.seat, reason: 'sent a move that is not a move of this game' });
      return false;
    }
    const result = this.config.game.reduce(state, { kind: 'act', seat: next.seat, action: next.action });
    if (!result.ok) {
      if (this.config.game.raceErrors.includes(result.error)) {
        this.bounceList.push({ round: next.round, seat: next.seat, action: next.action, error: result.error });
        return true;
      }
      this.stop({ kind: 'blame', blame: next.seat, reason: `an illegal move: ${result.error}` });
      return false;
    }
    this.state = result.state;
    this.inputs.push({ kind: 'act', seat: next.seat, action: next.action });
    this.hashes.push(stateHash(result.state));
    return true;
  }

  private roundDigest(round: number, seat: number, actions: unknown[], salt: Uint8Array): Uint8Array {
    return sha256(
      concatBytes(
        utf8ToBytes(`fairdeck/round/v1\0${this.config.table}\0${this.config.handNo}\0${round}\0${seat}\0`),
        utf8ToBytes(canonicalJson(actions)),
        salt,
      ),
    );
  }

  private advanceRequests(requests: readonly CryptoRequest[]): boolean {
    let progressed = false;
    // Publish this seat's shares for every pending request at once (they are independent) …
    for (const request of requests) {
      if (request.kind === 'reshuffle') continue;
      if (!this.sharesSent.has(request.id) && this.contributors(request).includes(this.config.mySeat)) {
        if (this.pool.has(`${this.config.mySeat}|keys:${request.id}`)) {
          this.sharesSent.add(request.id);
          continue;
        }
        this.publishShares(request);
        progressed = true;
      }
    }
    if (progressed) return true;
    // … but complete them strictly in id order, so every peer applies the same sequence.
    const oldest = requests[0]!;
    if (oldest.kind === 'reshuffle') {
      const inputs: PacketInput[] = oldest.handles.map((handle) => {
        const card = this.state!.cards[handle]?.card ?? null;
        if (card !== null) return { kind: 'public', card: this.state!.deck.indexOf(card) };
        const at = this.handleAt[handle]!;
        return { kind: 'hidden', packet: at.packet, position: at.position };
      });
      const packet = this.transcripts.length;
      this.cascade = {
        packet,
        state: openReshuffle(this.hand, packet, inputs, this.packets),
        record: { relayer: [], shuffle: [], lock: [] },
        request: oldest,
        inputs,
      };
      return true;
    }
    const events = this.contributors(oldest).map((seat) => this.pool.get(`${seat}|keys:${oldest.id}`));
    if (events.some((e) => !e)) return false;
    return this.completeRequest(oldest, events as TableEvent[]);
  }

  private contributors(request: CryptoRequest): number[] {
    return contributors(request, this.players);
  }

  private publishShares(request: CryptoRequest): void {
    const me = this.config.mySeat;
    this.sharesSent.add(request.id);
    if (request.kind === 'reshuffle') return;
    const byPacket = this.groupByPacket(request.handles);
    const messages: KeyShares[] = [];
    let to: number | null = null;
    for (const [packet, positions] of byPacket) {
      const state = this.packets.get(packet)!;
      const secrets = this.mySecrets.get(packet)!;
      if (request.kind === 'reveal-all') messages.push(revealToSeat(state, me, secrets, positions, ALL_SEATS));
      else if (request.kind === 'reveal-to') {
        messages.push(revealToSeat(state, me, secrets, positions, request.seat));
        to = request.seat;
      } else {
        messages.push(forwardToSeat(state, me, this.ring(packet), positions, request.to));
        to = request.to;
      }
    }
    if (to === null) {
      this.emit('keys', { request: request.id, shares: messages.map(encodeKeyShares), to: null });
      return;
    }
    const sealKey = this.sealKeys[to]!;
    const shares = messages.map((m) => seal(sealKey, encodeKeyShares(m), this.aad(m.header.packet, me, to), this.rng));
    this.emit('keys', { request: request.id, shares, to });
  }

  private aad(packet: number, from: number, to: number): Uint8Array {
    return sealAad({ tableId: this.hand.params.tableId, handNo: this.hand.params.handNo, packet, purpose: 'keys', from, to });
  }

  private completeRequest(request: CryptoRequest, events: TableEvent[]): boolean {
    for (const event of events) if (!this.crossCheck(event)) return false;
    if (request.kind === 'reveal-all') {
      for (const event of events) {
        const shares = this.decodeShares(event, (event.data as EventData<'keys'>).shares, request.handles);
        if (!shares) return false;
        for (const msg of shares) this.publicShares.push(msg);
      }
      const cards = this.openHandles(request.handles);
      if (!cards) return false;
      this.applyInput({ kind: 'revealed', request: request.id, cards }, null);
      return true;
    }
    if (request.kind === 'reshuffle') return false;
    const recipient = request.kind === 'reveal-to' ? request.seat : request.to;
    if (recipient !== this.config.mySeat) {
      this.applyInput({ kind: 'delivered', request: request.id }, null);
      return true;
    }
    // Sealed to us: open, verify, learn the cards.
    for (const event of events) {
      const plain: Uint8Array[] = [];
      for (const sealed of (event.data as EventData<'keys'>).shares) {
        const opened = this.tryUnseal(sealed, event.seat, this.sealSecret, this.config.mySeat);
        if (!opened) {
          this.stop({ kind: 'blame', blame: event.seat, reason: `keys sealed to ${this.seatName(this.config.mySeat)} do not open` });
          return false;
        }
        plain.push(opened);
      }
      if (!this.decodeShares(event, plain, request.handles)) return false;
    }
    const cards = this.openHandles(request.handles);
    if (!cards) return false;
    Object.assign(this.known, cards);
    this.applyInput({ kind: 'delivered', request: request.id }, null);
    return true;
  }

  /** Opens a payload sealed by `from` to `to` (the packet is bound in the AAD; a hand uses few). */
  private tryUnseal(sealed: Uint8Array, from: number, secret: Uint8Array, to: number): Uint8Array | null {
    for (const packet of this.packets.keys()) {
      try {
        return unseal(secret, sealed, this.aad(packet, from, to), this.sealKeys[to]);
      } catch {
        // bound to another packet: try the next
      }
    }
    return null;
  }

  /** Decodes and verifies key shares of `event`'s author; adds them to our rings. Null after a halt. */
  private decodeShares(event: TableEvent, shares: readonly Uint8Array[], handles: readonly Handle[]): KeyShares[] | null {
    const wanted = new Set(handles.map((h) => `${this.handleAt[h]?.packet}/${this.handleAt[h]?.position}`));
    const out: KeyShares[] = [];
    for (const bytes of shares) {
      let msg: KeyShares;
      try {
        msg = decodeKeyShares(bytes, { hand: this.hand, seat: event.seat });
      } catch (error) {
        this.stop({ kind: 'blame', blame: event.seat, reason: `malformed keys: ${(error as Error).message}` });
        return null;
      }
      const state = this.packets.get(msg.header.packet);
      if (!state) {
        this.stop({ kind: 'blame', blame: event.seat, reason: `keys for unknown packet ${msg.header.packet}` });
        return null;
      }
      const fault = verifyKeyShares(state, msg);
      if (fault) {
        this.stop({ kind: 'blame', blame: event.seat, reason: `wrong key: ${fault.reason}` });
        return null;
      }
      if (msg.entries.some((e) => !wanted.has(`${msg.header.packet}/${e.position}`))) {
        this.stop({ kind: 'blame', blame: event.seat, reason: 'sent keys for cards that were not asked for' });
        return null;
      }
      this.rings.set(msg.header.packet, withKeyShares(this.ring(msg.header.packet), msg));
      out.push(msg);
    }
    return out;
  }

  /** Opens `handles` with the keys we hold; a point that is no card halts the hand, blaming whom the crypto fault names. */
  private openHandles(handles: readonly Handle[]): Record<string, CardId> | null {
    const cards: Record<string, CardId> = {};
    for (const [packet, positions] of this.groupByPacket(handles)) {
      const verdict = openCards(this.packets.get(packet)!, positions, this.ring(packet));
      if (!verdict.ok) {
        this.stop({ kind: 'blame', blame: verdict.fault.seat, reason: verdict.fault.reason });
        return null;
      }
      positions.forEach((position, i) => {
        const handle = this.handleOf(packet, position);
        cards[String(handle)] = this.state!.deck[verdict.value[i]!]!;
      });
    }
    return cards;
  }

  private applyAct(event: TableEvent): boolean {
    if (!this.crossCheck(event)) return false;
    const data = event.data as EventData<'act'>;
    const game = this.config.game;
    const claims = game.claimedCards(data.action);
    if (claims === null) {
      this.stop({ kind: 'blame', blame: event.seat, reason: 'sent a move that is not a move of this game' });
      return false;
    }
    if (claims.length > 0) {
      const handles = claims.map((c) => c.handle);
      if (handles.some((h) => !this.handleAt[h])) {
        this.stop({ kind: 'blame', blame: event.seat, reason: 'played a card handle that does not exist' });
        return false;
      }
      if (!this.decodeShares(event, data.keys, handles)) return false;
      const opened = this.openHandles(handles);
      if (!opened) return false;
      const lie = claims.find((c) => opened[String(c.handle)] !== c.card);
      if (lie) {
        this.stop({
          kind: 'blame',
          blame: event.seat,
          reason: `claimed to play ${lie.card} but its keys open ${opened[String(lie.handle)]}`,
        });
        return false;
      }
    }
    this.actsConsumed[event.seat] = (this.actsConsumed[event.seat] ?? 0) + 1;
    return this.applyInput({ kind: 'act', seat: event.seat, action: data.action }, event.seat);
  }

  private applyInput(input: Input, author: number | null): boolean {
    const next = this.config.game.reduce(this.state!, input);
    if (!next.ok) {
      if (author !== null && this.config.game.raceErrors.includes(next.error)) return true;
      this.stop({ kind: 'blame', blame: author, reason: `${author === null ? 'the table' : 'an illegal move'}: ${next.error}` });
      return false;
    }
    this.state = next.state;
    this.inputs.push(input);
    this.hashes.push(stateHash(next.state));
    return true;
  }

  private advanceDisclose(): boolean {
    const me = this.config.mySeat;
    if (!this.pool.has(`${me}|disclose`)) {
      const secrets = [...this.mySecrets.values()].map((s) => encodePacketSecrets(s, this.hand));
      this.emit('disclose', { secrets, sealSecret: this.sealSecret });
      return true;
    }
    const events = [...Array(this.players).keys()].map((s) => this.pool.get(`${s}|disclose`));
    if (events.some((e) => !e) || this.auditing) return false;
    this.auditing = true;
    this.auditValue = this.runAudit(events as TableEvent[]);
    this.phaseValue = 'done';
    return true;
  }

  private runAudit(events: TableEvent[]): HandAudit {
    const blame = (seat: number | null, reason: string, crypto = reason): HandAudit => ({
      clean: false,
      blame: seat,
      reason,
      crypto,
      rules: null,
    });
    const secrets: PacketSecrets[] = [];
    const sealSecrets: Uint8Array[] = [];
    for (const event of events) {
      const data = event.data as EventData<'disclose'>;
      if (keyHex(sealKeyPairFrom(data.sealSecret)) !== keyHex(this.sealKeys[event.seat]!)) {
        return blame(event.seat, 'disclosed a seal key that is not the one it announced');
      }
      sealSecrets[event.seat] = data.sealSecret;
      try {
        for (const bytes of data.secrets) secrets.push(decodePacketSecrets(bytes, { hand: this.hand, seat: event.seat }));
      } catch (error) {
        return blame(event.seat, `malformed secrets: ${(error as Error).message}`);
      }
    }
    // Every sealed key share, opened with its recipient's disclosed key, is checked too.
    const shares: KeyShares[] = [...this.publicShares];
    for (const event of this.pool.values()) {
      if (event.type !== 'keys' && event.type !== 'act') continue;
      if (event.type === 'act') {
        for (const bytes of (event.data as EventData<'act'>).keys) shares.push(decodeKeyShares(bytes, { hand: this.hand, seat: event.seat }));
        continue;
      }
      const data = event.data as EventData<'keys'>;
      if (data.to === null) continue;
      for (const sealed of data.shares) {
        const opened = this.tryUnseal(sealed, event.seat, sealSecrets[data.to]!, data.to);
        if (!opened) return blame(event.seat, `sent key shares to ${this.seatName(data.to)} that do not open`);
        try {
          shares.push(decodeKeyShares(opened, { hand: this.hand, seat: event.seat }));
        } catch (error) {
          return blame(event.seat, `sent malformed key shares: ${(error as Error).message}`);
        }
      }
    }
    const verdict = auditCrypto({ params: this.hand.params, packets: this.transcripts, keyShares: shares }, secrets, { hand: this.hand, rng: this.rng });
    if (verdict.verdict === 'fault') return blame(verdict.fault.seat, verdict.fault.reason);
    const open: OpenCards = {};
    for (const packet of verdict.packets) {
      packet.cards.forEach((card, position) => (open[this.handleOf(packet.id, position)] = this.state!.deck[card]!));
    }
    const rules = this.config.game.audit(this.config.setup, this.inputs, open);
    if (rules.verdict === 'fault') {
      return { clean: false, blame: rules.seat, reason: `rules: ${rules.reason} (input ${rules.index})`, crypto: 'clean', rules };
    }
    return { clean: true, blame: null, reason: 'clean', crypto: 'clean', rules };
  }

  // ------------------------------------------------------------ helpers

  private ring(packet: number): KeyRing {
    let ring = this.rings.get(packet);
    if (!ring) {
      ring = new Map();
      this.rings.set(packet, ring);
    }
    return ring;
  }

  private handleOf(packet: number, position: number): Handle {
    return this.handleAt.findIndex((at) => at !== undefined && at.packet === packet && at.position === position);
  }

  private groupByPacket(handles: readonly Handle[]): Map<number, number[]> {
    const out = new Map<number, number[]>();
    for (const handle of handles) {
      const at = this.handleAt[handle];
      if (!at) throw new RangeError(`handle ${handle} has no card`);
      out.set(at.packet, [...(out.get(at.packet) ?? []), at.position]);
    }
    return out;
  }

  private pendingActOf(seat: number): TableEvent | undefined {
    const consumed = this.actsConsumed[seat] ?? 0;
    let index = 0;
    for (const event of [...this.pool.values()].filter((e) => e.seat === seat && e.type === 'act').sort((a, b) => a.envelope.body.n - b.envelope.body.n)) {
      if (index++ === consumed) return event;
    }
    return undefined;
  }

  /** Compares the author's state hash at `at` with ours; halts on a difference. False also when we are not there yet. */
  private crossCheck(event: TableEvent): boolean {
    const { at, hash } = event.envelope.body;
    if (at > this.hashes.length - 1) return false;
    const ours = this.hashes[at];
    if (ours !== undefined && keyHex(hash) !== ours.slice(0, 64)) {
      this.stop({ kind: 'desync', blame: null, reason: `desync at step ${at}: ${this.seatName(event.seat)} computed a different state` });
      return false;
    }
    return true;
  }

  private store(event: TableEvent): boolean {
    const key = `${event.seat}|${slotOf(event)}`;
    const existing = this.pool.get(key);
    if (existing) {
      if (keyHex(existing.envelope.sig) === keyHex(event.envelope.sig)) return false;
      this.stop({ kind: 'blame', blame: event.seat, reason: `sent two different ${event.type} events for one purpose (equivocation)` });
      return false;
    }
    this.pool.set(key, event);
    // Count the author's events held in order (for fetch).
    const seat = event.seat;
    const held = new Set([...this.pool.values()].filter((e) => e.seat === seat).map((e) => e.envelope.body.n));
    let n = this.nextN[seat] ?? 0;
    while (held.has(n)) n++;
    this.nextN[seat] = n;
    if (seat === this.config.mySeat) this.myN = Math.max(this.myN, event.envelope.body.n + 1);
    return true;
  }

  private emit<T extends EventType>(type: T, data: EventData<T>): void {
    if (this.disposed) return;
    const at = Math.max(0, this.hashes.length - 1);
    const hash = this.hashes.length ? hexToBytes(this.hashes[at]!.slice(0, 64)) : ZERO_HASH;
    const envelope = this.io.sign({ hand: this.config.handNo, n: this.myN, at, hash, type, data });
    const parsed = parseEvent(envelope, this.config.mySeat);
    if (!parsed.ok) throw new Error(`own event invalid: ${parsed.error}`);
    this.store(parsed.event);
    this.io.publish(envelope);
  }

  private secretsForStorage(): HandSecrets {
    return {
      sealSecret: this.sealSecret,
      packets: [...this.mySecrets.values()].map((s) => encodePacketSecrets(s, this.hand)),
      committed: this.committed,
    };
  }

  private stop(halt: Halt): void {
    if (this.haltValue) return;
    this.haltValue = halt;
    this.phaseValue = 'halted';
    this.io.changed();
  }

  seatName(seat: number): string {
    return `seat ${seat + 1}`;
  }
}

/** The X25519 public key of a seal secret (what the seat announced in its ready event). */
function sealKeyPairFrom(secret: Uint8Array): Uint8Array {
  return x25519.getPublicKey(secret);
}
