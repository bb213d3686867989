/**
 * crypto/keys.ts on its own, fast: one 2-seat, 32-card packet is shuffled and
 * locked once (SimTable, seeded), then every exported function of the reveal
 * step is called directly. The builders (revealToSeat, revealToAll,
 * forwardToSeat) produce exactly the entries, header and addressee a peer
 * relies on and refuse every bad argument with its message; verifyKeyShares
 * accepts honest messages and names the sending seat for each refusal (a
 * message of another table, hand or packet, a packet not locked, an unknown
 * sender or addressee, unsorted or repeated entries, an entry outside the
 * packet, a wrong key), also through the audit's `knownKey` path, which
 * compares scalars instead of multiplying; the rings merge keys without losing
 * any; openCards strips the layers to the cards the shuffles put there and
 * reports a point that is no card with seat null. Whole hands and cheats
 * through the codec are in protocol.test.ts and cheats.test.ts.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { ALL_SEATS } from '../../crypto/cards.js';
import { Fn } from '../../crypto/group.js';
import {
  type KeyEntry,
  type KeyRing,
  type KeyShares,
  forwardToSeat,
  openCards,
  openablePositions,
  revealToAll,
  revealToSeat,
  verifyKeyShares,
  withKeyShares,
  withOwnKeys,
} from '../../crypto/keys.js';
import { type PacketState, openDeck } from '../../crypto/packet.js';
import { type PacketSecrets, newPacketSecrets } from '../../crypto/steps.js';
import { type SimTable, table } from './sim.js';

const SIZE = 32;
let sim: SimTable;
let state: PacketState;
/** The lock secrets of seat 0 and seat 1. */
let s0: PacketSecrets;
let s1: PacketSecrets;
/** Every key of every position. */
let full: KeyRing;
/** cardAt[j]: the card the two shuffles put at position j (perm[j] = input position at output j). */
let cardAt: number[];

beforeAll(() => {
  sim = table(2, SIZE, 'keys-test');
  expect(sim.runPacket(0, null)).toBeNull();
  state = sim.packets.get(0)!;
  s0 = sim.secrets[0]!.get(0)!;
  s1 = sim.secrets[1]!.get(0)!;
  full = withOwnKeys(withOwnKeys(new Map(), s0), s1);
  const p0 = s0.shuffle!.perm;
  const p1 = s1.shuffle!.perm;
  cardAt = Array.from({ length: SIZE }, (_, j) => p0[p1[j]!]!);
});

const lock = (s: PacketSecrets, position: number): bigint => s.lock![position]!;
const secretsOf = (seat: number): PacketSecrets => (seat === 0 ? s0 : s1);
const headerOf = (seat: number) => ({ tableId: sim.hand.params.tableId, handNo: 1, packet: 0, seat });

/** A copy of `msg` with its entries replaced. */
function withEntries(msg: KeyShares, entries: KeyEntry[]): KeyShares {
  return { ...msg, entries };
}

/** Both layers' keys of each position, sorted. */
function bothLayers(positions: number[]): KeyEntry[] {
  return positions.flatMap((position) => [
    { position, layer: 0, key: lock(s0, position) },
    { position, layer: 1, key: lock(s1, position) },
  ]);
}

describe('revealToSeat', () => {
  it.each([
    [0, 1],
    [1, 0],
    [1, ALL_SEATS],
  ])('seat %i to %i: its own key of each distinct position, sorted, in a header of this packet', (seat, to) => {
    const msg = revealToSeat(state, seat, secretsOf(seat), [10, 2, 31, 10, 0, 5], to);
    expect(msg).toStrictEqual({
      kind: 'keys',
      header: headerOf(seat),
      to,
      entries: [0, 2, 5, 10, 31].map((position) => ({ position, layer: seat, key: lock(secretsOf(seat), position) })),
    });
    expect(verifyKeyShares(state, msg)).toBeNull();
  });

  it('no positions: no entries', () => {
    expect(revealToSeat(state, 0, s0, [], 1).entries).toEqual([]);
  });

  it.each<[string, () => PacketSecrets, number, number, unknown, string]>([
    ['seat below 0', () => s0, -1, 1, [0], 'seat: expected 0..1, got -1'],
    ['seat past the last', () => s0, 2, 1, [0], 'seat: expected 0..1, got 2'],
    ['addressee below 0', () => s0, 0, -1, [0], 'toSeat: expected 0..1, got -1'],
    ['addressee past the last', () => s0, 0, 2, [0], 'toSeat: expected 0..1, got 2'],
    ['itself', () => s1, 1, 1, [0], 'revealToSeat: seat 1 cannot reveal to itself'],
    [
      'secrets of another packet',
      () => ({ ...s0, packet: 1 }),
      0,
      1,
      [0],
      'revealToSeat: no lock keys of seat 0 for packet 0',
    ],
    ['secrets of another seat', () => s1, 0, 1, [0], 'revealToSeat: no lock keys of seat 0 for packet 0'],
    [
      'secrets without lock keys',
      () => newPacketSecrets(0, 0),
      0,
      1,
      [0],
      'revealToSeat: no lock keys of seat 0 for packet 0',
    ],
    ['a position below 0', () => s0, 0, 1, [1, -1], 'revealToSeat: positions[1]: expected 0..31, got -1'],
    ['a position past the packet', () => s0, 0, 1, [32], 'revealToSeat: positions[0]: expected 0..31, got 32'],
  ])('refuses %s (RangeError)', (_, secrets, seat, to, positions, message) => {
    expect(() => revealToSeat(state, seat, secrets(), positions as number[], to)).toThrow(new RangeError(message));
  });

  it('refuses positions that are not an array (TypeError)', () => {
    expect(() => revealToSeat(state, 0, s0, 3 as unknown as number[], 1)).toThrow(
      new TypeError('revealToSeat: positions: expected an array, got number'),
    );
  });

  it('refuses a packet that is not locked', () => {
    expect(() => revealToSeat(openDeck(sim.hand, 0), 0, s0, [0], 1)).toThrow(
      new RangeError('revealToSeat: packet 0 is not locked (phase shuffle)'),
    );
  });
});

describe('revealToAll and forwardToSeat', () => {
  it.each([0, 1])('revealToAll by seat %i: every layer of each distinct position, to every seat', (seat) => {
    const msg = revealToAll(state, seat, full, [7, 3, 7, 0]);
    expect(msg).toStrictEqual({ kind: 'keys', header: headerOf(seat), to: ALL_SEATS, entries: bothLayers([0, 3, 7]) });
    expect(verifyKeyShares(state, msg)).toBeNull();
  });

  it.each([
    [0, 1],
    [1, 0],
  ])('forwardToSeat by seat %i to seat %i: every layer of each distinct position', (seat, to) => {
    const msg = forwardToSeat(state, seat, full, [31, 12, 12], to);
    expect(msg).toStrictEqual({ kind: 'keys', header: headerOf(seat), to, entries: bothLayers([12, 31]) });
    expect(verifyKeyShares(state, msg)).toBeNull();
  });

  const oneLayer = (): KeyRing => withOwnKeys(new Map(), s1, [4]);
  it.each<[string, (ring: KeyRing) => KeyShares, () => KeyRing, string]>([
    ['revealToAll: seat below 0', (r) => revealToAll(state, -1, r, [0]), () => full, 'seat: expected 0..1, got -1'],
    ['revealToAll: seat past the last', (r) => revealToAll(state, 2, r, [0]), () => full, 'seat: expected 0..1, got 2'],
    [
      'revealToAll: a position past the packet',
      (r) => revealToAll(state, 0, r, [0, 32]),
      () => full,
      'revealToAll: positions[1]: expected 0..31, got 32',
    ],
    [
      'revealToAll: a position with no key',
      (r) => revealToAll(state, 0, r, [4, 5]),
      () => new Map([[4, full.get(4)!]]),
      'revealToAll: key of seat 0 for position 5 is missing',
    ],
    [
      'revealToAll: a missing layer 0',
      (r) => revealToAll(state, 0, r, [4]),
      oneLayer,
      'revealToAll: key of seat 0 for position 4 is missing',
    ],
    [
      'revealToAll: a missing layer 1',
      (r) => revealToAll(state, 0, r, [4]),
      () => withOwnKeys(new Map(), s0, [4]),
      'revealToAll: key of seat 1 for position 4 is missing',
    ],
    [
      'forwardToSeat: seat below 0',
      (r) => forwardToSeat(state, -1, r, [0], 1),
      () => full,
      'seat: expected 0..1, got -1',
    ],
    [
      'forwardToSeat: seat past the last',
      (r) => forwardToSeat(state, 2, r, [0], 1),
      () => full,
      'seat: expected 0..1, got 2',
    ],
    [
      'forwardToSeat: addressee below 0',
      (r) => forwardToSeat(state, 0, r, [0], -1),
      () => full,
      'toSeat: expected 0..1, got -1',
    ],
    [
      'forwardToSeat: addressee past the last',
      (r) => forwardToSeat(state, 0, r, [0], 2),
      () => full,
      'toSeat: expected 0..1, got 2',
    ],
    [
      'forwardToSeat: every seat',
      (r) => forwardToSeat(state, 0, r, [0], ALL_SEATS),
      () => full,
      'toSeat: expected 0..1, got 255',
    ],
    [
      'forwardToSeat: itself',
      (r) => forwardToSeat(state, 1, r, [0], 1),
      () => full,
      'forwardToSeat: seat 1 cannot forward to itself',
    ],
    [
      'forwardToSeat: a position below 0',
      (r) => forwardToSeat(state, 0, r, [-1], 1),
      () => full,
      'forwardToSeat: positions[0]: expected 0..31, got -1',
    ],
    [
      'forwardToSeat: a missing layer',
      (r) => forwardToSeat(state, 0, r, [4], 1),
      oneLayer,
      'forwardToSeat: key of seat 0 for position 4 is missing',
    ],
  ])('%s (RangeError)', (_, call, ring, message) => {
    expect(() => call(ring())).toThrow(new RangeError(message));
  });

  it.each<[string, () => unknown]>([
    ['revealToAll', () => revealToAll(state, 0, full, 'x' as unknown as number[])],
    ['forwardToSeat', () => forwardToSeat(state, 0, full, 'x' as unknown as number[], 1)],
  ])('%s refuses positions that are not an array (TypeError)', (what, call) => {
    expect(call).toThrow(new TypeError(`${what}: positions: expected an array, got string`));
  });

  it.each<[string, (s: PacketState) => unknown]>([
    ['revealToAll', (s) => revealToAll(s, 0, full, [0])],
    ['forwardToSeat', (s) => forwardToSeat(s, 0, full, [0], 1)],
    ['openCards', (s) => openCards(s, [0], full)],
  ])('%s refuses a packet that is not locked', (what, call) => {
    expect(() => call(openDeck(sim.hand, 0))).toThrow(
      new RangeError(`${what}: packet 0 is not locked (phase shuffle)`),
    );
  });
});

describe('verifyKeyShares', () => {
  const honest = (): KeyShares => revealToAll(state, 1, full, [0, 1, 5, 31]);
  const base = (seat: number) => ({ seat, packet: 0, step: 'keys' });
  const contextReason = (hand: number, packet: number) =>
    `key shares are bound to hand ${hand} packet ${packet}, expected hand 1 packet 0`;

  it('accepts a message without entries', () => {
    expect(verifyKeyShares(state, { ...honest(), entries: [] })).toBeNull();
  });

  it.each<[string, (m: KeyShares) => KeyShares, string]>([
    ['another hand', (m) => ({ ...m, header: { ...m.header, handNo: 2 } }), contextReason(2, 0)],
    ['another packet', (m) => ({ ...m, header: { ...m.header, packet: 1 } }), contextReason(1, 1)],
    [
      'another table',
      (m) => ({ ...m, header: { ...m.header, tableId: m.header.tableId.map((b, i) => (i === 3 ? b ^ 1 : b)) } }),
      contextReason(1, 0),
    ],
    [
      'another table whose id is the last byte shorter',
      (m) => ({ ...m, header: { ...m.header, tableId: m.header.tableId.slice(0, -1) } }),
      contextReason(1, 0),
    ],
    [
      'another table whose id is one byte longer',
      (m) => ({ ...m, header: { ...m.header, tableId: Uint8Array.of(...m.header.tableId, 0) } }),
      contextReason(1, 0),
    ],
  ])('a message bound to %s is a context fault of the sender', (_, change, reason) => {
    expect(verifyKeyShares(state, change(honest()))).toStrictEqual({ ...base(1), code: 'context', reason });
  });

  it('a message for a packet that is not locked is a turn fault of the sender', () => {
    expect(verifyKeyShares(openDeck(sim.hand, 0), honest())).toStrictEqual({
      ...base(1),
      code: 'turn',
      reason: 'key shares for packet 0, which is not locked',
    });
  });

  it.each([-1, 2, 255])('a message from unknown seat %i is a context fault naming that seat', (seat) => {
    const msg = honest();
    expect(verifyKeyShares(state, { ...msg, header: { ...msg.header, seat } })).toStrictEqual({
      ...base(seat),
      code: 'context',
      reason: `key shares from unknown seat ${seat}`,
    });
  });

  it.each([
    [1, -1],
    [1, 2],
    [1, 1],
    [0, 0],
    [0, 254],
  ])('a message from seat %i addressed to seat %i is a context fault of the sender', (seat, to) => {
    const msg = revealToSeat(state, seat, secretsOf(seat), [3], 1 - seat);
    expect(verifyKeyShares(state, { ...msg, to })).toStrictEqual({
      ...base(seat),
      code: 'context',
      reason: `key shares addressed to invalid seat ${to}`,
    });
  });

  it.each([
    [0, 1],
    [1, 0],
    [0, ALL_SEATS],
  ])('accepts seat %i addressing seat %i', (seat, to) => {
    expect(verifyKeyShares(state, { ...revealToSeat(state, seat, secretsOf(seat), [3, 9], 1 - seat), to })).toBeNull();
  });

  const e = (position: number, layer: number): KeyEntry => ({
    position,
    layer,
    key: lock(layer === 0 ? s0 : s1, position),
  });
  it.each<[string, [number, number][]]>([
    [
      'a repeated entry',
      [
        [1, 0],
        [1, 0],
      ],
    ],
    [
      'a repeated entry after others',
      [
        [0, 0],
        [0, 1],
        [2, 1],
        [2, 1],
      ],
    ],
    [
      'layers out of order',
      [
        [1, 1],
        [1, 0],
      ],
    ],
    [
      'positions out of order',
      [
        [2, 0],
        [1, 0],
      ],
    ],
    [
      'a later position with a lower layer before',
      [
        [1, 0],
        [0, 1],
      ],
    ],
  ])('%s is a size fault of the sender', (_, order) => {
    const entries = order.map(([position, layer]) => e(position, layer));
    expect(verifyKeyShares(state, withEntries(honest(), entries))).toStrictEqual({
      ...base(1),
      code: 'size',
      reason: 'key entries are not sorted or repeat',
    });
  });

  it.each([
    [32, 0],
    [40, 1],
    [3, 2],
    [3, 7],
  ])('an entry for position %i layer %i is a size fault of the sender at that position', (position, layer) => {
    const entries = [e(0, 0), e(0, 1), { position, layer, key: lock(s0, 0) }];
    expect(verifyKeyShares(state, withEntries(honest(), entries))).toStrictEqual({
      ...base(1),
      code: 'size',
      position,
      reason: `key for position ${position} layer ${layer} is outside the packet`,
    });
  });

  const keyFault = (seat: number, position: number, layer: number) => ({
    ...base(seat),
    code: 'key',
    position,
    reason: `seat ${seat} sent a key for position ${position} (layer of seat ${layer}) that does not match K_${layer},${position}`,
  });

  it.each<[string, number, () => KeyEntry[], number, number]>([
    ['the key of another card', 1, () => [e(0, 1), { position: 5, layer: 1, key: lock(s1, 6) }], 5, 1],
    ["the other layer's key of the card", 0, () => [e(0, 0), { position: 5, layer: 0, key: lock(s1, 5) }], 5, 0],
    ['a wrong first key', 0, () => [{ position: 0, layer: 0, key: lock(s0, 0) + 1n }, e(1, 0)], 0, 0],
    [
      'a wrong key of the last position, layer 1',
      0,
      () => [e(30, 0), e(31, 0), { position: 31, layer: 1, key: Fn.neg(lock(s1, 31)) }],
      31,
      1,
    ],
  ])('%s is a key fault naming the sender and the position', (_, seat, entries, position, layer) => {
    const msg = withEntries(revealToAll(state, seat, full, [0]), entries());
    expect(verifyKeyShares(state, msg)).toStrictEqual(keyFault(seat, position, layer));
  });

  describe("with the audit's known keys", () => {
    it('asks for each entry by (layer, position) and accepts keys equal to the known ones', () => {
      const asked: [number, number][] = [];
      const known = (layer: number, position: number) => {
        asked.push([layer, position]);
        return lock(layer === 0 ? s0 : s1, position);
      };
      expect(verifyKeyShares(state, honest(), known)).toBeNull();
      expect(asked).toEqual(honest().entries.map((x) => [x.layer, x.position]));
    });

    it('compares the scalars, not their commitments: a key equal to the disclosed one is accepted', () => {
      // The audit has checked the disclosed key against K_ic already; here it differs from the real one
      // on purpose, to show that the message is compared with it and not multiplied again.
      const other = (layer: number, position: number) => (layer === 1 && position === 5 ? 12345n : undefined);
      const msg = withEntries(honest(), [e(0, 0), { position: 5, layer: 1, key: 12345n }]);
      expect(verifyKeyShares(state, msg, other)).toBeNull();
      expect(verifyKeyShares(state, msg)).toStrictEqual(keyFault(1, 5, 1));
    });

    it('a key different from the disclosed one is a key fault of the sender', () => {
      const off = (layer: number, position: number) =>
        lock(layer === 0 ? s0 : s1, position) + (layer === 1 && position === 31 ? 1n : 0n);
      expect(verifyKeyShares(state, honest(), off)).toStrictEqual(keyFault(1, 31, 1));
    });

    it('an entry without a known key is checked against K_ic', () => {
      const none = () => undefined;
      expect(verifyKeyShares(state, honest(), none)).toBeNull();
      const msg = withEntries(honest(), [e(0, 0), { position: 1, layer: 0, key: lock(s0, 2) }]);
      expect(verifyKeyShares(state, msg, none)).toStrictEqual(keyFault(1, 1, 0));
    });
  });
});

describe('key rings', () => {
  it("withOwnKeys without positions: the seat's key of every position at its layer", () => {
    const ring = withOwnKeys(new Map(), s1);
    expect([...ring.keys()]).toEqual(Array.from({ length: SIZE }, (_, i) => i));
    for (let p = 0; p < SIZE; p++) expect(ring.get(p)).toEqual([undefined, lock(s1, p)]);
  });

  it('withOwnKeys with positions: only those, keeping the keys already held, in a new ring', () => {
    const start: KeyRing = new Map([
      [3, [lock(s0, 3)]],
      [8, [lock(s0, 8)]],
    ]);
    const ring = withOwnKeys(start, s1, [3, 5]);
    expect([...ring.entries()]).toEqual([
      [3, [lock(s0, 3), lock(s1, 3)]],
      [8, [lock(s0, 8)]],
      [5, [undefined, lock(s1, 5)]],
    ]);
    expect(start.get(3)).toEqual([lock(s0, 3)]);
    expect(start.has(5)).toBe(false);
  });

  it('withOwnKeys refuses secrets without lock keys', () => {
    expect(() => withOwnKeys(new Map(), newPacketSecrets(4, 1))).toThrow(
      new RangeError('withOwnKeys: seat 1 has no lock keys for packet 4'),
    );
  });

  it('withKeyShares adds each entry at its layer, keeping the keys already held, in a new ring', () => {
    const start = withOwnKeys(new Map(), s0, [2, 6]);
    const ring = withKeyShares(start, revealToSeat(state, 1, s1, [6, 9], 0));
    expect([...ring.entries()]).toEqual([
      [2, [lock(s0, 2)]],
      [6, [lock(s0, 6), lock(s1, 6)]],
      [9, [undefined, lock(s1, 9)]],
    ]);
    expect(start.get(6)).toEqual([lock(s0, 6)]);
    expect(start.has(9)).toBe(false);
  });

  it("openablePositions: positions of the packet with every layer's key, sorted", () => {
    const k = 7n;
    const ring: KeyRing = new Map<number, (bigint | undefined)[]>([
      [9, [k, k]],
      [40, [k, k]],
      [2, [k, k, k]],
      [32, [k, k]],
      [4, [k]],
      [5, [undefined, k]],
      [31, [k, k]],
      [0, []],
    ]);
    expect(openablePositions(state, ring)).toEqual([2, 9, 31]);
    expect(openablePositions(state, new Map())).toEqual([]);
    expect(openablePositions(state, full)).toEqual(Array.from({ length: SIZE }, (_, i) => i));
  });
});

describe('openCards', () => {
  it('opens every position to the card the two shuffles put there', () => {
    const all = Array.from({ length: SIZE }, (_, i) => i);
    expect(openCards(state, all, full)).toStrictEqual({ ok: true, value: cardAt });
  });

  it('returns the cards in the order of the given positions', () => {
    expect(openCards(state, [17, 2, 30], full)).toStrictEqual({ ok: true, value: [cardAt[17], cardAt[2], cardAt[30]] });
    expect(openCards(state, [], full)).toStrictEqual({ ok: true, value: [] });
  });

  it('the cards a seat received from the other seat open for it', () => {
    const ring = withOwnKeys(withKeyShares(new Map(), revealToSeat(state, 1, s1, [4, 11], 0)), s0, [4, 11]);
    expect(openCards(state, [11, 4], ring)).toStrictEqual({ ok: true, value: [cardAt[11], cardAt[4]] });
  });

  it.each<[string, number, number]>([
    ['the first position', 0, 0],
    ['a later position', 1, 1],
  ])('a point that is not a card at %s: a not-a-card fault with seat null and that position', (_, index, layer) => {
    const positions = [8, 20];
    const bad = positions[index]!;
    const ring = new Map(full);
    const keys = [...full.get(bad)!];
    keys[layer] = lock(layer === 0 ? s0 : s1, 3);
    ring.set(bad, keys);
    const got = openCards(state, positions, ring);
    expect(got).toStrictEqual({
      ok: false,
      error: {
        seat: null,
        code: 'not-a-card',
        packet: 0,
        position: bad,
        reason: `position ${bad} of packet 0 does not open to a card of this hand: a shuffle or lock was wrong, the audit names the seat`,
      },
    });
    expect(Object.isFrozen(!got.ok && got.error)).toBe(true);
  });

  it.each<[string, unknown, () => KeyRing, string]>([
    ['a position below 0', [0, -1], () => full, 'openCards: positions[1]: expected 0..31, got -1'],
    ['a position past the packet', [32], () => full, 'openCards: positions[0]: expected 0..31, got 32'],
    [
      'a position without keys',
      [1, 6],
      () => withOwnKeys(withOwnKeys(new Map(), s0, [1]), s1, [1]),
      'openCards: key of seat 0 for position 6 is missing',
    ],
    [
      'a missing layer 0',
      [6],
      () => withOwnKeys(new Map(), s1, [6]),
      'openCards: key of seat 0 for position 6 is missing',
    ],
    [
      'a missing layer 1',
      [6],
      () => withOwnKeys(new Map(), s0, [6]),
      'openCards: key of seat 1 for position 6 is missing',
    ],
    ['a zero key', [6], () => new Map([[6, [lock(s0, 6), 0n]]]), 'key 1/6: scalar out of range 1..ℓ-1'],
  ])('refuses %s (RangeError)', (_, positions, ring, message) => {
    expect(() => openCards(state, positions as number[], ring())).toThrow(new RangeError(message));
  });

  it('refuses positions that are not an array and keys that are not bigints (TypeError)', () => {
    expect(() => openCards(state, null as unknown as number[], full)).toThrow(
      new TypeError('openCards: positions: expected an array, got null'),
    );
    const ring = new Map([[2, [5 as unknown as bigint, lock(s1, 2)]]]);
    expect(() => openCards(state, [2], ring)).toThrow(new TypeError('key 0/2: expected bigint, got number'));
  });
});
