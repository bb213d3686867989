/** Set-up, deal, public reveal and audit of whole hands as fast-check properties. */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { runs, seedFor } from '../helpers/depth.js';
import {
  type DeckSize,
  type KeyRing,
  audit,
  openCards,
  openablePositions,
  revealToAll,
  withKeyShares,
  withOwnKeys,
} from '../../crypto/index.js';
import { Fn, mulSecret } from '../../crypto/group.js';
import { dealTo, table } from './sim.js';

/** The full property of one hand: set-up, deals, public reveals, audit, knowledge bounds. */
function playHand(seats: number, deckSize: DeckSize, seed: string, picks: number[]): void {
  const sim = table(seats, deckSize, seed);
  expect(sim.runPacket(0, null)).toBeNull();
  const state = sim.packets.get(0)!;
  expect(state.phase).toBe('locked');

  const rings: KeyRing[] = Array.from({ length: seats }, () => new Map());
  const dealt = new Map<number, { seat: number; card: number }>();
  // Deal each picked position to a seat (distinct positions).
  const positions = [...new Set(picks.map((p) => p % deckSize))];
  positions.forEach((pos, i) => {
    const to = i % seats;
    const [card] = dealTo(sim, rings, [pos], to);
    dealt.set(pos, { seat: to, card: card! });
  });

  // One dealt card is played face up: its owner publishes all keys; every peer opens the same card.
  const [played] = positions;
  if (played !== undefined) {
    const owner = dealt.get(played)!.seat;
    const { msg, fault } = sim.send(revealToAll(state, owner, rings[owner]!, [played]));
    expect(fault).toBeNull();
    for (let seat = 0; seat < seats; seat++) {
      rings[seat] = withKeyShares(rings[seat]!, msg);
      const seen = openCards(state, [played], rings[seat]!);
      expect(seen.ok && seen.value[0]).toBe(dealt.get(played)!.card);
    }
  }

  // Audit: clean, the deck is a permutation, and every reveal was the real card.
  // (Proofs were verified live by the simulated peers; the audit recomputes.)
  const result = audit(
    { params: sim.hand.params, packets: sim.transcript, keyShares: sim.keyShares },
    sim.allSecrets(),
    {
      rng: sim.rng,
      hand: sim.hand,
      verifyProofs: false,
    },
  );
  expect(result.verdict).toBe('clean');
  if (result.verdict !== 'clean') return;
  const cards = result.packets[0]!.cards;
  expect([...cards].sort((a, b) => a - b)).toEqual(Array.from({ length: deckSize }, (_, i) => i));
  for (const [pos, { card }] of dealt) expect(cards[pos]).toBe(card);

  // Knowledge never exceeds what was revealed: a seat holds every key only of
  // the cards dealt to it or played face up, and its partial keys of any
  // other card strip to a point that is not a card.
  for (let seat = 0; seat < seats; seat++) {
    const entitled = positions.filter((p) => dealt.get(p)!.seat === seat || p === played).sort((a, b) => a - b);
    rings[seat] = withOwnKeys(rings[seat]!, sim.secrets[seat]!.get(0)!);
    expect(openablePositions(state, rings[seat]!)).toEqual(entitled);
    for (let pos = 0; pos < deckSize; pos += Math.max(1, Math.floor(deckSize / 7))) {
      if (entitled.includes(pos)) continue;
      const keys = rings[seat]!.get(pos) ?? [];
      const prod = keys.reduce<bigint>((acc, k) => (k === undefined ? acc : Fn.mul(acc, k)), 1n);
      expect(sim.hand.cardOf(mulSecret(state.deck.points[pos]!, Fn.inv(prod)))).toBe(-1);
    }
  }
}

describe('mental poker: set-up, reveal, audit (properties)', () => {
  // Up to 6 seats in the deep suite; npm test samples tables of 2 and 3 (the cascade is the same at every size).
  const seatsArb = fc.integer({ min: 2, max: runs(3, 6) });
  const picksArb = fc.array(fc.nat(1000), { minLength: 1, maxLength: 8 });
  const cases: [DeckSize, number][] = [
    [32, 3],
    [52, 2],
    [54, 2],
    [104, 1],
  ];
  for (const [deckSize, numRuns] of cases) {
    it(`deck of ${deckSize}: real cards, a permutation, same card on every peer, no excess knowledge`, () => {
      fc.assert(
        fc.property(seatsArb, fc.string({ maxLength: 8 }), picksArb, (seats, seed, picks) => {
          playHand(seats, deckSize, `${deckSize}/${seed}`, picks);
        }),
        { numRuns: runs(numRuns, numRuns * 3), seed: seedFor(deckSize) },
      );
    });
  }

  it('six seats with two decks (104 distinct physical cards)', () => {
    playHand(6, 104, 'six-seats', [0, 51, 52, 103]);
  });
});
