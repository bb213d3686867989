/**
 * crypto/cards.ts and crypto/fault.ts on their own, fast: the hand
 * parameters are checked at every bound with the exact message; a card point
 * is RFC 9380's hash_to_ristretto255 (recomputed with noble's
 * `ristretto255_hasher`) of a transcript binding table, hand number, deck
 * size and index, and the hand digest binds all four parameters, so points
 * and challenges of one table or hand are worthless in another; createHand
 * keeps a frozen copy of its parameters (a caller cannot change a hand after
 * the fact), derives every card point, finds a point's card index and
 * encodes the points once; cardIndexMap maps each encoding to its index.
 * The fault helpers freeze a copy of the fault. Whole hands are in
 * protocol.test.ts.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { ristretto255_hasher } from '@noble/curves/ed25519.js';
import {
  type DeckSize,
  type Hand,
  type HandParams,
  MAX_HAND,
  cardIndexMap,
  cardPoint,
  checkHandParams,
  createHand,
  handDigest,
} from '../../crypto/cards.js';
import { type Fault, fault } from '../../crypto/fault.js';
import { ok } from '../../crypto/result.js';
import { Transcript } from '../../crypto/fiat-shamir.js';
import { G, encodePoint } from '../../crypto/group.js';
import { toHex } from '../../crypto/bytes.js';
import { loadedNow } from '../helpers/loaded-now.js';

const TABLE = new TextEncoder().encode('cards-test-table');
const PARAMS: HandParams = { tableId: TABLE, handNo: 7, seats: 3, deckSize: 32 };
const CARD_DST = 'fairdeck-v1-card_ristretto255_XMD:SHA-512_R255MAP_RO_';

const hex = (b: Uint8Array): string => toHex(b);

/** H_j as RFC 9380 §6.8.1 defines it, computed by noble, over the transcript crypto/README.md "The protocol" describes. */
function referenceCardPoint(p: HandParams, index: number): string {
  const msg = new Transcript('card').bytes(p.tableId).u32(p.handNo).u32(p.deckSize).u32(index).digest();
  return hex(ristretto255_hasher.hashToCurve(msg, { DST: CARD_DST }).toBytes());
}

describe('checkHandParams', () => {
  it.each<[string, Partial<HandParams>]>([
    ['the smallest values', { tableId: new Uint8Array(1), handNo: 0, seats: 2, deckSize: 32 }],
    ['the largest values', { tableId: new Uint8Array(64), handNo: MAX_HAND, seats: 8, deckSize: 104 }],
    ['52 cards', { deckSize: 52 }],
    ['54 cards', { deckSize: 54 }],
  ])('accepts %s and returns the same object', (_, change) => {
    const params = { ...PARAMS, ...change };
    expect(checkHandParams(params)).toBe(params);
  });

  it.each<[string, unknown, string]>([
    ['null', null, 'hand params: expected an object'],
    ['undefined', undefined, 'hand params: expected an object'],
    ['a number', 5, 'hand params: expected an object'],
    ['a string', 'params', 'hand params: expected an object'],
    ['a table id that is not bytes', { ...PARAMS, tableId: 'abc' }, 'tableId: expected Uint8Array, got string'],
    ['a hand number that is not an integer', { ...PARAMS, handNo: 1.5 }, 'handNo: expected an integer, got number'],
    ['a seat count that is not a number', { ...PARAMS, seats: '2' }, 'seats: expected an integer, got string'],
    ['a deck size that is not an integer', { ...PARAMS, deckSize: 32.5 }, 'deckSize: expected an integer, got number'],
  ])('refuses %s (TypeError)', (_, params, message) => {
    expect(() => checkHandParams(params as HandParams)).toThrow(new TypeError(message));
  });

  it.each<[string, Partial<HandParams> | Record<string, unknown>, string]>([
    ['an empty table id', { tableId: new Uint8Array(0) }, 'tableId: expected 1..64 bytes, got 0'],
    ['a table id of 65 bytes', { tableId: new Uint8Array(65) }, 'tableId: expected 1..64 bytes, got 65'],
    ['a hand number below 0', { handNo: -1 }, 'handNo: expected 0..4294967295, got -1'],
    ['a hand number past 2^32-1', { handNo: MAX_HAND + 1 }, 'handNo: expected 0..4294967295, got 4294967296'],
    ['one seat', { seats: 1 }, 'seats: expected 2..8, got 1'],
    ['nine seats', { seats: 9 }, 'seats: expected 2..8, got 9'],
    ['an empty deck', { deckSize: 0 }, 'deckSize: expected 1..104, got 0'],
    ['a deck past 104 cards', { deckSize: 105 }, 'deckSize: expected 1..104, got 105'],
    ['a deck of 33 cards', { deckSize: 33 }, 'deckSize: expected one of 32, 52, 54, 104, got 33'],
    ['a deck of 1 card', { deckSize: 1 }, 'deckSize: expected one of 32, 52, 54, 104, got 1'],
    ['a deck of 103 cards', { deckSize: 103 }, 'deckSize: expected one of 32, 52, 54, 104, got 103'],
  ])('refuses %s (RangeError)', (_, change, message) => {
    expect(() => checkHandParams({ ...PARAMS, ...change } as HandParams)).toThrow(new RangeError(message));
  });
});

describe('cardPoint and handDigest', () => {
  it.each([0, 1, 31, 103])('card %i is hash_to_ristretto255 of its transcript (RFC 9380, noble)', (index) => {
    expect(hex(cardPoint(PARAMS, index).toBytes())).toBe(referenceCardPoint(PARAMS, index));
  });

  it('the card points use the Fairdeck card DST (module loaded in the test: the DST is a load-time constant)', async () => {
    const fresh = await loadedNow(() => import('../../crypto/cards.js'));
    expect(hex(fresh.cardPoint(PARAMS, 2).toBytes())).toBe(referenceCardPoint(PARAMS, 2));
  });

  it('the hand digest is the transcript of table, hand number, seats and deck size', () => {
    const expected = new Transcript('hand').bytes(TABLE).u32(7).u32(3).u32(32).digest();
    expect(hex(handDigest(PARAMS))).toBe(hex(expected));
  });

  const changes: [string, Partial<HandParams>][] = [
    ['table id', { tableId: new TextEncoder().encode('cards-test-tablf') }],
    ['hand number', { handNo: 8 }],
    ['deck size', { deckSize: 52 }],
  ];
  it.each(changes)('another %s gives other card points and another digest', (_, change) => {
    const other = { ...PARAMS, ...change };
    expect(hex(cardPoint(other, 5).toBytes())).not.toBe(hex(cardPoint(PARAMS, 5).toBytes()));
    expect(hex(handDigest(other))).not.toBe(hex(handDigest(PARAMS)));
  });

  it('the seat count changes the digest but not the card points', () => {
    const other = { ...PARAMS, seats: 4 };
    expect(hex(cardPoint(other, 5).toBytes())).toBe(hex(cardPoint(PARAMS, 5).toBytes()));
    expect(hex(handDigest(other))).not.toBe(hex(handDigest(PARAMS)));
  });

  it('another index gives another point', () => {
    expect(hex(cardPoint(PARAMS, 6).toBytes())).not.toBe(hex(cardPoint(PARAMS, 5).toBytes()));
  });
});

describe('createHand', () => {
  let params: HandParams;
  let hand: Hand;
  beforeAll(() => {
    params = { ...PARAMS, tableId: TABLE.slice() };
    hand = createHand(params);
  });

  it("refuses bad parameters with checkHandParams's errors", () => {
    expect(() => createHand({ ...PARAMS, seats: 9 })).toThrow(new RangeError('seats: expected 2..8, got 9'));
    expect(() => createHand(null as unknown as HandParams)).toThrow(new TypeError('hand params: expected an object'));
  });

  it('keeps a frozen copy of the parameters that the caller cannot change', () => {
    expect(hand.params).not.toBe(params);
    expect(hand.params).toStrictEqual({ tableId: TABLE, handNo: 7, seats: 3, deckSize: 32 });
    expect(Object.isFrozen(hand.params)).toBe(true);
    const first = params.tableId[0]!;
    params.tableId[0] = first ^ 0xff;
    expect(hand.params.tableId).toStrictEqual(TABLE);
    params.tableId[0] = first;
    expect(Object.isFrozen(hand)).toBe(true);
    expect(Object.isFrozen(hand.cards)).toBe(true);
  });

  it('holds every card point and the digest of its parameters', () => {
    expect(hand.cards.map((c) => hex(c.toBytes()))).toEqual(
      Array.from({ length: 32 }, (_, j) => referenceCardPoint(PARAMS, j)),
    );
    expect(hex(hand.digest)).toBe(hex(handDigest(PARAMS)));
  });

  it.each([0, 1, 17, 31])('cardOf finds card %i', (j) => {
    expect(hand.cardOf(cardPoint(PARAMS, j))).toBe(j);
  });

  it('cardOf gives -1 for a point that is no card of the hand', () => {
    expect(hand.cardOf(G)).toBe(-1);
    expect(hand.cardOf(cardPoint({ ...PARAMS, handNo: 8 }, 0))).toBe(-1);
    expect(hand.cardOf(cardPoint(PARAMS, 32))).toBe(-1);
  });

  it('cardBytes: the 32-byte encodings of the points in order, computed once', () => {
    const bytes = hand.cardBytes();
    expect(bytes.length).toBe(32 * 32);
    for (let j = 0; j < 32; j++)
      expect(hex(bytes.subarray(32 * j, 32 * j + 32))).toBe(hex(encodePoint(hand.cards[j]!)));
    expect(hand.cardBytes()).toBe(bytes);
  });

  it.each<DeckSize>([52, 54])('a %i-card hand has that many distinct cards', (deckSize) => {
    const big = createHand({ ...PARAMS, deckSize });
    expect(big.cards.length).toBe(deckSize);
    expect(big.cardOf(big.cards[deckSize - 1]!)).toBe(deckSize - 1);
    expect(cardIndexMap(big).size).toBe(deckSize);
  });

  it('cardIndexMap maps each encoding to its card index', () => {
    const map = cardIndexMap(hand);
    expect([...map.entries()]).toEqual(Array.from({ length: 32 }, (_, j) => [referenceCardPoint(PARAMS, j), j]));
  });
});

describe('fault and ok', () => {
  it('fault wraps a frozen copy of the fault', () => {
    const f: Fault = { seat: 2, code: 'key', reason: 'r', packet: 1, step: 'keys', position: 4 };
    const v = fault(f);
    expect(v).toStrictEqual({ ok: false, error: f });
    expect(v.error).not.toBe(f);
    expect(Object.isFrozen(v.error)).toBe(true);
    expect(Object.isFrozen(f)).toBe(false);
  });

  it('ok wraps the value itself', () => {
    const value = [1, 2];
    const v = ok(value);
    expect(v).toStrictEqual({ ok: true, value });
    expect(v.value).toBe(value);
  });
});
