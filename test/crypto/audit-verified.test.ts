/**
 * The audit (crypto/audit.ts) with `verified: { proofs: true, publicShares:
 * true }` (what the table passes after verifying every step and every public
 * key share live) skips re-verifying them but still recomputes from the
 * disclosed secrets what the proofs do not show (each shuffle's permutation,
 * each lock key against its commitment): each lie that only the secrets
 * reveal is still caught and named. Each test plays its own three-seat hand, the cheating
 * seats through SimTable's hooks while the hand is dealt; audit.test.ts
 * changes one shared two-seat hand after the fact.
 */
import { describe, expect, it } from 'vitest';
import {
  type Fault,
  type KeyShares,
  type PacketSecrets,
  type Verified,
  audit,
  revealToSeat,
  seededRandom,
} from '../../crypto/index.js';
import { Fn, mulBase, mulSecret, randomScalar } from '../../crypto/group.js';
import { advance, deckFromPoints } from '../../crypto/packet.js';
import { proveLockStep, proveShuffleStep } from '../../crypto/steps.js';
import { randomPermutation } from '../../crypto/random.js';
import { SimTable } from './sim.js';

const TABLE = new TextEncoder().encode('audit-verified');
const SEATS = 3;
const SKIP: Verified = { proofs: true, publicShares: true };

function newSim(seed: string): SimTable {
  return new SimTable({ tableId: TABLE, handNo: 1, seats: SEATS, deckSize: 32 }, seededRandom(seed));
}

function auditOf(sim: SimTable, secrets: PacketSecrets[] = sim.allSecrets(), verified?: Verified) {
  return audit({ params: sim.hand.params, packets: sim.transcript, keyShares: sim.keyShares }, secrets, {
    rng: sim.rng,
    hand: sim.hand,
    verified,
  });
}

function faultOf(sim: SimTable, secrets?: PacketSecrets[], verified: Verified = SKIP): Fault {
  const r = auditOf(sim, secrets, verified);
  if (r.verdict !== 'fault') throw new Error('audit was clean');
  return r.fault;
}

/** An honest hand: set-up, seat 0's cards 0..1 sealed to it, cards 4..6 public. */
function honestHand(seed: string): SimTable {
  const sim = newSim(seed);
  expect(sim.runPacket(0, null)).toBeNull();
  const state = sim.packets.get(0)!;
  for (let seat = 1; seat < SEATS; seat++)
    expect(sim.send(revealToSeat(state, seat, sim.secrets[seat]!.get(0)!, [0, 1], 0)).fault).toBeNull();
  for (let seat = 0; seat < SEATS; seat++)
    expect(sim.send(revealToSeat(state, seat, sim.secrets[seat]!.get(0)!, [4, 5, 6], 255)).fault).toBeNull();
  return sim;
}

describe('audit with live-verified proofs and public key shares skipped', () => {
  it('an honest hand is clean and recovers the same cards and permutations as the full audit', () => {
    const sim = honestHand('clean');
    const full = auditOf(sim);
    const skip = auditOf(sim, undefined, SKIP);
    expect(full.verdict).toBe('clean');
    expect(skip).toEqual(full);
  });

  // Card 11 was never shown to everyone; card 5 was (its public key only spares an equal disclosed key a multiplication).
  it.each([11, 5])('names a seat whose disclosed lock key for card %i was flipped', (card) => {
    const sim = honestHand(`flip-key-${card}`);
    const secrets = sim
      .allSecrets()
      .map((s) => (s.seat === 1 ? { ...s, lock: s.lock!.map((k, c) => (c === card ? Fn.add(k, 1n) : k)) } : s));
    expect(faultOf(sim, secrets)).toMatchObject({ seat: 1, code: 'secret', step: 'lock', position: card });
  });

  it('names a seat whose disclosed s or permutation does not match its published shuffle', () => {
    const sim = honestHand('wrong-s');
    const wrongS = sim
      .allSecrets()
      .map((s) => (s.seat === 2 ? { ...s, shuffle: { ...s.shuffle!, s: Fn.add(s.shuffle!.s, 1n) } } : s));
    expect(faultOf(sim, wrongS)).toMatchObject({ seat: 2, code: 'secret', step: 'shuffle' });
    const swapped = sim.allSecrets().map((s) => {
      if (s.seat !== 0) return s;
      const perm = [...s.shuffle!.perm];
      [perm[3], perm[8]] = [perm[8]!, perm[3]!];
      return { ...s, shuffle: { ...s.shuffle!, perm } };
    });
    expect(faultOf(sim, swapped)).toMatchObject({ seat: 0, code: 'recompute', step: 'shuffle', position: 3 });
  });

  it('names a seat whose lock step used a wrong factor on one card (its disclosed keys match K)', () => {
    const sim = newSim('wrong-lock');
    const f = sim.runPacket(0, null, {
      make: (kind, seat, state, secrets, rng) => {
        if (kind !== 'lock' || seat !== 2) return undefined;
        const ell = secrets.shuffle!.s;
        const k = Array.from({ length: state.size }, () => randomScalar(rng));
        const fs = k.map((kc) => Fn.mul(kc, Fn.inv(ell)));
        const deck = deckFromPoints(fs.map((fc, c) => mulSecret(state.deck.points[c]!, c === 7 ? Fn.mul(fc, 3n) : fc)));
        const keys = deckFromPoints(k.map((kc) => mulBase(kc)));
        const message = proveLockStep(state, seat, ell, fs, deck, keys, rng);
        return { message, secrets: { ...secrets, lock: k }, state: advance(state, deck, { keys }) };
      },
    });
    expect(f).toMatchObject({ seat: 2, code: 'proof', step: 'lock' });
    // The proof is what shows a lock's deck; with the proofs checked by nobody the recomputation names the card.
    expect(faultOf(sim, undefined, {})).toMatchObject({ seat: 2, code: 'proof', step: 'lock' });
    const unchecked = audit(
      { params: sim.hand.params, packets: sim.transcript, keyShares: sim.keyShares },
      sim.allSecrets(),
      { rng: sim.rng, hand: sim.hand, verifyProofs: false },
    );
    expect(unchecked.verdict === 'fault' && unchecked.fault).toMatchObject({
      seat: 2,
      code: 'recompute',
      step: 'lock',
      position: 7,
    });
  });

  it('names a seat whose shuffle replaced a card, even with the proofs skipped', () => {
    const sim = newSim('replaced');
    sim.runPacket(0, null, {
      make: (kind, seat, state, secrets, rng) => {
        if (kind !== 'shuffle' || seat !== 1) return undefined;
        const s = randomScalar(rng);
        const perm = randomPermutation(rng, state.size);
        const deck = deckFromPoints(
          perm.map((p, j) => mulSecret(j === 6 ? state.deck.points[p]!.double() : state.deck.points[p]!, s)),
        );
        const layer = deckFromPoints([mulBase(s)]);
        const message = proveShuffleStep(state, seat, s, perm, deck, layer, rng);
        return { message, secrets: { ...secrets, shuffle: { s, perm } }, state: advance(state, deck, { layer }) };
      },
    });
    expect(faultOf(sim)).toMatchObject({ seat: 1, code: 'recompute', step: 'shuffle', position: 6 });
  });

  it('still checks key shares sealed to one seat (nobody else saw them live), by the disclosed keys', () => {
    const sim = honestHand('sealed-lie');
    const state = sim.packets.get(0)!;
    const honest = revealToSeat(state, 2, sim.secrets[2]!.get(0)!, [9], 1);
    const lie: KeyShares = { ...honest, entries: [{ ...honest.entries[0]!, key: Fn.add(honest.entries[0]!.key, 1n) }] };
    sim.keyShares.push(lie);
    expect(faultOf(sim)).toMatchObject({ seat: 2, code: 'key', position: 9 });
    // Without the skip, a lying public share is caught the same way.
    sim.keyShares.pop();
    sim.keyShares.push({ ...lie, to: 255 });
    expect(faultOf(sim, undefined, { proofs: true })).toMatchObject({ seat: 2, code: 'key', position: 9 });
  });
});
