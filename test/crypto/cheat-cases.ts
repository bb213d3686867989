/**
 * One case per cheat a seat can try on the deck's steps and reveals: each is
 * caught (at once, or at the reveal plus the end-of-hand audit) and
 * attributed to the cheating seat. Shuffle cheats are caught at once by the
 * shuffle argument; the audit without proofs still names them by
 * recomputation. The attacks on the shuffle argument itself are in
 * shuffle-proof.test.ts.
 *
 * The cases run under either way a peer checks proofs (`cheatsAreCaught`):
 * a whole cascade's proofs at once when its packet is locked, as the table
 * does (cheats.test.ts, in `npm test`), and every step's on arrival, as the
 * one-by-one fallback and the audit do (cheats-each.deep.test.ts, in the deep
 * suite). The same seat must be named either way.
 */
import { describe, expect, it, test } from 'vitest';
import {
  type Fault,
  type KeyShares,
  type LockStep,
  type PacketInput,
  type PacketSecrets,
  type RelayerStep,
  type ShuffleStep,
  audit,
  makeRelayerStep,
  makeShuffleStep,
  newPacketSecrets,
  openDeck,
  revealToSeat,
  seededRandom,
  verifyShuffleStep,
} from '../../crypto/index.js';
import { Fn, G, HALF, mulBase, mulSecret, randomScalar } from '../../crypto/group.js';
import { cardPoint } from '../../crypto/cards.js';
import { advance, deckFromHalves, deckFromPoints } from '../../crypto/packet.js';
import { proveLockStep, proveShuffleStep } from '../../crypto/steps.js';
import { randomPermutation } from '../../crypto/random.js';
import { type ProofChecks, SimTable, dealTo } from './sim.js';

const TABLE = new TextEncoder().encode('cheat-table');
const SEATS = 3;

function newTable(seed: string, handNo: number, checks: ProofChecks): SimTable {
  return new SimTable({ tableId: TABLE, handNo, seats: SEATS, deckSize: 32 }, seededRandom(seed), checks);
}

function auditOf(sim: SimTable, secrets: PacketSecrets[] = sim.allSecrets(), verifyProofs = true) {
  return audit({ params: sim.hand.params, packets: sim.transcript, keyShares: sim.keyShares }, secrets, {
    rng: sim.rng,
    hand: sim.hand,
    verifyProofs,
  });
}

function auditFault(sim: SimTable, secrets?: PacketSecrets[], verifyProofs = true): Fault {
  const r = auditOf(sim, secrets, verifyProofs);
  if (r.verdict !== 'fault') throw new Error('audit was clean');
  return r.fault;
}

/** A shuffle step by `seat` whose honest output is rewritten by `mutate`, with a valid proof over the result. */
function cheatingShuffle(mutate: (Y: ReturnType<typeof mulSecret>[], s: bigint) => ReturnType<typeof mulSecret>[]) {
  return (
    kind: string,
    seat: number,
    state: Parameters<typeof advance>[0],
    secrets: PacketSecrets,
    rng: ReturnType<typeof seededRandom>,
  ) => {
    if (kind !== 'shuffle' || seat !== 1) return undefined;
    const s = randomScalar(rng);
    const perm = randomPermutation(rng, state.size);
    const Y = mutate(
      perm.map((p) => mulSecret(state.deck.points[p]!, s)),
      s,
    );
    const deck = deckFromPoints(Y);
    const layer = deckFromPoints([mulBase(s)]);
    const message = proveShuffleStep(state, seat, s, perm, deck, layer, rng);
    return { message, secrets: { ...secrets, shuffle: { s, perm } }, state: advance(state, deck, { layer }) };
  };
}

/**
 * Deals packet 0 honestly, opens the cards at `opened` to seat 0, and returns a reshuffle's inputs: those cards
 * as public ones, then the deal's first `hidden` positions as hidden ones (none of them one of the opened).
 */
function reshuffleInputs(sim: SimTable, opened: number[], hidden: number): PacketInput[] {
  expect(sim.runPacket(0, null)).toBeNull();
  const cards = dealTo(sim, [new Map(), new Map(), new Map()], opened, 0);
  return [
    ...cards.map((card) => ({ kind: 'public' as const, card: card! })),
    ...Array.from({ length: hidden }, (_, i) => ({ kind: 'hidden' as const, packet: 0, position: i })),
  ];
}

/** Every cheat of this file, under `checks`, as one describe block named by `mode`. */
export function cheatsAreCaught(mode: string, checks: ProofChecks): void {
  describe(`cheats are caught and attributed (${mode})`, () => {
    const newSim = (seed: string, handNo = 1) => newTable(seed, handNo, checks);

    it('duplicated card (same point twice) is caught at once', () => {
      const sim = newSim('dup-exact');
      const f = sim.runPacket(0, null, { make: cheatingShuffle((Y) => Y.map((p, j) => (j === 5 ? Y[4]! : p))) });
      expect(f).toMatchObject({ seat: 1, code: 'duplicate', step: 'shuffle', position: 5 });
    });

    it('duplicated card (re-masked so the points differ) is caught at once, and named by the audit without proofs', () => {
      const sim = newSim('dup-masked');
      const f = sim.runPacket(0, null, {
        make: cheatingShuffle((Y) => Y.map((p, j) => (j === 5 ? Y[4]!.double() : p))),
      });
      expect(f).toMatchObject({ seat: 1, code: 'proof', step: 'shuffle' });
      expect(auditFault(sim)).toMatchObject({ seat: 1, code: 'proof', step: 'shuffle' });
      expect(auditFault(sim, undefined, false)).toMatchObject({
        seat: 1,
        code: 'recompute',
        step: 'shuffle',
        position: 5,
      });
    });

    it('replaced card (a card of another hand) is caught at once, and named by the audit without proofs', () => {
      const sim = newSim('replaced');
      const foreign = cardPoint({ tableId: TABLE, handNo: 2, seats: SEATS, deckSize: 32 }, 0);
      const f = sim.runPacket(0, null, {
        make: cheatingShuffle((Y, s) => Y.map((p, j) => (j === 3 ? foreign.multiply(s) : p))),
      });
      expect(f).toMatchObject({ seat: 1, code: 'proof', step: 'shuffle' });
      expect(auditFault(sim, undefined, false)).toMatchObject({
        seat: 1,
        code: 'recompute',
        step: 'shuffle',
        position: 3,
      });
    });

    it('wrong lock factor on one card is caught at once (batch proof) and by the audit', () => {
      const sim = newSim('wrong-lock');
      const f = sim.runPacket(0, null, {
        make: (kind, seat, state, secrets, rng) => {
          if (kind !== 'lock' || seat !== 2) return undefined;
          const ell = secrets.shuffle!.s;
          const k = Array.from({ length: state.size }, () => randomScalar(rng));
          const fs = k.map((kc) => Fn.mul(kc, Fn.inv(ell)));
          const Y = fs.map((fc, c) => mulSecret(state.deck.points[c]!, c === 7 ? Fn.mul(fc, 3n) : fc));
          const deck = deckFromPoints(Y);
          const keys = deckFromPoints(k.map((kc) => mulBase(kc)));
          const message = proveLockStep(state, seat, ell, fs, deck, keys, rng);
          return { message, secrets: { ...secrets, lock: k }, state: advance(state, deck, { keys }) };
        },
      });
      expect(f).toMatchObject({ seat: 2, code: 'proof', step: 'lock' });
      // Even without the proofs, recomputation from the disclosed secrets names the card.
      expect(auditFault(sim, undefined, false)).toMatchObject({
        seat: 2,
        code: 'recompute',
        step: 'lock',
        position: 7,
      });
      expect(auditFault(sim)).toMatchObject({ seat: 2, code: 'proof', step: 'lock' });
    });

    it('swapped key commitments K₅ ↔ K₆ under a fresh proof are caught at once (the verifier weights each card)', () => {
      // Honest factors and deck, but K_5 and K_6 published in each other's place
      // and proved again: the per-card errors ±e·(k₆ − k₅)·G cancel in an
      // unweighted sum, so only the verifier's random weights μ_c catch it.
      const sim = newSim('swapped-keys');
      const f = sim.runPacket(0, null, {
        make: (kind, seat, state, secrets, rng) => {
          if (kind !== 'lock' || seat !== 2) return undefined;
          const ell = secrets.shuffle!.s;
          const k = Array.from({ length: state.size }, () => randomScalar(rng));
          const fs = k.map((kc) => Fn.mul(kc, Fn.inv(ell)));
          const deck = deckFromPoints(fs.map((fc, c) => mulSecret(state.deck.points[c]!, fc)));
          const K = k.map((kc) => mulBase(kc));
          [K[5], K[6]] = [K[6]!, K[5]!];
          const keys = deckFromPoints(K);
          const message = proveLockStep(state, seat, ell, fs, deck, keys, rng);
          return { message, secrets: { ...secrets, lock: k }, state: advance(state, deck, { keys }) };
        },
      });
      expect(f).toMatchObject({ seat: 2, code: 'proof', step: 'lock' });
    });

    it('wrong per-card key at a reveal is caught at once, and a wrong disclosed key by the audit', () => {
      const sim = newSim('wrong-key');
      expect(sim.runPacket(0, null)).toBeNull();
      const state = sim.packets.get(0)!;
      const honest = revealToSeat(state, 0, sim.secrets[0]!.get(0)!, [4], 1);
      const lie: KeyShares = {
        ...honest,
        entries: [{ ...honest.entries[0]!, key: Fn.add(honest.entries[0]!.key, 1n) }],
      };
      expect(sim.send(lie).fault).toMatchObject({ seat: 0, code: 'key', position: 4 });
      expect(auditFault(sim)).toMatchObject({ seat: 0, code: 'key', position: 4 });
      // At the audit, seat 2 discloses a wrong key for position 9.
      sim.keyShares.length = 0;
      const secrets = sim
        .allSecrets()
        .map((s) => (s.seat === 2 ? { ...s, lock: s.lock!.map((k, c) => (c === 9 ? Fn.add(k, 1n) : k)) } : s));
      expect(auditFault(sim, secrets)).toMatchObject({ seat: 2, code: 'secret', step: 'lock', position: 9 });
    });

    it('reveal of a key for another card is caught at once', () => {
      const sim = newSim('other-card');
      expect(sim.runPacket(0, null)).toBeNull();
      const state = sim.packets.get(0)!;
      const other = revealToSeat(state, 2, sim.secrets[2]!.get(0)!, [9], 0);
      const lie: KeyShares = { ...other, entries: [{ position: 4, layer: 2, key: other.entries[0]!.key }] };
      expect(sim.send(lie).fault).toMatchObject({ seat: 2, code: 'key', position: 4 });
    });

    const forgeries: [string, 'shuffle' | 'lock', (m: ShuffleStep | LockStep) => ShuffleStep | LockStep][] = [
      [
        'S replaced (proof for another s)',
        'shuffle',
        (m) => ({ ...(m as ShuffleStep), layer: deckFromPoints([G.multiply(777n)]) }),
      ],
      [
        'Chaum–Pedersen response z[3] + 1',
        'lock',
        (m) => {
          const l = m as LockStep;
          return { ...l, proof: { ...l.proof, z: l.proof.z.map((z, c) => (c === 3 ? Fn.add(z, 1n) : z)) } };
        },
      ],
      [
        'Chaum–Pedersen commitment B replaced',
        'lock',
        (m) => {
          const l = m as LockStep;
          const B = G.multiply(99n);
          return { ...l, proof: { ...l.proof, B, Bbytes: B.toBytes() } };
        },
      ],
      [
        'Chaum–Pedersen commitment A[0] replaced',
        'lock',
        (m) => {
          const l = m as LockStep;
          const A = deckFromPoints(l.proof.A.points.map((a, c) => (c === 0 ? a.add(G) : a)));
          return { ...l, proof: { ...l.proof, A } };
        },
      ],
      [
        'K[5] swapped with K[6]',
        'lock',
        (m) => {
          const l = m as LockStep;
          const K = l.keys.points;
          return { ...l, keys: deckFromPoints(K.map((k, c) => (c === 5 ? K[6]! : c === 6 ? K[5]! : k))) };
        },
      ],
      [
        'after-points 5 and 6 swapped',
        'lock',
        (m) => {
          const l = m as LockStep;
          const Y = l.deck.points;
          return { ...l, deck: deckFromPoints(Y.map((y, c) => (c === 5 ? Y[6]! : c === 6 ? Y[5]! : y))) };
        },
      ],
    ];
    test.each(forgeries)('forged proof (%s) is caught at once', (_name, kind, forge) => {
      const sim = newSim(`forge/${_name}`);
      const f = sim.runPacket(0, null, {
        tamper: (k, seat, msg) => (k === kind && seat === 1 ? forge(msg as ShuffleStep | LockStep) : msg),
      });
      expect(f).toMatchObject({ seat: 1, code: 'proof', step: kind });
    });

    it('replayed proof: a step from another hand, as is or relabelled, is rejected', () => {
      const hand1 = newSim('replay', 1);
      expect(hand1.runPacket(0, null)).toBeNull();
      const old = hand1.transcript[0]!.shuffle[0]!;
      const hand2 = newSim('replay', 2);
      // As is: bound to hand 1.
      const asIs = verifyShuffleStep(openDeck(hand2.hand, 0), old);
      expect(!asIs.ok && asIs.error).toMatchObject({ seat: 0, code: 'context' });
      // Relabelled to hand 2: the proof still binds hand 1's context and decks.
      const f = hand2.runPacket(0, null, {
        tamper: (k, seat, msg) =>
          k === 'shuffle' && seat === 0 ? { ...old, header: { ...old.header, handNo: 2 } } : msg,
      });
      expect(f).toMatchObject({ seat: 0, code: 'proof', step: 'shuffle' });
    });

    it("replayed proof: seat 1 copies seat 0's proof and S in the same hand", () => {
      const sim = newSim('copy');
      let s0: ShuffleStep | undefined;
      const f = sim.runPacket(0, null, {
        tamper: (k, seat, msg) => {
          if (k === 'shuffle' && seat === 0) s0 = msg as ShuffleStep;
          if (k === 'shuffle' && seat === 1) return { ...(msg as ShuffleStep), layer: s0!.layer, proof: s0!.proof };
          return msg;
        },
      });
      expect(f).toMatchObject({ seat: 1, code: 'proof', step: 'shuffle' });
    });

    it('mismatched S_i (publishes s′·G, masks with s) is caught at once, and named by the audit without proofs', () => {
      const sim = newSim('mismatch');
      const fake = new Map<string, bigint>();
      const f = sim.runPacket(0, null, {
        make: (kind, seat, state, secrets, rng) => {
          if (seat !== 1 || kind !== 'shuffle') return undefined;
          const s = randomScalar(rng);
          const sFake = randomScalar(rng);
          fake.set('fake', sFake);
          const perm = randomPermutation(rng, state.size);
          const deck = deckFromHalves(perm.map((p) => mulSecret(state.deck.points[p]!, Fn.mul(s, HALF))));
          const layer = deckFromPoints([mulBase(sFake)]);
          const message = proveShuffleStep(state, seat, sFake, perm, deck, layer, rng);
          return { message, secrets: { ...secrets, shuffle: { s, perm } }, state: advance(state, deck, { layer }) };
        },
      });
      expect(f).toMatchObject({ seat: 1, code: 'proof', step: 'shuffle' });
      // Disclosing the real s: it does not match S_1.
      expect(auditFault(sim, undefined, false)).toMatchObject({ seat: 1, code: 'secret', step: 'shuffle' });
      // Disclosing the fake s′ instead: the shuffle does not recompute.
      const lied = sim
        .allSecrets()
        .map((s) => (s.seat === 1 ? { ...s, shuffle: { ...s.shuffle!, s: fake.get('fake')! } } : s));
      expect(auditFault(sim, lied, false)).toMatchObject({ seat: 1, code: 'recompute', step: 'shuffle' });
    });

    it('a seat that withholds its secrets at the audit is named', () => {
      const sim = newSim('withhold');
      expect(sim.runPacket(0, null)).toBeNull();
      expect(auditOf(sim).verdict).toBe('clean');
      const secrets = sim.allSecrets().filter((s) => s.seat !== 2);
      expect(auditFault(sim, secrets)).toMatchObject({ seat: 2, code: 'missing' });
      const badPerm = sim
        .allSecrets()
        .map((s) => (s.seat === 0 ? { ...s, shuffle: { ...s.shuffle!, perm: s.shuffle!.perm.map(() => 0) } } : s));
      expect(auditFault(sim, badPerm)).toMatchObject({ seat: 0, code: 'permutation' });
    });

    it('re-layer cheats in a reshuffle (swapping a public card, a wrong factor) are caught at once', () => {
      for (const cheat of ['swap-public', 'wrong-factor'] as const) {
        const sim = newSim(`relayer/${cheat}`);
        // Two cards of the deal opened (a discard pile, say) and six still hidden: a reshuffle's inputs name each card once.
        const inputs = reshuffleInputs(sim, [6, 7], 6);
        const f = sim.runPacket(1, inputs, {
          tamper: (k, seat, msg) => {
            if (k !== 'relayer' || seat !== 1) return msg;
            const r = msg as RelayerStep;
            const Y = r.deck.points.map((y, c) => {
              if (cheat === 'wrong-factor' && c === 4) return y.double();
              if (cheat === 'swap-public' && c === 0) return r.deck.points[1]!.add(G);
              return y;
            });
            return { ...r, deck: deckFromPoints(Y) };
          },
        });
        expect(f).toMatchObject({ seat: 1, code: 'proof', step: 'relayer' });
      }
    });

    it('a re-layer that makes the next honest seat repeat a point names the cheater, not the honest seat', () => {
      // Seat 1 puts y·G on a public card and y·K_2c on a hidden card c, where K_2c = k_2c·G is seat 2's public
      // lock key: seat 2, re-layering honestly (t/1 on the one, t/k_2c on the other), outputs t·y·G twice. Its
      // step is refused on arrival, but seat 1's proofs are checked first (at once, or with those taken so far).
      const sim = newSim('relayer/repeat');
      const inputs = reshuffleInputs(sim, [6], 4);
      const y = 1234567n;
      const f = sim.runPacket(1, inputs, {
        tamper: (k, seat, msg, before) => {
          if (k !== 'relayer' || seat !== 1) return msg;
          const r = msg as RelayerStep;
          const K2 = before.cardLayers![2]!.points[1]!;
          const Y = r.deck.points.map((p, c) => (c === 0 ? G.multiply(y) : c === 1 ? K2.multiply(y) : p));
          return { ...r, deck: deckFromPoints(Y) };
        },
      });
      expect(f).toMatchObject({ seat: 1, code: 'proof', step: 'relayer' });
    });

    it('a re-layer step that doubles one card does not audit clean, even with the proofs skipped', () => {
      // The whole cheating packet is in the transcript (the later seats went on
      // from the cheater's deck), so only the audit's recomputation from the
      // disclosed t and lock keys can name it when the proofs are not re-verified.
      const sim = newSim('relayer/audit');
      const inputs = reshuffleInputs(sim, [6], 6);
      const live = sim.runPacket(1, inputs, {
        keepGoing: true,
        make: (kind, seat, state, secrets, rng) => {
          if (kind !== 'relayer' || seat !== 1) return undefined;
          const honest = makeRelayerStep(state, seat, secrets, (pid) => sim.secrets[seat]!.get(pid), rng);
          const deck = deckFromPoints(honest.message.deck.points.map((y, c) => (c === 4 ? y.double() : y)));
          const message = { ...honest.message, deck };
          return { message, secrets: honest.secrets, state: advance(state, deck, { layer: honest.message.layer }) };
        },
      });
      expect(live).toMatchObject({ seat: 1, code: 'proof', step: 'relayer' });
      const recompute = { seat: 1, code: 'recompute', step: 'relayer', position: 4 };
      expect(auditFault(sim, undefined, false)).toMatchObject(recompute);
      const verifiedLive = audit(
        { params: sim.hand.params, packets: sim.transcript, keyShares: sim.keyShares },
        sim.allSecrets(),
        {
          rng: sim.rng,
          hand: sim.hand,
          verified: { proofs: true, publicShares: true },
        },
      );
      expect(verifiedLive).toMatchObject({ verdict: 'fault', fault: recompute });
      expect(auditFault(sim)).toMatchObject({ seat: 1, code: 'proof', step: 'relayer' });
    });

    it('a step out of turn is refused and blamed', () => {
      const sim = newSim('turn');
      const rng = sim.rng;
      const m0 = makeShuffleStep(openDeck(sim.hand, 0), 0, newPacketSecrets(0, 0), rng);
      // Our own code refuses to act out of turn...
      expect(() => makeShuffleStep(m0.state, 2, newPacketSecrets(0, 2), rng)).toThrow(
        /seat 2 acts out of turn, awaiting seat 1/,
      );
      // ...and a peer that does is blamed.
      const s = randomScalar(rng);
      const deck = deckFromPoints(m0.state.deck.points.map((p) => mulSecret(p, s)));
      const identity = Array.from({ length: m0.state.size }, (_, j) => j);
      const early = proveShuffleStep(m0.state, 2, s, identity, deck, deckFromPoints([mulBase(s)]), rng);
      const v = verifyShuffleStep(m0.state, early);
      expect(!v.ok && v.error).toMatchObject({ seat: 2, code: 'turn', step: 'shuffle' });
    });
  });
}
