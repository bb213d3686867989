/**
 * crypto/steps.ts on its own: the make/verify pairs of the shuffle, lock and
 * re-layer cascades, called directly (no codec, no table). One 2-seat,
 * 32-card hand is set up once: packet 0 through both seats' shuffle and
 * lock, and packet 1, a reshuffle of four of its cards (two hidden, two
 * public), through re-layer, shuffle and lock. The honest outputs are checked
 * against their definitions (Y = s·X permuted, S = s·L, K_c = k_c·G,
 * Y_c = (k_c/ℓ)·X_c, T = t·G, Y_c = (t/ℓ_c)·X_c) and accepted by the
 * verifiers; every refusal of a verifier is checked whole — code, seat to
 * blame, packet, step, position and reason — with the cheating seat being
 * seat 1 where the state awaits it, so a fault that names the wrong seat
 * fails; every RangeError of a make function is checked with its message.
 */
import { beforeAll, describe, expect, it, test } from 'vitest';
import { toHex } from '../../crypto/bytes.js';
import { type Hand, createHand } from '../../crypto/cards.js';
import type { Fault } from '../../crypto/fault.js';
import type { Result } from '../../crypto/result.js';
import { Fn, G, ORDER, type Point, encodePoint, mulBase } from '../../crypto/group.js';
import {
  type Deck,
  type PacketInput,
  type PacketState,
  deckFromPoints,
  openDeck,
  openReshuffle,
  stepContext,
} from '../../crypto/packet.js';
import { verifyShuffle } from '../../crypto/shuffle-proof.js';
import { isPermutation, seededRandom } from '../../crypto/random.js';
import {
  type LockStep,
  type Made,
  type PacketSecrets,
  type RelayerStep,
  type ShuffleStep,
  layerSecret,
  makeLockStep,
  makeShuffleStep,
  newPacketSecrets,
  proveLockStep,
  proveShuffleStep,
  verifyLockStep,
  verifyShuffleStep,
  verifyStep,
} from '../../crypto/steps.js';
import { makeRelayerStep, verifyRelayerStep } from '../../crypto/relayer-step.js';

const TABLE = new TextEncoder().encode('steps-test-table');
const rng = seededRandom('steps.test');
const INPUTS: PacketInput[] = [
  { kind: 'hidden', packet: 0, position: 5 },
  { kind: 'public', card: 3 },
  { kind: 'hidden', packet: 0, position: 7 },
  { kind: 'public', card: 9 },
];

let hand: Hand;
/** Packet 0: fresh, after shuffle 0, shuffle 1, lock 0, lock 1. */
let fresh: PacketState;
let sh0: Made<ShuffleStep>;
let sh1: Made<ShuffleStep>;
let lk0: Made<LockStep>;
let lk1: Made<LockStep>;
/** Packet 1 (reshuffle of INPUTS): opened, after relayer 0, 1, shuffle 0, 1, lock 0, 1. */
let re: PacketState;
let rl0: Made<RelayerStep>;
let rl1: Made<RelayerStep>;
let rsh0: Made<ShuffleStep>;
let rsh1: Made<ShuffleStep>;
let rlk0: Made<LockStep>;
let rlk1: Made<LockStep>;

/** Seat's secrets of packet 0 after its lock step (the source keys of the reshuffle). */
const source =
  (seat: number) =>
  (pid: number): PacketSecrets | undefined =>
    pid === 0 ? (seat === 0 ? lk0 : lk1).secrets : undefined;

beforeAll(() => {
  hand = createHand({ tableId: TABLE, handNo: 7, seats: 2, deckSize: 32 });
  fresh = openDeck(hand, 0);
  sh0 = makeShuffleStep(fresh, 0, newPacketSecrets(0, 0), rng);
  sh1 = makeShuffleStep(sh0.state, 1, newPacketSecrets(0, 1), rng);
  lk0 = makeLockStep(sh1.state, 0, sh0.secrets, rng);
  lk1 = makeLockStep(lk0.state, 1, sh1.secrets, rng);
  re = openReshuffle(hand, 1, INPUTS, [lk1.state]);
  rl0 = makeRelayerStep(re, 0, newPacketSecrets(1, 0), source(0), rng);
  rl1 = makeRelayerStep(rl0.state, 1, newPacketSecrets(1, 1), source(1), rng);
  rsh0 = makeShuffleStep(rl1.state, 0, rl0.secrets, rng);
  rsh1 = makeShuffleStep(rsh0.state, 1, rl1.secrets, rng);
  rlk0 = makeLockStep(rsh1.state, 0, rsh0.secrets, rng);
  rlk1 = makeLockStep(rlk0.state, 1, rsh1.secrets, rng);
});

function bytesOf(points: readonly Point[]): Uint8Array {
  const out = new Uint8Array(32 * points.length);
  points.forEach((p, i) => out.set(encodePoint(p), 32 * i));
  return out;
}

/** The deck with point `from` copied over position `to` (points and bytes). */
function withCopy(deck: Deck, from: number, to: number): Deck {
  const points = deck.points.slice();
  points[to] = points[from]!;
  return { points, bytes: bytesOf(points) };
}

/** The deck with positions a and b swapped. */
function withSwap(deck: Deck, a: number, b: number): Deck {
  const points = deck.points.slice();
  [points[a], points[b]] = [points[b]!, points[a]!];
  return { points, bytes: bytesOf(points) };
}

function withoutLast(deck: Deck): Deck {
  return { points: deck.points.slice(0, -1), bytes: deck.bytes.slice(0, -32) };
}

function faultOf<T>(v: Result<T, Fault>): Fault {
  if (v.ok) throw new Error('expected a fault, got ok');
  return v.error;
}

function valueOf<T>(v: Result<T, Fault>): T {
  if (!v.ok) throw new Error(`expected ok, got ${v.error.code}: ${v.error.reason}`);
  return v.value;
}

/** The public parts every peer compares after a step. */
function summary(s: PacketState) {
  return {
    id: s.id,
    phase: s.phase,
    next: s.next,
    deck: toHex(s.deck.bytes),
    layers: s.layers.map((l) => toHex(l.bytes)),
    keys: s.keys.map((k) => toHex(k.bytes)),
    cardLayers: s.cardLayers?.map((l) => toHex(l.bytes)),
  };
}

describe('newPacketSecrets and layerSecret', () => {
  it('new secrets name only the packet and the seat', () => {
    expect(newPacketSecrets(3, 1)).toStrictEqual({ packet: 3, seat: 1 });
  });

  it('a seat without a shuffle secret has no layer secret', () => {
    expect(() => layerSecret({ packet: 3, seat: 1, relayer: 5n })).toThrow(
      new RangeError('packet 3: seat 1 has no shuffle secret'),
    );
  });

  it('the layer secret is s on a fresh deck and t·s on a reshuffle, the log of S_i', () => {
    const s = sh0.secrets.shuffle!.s;
    expect(layerSecret(sh0.secrets)).toBe(s);
    expect(mulBase(layerSecret(sh1.secrets)).equals(sh1.state.layers[1]!.points[0]!)).toBe(true);
    const t = rl0.secrets.relayer!;
    expect(layerSecret(rsh0.secrets)).toBe((t * rsh0.secrets.shuffle!.s) % ORDER);
    expect(mulBase(layerSecret(rsh1.secrets)).equals(rsh1.state.layers[1]!.points[0]!)).toBe(true);
  });
});

describe('shuffle step', () => {
  it('Y_j = s·X_perm[j], S = s·G, with the header and secrets of the seat; peers accept it', () => {
    const { message, secrets, state } = sh0;
    expect(message.kind).toBe('shuffle');
    expect(message.header).toStrictEqual({ tableId: TABLE, handNo: 7, packet: 0, seat: 0 });
    const { s, perm } = secrets.shuffle!;
    expect(secrets).toStrictEqual({ packet: 0, seat: 0, shuffle: { s, perm } });
    expect(isPermutation(perm, 32)).toBe(true);
    expect(perm).not.toEqual(Array.from({ length: 32 }, (_, j) => j));
    const want = perm.map((p) => hand.cards[p]!.multiply(s));
    expect(message.deck.points.every((y, j) => y.equals(want[j]!))).toBe(true);
    expect(message.deck.bytes).toEqual(bytesOf(want));
    expect(message.layer.points).toHaveLength(1);
    expect(message.layer.points[0]!.equals(mulBase(s))).toBe(true);
    expect(message.layer.bytes).toEqual(encodePoint(mulBase(s)));
    expect([state.phase, state.next]).toEqual(['shuffle', 1]);
    expect(state.deck).toBe(message.deck);
    expect(state.layers[0]).toBe(message.layer);
    expect(summary(valueOf(verifyShuffleStep(fresh, message, rng)))).toEqual(summary(state));
  });

  it('the second seat shuffles the first seat’s output; then the packet awaits lock 0', () => {
    const { s, perm } = sh1.secrets.shuffle!;
    const X = sh0.state.deck.points;
    expect(sh1.message.deck.points.every((y, j) => y.equals(X[perm[j]!]!.multiply(s)))).toBe(true);
    expect([sh1.state.phase, sh1.state.next]).toEqual(['lock', 0]);
    expect(summary(valueOf(verifyStep(sh0.state, sh1.message)))).toEqual(summary(sh1.state));
  });

  it('on a reshuffle the base is T_i: S = s·T_i; other secrets are kept; peers accept it', () => {
    const base = rl1.state.layers[0]!.points[0]!;
    const { s } = rsh0.secrets.shuffle!;
    expect(rsh0.message.layer.points[0]!.equals(base.multiply(s))).toBe(true);
    expect(rsh0.message.layer.points[0]!.equals(mulBase(s))).toBe(false);
    expect(rsh0.secrets.relayer).toBe(rl0.secrets.relayer);
    expect(rsh0.secrets.packet).toBe(1);
    expect(summary(valueOf(verifyShuffleStep(rl1.state, rsh0.message, rng)))).toEqual(summary(rsh0.state));
    // the default randomness (system) makes a step its peers accept as well
    const own = makeShuffleStep(rl1.state, 0, rl0.secrets);
    expect(valueOf(verifyShuffleStep(rl1.state, own.message)).next).toBe(1);
  });

  test.each<[string, () => [PacketState, number, PacketSecrets], string]>([
    ['a locked packet', () => [lk1.state, 0, newPacketSecrets(0, 0)], 'shuffle step: packet 0 is in phase locked'],
    ['a packet in re-layer', () => [re, 0, newPacketSecrets(1, 0)], 'shuffle step: packet 1 is in phase relayer'],
    [
      'seat 1 before seat 0',
      () => [fresh, 1, newPacketSecrets(0, 1)],
      'shuffle step: seat 1 acts out of turn, awaiting seat 0',
    ],
    [
      'secrets of another packet',
      () => [fresh, 0, newPacketSecrets(1, 0)],
      'shuffle step: secrets are for packet 1 seat 0, expected packet 0 seat 0',
    ],
    [
      'secrets of another seat',
      () => [fresh, 0, newPacketSecrets(0, 1)],
      'shuffle step: secrets are for packet 0 seat 1, expected packet 0 seat 0',
    ],
  ])('make refuses %s', (_name, args, message) => {
    const [state, seat, secrets] = args();
    expect(() => makeShuffleStep(state, seat, secrets, rng)).toThrow(new RangeError(message));
  });

  test.each<[string, () => [PacketState, ShuffleStep], Fault]>([
    [
      'a step bound to another table',
      () => [sh0.state, { ...sh1.message, header: { ...sh1.message.header, tableId: new Uint8Array([1, 2]) } }],
      {
        seat: 1,
        packet: 0,
        step: 'shuffle',
        code: 'context',
        reason: `shuffle step is bound to table 0102, expected ${toHex(TABLE)}`,
      },
    ],
    [
      'a step bound to another hand',
      () => [sh0.state, { ...sh1.message, header: { ...sh1.message.header, handNo: 8 } }],
      {
        seat: 1,
        packet: 0,
        step: 'shuffle',
        code: 'context',
        reason: 'shuffle step is bound to hand 8, expected hand 7',
      },
    ],
    [
      'a step bound to another packet',
      () => [sh0.state, { ...sh1.message, header: { ...sh1.message.header, packet: 2 } }],
      {
        seat: 1,
        packet: 0,
        step: 'shuffle',
        code: 'context',
        reason: 'shuffle step is bound to packet 2, expected packet 0',
      },
    ],
    [
      'a step for a packet in the lock phase',
      () => [sh1.state, sh1.message],
      {
        seat: 1,
        packet: 0,
        step: 'shuffle',
        code: 'turn',
        reason: 'shuffle step received while packet 0 is in phase lock',
      },
    ],
    [
      'a step out of turn',
      () => [fresh, sh1.message],
      { seat: 1, packet: 0, step: 'shuffle', code: 'turn', reason: 'shuffle step from seat 1, awaiting seat 0' },
    ],
    [
      'a deck one card short',
      () => [sh0.state, { ...sh1.message, deck: withoutLast(sh1.message.deck) }],
      { seat: 1, packet: 0, step: 'shuffle', code: 'size', reason: 'shuffled deck has 31 points, expected 32' },
    ],
    [
      'a deck one point short whose bytes are whole',
      () => [
        sh0.state,
        { ...sh1.message, deck: { points: sh1.message.deck.points.slice(1), bytes: sh1.message.deck.bytes } },
      ],
      { seat: 1, packet: 0, step: 'shuffle', code: 'size', reason: 'shuffled deck has 31 points, expected 32' },
    ],
    [
      'a deck whose bytes are one point short',
      () => [
        sh0.state,
        { ...sh1.message, deck: { points: sh1.message.deck.points, bytes: sh1.message.deck.bytes.slice(32) } },
      ],
      { seat: 1, packet: 0, step: 'shuffle', code: 'size', reason: 'shuffled deck has 32 points, expected 32' },
    ],
    [
      'a deck with a point twice',
      () => [sh0.state, { ...sh1.message, deck: withCopy(sh1.message.deck, 2, 9) }],
      {
        seat: 1,
        packet: 0,
        step: 'shuffle',
        position: 9,
        code: 'duplicate',
        reason: 'shuffled deck: positions 2 and 9 hold the same point',
      },
    ],
    [
      'a deck whose last point repeats the first',
      () => [sh0.state, { ...sh1.message, deck: withCopy(sh1.message.deck, 0, 31) }],
      {
        seat: 1,
        packet: 0,
        step: 'shuffle',
        position: 31,
        code: 'duplicate',
        reason: 'shuffled deck: positions 0 and 31 hold the same point',
      },
    ],
    [
      'two layer points',
      () => [sh0.state, { ...sh1.message, layer: deckFromPoints([G, G]) }],
      { seat: 1, packet: 0, step: 'shuffle', code: 'size', reason: 'S must be one point' },
    ],
    [
      'no layer point',
      () => [sh0.state, { ...sh1.message, layer: deckFromPoints([]) }],
      { seat: 1, packet: 0, step: 'shuffle', code: 'size', reason: 'S must be one point' },
    ],
    [
      'two output points swapped after proving',
      () => [sh0.state, { ...sh1.message, deck: withSwap(sh1.message.deck, 0, 1) }],
      {
        seat: 1,
        packet: 0,
        step: 'shuffle',
        code: 'proof',
        reason:
          'shuffle argument of seat 1 does not verify (its deck is not a permutation of the input times the s_1 of S_1)',
      },
    ],
  ])('verify refuses %s, naming the seat', (_name, args, want) => {
    const [state, msg] = args();
    expect(faultOf(verifyShuffleStep(state, msg, rng))).toStrictEqual(want);
    expect(faultOf(verifyStep(state, msg, rng))).toStrictEqual(want);
  });

  it('the argument is bound to the shuffle step context (message type 5) of its seat', () => {
    const msg = rsh0.message;
    const statement = (kind: 'shuffle' | 'lock', seat: number) => ({
      context: stepContext(rl1.state, kind, seat),
      base: rl1.state.layers[0]!,
      layer: msg.layer,
      X: rl1.state.deck,
      Y: msg.deck,
    });
    expect(verifyShuffle(statement('shuffle', 0), msg.proof, rng)).toBe(true);
    expect(verifyShuffle(statement('lock', 0), msg.proof, rng)).toBe(false);
    expect(verifyShuffle(statement('shuffle', 1), msg.proof, rng)).toBe(false);
  });

  it('a context fault is found before a size fault', () => {
    const msg = { ...sh1.message, header: { ...sh1.message.header, handNo: 8 }, deck: withoutLast(sh1.message.deck) };
    expect(faultOf(verifyShuffleStep(sh0.state, msg, rng)).code).toBe('context');
  });

  it('a deck that is not s·X permuted under a proof for it does not verify (proveShuffleStep by a cheat)', () => {
    // seat 0 of the reshuffle replaces one card by a point it made up, proving with its real (s, perm)
    const state = rl1.state;
    const { s, perm } = rsh0.secrets.shuffle!;
    const honest = proveShuffleStep(state, 0, s, perm, rsh0.message.deck, rsh0.message.layer, rng);
    expect(valueOf(verifyShuffleStep(state, honest, rng)).next).toBe(1);
    expect(honest.header).toStrictEqual({ tableId: TABLE, handNo: 7, packet: 1, seat: 0 });
    const points = rsh0.message.deck.points.slice();
    points[2] = mulBase(12345n);
    const forged = proveShuffleStep(state, 0, s, perm, deckFromPoints(points), rsh0.message.layer, rng);
    expect(faultOf(verifyShuffleStep(state, forged, rng))).toMatchObject({
      seat: 0,
      packet: 1,
      step: 'shuffle',
      code: 'proof',
    });
  });
});

describe('lock step', () => {
  it('K_c = k_c·G and Y_c = (k_c/ℓ)·X_c with ℓ = s; secrets keep the shuffle; peers accept it', () => {
    const { message, secrets, state } = lk0;
    const k = secrets.lock!;
    expect(secrets).toStrictEqual({ ...sh0.secrets, lock: k });
    expect(k).toHaveLength(32);
    expect(new Set(k).size).toBe(32);
    expect(message.kind).toBe('lock');
    expect(message.header).toStrictEqual({ tableId: TABLE, handNo: 7, packet: 0, seat: 0 });
    const ellInv = Fn.inv(sh0.secrets.shuffle!.s);
    const X = sh1.state.deck.points;
    const wantDeck = X.map((x, c) => x.multiply(Fn.mul(k[c]!, ellInv)));
    const wantKeys = k.map((kc) => mulBase(kc));
    expect(message.deck.bytes).toEqual(bytesOf(wantDeck));
    expect(message.keys.bytes).toEqual(bytesOf(wantKeys));
    expect(message.deck.points.every((y, c) => y.equals(wantDeck[c]!))).toBe(true);
    expect(message.keys.points.every((y, c) => y.equals(wantKeys[c]!))).toBe(true);
    expect([state.phase, state.next]).toEqual(['lock', 1]);
    expect(state.keys).toEqual([message.keys]);
    expect(summary(valueOf(verifyLockStep(sh1.state, message, rng)))).toEqual(summary(state));
  });

  it('the last lock leaves the packet locked; on a reshuffle ℓ = t·s', () => {
    expect(summary(valueOf(verifyStep(lk0.state, lk1.message, rng)))).toEqual(summary(lk1.state));
    expect([lk1.state.phase, lk1.state.next, lk1.state.keys.length]).toEqual(['locked', 0, 2]);
    const ell = layerSecret(rsh1.secrets);
    const k = rlk1.secrets.lock!;
    const X = rlk0.state.deck.points;
    expect(rlk1.message.deck.points.every((y, c) => y.equals(X[c]!.multiply(Fn.mul(k[c]!, Fn.inv(ell)))))).toBe(true);
    expect(summary(valueOf(verifyLockStep(rlk0.state, rlk1.message)))).toEqual(summary(rlk1.state));
    expect(rlk1.state.phase).toBe('locked');
  });

  test.each<[string, () => [PacketState, number, PacketSecrets], string]>([
    ['a packet still shuffling', () => [sh0.state, 1, sh1.secrets], 'lock step: packet 0 is in phase shuffle'],
    ['seat 1 before seat 0', () => [sh1.state, 1, sh1.secrets], 'lock step: seat 1 acts out of turn, awaiting seat 0'],
    [
      'secrets of another seat',
      () => [sh1.state, 0, sh1.secrets],
      'lock step: secrets are for packet 0 seat 1, expected packet 0 seat 0',
    ],
    [
      'secrets of another packet',
      () => [sh1.state, 0, rsh0.secrets],
      'lock step: secrets are for packet 1 seat 0, expected packet 0 seat 0',
    ],
    [
      'secrets without a shuffle',
      () => [sh1.state, 0, newPacketSecrets(0, 0)],
      'packet 0: seat 0 has no shuffle secret',
    ],
    [
      'a zero shuffle secret',
      () => [sh1.state, 0, { packet: 0, seat: 0, shuffle: { s: 0n, perm: sh0.secrets.shuffle!.perm } }],
      'layer secret: scalar out of range 1..ℓ-1',
    ],
  ])('make refuses %s', (_name, args, message) => {
    const [state, seat, secrets] = args();
    expect(() => makeLockStep(state, seat, secrets, rng)).toThrow(new RangeError(message));
  });

  test.each<[string, () => [PacketState, LockStep], Fault]>([
    [
      'a step bound to another table',
      () => [lk0.state, { ...lk1.message, header: { ...lk1.message.header, tableId: TABLE.slice(1) } }],
      {
        seat: 1,
        packet: 0,
        step: 'lock',
        code: 'context',
        reason: `lock step is bound to table ${toHex(TABLE.slice(1))}, expected ${toHex(TABLE)}`,
      },
    ],
    [
      'a step bound to another hand',
      () => [lk0.state, { ...lk1.message, header: { ...lk1.message.header, handNo: 6 } }],
      { seat: 1, packet: 0, step: 'lock', code: 'context', reason: 'lock step is bound to hand 6, expected hand 7' },
    ],
    [
      'a step bound to another packet',
      () => [lk0.state, { ...lk1.message, header: { ...lk1.message.header, packet: 1 } }],
      {
        seat: 1,
        packet: 0,
        step: 'lock',
        code: 'context',
        reason: 'lock step is bound to packet 1, expected packet 0',
      },
    ],
    [
      'a step for a locked packet',
      () => [lk1.state, lk1.message],
      {
        seat: 1,
        packet: 0,
        step: 'lock',
        code: 'turn',
        reason: 'lock step received while packet 0 is in phase locked',
      },
    ],
    [
      'a step out of turn',
      () => [sh1.state, lk1.message],
      { seat: 1, packet: 0, step: 'lock', code: 'turn', reason: 'lock step from seat 1, awaiting seat 0' },
    ],
    [
      'a deck one card short',
      () => [lk0.state, { ...lk1.message, deck: withoutLast(lk1.message.deck) }],
      { seat: 1, packet: 0, step: 'lock', code: 'size', reason: 'locked deck has 31 points, expected 32' },
    ],
    [
      'a deck with a point twice',
      () => [lk0.state, { ...lk1.message, deck: withCopy(lk1.message.deck, 4, 30) }],
      {
        seat: 1,
        packet: 0,
        step: 'lock',
        position: 30,
        code: 'duplicate',
        reason: 'locked deck: positions 4 and 30 hold the same point',
      },
    ],
    [
      'a key commitment short',
      () => [lk0.state, { ...lk1.message, keys: withoutLast(lk1.message.keys) }],
      { seat: 1, packet: 0, step: 'lock', code: 'size', reason: '31 key commitments, expected 32' },
    ],
    [
      'two key commitments swapped',
      () => [lk0.state, { ...lk1.message, keys: withSwap(lk1.message.keys, 3, 4) }],
      {
        seat: 1,
        packet: 0,
        step: 'lock',
        code: 'proof',
        reason: 'Chaum–Pedersen batch of seat 1 does not verify (a lock factor does not match S_1 → K_1c)',
      },
    ],
  ])('verify refuses %s, naming the seat', (_name, args, want) => {
    const [state, msg] = args();
    expect(faultOf(verifyLockStep(state, msg, rng))).toStrictEqual(want);
    expect(faultOf(verifyStep(state, msg, rng))).toStrictEqual(want);
  });

  it('a lock factor that does not match S → K does not verify (proveLockStep by a cheat)', () => {
    const state = rsh1.state;
    const ell = layerSecret(rsh0.secrets);
    const k = rlk0.secrets.lock!;
    const f = k.map((kc) => Fn.mul(kc, Fn.inv(ell)));
    const honest = proveLockStep(state, 0, ell, f, rlk0.message.deck, rlk0.message.keys, rng);
    expect(honest.header).toStrictEqual({ tableId: TABLE, handNo: 7, packet: 1, seat: 0 });
    expect(honest.kind).toBe('lock');
    expect(valueOf(verifyLockStep(state, honest, rng)).next).toBe(1);
    // a deck whose card 1 is multiplied by another factor than its key commitment says
    const bent = f.slice();
    bent[1] = Fn.mul(bent[1]!, 2n);
    const X = state.deck.points;
    const deck = deckFromPoints(X.map((x, c) => x.multiply(bent[c]!)));
    const forged = proveLockStep(state, 0, ell, bent, deck, rlk0.message.keys, rng);
    expect(faultOf(verifyLockStep(state, forged, rng))).toMatchObject({
      seat: 0,
      packet: 1,
      step: 'lock',
      code: 'proof',
    });
  });
});

describe('re-layer step', () => {
  it('T = t·G and Y_c = (t/ℓ_c)·X_c with ℓ_c the seat’s source key (1 for a public card); peers accept it', () => {
    const { message, secrets, state } = rl0;
    const t = secrets.relayer!;
    expect(secrets).toStrictEqual({ packet: 1, seat: 0, relayer: t });
    expect(message.kind).toBe('relayer');
    expect(message.header).toStrictEqual({ tableId: TABLE, handNo: 7, packet: 1, seat: 0 });
    expect(message.layer.points).toHaveLength(1);
    expect(message.layer.points[0]!.equals(mulBase(t))).toBe(true);
    expect(message.layer.bytes).toEqual(encodePoint(mulBase(t)));
    const key = lk0.secrets.lock!;
    const ell = [key[5]!, 1n, key[7]!, 1n];
    const want = re.deck.points.map((x, c) => x.multiply(Fn.mul(t, Fn.inv(ell[c]!))));
    expect(message.deck.bytes).toEqual(bytesOf(want));
    expect(message.deck.points.every((y, c) => y.equals(want[c]!))).toBe(true);
    expect([state.phase, state.next]).toEqual(['relayer', 1]);
    expect(state.layers[0]).toBe(message.layer);
    expect(state.cardLayers).toBe(re.cardLayers);
    expect(summary(valueOf(verifyRelayerStep(re, message, rng)))).toEqual(summary(state));
  });

  it('after both seats every card carries (t_0·t_1)·H_card and the packet awaits shuffle 0', () => {
    expect(summary(valueOf(verifyStep(rl0.state, rl1.message, rng)))).toEqual(summary(rl1.state));
    expect([rl1.state.phase, rl1.state.next, rl1.state.cardLayers]).toEqual(['shuffle', 0, undefined]);
    const tt = Fn.mul(rl0.secrets.relayer!, rl1.secrets.relayer!);
    // a public card was H_card itself, so it is now (t_0·t_1)·H_card
    expect(rl1.state.deck.points[1]!.equals(hand.cards[3]!.multiply(tt))).toBe(true);
    expect(rl1.state.deck.points[3]!.equals(hand.cards[9]!.multiply(tt))).toBe(true);
    // the default randomness makes a step its peers accept as well
    const own = makeRelayerStep(rl0.state, 1, newPacketSecrets(1, 1), source(1));
    expect(valueOf(verifyRelayerStep(rl0.state, own.message)).phase).toBe('shuffle');
  });

  it('asks the seat’s source secrets of each hidden card’s packet only', () => {
    const asked: number[] = [];
    makeRelayerStep(re, 0, newPacketSecrets(1, 0), (pid) => (asked.push(pid), source(0)(pid)), rng);
    expect(asked).toEqual([0, 0]);
  });

  const noKey = (seat: number, position: number, card: number) =>
    `relayer step: no lock key of seat ${seat} for packet 0 position ${position} (card ${card})`;
  const withLock = (seat: number, lock: bigint[] | undefined) => (): PacketSecrets => ({
    ...newPacketSecrets(0, seat),
    ...(lock ? { lock } : {}),
  });

  test.each<[string, () => [PacketState, number, PacketSecrets, (pid: number) => PacketSecrets | undefined], string]>([
    ['a fresh deck', () => [fresh, 0, newPacketSecrets(0, 0), source(0)], 'relayer step: packet 0 is in phase shuffle'],
    [
      'seat 1 before seat 0',
      () => [re, 1, newPacketSecrets(1, 1), source(1)],
      'relayer step: seat 1 acts out of turn, awaiting seat 0',
    ],
    [
      'secrets of another seat',
      () => [re, 0, newPacketSecrets(1, 1), source(0)],
      'relayer step: secrets are for packet 1 seat 1, expected packet 1 seat 0',
    ],
    [
      'secrets of another packet',
      () => [re, 0, newPacketSecrets(0, 0), source(0)],
      'relayer step: secrets are for packet 0 seat 0, expected packet 1 seat 0',
    ],
    [
      'a fresh deck put in the re-layer phase',
      () => [{ ...fresh, phase: 'relayer' }, 0, newPacketSecrets(0, 0), source(0)],
      'relayer step: packet is not a reshuffle',
    ],
    [
      'a fresh deck with card layers',
      () => [{ ...fresh, phase: 'relayer', cardLayers: re.cardLayers }, 0, newPacketSecrets(0, 0), source(0)],
      'relayer step: packet is not a reshuffle',
    ],
    [
      'a reshuffle without card layers',
      () => [{ ...re, cardLayers: undefined }, 0, newPacketSecrets(1, 0), source(0)],
      'relayer step: packet is not a reshuffle',
    ],
    ['unknown source secrets', () => [re, 0, newPacketSecrets(1, 0), () => undefined], noKey(0, 5, 0)],
    ['source secrets without lock keys', () => [re, 0, newPacketSecrets(1, 0), withLock(0, undefined)], noKey(0, 5, 0)],
    ['the source secrets of another seat', () => [re, 0, newPacketSecrets(1, 0), source(1)], noKey(0, 5, 0)],
    [
      'lock keys short of position 7',
      () => [re, 0, newPacketSecrets(1, 0), withLock(0, lk0.secrets.lock!.slice(0, 7))],
      noKey(0, 7, 2),
    ],
    [
      'a zero lock key',
      () => [
        re,
        0,
        newPacketSecrets(1, 0),
        withLock(
          0,
          lk0.secrets.lock!.map((k, c) => (c === 5 ? 0n : k)),
        ),
      ],
      'lock key 0/5: scalar out of range 1..ℓ-1',
    ],
  ])('make refuses %s', (_name, args, message) => {
    const [state, seat, secrets, src] = args();
    expect(() => makeRelayerStep(state, seat, secrets, src, rng)).toThrow(new RangeError(message));
  });

  test.each<[string, () => [PacketState, RelayerStep], Fault]>([
    [
      'a step bound to another table',
      () => [rl0.state, { ...rl1.message, header: { ...rl1.message.header, tableId: new Uint8Array([255]) } }],
      {
        seat: 1,
        packet: 1,
        step: 'relayer',
        code: 'context',
        reason: `relayer step is bound to table ff, expected ${toHex(TABLE)}`,
      },
    ],
    [
      'a step bound to another hand',
      () => [rl0.state, { ...rl1.message, header: { ...rl1.message.header, handNo: 0 } }],
      {
        seat: 1,
        packet: 1,
        step: 'relayer',
        code: 'context',
        reason: 'relayer step is bound to hand 0, expected hand 7',
      },
    ],
    [
      'a step bound to another packet',
      () => [rl0.state, { ...rl1.message, header: { ...rl1.message.header, packet: 0 } }],
      {
        seat: 1,
        packet: 1,
        step: 'relayer',
        code: 'context',
        reason: 'relayer step is bound to packet 0, expected packet 1',
      },
    ],
    [
      'a step for a packet in the shuffle phase',
      () => [rl1.state, rl1.message],
      {
        seat: 1,
        packet: 1,
        step: 'relayer',
        code: 'turn',
        reason: 'relayer step received while packet 1 is in phase shuffle',
      },
    ],
    [
      'a step out of turn',
      () => [re, rl1.message],
      { seat: 1, packet: 1, step: 'relayer', code: 'turn', reason: 'relayer step from seat 1, awaiting seat 0' },
    ],
    [
      'a deck one card short',
      () => [rl0.state, { ...rl1.message, deck: withoutLast(rl1.message.deck) }],
      { seat: 1, packet: 1, step: 'relayer', code: 'size', reason: 're-layered deck has 3 points, expected 4' },
    ],
    [
      'a deck with a point twice',
      () => [rl0.state, { ...rl1.message, deck: withCopy(rl1.message.deck, 1, 3) }],
      {
        seat: 1,
        packet: 1,
        step: 'relayer',
        position: 3,
        code: 'duplicate',
        reason: 're-layered deck: positions 1 and 3 hold the same point',
      },
    ],
    [
      'two layer points',
      () => [rl0.state, { ...rl1.message, layer: deckFromPoints([G, mulBase(2n)]) }],
      { seat: 1, packet: 1, step: 'relayer', code: 'size', reason: 'T must be one point' },
    ],
    [
      'another T',
      () => [rl0.state, { ...rl1.message, layer: deckFromPoints([mulBase(2n)]) }],
      {
        seat: 1,
        packet: 1,
        step: 'relayer',
        code: 'proof',
        reason: 'Chaum–Pedersen batch of seat 1 does not verify (a re-layer factor does not match K → T_1)',
      },
    ],
  ])('verify refuses %s, naming the seat', (_name, args, want) => {
    const [state, msg] = args();
    expect(faultOf(verifyRelayerStep(state, msg, rng))).toStrictEqual(want);
    expect(faultOf(verifyStep(state, msg, rng))).toStrictEqual(want);
  });

  it('a step of the right shape for another seat’s card layers does not verify', () => {
    // seat 1's message checked as if it were seat 0's: the context and the card layers differ
    const msg = { ...rl1.message, header: { ...rl1.message.header, seat: 0 } };
    expect(faultOf(verifyRelayerStep(re, msg, rng))).toMatchObject({ seat: 0, code: 'proof' });
  });
});

describe('verifyStep', () => {
  it('dispatches each kind to its verifier and returns the same next state', () => {
    expect(summary(valueOf(verifyStep(fresh, sh0.message, rng)))).toEqual(summary(sh0.state));
    expect(summary(valueOf(verifyStep(sh1.state, lk0.message, rng)))).toEqual(summary(lk0.state));
    expect(summary(valueOf(verifyStep(re, rl0.message, rng)))).toEqual(summary(rl0.state));
    expect(summary(valueOf(verifyStep(rl1.state, rsh0.message)))).toEqual(summary(rsh0.state));
    expect(summary(valueOf(verifyStep(rsh1.state, rlk0.message)))).toEqual(summary(rlk0.state));
  });

  it('a message of one kind in another kind’s phase is a turn fault of that kind', () => {
    expect(faultOf(verifyStep(sh1.state, sh0.message, rng))).toMatchObject({ seat: 0, step: 'shuffle', code: 'turn' });
    expect(faultOf(verifyStep(fresh, lk0.message, rng))).toMatchObject({ seat: 0, step: 'lock', code: 'turn' });
    expect(faultOf(verifyStep(rl1.state, rl0.message, rng))).toMatchObject({ seat: 0, step: 'relayer', code: 'turn' });
  });
});
