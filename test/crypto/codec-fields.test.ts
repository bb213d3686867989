/**
 * The codec names what it refuses: a message cut at any field is refused as
 * "truncated at <that field>", under the label of the message type; an
 * encoder given a step whose lengths disagree refuses it naming the field;
 * the largest key-share message (104 positions × 8 layers) decodes and one
 * entry more is refused; a message to everyone (ALL_SEATS) decodes; an `expect` without a
 * hand or a seat checks only what it names. codec.test.ts holds the round
 * trips and the hostile table of malformed fields; this file pins the field
 * names and labels (what a peer's log shows when a message is refused) and
 * the bounds those tests leave open. The tests of module-level tables (type
 * names, labels, the entry bound) load the codec afresh inside the test
 * (test/helpers/loaded-now.ts, stryker-js issue 6144).
 */
import { beforeAll, describe, expect, it, test } from 'vitest';
import {
  ALL_SEATS,
  type KeyShares,
  type LockStep,
  type RelayerStep,
  type ShuffleStep,
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
import { loadedNow } from '../helpers/loaded-now.js';
import { SimTable } from './sim.js';

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
        encodeShuffleStep({ ...shuffleStep, proof: { ...shuffleStep.proof, c: short(shuffleStep.proof.c, 'points') } }),
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
        encodeShuffleStep({ ...shuffleStep, proof: { ...shuffleStep.proof, t: short(shuffleStep.proof.t, 'points') } }),
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
        encodeShuffleStep({ ...shuffleStep, proof: { ...shuffleStep.proof, zPerm: [...shuffleStep.proof.zPerm, 1n] } }),
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
        encodeRelayerStep({ ...relayerStep, proof: { ...relayerStep.proof, A: short(relayerStep.proof.A, 'points') } }),
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

function put(bytes: Uint8Array, offset: number, patch: number[]): Uint8Array {
  const out = bytes.slice();
  out.set(patch, offset);
  return out;
}
