/**
 * crypto/packet.ts on its own: the public bookkeeping of a packet that every
 * peer and the end-of-hand audit recompute identically. The packet digest and
 * the step contexts are pinned to their transcripts (a peer that computes
 * them otherwise derives other challenges and refuses every proof); openDeck
 * and openReshuffle are checked field by field (points, canonical bytes,
 * per-seat layers and card layers, the normalised source) and refuse every
 * malformed input list with its exact error; advance walks the phases
 * relayer → shuffle → lock → locked in seat order. The locked packets a
 * reshuffle draws from are built with `advance` from arbitrary distinct
 * points: no proofs are needed for this file (steps.test.ts checks them).
 */
import { beforeAll, describe, expect, it, test } from 'vitest';
import { Writer } from '../../crypto/bytes.js';
import { type Hand, createHand } from '../../crypto/cards.js';
import { Transcript } from '../../crypto/fiat-shamir.js';
import { G, type Point, encodePoint, mulBase, randomScalar } from '../../crypto/group.js';
import {
  type Deck,
  type PacketInput,
  type PacketState,
  G_BYTES,
  MAX_PACKET,
  MAX_PACKET_ID,
  RETIRED_SHUFFLE_CODE,
  STEP_CODE,
  advance,
  deckFromHalves,
  deckFromPoints,
  encodeSource,
  openDeck,
  openReshuffle,
  stepContext,
} from '../../crypto/packet.js';
import { seededRandom } from '../../crypto/random.js';
import { loadedNow } from '../helpers/loaded-now.js';

const TABLE = new TextEncoder().encode('packet-test-table');
const rng = seededRandom('packet.test');

let hand: Hand;
let otherHand: Hand;
/** Packet 0 and packet 2 of `hand`, locked (through advance, with arbitrary points). */
let locked0: PacketState;
let locked2: PacketState;
/** Packet 0 of `otherHand`, locked. */
let lockedOther: PacketState;

function randomDeck(m: number): Deck {
  return deckFromPoints(Array.from({ length: m }, () => mulBase(randomScalar(rng))));
}

/** Runs every seat's shuffle and lock through advance with random points. */
function lockedPacket(h: Hand, id: number): PacketState {
  let state = openDeck(h, id);
  const n = h.params.seats;
  for (let i = 0; i < n; i++) state = advance(state, randomDeck(state.size), { layer: randomDeck(1) });
  for (let i = 0; i < n; i++) state = advance(state, randomDeck(state.size), { keys: randomDeck(state.size) });
  return state;
}

function sourceBytes(write: (w: Writer) => void): Uint8Array {
  const w = new Writer();
  write(w);
  return w.finish();
}

/** The digest of a packet's transcript (crypto/packet.ts), recomputed here from its definition. */
function expectedDigest(h: Hand, id: number, size: number, source: Uint8Array): Uint8Array {
  return new Transcript('packet').bytes(h.digest).u32(id).u32(size).bytes(source).digest();
}

function pointBytes(points: readonly Point[]): Uint8Array {
  const out = new Uint8Array(32 * points.length);
  points.forEach((p, i) => out.set(encodePoint(p), 32 * i));
  return out;
}

beforeAll(() => {
  hand = createHand({ tableId: TABLE, handNo: 7, seats: 2, deckSize: 32 });
  otherHand = createHand({ tableId: TABLE, handNo: 8, seats: 2, deckSize: 32 });
  locked0 = lockedPacket(hand, 0);
  locked2 = lockedPacket(hand, 2);
  lockedOther = lockedPacket(otherHand, 0);
});

describe('constants', () => {
  it('message type codes: the retired shuffle code 2 is no step code; the five codes are distinct', () => {
    expect(STEP_CODE).toEqual({ relayer: 1, shuffle: 5, lock: 3, keys: 4, secrets: 16 });
    expect(Object.isFrozen(STEP_CODE)).toBe(true);
    expect(RETIRED_SHUFFLE_CODE).toBe(2);
    expect(Object.values(STEP_CODE)).not.toContain(RETIRED_SHUFFLE_CODE);
    expect(MAX_PACKET).toBe(104);
    expect(MAX_PACKET_ID).toBe(0xffff);
    expect(G_BYTES).toEqual(encodePoint(G));
  });
});

describe('load-time constants (module loaded inside the test)', () => {
  it('the step codes and the untouched layer G, as built when the module loads', async () => {
    const fresh = await loadedNow(() => import('../../crypto/packet.js'));
    expect(fresh.STEP_CODE).toEqual({ relayer: 1, shuffle: 5, lock: 3, keys: 4, secrets: 16 });
    const s = fresh.openDeck(hand, 1);
    expect(fresh.stepContext(s, 'lock', 1)).toEqual(new Transcript('step').bytes(s.digest).u32(3).u32(1).digest());
    expect(s.layers.map((l) => l.points.length === 1 && l.points[0]!.equals(G))).toEqual([true, true]);
    expect(s.layers.map((l) => l.bytes)).toEqual([encodePoint(G), encodePoint(G)]);
    const r = fresh.openReshuffle(hand, 3, [{ kind: 'public', card: 2 }], []);
    expect(r.layers.map((l) => l.points.length === 1 && l.points[0]!.equals(G))).toEqual([true, true]);
    expect(r.layers.map((l) => l.bytes)).toEqual([encodePoint(G), encodePoint(G)]);
  });
});

describe('decks', () => {
  it('deckFromPoints keeps the points and concatenates their canonical encodings', () => {
    const points = [G, mulBase(2n), mulBase(3n)];
    const deck = deckFromPoints(points);
    expect(deck.points).toBe(points);
    expect(deck.bytes).toEqual(pointBytes(points));
    expect(deckFromPoints([]).bytes).toEqual(new Uint8Array(0));
  });

  it('deckFromHalves publishes the doubles 2·P_i with their encodings', () => {
    const halves = [mulBase(5n), mulBase(11n)];
    const deck = deckFromHalves(halves);
    expect(deck.points).toHaveLength(2);
    expect(deck.points[0]!.equals(mulBase(10n))).toBe(true);
    expect(deck.points[1]!.equals(mulBase(22n))).toBe(true);
    expect(deck.bytes).toEqual(pointBytes([mulBase(10n), mulBase(22n)]));
  });
});

describe('encodeSource', () => {
  it('a fresh deck is the single byte 0', () => {
    expect(sourceBytes((w) => encodeSource(w, { kind: 'deck' }))).toEqual(new Uint8Array([0]));
  });

  it('a reshuffle is 1, u16 count, then 1 ‖ u16 packet ‖ u16 position or 2 ‖ u16 card per input', () => {
    const got = sourceBytes((w) =>
      encodeSource(w, {
        kind: 'reshuffle',
        inputs: [
          { kind: 'hidden', packet: 0x0102, position: 0x0304 },
          { kind: 'public', card: 0x0506 },
        ],
      }),
    );
    expect(got).toEqual(new Uint8Array([1, 0, 2, 1, 1, 2, 3, 4, 2, 5, 6]));
  });
});

describe('openDeck', () => {
  it('the whole deck in index order, awaiting seat 0 shuffle, no layers, bound by its digest', () => {
    const s = openDeck(hand, 3);
    expect(Object.isFrozen(s)).toBe(true);
    expect(s.hand).toBe(hand);
    expect(s.id).toBe(3);
    expect(s.source).toEqual({ kind: 'deck' });
    expect(s.size).toBe(32);
    expect(s.phase).toBe('shuffle');
    expect(s.next).toBe(0);
    expect(s.deck.points).toBe(hand.cards);
    expect(s.deck.bytes).toEqual(pointBytes(hand.cards));
    expect(s.layers).toHaveLength(2);
    for (const layer of s.layers) {
      expect(layer.points).toEqual([G]);
      expect(layer.bytes).toEqual(G_BYTES);
    }
    expect(s.cardLayers).toBeUndefined();
    expect(s.keys).toEqual([]);
    expect(s.digest).toEqual(expectedDigest(hand, 3, 32, new Uint8Array([0])));
  });

  it('packet id defaults to 0 and may be 0..65535', () => {
    expect(openDeck(hand).id).toBe(0);
    expect(openDeck(hand).digest).toEqual(expectedDigest(hand, 0, 32, new Uint8Array([0])));
    expect(openDeck(hand, MAX_PACKET_ID).id).toBe(MAX_PACKET_ID);
  });

  test.each([
    [-1, RangeError, 'packet id: expected 0..65535, got -1'],
    [0x10000, RangeError, 'packet id: expected 0..65535, got 65536'],
    [1.5, TypeError, 'packet id: expected an integer, got number'],
  ])('packet id %s is refused', (id, type, message) => {
    expect(() => openDeck(hand, id)).toThrow(new type(message));
  });

  it('the digest differs per hand and per packet id', () => {
    const d = openDeck(hand, 1).digest;
    expect(openDeck(otherHand, 1).digest).not.toEqual(d);
    expect(openDeck(hand, 2).digest).not.toEqual(d);
  });
});

describe('stepContext', () => {
  test.each([
    ['shuffle', 5],
    ['lock', 3],
    ['relayer', 1],
    ['keys', 4],
  ] as const)('%s: transcript "step" of packet digest, code %i, seat', (kind, code) => {
    const s = openDeck(hand, 4);
    const want = (seat: number) => new Transcript('step').bytes(s.digest).u32(code).u32(seat).digest();
    expect(stepContext(s, kind, 0)).toEqual(want(0));
    expect(stepContext(s, kind, 1)).toEqual(want(1));
    expect(stepContext(s, kind, 1)).not.toEqual(stepContext(s, kind, 0));
  });
});

describe('advance', () => {
  it('a fresh deck: shuffle seat 0, 1, lock seat 0, 1, then locked awaiting seat 0', () => {
    const s0 = openDeck(hand, 5);
    const d1 = randomDeck(32);
    const l0 = randomDeck(1);
    const a = advance(s0, d1, { layer: l0 });
    expect(Object.isFrozen(a)).toBe(true);
    expect([a.phase, a.next]).toEqual(['shuffle', 1]);
    expect(a.deck).toBe(d1);
    expect(a.layers[0]).toBe(l0);
    expect(a.layers[1]).toBe(s0.layers[1]);
    expect(a.keys).toEqual([]);
    expect(a.id).toBe(5);
    expect(a.digest).toBe(s0.digest);
    expect(a.source).toBe(s0.source);
    // the input state is unchanged
    expect([s0.phase, s0.next, s0.deck.points]).toEqual(['shuffle', 0, hand.cards]);
    expect(s0.layers[0]!.points).toEqual([G]);

    const l1 = randomDeck(1);
    const b = advance(a, randomDeck(32), { layer: l1 });
    expect([b.phase, b.next]).toEqual(['lock', 0]);
    expect(b.layers[0]).toBe(l0);
    expect(b.layers[1]).toBe(l1);

    const k0 = randomDeck(32);
    const c = advance(b, randomDeck(32), { keys: k0 });
    expect([c.phase, c.next]).toEqual(['lock', 1]);
    expect(c.layers).toBe(b.layers);
    expect(c.keys).toEqual([k0]);
    expect(b.keys).toEqual([]);

    const k1 = randomDeck(32);
    const d = advance(c, randomDeck(32), { keys: k1 });
    expect([d.phase, d.next]).toEqual(['locked', 0]);
    expect(d.keys[0]).toBe(k0);
    expect(d.keys[1]).toBe(k1);
    expect(d.keys).toHaveLength(2);
    expect(d.cardLayers).toBeUndefined();
  });

  it('a reshuffle: card layers are kept through the re-layer phase and dropped when it ends', () => {
    const r = openReshuffle(hand, 9, [{ kind: 'public', card: 1 }], [locked0]);
    const t0 = randomDeck(1);
    const a = advance(r, randomDeck(1), { layer: t0 });
    expect([a.phase, a.next]).toEqual(['relayer', 1]);
    expect(a.cardLayers).toBe(r.cardLayers);
    expect(a.layers[0]).toBe(t0);
    const b = advance(a, randomDeck(1), { layer: randomDeck(1) });
    expect([b.phase, b.next]).toEqual(['shuffle', 0]);
    expect(b.cardLayers).toBeUndefined();
    expect(b.keys).toEqual([]);
  });
});

describe('openReshuffle', () => {
  it('hidden cards of locked packets and public cards, each with every seat’s layer on it', () => {
    const inputs: PacketInput[] = [
      { kind: 'hidden', packet: 2, position: 31 },
      { kind: 'public', card: 3 },
      { kind: 'hidden', packet: 0, position: 3 },
      { kind: 'public', card: 0 },
      { kind: 'hidden', packet: 0, position: 0 },
    ];
    const s = openReshuffle(hand, 4, inputs, [locked0, locked2]);
    expect(Object.isFrozen(s)).toBe(true);
    expect(s.hand).toBe(hand);
    expect([s.id, s.size, s.phase, s.next]).toEqual([4, 5, 'relayer', 0]);
    const points = [
      locked2.deck.points[31]!,
      hand.cards[3]!,
      locked0.deck.points[3]!,
      hand.cards[0]!,
      locked0.deck.points[0]!,
    ];
    expect(s.deck.points).toEqual(points);
    expect(s.deck.bytes).toEqual(pointBytes(points));
    expect(s.layers).toHaveLength(2);
    for (const layer of s.layers) {
      expect(layer.points).toEqual([G]);
      expect(layer.bytes).toEqual(G_BYTES);
    }
    expect(s.cardLayers).toHaveLength(2);
    for (let i = 0; i < 2; i++) {
      const want = [locked2.keys[i]!.points[31]!, G, locked0.keys[i]!.points[3]!, G, locked0.keys[i]!.points[0]!];
      expect(s.cardLayers![i]!.points).toEqual(want);
      expect(s.cardLayers![i]!.bytes).toEqual(pointBytes(want));
    }
    expect(s.keys).toEqual([]);
    expect(s.source).toEqual({ kind: 'reshuffle', inputs });
    expect(s.digest).toEqual(
      expectedDigest(
        hand,
        4,
        5,
        new Uint8Array([1, 0, 5, 1, 0, 2, 0, 31, 2, 0, 3, 1, 0, 0, 0, 3, 2, 0, 0, 1, 0, 0, 0, 0]),
      ),
    );
  });

  it('takes the source packets as a Map too, and copies the inputs without extra fields', () => {
    const inputs = [
      { kind: 'public', card: 31, extra: 1 },
      { kind: 'hidden', packet: 2, position: 5, extra: 2 },
    ] as unknown as PacketInput[];
    const s = openReshuffle(hand, 6, inputs, new Map([[2, locked2]]));
    expect(s.source).toEqual({
      kind: 'reshuffle',
      inputs: [
        { kind: 'public', card: 31 },
        { kind: 'hidden', packet: 2, position: 5 },
      ],
    });
    expect(s.deck.points).toEqual([hand.cards[31], locked2.deck.points[5]]);
  });

  it('the same card under another packet id or order gives another digest', () => {
    const a = openReshuffle(
      hand,
      6,
      [
        { kind: 'public', card: 1 },
        { kind: 'public', card: 2 },
      ],
      [],
    );
    const b = openReshuffle(
      hand,
      6,
      [
        { kind: 'public', card: 2 },
        { kind: 'public', card: 1 },
      ],
      [],
    );
    const c = openReshuffle(
      hand,
      7,
      [
        { kind: 'public', card: 1 },
        { kind: 'public', card: 2 },
      ],
      [],
    );
    expect(b.digest).not.toEqual(a.digest);
    expect(c.digest).not.toEqual(a.digest);
  });

  it('a public card and the same index as a hidden position are different inputs', () => {
    const s = openReshuffle(
      hand,
      6,
      [
        { kind: 'public', card: 4 },
        { kind: 'hidden', packet: 0, position: 4 },
        { kind: 'hidden', packet: 2, position: 4 },
      ],
      [locked0, locked2],
    );
    expect(s.size).toBe(3);
  });

  it('up to MAX_PACKET inputs', () => {
    const inputs: PacketInput[] = [
      ...Array.from({ length: 32 }, (_, c) => ({ kind: 'public', card: c }) as const),
      ...Array.from({ length: 32 }, (_, p) => ({ kind: 'hidden', packet: 0, position: p }) as const),
      ...Array.from({ length: 32 }, (_, p) => ({ kind: 'hidden', packet: 2, position: p }) as const),
      ...Array.from({ length: 8 }, (_, p) => ({ kind: 'hidden', packet: 3, position: p }) as const),
    ];
    const locked3 = lockedPacket(hand, 3);
    expect(openReshuffle(hand, 6, inputs, [locked0, locked2, locked3]).size).toBe(MAX_PACKET);
    const more = [...inputs, { kind: 'hidden', packet: 3, position: 8 } as const];
    expect(() => openReshuffle(hand, 6, more, [locked0, locked2, locked3])).toThrow(
      new RangeError('inputs.length: expected 1..104, got 105'),
    );
  });

  const pub = (card: unknown) => ({ kind: 'public', card }) as unknown as PacketInput;
  const hid = (packet: unknown, position: unknown) => ({ kind: 'hidden', packet, position }) as unknown as PacketInput;

  test.each<[string, number, unknown, ErrorConstructor, string]>([
    ['id −1', -1, [pub(0)], RangeError, 'packet id: expected 0..65535, got -1'],
    ['id 65536', 0x10000, [pub(0)], RangeError, 'packet id: expected 0..65535, got 65536'],
    ['inputs not an array', 6, { length: 1 }, TypeError, 'inputs: expected an array, got object'],
    ['no inputs', 6, [], RangeError, 'inputs.length: expected 1..104, got 0'],
    ['a null input', 6, [pub(0), null], TypeError, 'inputs[1]: expected an object'],
    ['a number input', 6, [7], TypeError, 'inputs[0]: expected an object'],
    [
      'an unknown kind',
      6,
      [pub(0), { kind: 'secret', card: 1 }],
      RangeError,
      "inputs[1]: kind must be 'hidden' or 'public'",
    ],
    ['a public card past the deck', 6, [pub(32)], RangeError, 'inputs[0].card: expected 0..31, got 32'],
    ['a negative public card', 6, [pub(-1)], RangeError, 'inputs[0].card: expected 0..31, got -1'],
    ['a public card not an integer', 6, [pub('1')], TypeError, 'inputs[0].card: expected an integer, got string'],
    ['a public card twice', 6, [pub(3), pub(4), pub(3)], RangeError, 'inputs[2]: public card 3 listed twice'],
    ['a packet id past 65535', 6, [hid(0x10000, 0)], RangeError, 'inputs[0].packet: expected 0..65535, got 65536'],
    ['a packet id not an integer', 6, [hid(null, 0)], TypeError, 'inputs[0].packet: expected an integer, got null'],
    ['the packet itself', 2, [pub(1), hid(2, 0)], RangeError, 'inputs[1]: packet 2 cannot contain itself'],
    ['an unknown packet', 6, [hid(5, 0)], RangeError, 'inputs[0]: unknown packet 5'],
    ['a packet still shuffling', 6, [hid(1, 0)], RangeError, 'inputs[0]: packet 1 is not locked yet'],
    ['a position past the packet', 6, [hid(0, 32)], RangeError, 'inputs[0].position: expected 0..31, got 32'],
    ['a negative position', 6, [hid(0, -1)], RangeError, 'inputs[0].position: expected 0..31, got -1'],
    [
      'a position twice',
      6,
      [hid(0, 4), hid(2, 4), hid(0, 4)],
      RangeError,
      'inputs[2]: packet 0 position 4 listed twice',
    ],
  ])('refuses %s', (_name, id, inputs, type, message) => {
    const packets = [locked0, locked2, openDeck(hand, 1)];
    expect(() => openReshuffle(hand, id, inputs as PacketInput[], packets)).toThrow(new type(message));
  });

  it('refuses a packet of another hand (Map and array lookups alike)', () => {
    const inputs: PacketInput[] = [{ kind: 'hidden', packet: 0, position: 1 }];
    const message = 'inputs[0]: packet 0 belongs to another hand';
    expect(() => openReshuffle(hand, 6, inputs, new Map([[0, lockedOther]]))).toThrow(new RangeError(message));
    expect(() => openReshuffle(hand, 6, inputs, [lockedOther])).toThrow(new RangeError(message));
    expect(openReshuffle(otherHand, 6, inputs, [lockedOther]).deck.points).toEqual([lockedOther.deck.points[1]]);
  });
});
