/**
 * crypto/codec.ts: canonical encodings round-trip byte for byte at their
 * documented sizes, and hostile inputs are refused with precise errors (a
 * table of malformed fields; messages bound to another table, hand, packet or
 * seat; bad hand and reshuffle parameters). The codec names what it refuses:
 * a message cut at any field is refused as "truncated at <that field>" under
 * its type's label, an encoder refuses a step whose lengths disagree naming
 * the field, another message type is named by type and label; the largest
 * key-share message decodes and one entry more is refused; an expectation
 * checks only what it names.
 */
import { beforeAll, describe, expect, it, test } from 'vitest';
import {
  ALL_SEATS,
  type KeyShares,
  type LockStep,
  type PacketSecrets,
  type RelayerStep,
  type ShuffleStep,
  createHand,
  openDeck,
  openReshuffle,
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
  revealToSeat,
  seededRandom,
} from '../../crypto/index.js';
import { ORDER, encodeScalar } from '../../crypto/group.js';
import { loadedNow } from '../helpers/loaded-now.js';
import { SimTable } from './sim.js';

const TABLE = new TextEncoder().encode('codec');
const H = 4 + 1 + TABLE.length + 4 + 2 + 1; // header length
const NON_CANONICAL = 'edffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f';
const NEGATIVE = '0100000000000000000000000000000000000000000000000000000000000000';
const NON_SQUARE = '26948d35ca62e643e26a83177332e6b6afeb9d08e4268b650f1f5bbd8d81d371';
const IDENTITY = '00'.repeat(32);
const unhex = (h: string) => new Uint8Array(Buffer.from(h, 'hex'));

let sim: SimTable;
let shuffle: Uint8Array;
let lock: Uint8Array;
let relayer: Uint8Array;
let keys: Uint8Array;
let secrets: Uint8Array;
const m = 32;
// Offsets of the shuffle step's fields (type 5): n deck[m] S c[m] ĉ[m] t[5] t̂[m] z[4] ẑ[m] z'[m].
const SH = (() => {
  const S = H + 2 + 32 * m;
  const c = S + 32;
  const chain = c + 32 * m;
  const t = chain + 32 * m;
  const tChain = t + 32 * 5;
  const z = tChain + 32 * m;
  const zChain = z + 32 * 4;
  const zPerm = zChain + 32 * m;
  return { S, c, chain, t, tChain, z, zChain, zPerm, end: zPerm + 32 * m };
})();
// Version 2 steps end with one 32-byte decode hint per point: shuffle 4m + 6 points, lock 3m + 1, re-layer 2m + 2.
const HINTS = { shuffle: 32 * (4 * m + 6), lock: 32 * (3 * m + 1), relayer: 32 * (2 * m + 2) };
/** The same step as version 1 (no hints), as transcripts recorded before hints hold it. */
const v1 = (bytes: Uint8Array, hints: number) => put(bytes.slice(0, bytes.length - hints), 2, [1]);

beforeAll(() => {
  sim = new SimTable({ tableId: TABLE, handNo: 1, seats: 3, deckSize: 32 }, seededRandom('codec'));
  expect(sim.runPacket(0, null)).toBeNull();
  expect(
    sim.runPacket(
      1,
      Array.from({ length: m }, (_, i) => ({ kind: 'hidden' as const, packet: 0, position: i })),
    ),
  ).toBeNull();
  shuffle = encodeShuffleStep(sim.transcript[0]!.shuffle[1]!);
  lock = encodeLockStep(sim.transcript[0]!.lock[2]!);
  relayer = encodeRelayerStep(sim.transcript[1]!.relayer[0]!);
  const state = sim.packets.get(0)!;
  keys = encodeKeyShares(revealToSeat(state, 1, sim.secrets[1]!.get(0)!, [3, 5, 8], 0));
  secrets = encodePacketSecrets(sim.secrets[2]!.get(1)!, sim.hand);
});

function put(bytes: Uint8Array, offset: number, patch: Uint8Array | number[]): Uint8Array {
  const out = bytes.slice();
  out.set(patch, offset);
  return out;
}
const u16 = (v: number) => [v >> 8, v & 0xff];

describe('codec round trips', () => {
  it('every message type re-encodes to the same bytes', () => {
    expect(encodeShuffleStep(decodeShuffleStep(shuffle))).toEqual(shuffle);
    expect(encodeLockStep(decodeLockStep(lock))).toEqual(lock);
    expect(encodeRelayerStep(decodeRelayerStep(relayer))).toEqual(relayer);
    expect(encodeKeyShares(decodeKeyShares(keys))).toEqual(keys);
    expect(encodePacketSecrets(decodePacketSecrets(secrets), sim.hand)).toEqual(secrets);
  });

  it('a step without decode hints (version 1, as older transcripts hold it) decodes to the same step', () => {
    expect(decodeShuffleStep(v1(shuffle, HINTS.shuffle))).toEqual(decodeShuffleStep(shuffle));
    expect(decodeLockStep(v1(lock, HINTS.lock))).toEqual(decodeLockStep(lock));
    expect(decodeRelayerStep(v1(relayer, HINTS.relayer))).toEqual(decodeRelayerStep(relayer));
  });

  it('has the documented sizes (header + 32 bytes per element or scalar)', () => {
    expect(shuffle.length).toBe(SH.end + HINTS.shuffle);
    expect(shuffle.length).toBe(H + 2 + 32 * m + 32 + 32 * (5 * m + 9) + HINTS.shuffle);
    expect(lock.length).toBe(H + 2 + 32 * m * 4 + 32 + HINTS.lock);
    expect(relayer.length).toBe(H + 2 + 32 * m * 3 + 32 * 2 + HINTS.relayer);
    expect(keys.length).toBe(H + 1 + 2 + 3 * (3 + 32));
  });

  it('decoded secrets equal what the seat kept', () => {
    const s: PacketSecrets = decodePacketSecrets(secrets, { hand: sim.hand, seat: 2, packet: 1 });
    expect(s).toEqual(sim.secrets[2]!.get(1));
  });
});

type Dec = (b: Uint8Array) => unknown;
const dShuffle: Dec = (b) => decodeShuffleStep(b);
const dLock: Dec = (b) => decodeLockStep(b);
const dRelayer: Dec = (b) => decodeRelayerStep(b);
const dKeys: Dec = (b) => decodeKeyShares(b);
const dSecrets: Dec = (b) => decodePacketSecrets(b);

// [name, decoder, mutate(valid bytes), error type, message]
const HOSTILE: [string, Dec, () => Uint8Array, ErrorConstructor, RegExp][] = [
  [
    'not bytes',
    dShuffle,
    () => 'FD' as unknown as Uint8Array,
    TypeError,
    /shuffle step: expected Uint8Array, got string/,
  ],
  ['empty', dShuffle, () => new Uint8Array(0), RangeError, /shuffle step: truncated at magic/],
  [
    'truncated by one byte',
    dShuffle,
    () => shuffle.slice(0, -1),
    RangeError,
    /shuffle step: truncated at decode hints/,
  ],
  [
    'version 1 truncated by one byte',
    dShuffle,
    () => v1(shuffle, HINTS.shuffle).slice(0, -1),
    RangeError,
    /shuffle step: truncated at proof\.zPerm\[31\]/,
  ],
  [
    'a wrong decode hint (deck[0] with the hint of deck[1])',
    dShuffle,
    () => put(shuffle, SH.end, shuffle.slice(SH.end + 32, SH.end + 64)),
    RangeError,
    /shuffle step: deck\[0\]: wrong decode hint/,
  ],
  [
    'a decode hint ≥ p',
    dShuffle,
    () => put(shuffle, SH.end + 32 * m, unhex(NON_CANONICAL)),
    RangeError,
    /shuffle step: S: non-canonical decode hint/,
  ],
  [
    'an odd decode hint (the other root)',
    dShuffle,
    () => put(shuffle, SH.end, unhex(NEGATIVE)),
    RangeError,
    /shuffle step: deck\[0\]: non-canonical decode hint/,
  ],
  ['one trailing byte', dShuffle, () => new Uint8Array([...shuffle, 0]), RangeError, /shuffle step: 1 trailing bytes/],
  ['bad magic', dShuffle, () => put(shuffle, 0, [0x46, 0x45]), RangeError, /bad magic/],
  ['unknown version', dShuffle, () => put(shuffle, 2, [3]), RangeError, /unsupported version 3, expected 1 or 2/],
  [
    'key shares with hints',
    dKeys,
    () => put(keys, 2, [2]),
    RangeError,
    /key shares: unsupported version 2, expected 1$/,
  ],
  [
    'lock step given to the shuffle decoder',
    dShuffle,
    () => lock,
    RangeError,
    /shuffle step: message type 3 \(lock step\), expected 5/,
  ],
  [
    'retired shuffle type 2 (Schnorr only)',
    dShuffle,
    () => put(shuffle, 3, [2]),
    RangeError,
    /shuffle step: message type 2 \(retired shuffle step without a shuffle argument\), expected 5/,
  ],
  ['unknown message type', dLock, () => put(lock, 3, [9]), RangeError, /lock step: message type 9, expected 3/],
  ['empty table id', dShuffle, () => put(shuffle, 4, [0]), RangeError, /tableId length 0 outside 1\.\.64/],
  ['seat out of range', dShuffle, () => put(shuffle, H - 1, [8]), RangeError, /seat 8 out of range 0\.\.7/],
  ['zero cards', dShuffle, () => put(shuffle, H, u16(0)), RangeError, /card count 0 outside 1\.\.104/],
  ['105 cards', dShuffle, () => put(shuffle, H, u16(105)), RangeError, /card count 105 outside 1\.\.104/],
  [
    'count larger than the payload',
    dShuffle,
    () => put(shuffle, H, u16(33)),
    RangeError,
    /truncated|not a ristretto255|non-canonical|identity|out of range|wrong decode hint/,
  ],
  [
    'non-canonical card point',
    dShuffle,
    () => put(shuffle, H + 2 + 64, unhex(NON_CANONICAL)),
    RangeError,
    /shuffle step: deck\[2\]: non-canonical encoding \(field element ≥ p\)/,
  ],
  [
    'negative card point',
    dShuffle,
    () => put(shuffle, H + 2, unhex(NEGATIVE)),
    RangeError,
    /deck\[0\]: non-canonical encoding \(negative field element\)/,
  ],
  [
    'identity card point',
    dShuffle,
    () => put(shuffle, H + 2 + 32 * 31, unhex(IDENTITY)),
    RangeError,
    /deck\[31\]: identity element/,
  ],
  [
    'S not on the group',
    dShuffle,
    () => put(shuffle, H + 2 + 32 * m, unhex(NON_SQUARE)),
    RangeError,
    /shuffle step: S: not a ristretto255 element/,
  ],
  [
    'S is the identity',
    dShuffle,
    () => put(shuffle, H + 2 + 32 * m, unhex(IDENTITY)),
    RangeError,
    /shuffle step: S: identity element/,
  ],
  [
    'proof.c[0] identity',
    dShuffle,
    () => put(shuffle, SH.c, unhex(IDENTITY)),
    RangeError,
    /shuffle step: proof\.c\[0\]: identity element/,
  ],
  [
    'proof.c[31] non-canonical',
    dShuffle,
    () => put(shuffle, SH.c + 32 * 31, unhex(NON_CANONICAL)),
    RangeError,
    /proof\.c\[31\]: non-canonical encoding \(field element ≥ p\)/,
  ],
  [
    'proof.chain[3] negative',
    dShuffle,
    () => put(shuffle, SH.chain + 96, unhex(NEGATIVE)),
    RangeError,
    /proof\.chain\[3\]: non-canonical encoding \(negative/,
  ],
  [
    'proof.chain[31] identity',
    dShuffle,
    () => put(shuffle, SH.chain + 32 * 31, unhex(IDENTITY)),
    RangeError,
    /proof\.chain\[31\]: identity element/,
  ],
  [
    'proof.t[0] identity',
    dShuffle,
    () => put(shuffle, SH.t, unhex(IDENTITY)),
    RangeError,
    /proof\.t\[0\]: identity element/,
  ],
  [
    'proof.t[4] not on the group',
    dShuffle,
    () => put(shuffle, SH.t + 128, unhex(NON_SQUARE)),
    RangeError,
    /proof\.t\[4\]: not a ristretto255 element/,
  ],
  [
    'proof.tChain[0] non-canonical',
    dShuffle,
    () => put(shuffle, SH.tChain, unhex(NON_CANONICAL)),
    RangeError,
    /proof\.tChain\[0\]: non-canonical/,
  ],
  [
    'proof.tChain[31] identity',
    dShuffle,
    () => put(shuffle, SH.tChain + 32 * 31, unhex(IDENTITY)),
    RangeError,
    /proof\.tChain\[31\]: identity element/,
  ],
  [
    'proof.z[0] = ℓ',
    dShuffle,
    () => put(shuffle, SH.z, encodeScalar(ORDER)),
    RangeError,
    /shuffle step: proof\.z\[0\]: scalar out of range/,
  ],
  [
    'proof.z[3] = 2^256-1',
    dShuffle,
    () => put(shuffle, SH.z + 96, new Uint8Array(32).fill(255)),
    RangeError,
    /proof\.z\[3\]: scalar out of range/,
  ],
  [
    'proof.zChain[0] = ℓ + 1',
    dShuffle,
    () => put(shuffle, SH.zChain, encodeScalar(ORDER + 1n)),
    RangeError,
    /proof\.zChain\[0\]: scalar out of range/,
  ],
  [
    'proof.zPerm[31] = ℓ',
    dShuffle,
    () => put(shuffle, SH.zPerm + 32 * 31, encodeScalar(ORDER)),
    RangeError,
    /proof\.zPerm\[31\]: scalar out of range/,
  ],
  [
    'shuffle truncated inside t',
    dShuffle,
    () => shuffle.slice(0, SH.t + 40),
    RangeError,
    /shuffle step: truncated at proof\.t/,
  ],
  [
    'shuffle truncated after the deck (old layout length)',
    dShuffle,
    () => shuffle.slice(0, SH.c + 64),
    RangeError,
    /shuffle step: truncated at proof\.c/,
  ],
  [
    'lock: K negative',
    dLock,
    () => put(lock, H + 2 + 32 * m + 32 * 4, unhex(NEGATIVE)),
    RangeError,
    /lock step: K\[4\]: non-canonical encoding \(negative/,
  ],
  [
    'lock: A identity',
    dLock,
    () => put(lock, H + 2 + 32 * 2 * m + 32, unhex(IDENTITY)),
    RangeError,
    /lock step: proof\.A\[1\]: identity element/,
  ],
  [
    'lock: B non-canonical',
    dLock,
    () => put(lock, H + 2 + 32 * 3 * m, unhex(NON_CANONICAL)),
    RangeError,
    /lock step: proof\.B: non-canonical/,
  ],
  [
    'lock: z[3] = ℓ + 1',
    dLock,
    () => put(lock, H + 2 + 32 * 3 * m + 32 + 96, encodeScalar(ORDER + 1n)),
    RangeError,
    /lock step: proof\.z\[3\]: scalar out of range/,
  ],
  [
    'lock: z[31] zero',
    dLock,
    () => put(lock, lock.length - HINTS.lock - 32, new Uint8Array(32)),
    RangeError,
    /proof\.z\[31\]: zero scalar/,
  ],
  [
    'lock: truncated in z',
    dLock,
    () => v1(lock, HINTS.lock).slice(0, -5),
    RangeError,
    /lock step: truncated at proof\.z\[31\]/,
  ],
  [
    're-layer: T non-square',
    dRelayer,
    () => put(relayer, H + 2 + 32 * m, unhex(NON_SQUARE)),
    RangeError,
    /re-layer step: T: not a ristretto255 element/,
  ],
  [
    're-layer: trailing',
    dRelayer,
    () => new Uint8Array([...relayer, 1, 2]),
    RangeError,
    /re-layer step: 2 trailing bytes/,
  ],
  ['keys: to itself', dKeys, () => put(keys, H, [1]), RangeError, /key shares: seat 1 sends keys to itself/],
  ['keys: recipient 8', dKeys, () => put(keys, H, [8]), RangeError, /recipient 8 is neither a seat nor 255/],
  ['keys: zero entries', dKeys, () => put(keys, H + 1, u16(0)), RangeError, /entry count 0 outside 1\.\.832/],
  [
    'keys: unsorted',
    dKeys,
    () => put(keys, H + 3 + 35, u16(2)),
    RangeError,
    /entries\[1\] not in strictly increasing \(position, layer\) order/,
  ],
  ['keys: repeated', dKeys, () => put(keys, H + 3 + 35, u16(3)), RangeError, /entries\[1\] not in strictly increasing/],
  [
    'keys: position 104',
    dKeys,
    () => put(keys, H + 3 + 70, u16(104)),
    RangeError,
    /entries\[2\]\.position 104 outside 0\.\.103/,
  ],
  ['keys: layer 8', dKeys, () => put(keys, H + 3 + 2, [8]), RangeError, /entries\[0\]\.layer 8 outside 0\.\.7/],
  [
    'keys: zero key',
    dKeys,
    () => put(keys, H + 3 + 3, new Uint8Array(32)),
    RangeError,
    /entries\[0\]\.key: zero scalar/,
  ],
  [
    'keys: key ≥ ℓ',
    dKeys,
    () => put(keys, H + 3 + 3, encodeScalar(ORDER)),
    RangeError,
    /entries\[0\]\.key: scalar out of range/,
  ],
  ['secrets: unknown flag', dSecrets, () => put(secrets, H, [0x0f]), RangeError, /packet secrets: unknown flags 0xf/],
  [
    'secrets: not a permutation',
    dSecrets,
    () => put(secrets, H + 1 + 32 + 32 + 2, u16(5)),
    RangeError,
    /perm is not a permutation of 0\.\.31/,
  ],
  ['secrets: truncated', dSecrets, () => secrets.slice(0, 40), RangeError, /packet secrets: truncated/],
];

describe('shuffle argument responses', () => {
  it('a response is any canonical scalar in [0, ℓ): zero and ℓ − 1 decode (and are then judged by the proof)', () => {
    const zero = decodeShuffleStep(put(shuffle, SH.zPerm, new Uint8Array(32)));
    expect(zero.proof.zPerm[0]).toBe(0n);
    const top = decodeShuffleStep(put(shuffle, SH.z, encodeScalar(ORDER - 1n)));
    expect(top.proof.z[0]).toBe(ORDER - 1n);
    expect(encodeShuffleStep(top)).toEqual(put(shuffle, SH.z, encodeScalar(ORDER - 1n)));
  });
});

describe('hostile inputs', () => {
  test.each(HOSTILE)('%s', (_name, decode, make, type, message) => {
    const bytes = make();
    expect(() => decode(bytes)).toThrow(type);
    expect(() => decode(bytes)).toThrow(message);
  });

  it('the hostile table starts from valid messages (each row changes something that matters)', () => {
    for (const [decode, bytes] of [
      [dShuffle, shuffle],
      [dLock, lock],
      [dRelayer, relayer],
      [dKeys, keys],
      [dSecrets, secrets],
    ] as const) {
      expect(() => decode(bytes)).not.toThrow();
    }
  });

  const otherTable = { tableId: new TextEncoder().encode('elsewhere'), handNo: 1, seats: 3, deckSize: 32 as const };
  test.each([
    [
      'another table',
      () => decodeShuffleStep(shuffle, { hand: otherTable }),
      /shuffle step: bound to table 636f646563, expected table 656c73657768657265/,
    ],
    [
      'another hand',
      () => decodeLockStep(lock, { hand: { ...sim.hand.params, handNo: 2 } }),
      /lock step: bound to hand 1, expected hand 2/,
    ],
    [
      'another packet',
      () => decodeRelayerStep(relayer, { hand: sim.hand, packet: 0 }),
      /re-layer step: bound to packet 1, expected packet 0/,
    ],
    [
      'another seat',
      () => decodeShuffleStep(shuffle, { hand: sim.hand, seat: 0 }),
      /shuffle step: authored by seat 1, expected seat 0/,
    ],
    [
      'a seat the table does not have',
      () => decodeLockStep(lock, { hand: { ...sim.hand.params, seats: 2 } }),
      /lock step: seat 2 is not at this table \(2 seats\)/,
    ],
  ])('a message bound to %s is rejected', (_n, run, message) => {
    expect(run).toThrow(RangeError);
    expect(run).toThrow(message);
  });
});

describe('hostile parameters', () => {
  const ok = { tableId: TABLE, handNo: 1, seats: 3, deckSize: 52 as const };
  test.each([
    [
      'deck of 53',
      () => createHand({ ...ok, deckSize: 53 as 52 }),
      RangeError,
      /deckSize: expected one of 32, 52, 54, 104, got 53/,
    ],
    ['one seat', () => createHand({ ...ok, seats: 1 }), RangeError, /seats: expected 2\.\.8, got 1/],
    ['nine seats', () => createHand({ ...ok, seats: 9 }), RangeError, /seats: expected 2\.\.8, got 9/],
    ['negative hand', () => createHand({ ...ok, handNo: -1 }), RangeError, /handNo: expected 0\.\.4294967295, got -1/],
    [
      'table id of 65 bytes',
      () => createHand({ ...ok, tableId: new Uint8Array(65) }),
      RangeError,
      /tableId: expected 1\.\.64 bytes, got 65/,
    ],
    [
      'table id as a string',
      () => createHand({ ...ok, tableId: 'abc' as unknown as Uint8Array }),
      TypeError,
      /tableId: expected Uint8Array, got string/,
    ],
    [
      'reshuffle of an unknown packet',
      () => openReshuffle(sim.hand, 5, [{ kind: 'hidden', packet: 9, position: 0 }], sim.packets),
      RangeError,
      /inputs\[0\]: unknown packet 9/,
    ],
    [
      'reshuffle listing a card twice',
      () =>
        openReshuffle(
          sim.hand,
          5,
          [
            { kind: 'hidden', packet: 0, position: 3 },
            { kind: 'hidden', packet: 0, position: 3 },
          ],
          sim.packets,
        ),
      RangeError,
      /inputs\[1\]: packet 0 position 3 listed twice/,
    ],
    [
      'reshuffle of a position outside the packet',
      () => openReshuffle(sim.hand, 5, [{ kind: 'hidden', packet: 0, position: 32 }], sim.packets),
      RangeError,
      /inputs\[0\]\.position: expected 0\.\.31, got 32/,
    ],
    [
      'reshuffle of a public card outside the deck',
      () => openReshuffle(sim.hand, 5, [{ kind: 'public', card: 32 }], sim.packets),
      RangeError,
      /inputs\[0\]\.card: expected 0\.\.31, got 32/,
    ],
    [
      'reshuffle of a packet still being set up',
      () =>
        openReshuffle(sim.hand, 5, [{ kind: 'hidden', packet: 7, position: 0 }], new Map([[7, openDeck(sim.hand, 7)]])),
      RangeError,
      /packet 7 is not locked yet/,
    ],
    [
      'empty reshuffle',
      () => openReshuffle(sim.hand, 5, [], sim.packets),
      RangeError,
      /inputs\.length: expected 1\.\.104, got 0/,
    ],
    [
      'reveal of a position outside the packet',
      () => revealToSeat(sim.packets.get(0)!, 1, sim.secrets[1]!.get(0)!, [40], 0),
      RangeError,
      /positions\[0\]: expected 0\.\.31, got 40/,
    ],
    [
      'reveal to oneself',
      () => revealToSeat(sim.packets.get(0)!, 1, sim.secrets[1]!.get(0)!, [4], 1),
      RangeError,
      /cannot reveal to itself/,
    ],
  ])('%s is refused', (_n, run, type, message) => {
    expect(run).toThrow(type);
    expect(run).toThrow(message);
  });
});

/**
 * Field names and bounds, on a hand of its own (table 'fields', hand 7, two
 * seats, a 3-card reshuffle whose secrets carry a re-layer, a shuffle and a
 * lock): the offsets below are computed for it. Its fixture reuses the file's
 * names (sim, shuffle, lock, …) for this hand.
 */
describe('the codec names each field it refuses', () => {
  const TABLE = new TextEncoder().encode('fields');
  const H = 4 + 1 + TABLE.length + 4 + 2 + 1; // header length
  const M = 32; // cards in the set-up packet
  const R = 3; // cards in the reshuffled packet

  let sim: SimTable;
  let shuffleStep: ShuffleStep;
  let lockStep: LockStep;
  let relayerStep: RelayerStep;
  let keysToOne: KeyShares;
  let shuffle: Uint8Array;
  let lock: Uint8Array;
  let relayer: Uint8Array;
  let keys: Uint8Array;
  let keysToAll: Uint8Array;
  let secrets: Uint8Array;

  beforeAll(() => {
    sim = new SimTable({ tableId: TABLE, handNo: 7, seats: 2, deckSize: 32 }, seededRandom('codec fields'));
    expect(sim.runPacket(0, null)).toBeNull();
    expect(
      sim.runPacket(
        1,
        Array.from({ length: R }, (_, i) => ({ kind: 'hidden' as const, packet: 0, position: i })),
      ),
    ).toBeNull();
    shuffleStep = sim.transcript[0]!.shuffle[1]!;
    lockStep = sim.transcript[0]!.lock[1]!;
    relayerStep = sim.transcript[1]!.relayer[0]!;
    shuffle = encodeShuffleStep(shuffleStep);
    lock = encodeLockStep(lockStep);
    relayer = encodeRelayerStep(relayerStep);
    const state = sim.packets.get(0)!;
    keysToOne = revealToSeat(state, 1, sim.secrets[1]!.get(0)!, [0, 4], 0);
    keys = encodeKeyShares(keysToOne);
    keysToAll = encodeKeyShares(revealToSeat(state, 0, sim.secrets[0]!.get(0)!, [2], ALL_SEATS));
    secrets = encodePacketSecrets(sim.secrets[0]!.get(1)!, sim.hand);
  });

  /** The header's fields, then a message's own, each with the offset where it starts. */
  function headerFields(): [number, string][] {
    return [
      [0, 'magic'],
      [1, 'magic'],
      [2, 'version'],
      [3, 'type'],
      [4, 'tableId length'],
      [5, 'tableId'],
      [H - 7, 'handNo'],
      [H - 3, 'packet'],
      [H - 1, 'seat'],
    ];
  }

  function fieldsOf(kind: 'shuffle' | 'lock' | 'relayer' | 'keys' | 'secrets'): [number, string][] {
    const deck = (n: number, start: number, names: string[]) =>
      names.map((name, i) => [start + 32 * n * i, name] as [number, string]);
    switch (kind) {
      case 'shuffle': {
        const decks = deck(M, H + 2, ['deck']);
        const S = H + 2 + 32 * M;
        const c = S + 32;
        const t = c + 64 * M;
        const tChain = t + 32 * 5;
        const z = tChain + 32 * M;
        return [
          [H, 'card count'],
          ...decks,
          [S, 'S'],
          [c, 'proof.c'],
          [c + 32 * M, 'proof.chain'],
          [t, 'proof.t'],
          [tChain, 'proof.tChain'],
          [z, 'proof.z[0]'],
          [z + 96, 'proof.z[3]'],
          [z + 128, 'proof.zChain[0]'],
          [z + 128 + 32 * M, 'proof.zPerm[0]'],
          [z + 128 + 64 * M - 32, `proof.zPerm[${M - 1}]`],
        ];
      }
      case 'lock': {
        const B = H + 2 + 96 * M;
        return [
          [H, 'card count'],
          ...deck(M, H + 2, ['deck', 'K', 'proof.A']),
          [B, 'proof.B'],
          [B + 32, 'proof.z[0]'],
          [B + 32 * M, `proof.z[${M - 1}]`],
        ];
      }
      case 'relayer': {
        const T = H + 2 + 32 * R;
        const B = T + 32 + 32 * R;
        return [
          [H, 'card count'],
          [H + 2, 'deck'],
          [T, 'T'],
          [T + 32, 'proof.A'],
          [B, 'proof.B'],
          [B + 32, 'proof.z[0]'],
          [B + 32 * R, `proof.z[${R - 1}]`],
        ];
      }
      case 'keys':
        return [
          [H, 'to'],
          [H + 1, 'entry count'],
          [H + 3, 'entries[0].position'],
          [H + 5, 'entries[0].layer'],
          [H + 6, 'entries[0].key'],
          [H + 38, 'entries[1].position'],
          [H + 41, 'entries[1].key'],
        ];
      case 'secrets': {
        const perm = H + 1 + 32 + 32;
        const lockAt = perm + 2 + 2 * R;
        return [
          [H, 'flags'],
          [H + 1, 'relayer t'],
          [H + 33, 'shuffle s'],
          [perm, 'permutation size'],
          [perm + 2, 'perm[0]'],
          [perm + 2 + 2 * (R - 1), `perm[${R - 1}]`],
          [lockAt, 'key count'],
          [lockAt + 2, 'lock k[0]'],
          [lockAt + 2 + 32 * (R - 1), `lock k[${R - 1}]`],
        ];
      }
    }
  }

  const LABELS = {
    shuffle: 'shuffle step',
    lock: 'lock step',
    relayer: 're-layer step',
    keys: 'key shares',
    secrets: 'packet secrets',
  } as const;
  const DECODERS = {
    shuffle: decodeShuffleStep,
    lock: decodeLockStep,
    relayer: decodeRelayerStep,
    keys: decodeKeyShares,
    secrets: decodePacketSecrets,
  } as const;
  const bytesOf = (kind: keyof typeof LABELS) => ({ shuffle, lock, relayer, keys, secrets })[kind];
  const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

  describe('a message cut at a field is refused naming that field', () => {
    const kinds = Object.keys(LABELS) as (keyof typeof LABELS)[];
    test.each(kinds)('%s', (kind) => {
      const valid = bytesOf(kind);
      const fields = [...headerFields(), ...fieldsOf(kind)];
      expect(fields.length).toBeGreaterThan(9);
      for (const [offset, field] of fields) {
        expect(offset).toBeLessThan(valid.length);
        const cut = valid.slice(0, offset);
        expect(() => DECODERS[kind](cut), `${kind} cut at ${offset}`).toThrow(
          new RegExp(`^${escape(LABELS[kind])}: truncated at ${escape(field)} \\(`),
        );
      }
      expect(() => DECODERS[kind](valid)).not.toThrow();
    });

    test('the secrets here carry every part (re-layer, shuffle and lock), so each of their fields is read', () => {
      expect(secrets[H]).toBe(7);
      const kept = decodePacketSecrets(secrets);
      expect(kept.relayer).toBeTypeOf('bigint');
      expect(kept.shuffle?.perm).toHaveLength(R);
      expect(kept.lock).toHaveLength(R);
    });
  });

  describe('decoded messages say what they are', () => {
    it('kind, header and recipient come back as sent', () => {
      expect(decodeShuffleStep(shuffle).kind).toBe('shuffle');
      expect(decodeLockStep(lock).kind).toBe('lock');
      expect(decodeRelayerStep(relayer).kind).toBe('relayer');
      const k = decodeKeyShares(keys);
      expect(k).toEqual({
        kind: 'keys',
        header: { tableId: TABLE, handNo: 7, packet: 0, seat: 1 },
        to: 0,
        entries: keysToOne.entries,
      });
    });

    it('keys sent to everyone (ALL_SEATS) decode, to 255', () => {
      const k = decodeKeyShares(keysToAll, { hand: sim.hand, packet: 0, seat: 0 });
      expect(k.to).toBe(ALL_SEATS);
      expect(k.entries).toEqual([{ position: 2, layer: 0, key: sim.secrets[0]!.get(0)!.lock![2] }]);
    });

    it('the first entry may be position 0, layer 0', () => {
      const first = encodeKeyShares({
        ...keysToOne,
        header: { ...keysToOne.header, seat: 0 },
        to: 1,
        entries: [{ position: 0, layer: 0, key: 5n }],
      });
      expect(decodeKeyShares(first).entries).toEqual([{ position: 0, layer: 0, key: 5n }]);
    });

    it('entries are ordered by position first: (0, 7) comes before (1, 0), and (1, 0) is not after (1, 0) − 1 layer', () => {
      const entries = [
        { position: 0, layer: 7, key: 1n },
        { position: 1, layer: 0, key: 2n },
        { position: 1, layer: 3, key: 3n },
      ];
      const ordered = encodeKeyShares({ ...keysToOne, to: ALL_SEATS, entries });
      expect(decodeKeyShares(ordered).entries).toEqual(entries);
      const backwards = encodeKeyShares({ ...keysToOne, to: ALL_SEATS, entries: [entries[1]!, entries[0]!] });
      expect(() => decodeKeyShares(backwards)).toThrow(
        /key shares: entries\[1\] not in strictly increasing \(position, layer\) order/,
      );
    });
  });

  describe('an expectation checks only what it names', () => {
    it('a seat alone, a packet alone, a hand without a seat', () => {
      expect(decodeLockStep(lock, { seat: 1 }).header.seat).toBe(1);
      expect(() => decodeLockStep(lock, { seat: 0 })).toThrow(/lock step: authored by seat 1, expected seat 0/);
      expect(decodeRelayerStep(relayer, { packet: 1 }).header.packet).toBe(1);
      expect(decodeShuffleStep(shuffle, { hand: sim.hand, packet: 0 }).header.seat).toBe(1);
      expect(decodeShuffleStep(shuffle, { hand: sim.hand.params }).header.handNo).toBe(7);
    });
  });

  describe('the encoders refuse a step whose lengths disagree, naming the field', () => {
    const short = <T extends { points: readonly unknown[]; bytes: Uint8Array }>(d: T, by: 'points' | 'bytes'): T =>
      by === 'points' ? { ...d, points: d.points.slice(1) } : { ...d, bytes: d.bytes.slice(32) };
    test.each([
      [
        'shuffle deck',
        () => encodeShuffleStep({ ...shuffleStep, deck: short(shuffleStep.deck, 'bytes') }),
        /^shuffle step deck: expected 32 points$/,
      ],
      [
        'shuffle S',
        () => encodeShuffleStep({ ...shuffleStep, layer: short(shuffleStep.deck, 'points') }),
        /^shuffle step S: expected 1 points$/,
      ],
      [
        'shuffle proof.c',
        () =>
          encodeShuffleStep({
            ...shuffleStep,
            proof: { ...shuffleStep.proof, c: short(shuffleStep.proof.c, 'points') },
          }),
        /^shuffle step proof\.c: expected 32 points$/,
      ],
      [
        'shuffle proof.chain',
        () =>
          encodeShuffleStep({
            ...shuffleStep,
            proof: { ...shuffleStep.proof, chain: short(shuffleStep.proof.chain, 'bytes') },
          }),
        /^shuffle step proof\.chain: expected 32 points$/,
      ],
      [
        'shuffle proof.t',
        () =>
          encodeShuffleStep({
            ...shuffleStep,
            proof: { ...shuffleStep.proof, t: short(shuffleStep.proof.t, 'points') },
          }),
        /^shuffle step proof\.t: expected 5 points$/,
      ],
      [
        'shuffle proof.tChain',
        () =>
          encodeShuffleStep({
            ...shuffleStep,
            proof: { ...shuffleStep.proof, tChain: short(shuffleStep.proof.tChain, 'bytes') },
          }),
        /^shuffle step proof\.tChain: expected 32 points$/,
      ],
      [
        'shuffle proof.z',
        () => encodeShuffleStep({ ...shuffleStep, proof: { ...shuffleStep.proof, z: shuffleStep.proof.z.slice(1) } }),
        /^shuffle step proof: expected 4 \+ 2·32 responses$/,
      ],
      [
        'shuffle proof.zChain',
        () =>
          encodeShuffleStep({
            ...shuffleStep,
            proof: { ...shuffleStep.proof, zChain: shuffleStep.proof.zChain.slice(1) },
          }),
        /^shuffle step proof: expected 4 \+ 2·32 responses$/,
      ],
      [
        'shuffle proof.zPerm',
        () =>
          encodeShuffleStep({
            ...shuffleStep,
            proof: { ...shuffleStep.proof, zPerm: [...shuffleStep.proof.zPerm, 1n] },
          }),
        /^shuffle step proof: expected 4 \+ 2·32 responses$/,
      ],
      [
        'lock deck',
        () => encodeLockStep({ ...lockStep, deck: short(lockStep.deck, 'bytes') }),
        /^lock step deck: expected 32 points$/,
      ],
      [
        'lock keys',
        () => encodeLockStep({ ...lockStep, keys: short(lockStep.keys, 'points') }),
        /^lock step keys: expected 32 points$/,
      ],
      [
        'lock proof.A',
        () => encodeLockStep({ ...lockStep, proof: { ...lockStep.proof, A: short(lockStep.proof.A, 'bytes') } }),
        /^lock step proof\.A: expected 32 points$/,
      ],
      [
        're-layer deck',
        () => encodeRelayerStep({ ...relayerStep, deck: short(relayerStep.deck, 'bytes') }),
        /^re-layer step deck: expected 3 points$/,
      ],
      [
        're-layer proof.A',
        () =>
          encodeRelayerStep({
            ...relayerStep,
            proof: { ...relayerStep.proof, A: short(relayerStep.proof.A, 'points') },
          }),
        /^re-layer step proof\.A: expected 3 points$/,
      ],
      [
        'an empty table id',
        () => encodeLockStep({ ...lockStep, header: { ...lockStep.header, tableId: new Uint8Array(0) } }),
        /^tableId: expected 1\.\.64 bytes, got 0$/,
      ],
      [
        'a table id of 65 bytes',
        () => encodeLockStep({ ...lockStep, header: { ...lockStep.header, tableId: new Uint8Array(65) } }),
        /^tableId: expected 1\.\.64 bytes, got 65$/,
      ],
    ])('%s', (_name, encode, message) => {
      expect(encode).toThrow(RangeError);
      expect(encode).toThrow(message);
    });

    it('a table id of 64 bytes is encoded', () => {
      const wide = encodeLockStep({ ...lockStep, header: { ...lockStep.header, tableId: new Uint8Array(64).fill(9) } });
      expect(decodeLockStep(wide).header.tableId).toEqual(new Uint8Array(64).fill(9));
    });
  });

  describe('module-level tables, loaded inside the test', () => {
    it('type names and labels: each decoder refuses another type naming both', async () => {
      const codec = await loadedNow(() => import('../../crypto/codec.js'));
      expect(() => codec.decodeShuffleStep(lock)).toThrow(/^shuffle step: message type 3 \(lock step\), expected 5$/);
      expect(() => codec.decodeLockStep(relayer)).toThrow(/^lock step: message type 1 \(re-layer step\), expected 3$/);
      expect(() => codec.decodeRelayerStep(keys)).toThrow(/^re-layer step: message type 4 \(key shares\), expected 1$/);
      expect(() => codec.decodeKeyShares(secrets)).toThrow(
        /^key shares: message type 16 \(packet secrets\), expected 4$/,
      );
      expect(() => codec.decodePacketSecrets(shuffle)).toThrow(
        /^packet secrets: message type 5 \(shuffle step\), expected 16$/,
      );
    });

    it('the largest key-share message (104 positions × 8 layers) decodes; one entry more is refused', async () => {
      const codec = await loadedNow(() => import('../../crypto/codec.js'));
      const entries = Array.from({ length: 104 * 8 }, (_, i) => ({
        position: Math.floor(i / 8),
        layer: i % 8,
        key: BigInt(i + 1),
      }));
      const full = codec.encodeKeyShares({ ...keysToOne, to: ALL_SEATS, entries });
      expect(codec.decodeKeyShares(full).entries).toHaveLength(832);
      const over = put(full, H + 1, [833 >> 8, 833 & 0xff]);
      expect(() => codec.decodeKeyShares(over)).toThrow(/^key shares: entry count 833 outside 1\.\.832$/);
    });
  });
});
