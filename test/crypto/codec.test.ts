/** Canonical encodings round-trip byte for byte; hostile inputs are rejected with precise errors. */
import { beforeAll, describe, expect, it, test } from 'vitest';
import {
  type PacketSecrets,
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

  it('has the documented sizes (header + 32 bytes per element or scalar)', () => {
    expect(shuffle.length).toBe(SH.end);
    expect(shuffle.length).toBe(H + 2 + 32 * m + 32 + 32 * (5 * m + 9));
    expect(lock.length).toBe(H + 2 + 32 * m * 4 + 32);
    expect(relayer.length).toBe(H + 2 + 32 * m * 3 + 32 * 2);
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
    /shuffle step: truncated at proof\.zPerm\[31\]/,
  ],
  ['one trailing byte', dShuffle, () => new Uint8Array([...shuffle, 0]), RangeError, /shuffle step: 1 trailing bytes/],
  ['bad magic', dShuffle, () => put(shuffle, 0, [0x46, 0x45]), RangeError, /bad magic/],
  ['unknown version', dShuffle, () => put(shuffle, 2, [2]), RangeError, /unsupported version 2, expected 1/],
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
    /truncated|not a ristretto255|non-canonical|identity/,
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
    () => put(lock, lock.length - 32, new Uint8Array(32)),
    RangeError,
    /proof\.z\[31\]: zero scalar/,
  ],
  ['lock: truncated in z', dLock, () => lock.slice(0, -5), RangeError, /lock step: truncated at proof\.z\[31\]/],
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
