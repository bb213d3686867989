/** Forwarding a card, turning up a face-down card, and reshuffling mixed packets mid-hand. */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  ALL_SEATS,
  type KeyRing,
  type PacketInput,
  audit,
  forwardToSeat,
  openCards,
  openablePositions,
  revealToAll,
  revealToSeat,
  withKeyShares,
} from '../../crypto/index.js';
import { dealTo, table } from './sim.js';

describe('forwarding and reshuffling', () => {
  it('forwards a card to one seat (Pesten 10): only that seat learns it', () => {
    const sim = table(3, 52, 'forward');
    expect(sim.runPacket(0, null)).toBeNull();
    const state = sim.packets.get(0)!;
    const rings: KeyRing[] = [new Map(), new Map(), new Map()];
    const [card] = dealTo(sim, rings, [7], 0);
    const { msg, fault } = sim.send(forwardToSeat(state, 0, rings[0]!, [7], 2));
    expect(fault).toBeNull();
    rings[2] = withKeyShares(rings[2]!, msg);
    const got = openCards(state, [7], rings[2]!);
    expect(got.ok && got.value[0]).toBe(card);
    expect(openablePositions(state, rings[1]!)).toEqual([]);
  });

  it('a face-down card nobody knows is turned up in one round of key shares', () => {
    const sim = table(4, 52, 'facedown');
    expect(sim.runPacket(0, null)).toBeNull();
    const state = sim.packets.get(0)!;
    let ring: KeyRing = new Map();
    for (let seat = 0; seat < 4; seat++) {
      const { msg, fault } = sim.send(revealToSeat(state, seat, sim.secrets[seat]!.get(0)!, [30], ALL_SEATS));
      expect(fault).toBeNull();
      ring = withKeyShares(ring, msg);
    }
    const opened = openCards(state, [30], ring);
    const result = audit(
      { params: sim.hand.params, packets: sim.transcript, keyShares: sim.keyShares },
      sim.allSecrets(),
      { rng: sim.rng },
    );
    expect(result.verdict).toBe('clean');
    expect(opened.ok && result.verdict === 'clean' && opened.value[0]).toBe(
      result.verdict === 'clean' && result.packets[0]!.cards[30],
    );
  });

  it('reshuffles public and still-hidden cards into a new hidden packet, twice', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 4 }), fc.string({ maxLength: 6 }), (seats, seed) => {
        const sim = table(seats, 32, `reshuffle/${seed}`);
        expect(sim.runPacket(0, null)).toBeNull();
        const deck = sim.packets.get(0)!;
        const rings: KeyRing[] = Array.from({ length: seats }, () => new Map());
        // Positions 0..3 are played face up; 4..13 stay hidden (the stock).
        const faceUp = [0, 1, 2, 3];
        for (const pos of faceUp) {
          dealTo(sim, rings, [pos], 0);
          const { msg } = sim.send(revealToAll(deck, 0, rings[0]!, [pos]));
          rings[1] = withKeyShares(rings[1]!, msg);
        }
        const shown = openCards(deck, faceUp, rings[1]!);
        if (!shown.ok) throw new Error(shown.error.reason);
        const inputs: PacketInput[] = [
          ...shown.value.map((card) => ({ kind: 'public' as const, card })),
          ...Array.from({ length: 10 }, (_, i) => ({ kind: 'hidden' as const, packet: 0, position: 4 + i })),
        ];
        expect(sim.runPacket(1, inputs)).toBeNull();
        // Reshuffle again: part of packet 1 plus the rest of the original deck.
        const inputs2: PacketInput[] = [
          ...Array.from({ length: 5 }, (_, i) => ({ kind: 'hidden' as const, packet: 1, position: 2 * i })),
          { kind: 'hidden', packet: 0, position: 31 },
        ];
        expect(sim.runPacket(2, inputs2)).toBeNull();
        const p2 = sim.packets.get(2)!;
        const seen = dealTo(sim, rings, [0, 1, 2, 3, 4, 5], 1 % seats, 2);

        const result = audit(
          { params: sim.hand.params, packets: sim.transcript, keyShares: sim.keyShares },
          sim.allSecrets(),
          {
            rng: sim.rng,
            hand: sim.hand,
          },
        );
        expect(result.verdict).toBe('clean');
        if (result.verdict !== 'clean') return;
        const [c0, c1, c2] = result.packets.map((p) => p.cards);
        const expected1 = [...shown.value, ...c0!.slice(4, 14)].sort((a, b) => a - b);
        expect([...c1!].sort((a, b) => a - b)).toEqual(expected1);
        const expected2 = [...[0, 2, 4, 6, 8].map((i) => c1![i]!), c0![31]!].sort((a, b) => a - b);
        expect([...c2!].sort((a, b) => a - b)).toEqual(expected2);
        expect(seen).toEqual(c2!.slice(0, 6));
        expect(p2.size).toBe(6);
      }),
      { numRuns: 2 },
    );
  });
});
