/**
 * Packets and their public state. A packet is a sequence of hidden cards
 * that went through the cascades of docs/PROTOCOL.md §8: the whole deck
 * at the start of a hand, or any later mix of hidden and public cards that is
 * reshuffled (Pesten's stock, Stress pickups). Its state holds, after each
 * step, the current points, every seat's layer commitment (G, T_i = t_i·G
 * after the re-layer cascade, S_i after the shuffle cascade) and, once
 * locked, every per-card key commitment K_ic = k_ic·G. This is the public
 * bookkeeping of the SRA commutative-encryption scheme (Shamir, Rivest &
 * Adleman 1981) with per-card keys as in Barnett & Smart, "Mental poker
 * revisited" (IMA Cryptography and Coding 2003, §4); the state is immutable
 * and every step returns a new one.
 */
import { aint, aarray, concatBytes, Writer } from './bytes.js';
import { type Hand } from './cards.js';
import { Transcript } from './fiat-shamir.js';
import { G, type Point, decodePoint, encodeDoubled, encodePoint } from './group.js';

export type StepKind = 'relayer' | 'shuffle' | 'lock';
export type Phase = StepKind | 'locked';
/**
 * Message type codes (also bound into every step context). 2 was the shuffle
 * step with only a Schnorr proof of s_i; it is retired, and the shuffle step
 * with its shuffle argument is 5, so an old peer's message is refused by type.
 */
export const RETIRED_SHUFFLE_CODE = 2;
export const STEP_CODE: Readonly<Record<StepKind | 'keys' | 'secrets', number>> = Object.freeze({
  relayer: 1,
  shuffle: 5,
  lock: 3,
  keys: 4,
  secrets: 16,
});

/** Largest packet: two full decks. */
export const MAX_PACKET = 104;
export const MAX_PACKET_ID = 0xffff;

/** One entry of a reshuffled packet: a still-hidden card of a locked packet, or a public card. */
export type PacketInput =
  | { readonly kind: 'hidden'; readonly packet: number; readonly position: number }
  | { readonly kind: 'public'; readonly card: number };

export type PacketSource =
  { readonly kind: 'deck' } | { readonly kind: 'reshuffle'; readonly inputs: readonly PacketInput[] };

/** Points together with their canonical encodings (32 bytes each, concatenated). */
export interface Deck {
  readonly points: readonly Point[];
  readonly bytes: Uint8Array;
}

export function deckFromPoints(points: readonly Point[]): Deck {
  const bytes = new Uint8Array(32 * points.length);
  for (let i = 0; i < points.length; i++) bytes.set(encodePoint(points[i]!), 32 * i);
  return { points, bytes };
}

/** A deck published as the doubles of `halves` (see encodeDoubled): points 2·P_i and their encodings. */
export function deckFromHalves(halves: readonly Point[]): Deck {
  return { points: halves.map((h) => h.double()), bytes: encodeDoubled(halves) };
}

export const G_BYTES: Uint8Array = encodePoint(G);
const G_DECK: Deck = { points: [G], bytes: G_BYTES };

export interface PacketState {
  readonly hand: Hand;
  readonly id: number;
  readonly source: PacketSource;
  readonly size: number;
  /** Binds hand, packet id, size and source; part of every challenge of the packet. */
  readonly digest: Uint8Array;
  readonly phase: Phase;
  /** Seat whose step is awaited in this phase (0 once locked). */
  readonly next: number;
  /** Current points of the packet. */
  readonly deck: Deck;
  /** Per seat: its layer commitment common to all cards (G, T_i or S_i), one-point decks. */
  readonly layers: readonly Deck[];
  /** Re-layer phase only: per seat, its current layer commitment on each card (K of the source, or G). */
  readonly cardLayers: readonly Deck[] | undefined;
  /** Per seat that has locked: its key commitments K_i[position]. */
  readonly keys: readonly Deck[];
}

export function encodeSource(w: Writer, source: PacketSource): void {
  if (source.kind === 'deck') {
    w.u8(0);
    return;
  }
  w.u8(1).u16(source.inputs.length);
  for (const input of source.inputs) {
    if (input.kind === 'hidden') w.u8(1).u16(input.packet).u16(input.position);
    else w.u8(2).u16(input.card);
  }
}

function packetDigest(hand: Hand, id: number, size: number, source: PacketSource): Uint8Array {
  const w = new Writer();
  encodeSource(w, source);
  return new Transcript('packet').bytes(hand.digest).u32(id).u32(size).bytes(w.finish()).digest();
}

/** Transcript context of one step: packet digest, step kind, author seat. */
export function stepContext(state: PacketState, kind: StepKind | 'keys', seat: number): Uint8Array {
  return new Transcript('step').bytes(state.digest).u32(STEP_CODE[kind]).u32(seat).digest();
}

/** The first packet of a hand: all cards in index order, no layers yet. */
export function openDeck(hand: Hand, id = 0): PacketState {
  aint(id, 'packet id', 0, MAX_PACKET_ID);
  const n = hand.params.seats;
  const size = hand.params.deckSize;
  const source: PacketSource = { kind: 'deck' };
  return Object.freeze({
    hand,
    id,
    source,
    size,
    digest: packetDigest(hand, id, size, source),
    phase: 'shuffle',
    next: 0,
    deck: { points: hand.cards, bytes: hand.cardBytes() },
    layers: Array.from({ length: n }, () => G_DECK),
    cardLayers: undefined,
    keys: [],
  });
}

/**
 * A new packet made of still-hidden cards of locked packets and of public
 * cards, in the given order. Every seat first replaces its own layer on each
 * card by one common layer (re-layer cascade), then the packet is shuffled
 * and locked like a fresh deck. `packets` gives the locked source packets.
 */
export function openReshuffle(
  hand: Hand,
  id: number,
  inputs: readonly PacketInput[],
  packets: ReadonlyMap<number, PacketState> | readonly PacketState[],
): PacketState {
  aint(id, 'packet id', 0, MAX_PACKET_ID);
  aarray(inputs, 'inputs');
  aint(inputs.length, 'inputs.length', 1, MAX_PACKET);
  const lookup = (pid: number): PacketState | undefined =>
    Array.isArray(packets)
      ? (packets as readonly PacketState[]).find((p) => p.id === pid)
      : (packets as ReadonlyMap<number, PacketState>).get(pid);
  const n = hand.params.seats;
  const seen = new Set<string>();
  const points: Point[] = [];
  const bytes: Uint8Array[] = [];
  const cardLayerPoints: Point[][] = Array.from({ length: n }, () => []);
  const cardLayerBytes: Uint8Array[][] = Array.from({ length: n }, () => []);
  inputs.forEach((input, c) => {
    const what = `inputs[${c}]`;
    if (typeof input !== 'object' || input === null) throw new TypeError(`${what}: expected an object`);
    if (input.kind === 'public') {
      aint(input.card, `${what}.card`, 0, hand.params.deckSize - 1);
      const key = `c${input.card}`;
      if (seen.has(key)) throw new RangeError(`${what}: public card ${input.card} listed twice`);
      seen.add(key);
      points.push(hand.cards[input.card]!);
      bytes.push(hand.cardBytes().subarray(32 * input.card, 32 * input.card + 32));
      for (let i = 0; i < n; i++) {
        cardLayerPoints[i]!.push(G);
        cardLayerBytes[i]!.push(G_BYTES);
      }
    } else if (input.kind === 'hidden') {
      aint(input.packet, `${what}.packet`, 0, MAX_PACKET_ID);
      if (input.packet === id) throw new RangeError(`${what}: packet ${id} cannot contain itself`);
      const src = lookup(input.packet);
      if (!src) throw new RangeError(`${what}: unknown packet ${input.packet}`);
      if (src.hand !== hand) throw new RangeError(`${what}: packet ${input.packet} belongs to another hand`);
      if (src.phase !== 'locked') throw new RangeError(`${what}: packet ${input.packet} is not locked yet`);
      aint(input.position, `${what}.position`, 0, src.size - 1);
      const key = `p${input.packet}/${input.position}`;
      if (seen.has(key))
        throw new RangeError(`${what}: packet ${input.packet} position ${input.position} listed twice`);
      seen.add(key);
      const p = input.position;
      points.push(src.deck.points[p]!);
      bytes.push(src.deck.bytes.subarray(32 * p, 32 * p + 32));
      for (let i = 0; i < n; i++) {
        const k = src.keys[i]!;
        cardLayerPoints[i]!.push(k.points[p]!);
        cardLayerBytes[i]!.push(k.bytes.subarray(32 * p, 32 * p + 32));
      }
    } else {
      throw new RangeError(`${what}: kind must be 'hidden' or 'public'`);
    }
  });
  const source: PacketSource = {
    kind: 'reshuffle',
    inputs: inputs.map((x) =>
      x.kind === 'public'
        ? { kind: 'public', card: x.card }
        : { kind: 'hidden', packet: x.packet, position: x.position },
    ),
  };
  const size = inputs.length;
  return Object.freeze({
    hand,
    id,
    source,
    size,
    digest: packetDigest(hand, id, size, source),
    phase: 'relayer',
    next: 0,
    deck: { points, bytes: concatBytes(...bytes) },
    layers: Array.from({ length: n }, () => G_DECK),
    cardLayers: cardLayerPoints.map((pts, i) => ({ points: pts, bytes: concatBytes(...cardLayerBytes[i]!) })),
    keys: [],
  });
}

/** The state after `seat`'s step of the current phase produced `deck` (and a layer or keys). */
export function advance(state: PacketState, deck: Deck, update: { layer?: Deck; keys?: Deck }): PacketState {
  const n = state.hand.params.seats;
  const seat = state.next;
  const layers = update.layer ? state.layers.map((l, i) => (i === seat ? update.layer! : l)) : state.layers;
  const keys = update.keys ? [...state.keys, update.keys] : state.keys;
  let phase: Phase = state.phase;
  let next = seat + 1;
  if (next === n) {
    next = 0;
    phase = state.phase === 'relayer' ? 'shuffle' : state.phase === 'shuffle' ? 'lock' : 'locked';
  }
  return Object.freeze({
    ...state,
    phase,
    next,
    deck,
    layers,
    cardLayers: phase === 'relayer' ? state.cardLayers : undefined,
    keys,
  });
}

/**
 * A packet's public state as bytes and plain data, for another thread of the
 * same page (a structured clone keeps no point): `packetStateFrom` rebuilds it.
 */
export type PacketStateBytes = Pick<PacketState, 'id' | 'source' | 'size' | 'phase' | 'next'> & {
  readonly deck: Uint8Array;
  readonly layers: readonly Uint8Array[];
  readonly cardLayers: readonly Uint8Array[] | null;
  readonly keys: readonly Uint8Array[];
};

export function packetStateBytes(state: PacketState): PacketStateBytes {
  const { id, source, size, phase, next } = state;
  const bytes = (decks: readonly Deck[]) => decks.map((d) => d.bytes);
  return {
    id,
    source,
    size,
    phase,
    next,
    deck: state.deck.bytes,
    layers: bytes(state.layers),
    cardLayers: state.cardLayers ? bytes(state.cardLayers) : null,
    keys: bytes(state.keys),
  };
}

function deckOfBytes(bytes: Uint8Array, n: number, what: string): Deck {
  if (!(bytes instanceof Uint8Array) || bytes.length !== 32 * n) throw new RangeError(`${what}: expected ${n} points`);
  const points = Array.from({ length: n }, (_, i) => decodePoint(bytes.subarray(32 * i, 32 * i + 32), `${what}[${i}]`));
  return { points, bytes };
}

/** The state `packetStateBytes` gave, in `hand`: every point decoded (a RangeError names one that is not), its digest bound again. */
export function packetStateFrom(hand: Hand, b: PacketStateBytes): PacketState {
  const n = hand.params.seats;
  aint(b.id, 'packet id', 0, MAX_PACKET_ID);
  aint(b.size, 'packet size', 1, MAX_PACKET);
  aint(b.next, 'next seat', 0, n - 1);
  if (!['relayer', 'shuffle', 'lock', 'locked'].includes(b.phase)) throw new RangeError('packet phase: unknown');
  const decks = (list: readonly Uint8Array[], size: number, what: string) =>
    list.map((bytes, i) => deckOfBytes(bytes, size, `${what}[${i}]`));
  if (b.layers.length !== n || b.keys.length > n) throw new RangeError('packet state: wrong number of seats');
  return Object.freeze({
    hand,
    id: b.id,
    source: b.source,
    size: b.size,
    digest: packetDigest(hand, b.id, b.size, b.source),
    phase: b.phase,
    next: b.next,
    deck: deckOfBytes(b.deck, b.size, 'packet deck'),
    layers: decks(b.layers, 1, 'packet layer'),
    cardLayers: b.cardLayers ? decks(b.cardLayers, b.size, 'packet card layer') : undefined,
    keys: decks(b.keys, b.size, 'packet keys'),
  });
}
