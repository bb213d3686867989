/**
 * In-process table for the crypto tests: every seat runs the real step
 * functions, every message goes through encode → decode (with the expected
 * context) → verify, exactly as the table layer will do over the network.
 * Hooks let a test play a cheating seat by rewriting its message or secrets.
 */
import {
  type DeckSize,
  type KeyRing,
  openCards,
  revealToSeat,
  seededRandom,
  withKeyShares,
  withOwnKeys,
  type Fault,
  type Hand,
  type HandParams,
  type KeyShares,
  type LockStep,
  type Made,
  type PacketInput,
  type PacketSecrets,
  type PacketState,
  type PacketTranscript,
  type RandomSource,
  type RelayerStep,
  type ShuffleStep,
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
  makeLockStep,
  makeRelayerStep,
  makeShuffleStep,
  newPacketSecrets,
  openDeck,
  openReshuffle,
  takeStepUnproved,
  verifyKeyShares,
  verifyStep,
  verifyStepProofs,
  type UnprovedStep,
} from '../../crypto/index.js';
import { type Result, err } from '../../crypto/result.js';

export type AnyStep = ShuffleStep | LockStep | RelayerStep;

export interface Hooks {
  /** Produces a seat's step instead of the honest code (a cheat); undefined = honest. */
  make?: (
    kind: AnyStep['kind'],
    seat: number,
    state: PacketState,
    secrets: PacketSecrets,
    rng: RandomSource,
  ) => Made<AnyStep> | undefined;
  /** Rewrites a seat's message before it is encoded and sent (a cheat). */
  tamper?: (kind: AnyStep['kind'], seat: number, msg: AnyStep, before: PacketState) => AnyStep;
  /**
   * Goes on past a refused step from the cheater's own state (`make` only), so
   * the transcript holds the whole cheating packet for the audit; runPacket
   * still returns the first fault.
   */
  keepGoing?: boolean;
}

/** How the simulated peers check the steps' proofs: each on arrival, or a whole cascade's at once when its packet is locked (crypto/step-batch.ts), as the table does. */
export type ProofChecks = 'each' | 'cascade';

export class SimTable {
  readonly hand: Hand;
  readonly n: number;
  /** Public state of every packet (identical on every honest peer). */
  readonly packets = new Map<number, PacketState>();
  /** secrets[seat] by packet id, as each seat persisted them. */
  readonly secrets: Map<number, PacketSecrets>[];
  readonly transcript: PacketTranscript[] = [];
  readonly keyShares: KeyShares[] = [];

  /** `checks`: how the peers check the steps' proofs (each on arrival unless a test says otherwise). */
  constructor(
    params: HandParams,
    readonly rng: RandomSource,
    readonly checks: ProofChecks = 'each',
  ) {
    this.hand = createHand(params);
    this.n = params.seats;
    this.secrets = Array.from({ length: this.n }, () => new Map());
  }

  /** Persists and reloads a seat's secrets through the codec (as a page reload would). */
  private keep(seat: number, s: PacketSecrets): void {
    this.secrets[seat]!.set(
      s.packet,
      decodePacketSecrets(encodePacketSecrets(s, this.hand), { hand: this.hand, seat }),
    );
  }

  allSecrets(): PacketSecrets[] {
    return this.secrets.flatMap((m) => [...m.values()]);
  }

  /**
   * Runs the re-layer (reshuffles), shuffle and lock cascades of a packet.
   * Returns the first fault found by the verifiers, or null.
   */
  runPacket(id: number, inputs: readonly PacketInput[] | null, hooks: Hooks = {}): Fault | null {
    let state = inputs === null ? openDeck(this.hand, id) : openReshuffle(this.hand, id, inputs, this.packets);
    const record: { relayer: RelayerStep[]; shuffle: ShuffleStep[]; lock: LockStep[] } = {
      relayer: [],
      shuffle: [],
      lock: [],
    };
    const tr: PacketTranscript = { id, source: state.source, ...record };
    this.transcript.push(tr);
    let first: Fault | null = null;
    const unproved: UnprovedStep[] = [];
    while (state.phase !== 'locked') {
      const seat = state.next;
      const kind = state.phase;
      const mine = this.secrets[seat]!.get(id) ?? newPacketSecrets(id, seat);
      let made: Made<AnyStep> | undefined = hooks.make?.(kind, seat, state, mine, this.rng);
      if (made) {
        // cheat supplied by the test
      } else if (kind === 'relayer') {
        made = makeRelayerStep(state, seat, mine, (pid) => this.secrets[seat]!.get(pid), this.rng);
      } else if (kind === 'shuffle') {
        made = makeShuffleStep(state, seat, mine, this.rng);
      } else {
        made = makeLockStep(state, seat, mine, this.rng);
      }
      this.keep(seat, made.secrets);
      let msg: AnyStep = made.message;
      if (hooks.tamper) msg = hooks.tamper(kind, seat, msg, state);
      const expect = { hand: this.hand, packet: id, seat };
      let got: AnyStep;
      if (msg.kind === 'shuffle') {
        got = decodeShuffleStep(encodeShuffleStep(msg), expect);
        record.shuffle.push(got);
      } else if (msg.kind === 'lock') {
        got = decodeLockStep(encodeLockStep(msg), expect);
        record.lock.push(got);
      } else {
        got = decodeRelayerStep(encodeRelayerStep(msg), expect);
        record.relayer.push(got);
      }
      let verdict: Result<PacketState, Fault>;
      if (this.checks === 'cascade') {
        verdict = takeStepUnproved(state, got);
        if (verdict.ok) unproved.push({ state, msg: got });
        // The packet is locked, or a step is refused (an honest step on a deck a cheater made may look wrong): the
        // proofs taken so far in one check first, which names the first bad step's author.
        if (!verdict.ok || verdict.value.phase === 'locked') {
          const proved = verifyStepProofs(unproved.splice(0), this.rng);
          if (!proved.ok) verdict = err(proved.error.fault);
        }
      } else verdict = verifyStep(state, got, this.rng);
      if (verdict.ok) {
        state = verdict.value;
        continue;
      }
      if (!hooks.keepGoing || hooks.tamper) return verdict.error;
      first ??= verdict.error;
      state = made.state;
    }
    this.packets.set(id, state);
    return first;
  }

  /** Sends keys through the codec, verifies them, records them in the transcript. */
  send(msg: KeyShares): { msg: KeyShares; fault: Fault | null } {
    const got = decodeKeyShares(encodeKeyShares(msg), {
      hand: this.hand,
      packet: msg.header.packet,
      seat: msg.header.seat,
    });
    this.keyShares.push(got);
    return { msg: got, fault: verifyKeyShares(this.packets.get(msg.header.packet)!, got) };
  }
}

const TEST_TABLE = new TextEncoder().encode('abcdefgh-0123456789abcdef');

/** A simulated hand of the given size, with reproducible randomness. */
export function table(seats: number, deckSize: DeckSize, seed: string, handNo = 1): SimTable {
  return new SimTable({ tableId: TEST_TABLE, handNo, seats, deckSize }, seededRandom(seed));
}

/** Seat `to` learns the cards at `positions`: every other seat sends its keys. */
export function dealTo(sim: SimTable, rings: KeyRing[], positions: number[], to: number, packet = 0): number[] {
  const state = sim.packets.get(packet)!;
  for (let seat = 0; seat < sim.n; seat++) {
    if (seat === to) continue;
    const { msg, fault } = sim.send(revealToSeat(state, seat, sim.secrets[seat]!.get(packet)!, positions, to));
    if (fault) throw new Error(`keys of seat ${seat}: ${fault.reason}`);
    rings[to] = withKeyShares(rings[to]!, msg);
  }
  rings[to] = withOwnKeys(rings[to]!, sim.secrets[to]!.get(packet)!, positions);
  const opened = openCards(state, positions, rings[to]!);
  if (!opened.ok) throw new Error(opened.error.reason);
  return opened.value;
}
