/**
 * A packet's state as bytes for another thread of the page (crypto/packet.ts
 * `packetStateBytes`, `packetStateFrom`): after a structured clone, a fresh
 * deck and a reshuffled packet in its re-layer phase (card layers from a
 * locked packet's keys, a public card) read back with the same points,
 * encodings, digest and phase; and a state that does not read is refused
 * with the field it names.
 */
import { describe, expect, it } from 'vitest';
import { createHand } from '../../crypto/cards.js';
import { mulBase } from '../../crypto/group.js';
import {
  advance,
  deckFromPoints,
  openDeck,
  openReshuffle,
  packetStateBytes,
  packetStateFrom,
  type PacketState,
  type PacketStateBytes,
} from '../../crypto/packet.js';

const hand = createHand({ tableId: new TextEncoder().encode('bytes'), handNo: 0, seats: 2, deckSize: 52 });
const points = (from: number, n: number) =>
  deckFromPoints(Array.from({ length: n }, (_, i) => mulBase(BigInt(from + i))));

/** Packet 0 shuffled and locked by both seats, with arbitrary distinct points (no proofs: steps.test.ts checks them). */
function locked(): PacketState {
  let state = openDeck(hand);
  for (const seat of [0, 1]) state = advance(state, points(1000 * (seat + 1), 52), { layer: points(7 + seat, 1) });
  for (const seat of [0, 1])
    state = advance(state, points(5000 * (seat + 1), 52), { keys: points(9000 * (seat + 1), 52) });
  return state;
}

function expectSame(back: PacketState, state: PacketState): void {
  expect(back.digest).toEqual(state.digest);
  expect([back.id, back.size, back.phase, back.next, back.source]).toEqual([
    state.id,
    state.size,
    state.phase,
    state.next,
    state.source,
  ]);
  const decks = (s: PacketState) => [s.deck, ...s.layers, ...(s.cardLayers ?? []), ...s.keys];
  expect(decks(back).map((d) => d.bytes)).toEqual(decks(state).map((d) => d.bytes));
  expect(decks(back).every((d, i) => d.points.every((p, j) => p.equals(decks(state)[i]!.points[j]!)))).toBe(true);
}

describe('a packet state read back from its bytes', () => {
  it('a fresh deck', () => {
    const state = openDeck(hand);
    expectSame(packetStateFrom(hand, structuredClone(packetStateBytes(state))), state);
  });

  it('a locked packet, with every seat’s keys', () => {
    const state = locked();
    expect(state.phase).toBe('locked');
    expectSame(packetStateFrom(hand, structuredClone(packetStateBytes(state))), state);
  });

  it('a reshuffle in its re-layer phase, with its card layers', () => {
    const inputs = [
      { kind: 'hidden', packet: 0, position: 3 },
      { kind: 'public', card: 5 },
    ] as const;
    const state = openReshuffle(hand, 1, inputs, [locked()]);
    expect(state.cardLayers).toHaveLength(2);
    expectSame(packetStateFrom(hand, structuredClone(packetStateBytes(state))), state);
  });
});

describe('a packet state that does not read', () => {
  const good = packetStateBytes(openDeck(hand));
  const notAPoint = good.deck.slice();
  notAPoint.fill(0xff, 32, 64);
  it.each<[string, PacketStateBytes, RegExp]>([
    ['a deck one point short', { ...good, deck: good.deck.subarray(32) }, /packet deck: expected 52 points/],
    ['a card that is no point', { ...good, deck: notAPoint }, /packet deck\[1\]: non-canonical/],
    ['a size past the largest packet', { ...good, size: 105 }, /packet size/],
    ['an unknown phase', { ...good, phase: 'deal' as never }, /packet phase: unknown/],
    ['a next seat past the table', { ...good, next: 2 }, /next seat/],
    ['a layer for a seat too few', { ...good, layers: good.layers.slice(1) }, /wrong number of seats/],
    ['keys of a seat too many', { ...good, keys: [good.deck, good.deck, good.deck] }, /wrong number of seats/],
  ])('is refused: %s', (_, bytes, message) => {
    expect(() => packetStateFrom(hand, bytes)).toThrow(message);
  });
});
