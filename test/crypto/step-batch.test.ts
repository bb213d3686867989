/**
 * Steps taken at once and proved together (crypto/step-batch.ts): honest
 * phases and whole cascades pass as one sum; a step is refused on arrival for
 * everything but its proofs; and a bad step in a batch is named with its
 * place — the first one, even when two colluding seats make their errors
 * cancel in an unweighted sum. Each cheat of cheat-cases.ts is also run with
 * a whole cascade's proofs checked at once (cheats.test.ts).
 */
import { describe, expect, it } from 'vitest';
import {
  type LockStep,
  type PacketSecrets,
  type PacketState,
  type ShuffleStep,
  type Step,
  createHand,
  makeLockStep,
  makeRelayerStep,
  makeShuffleStep,
  newPacketSecrets,
  openDeck,
  openReshuffle,
  seededRandom,
  takeStepUnproved,
  verifyStep,
  verifyStepProofs,
  type UnprovedStep,
} from '../../crypto/index.js';
import { Fn, encodePoint, mulBase, mulSecret, randomScalar } from '../../crypto/group.js';
import { dleqChallenges, dleqTerms } from '../../crypto/dleq.js';
import { MsmTerms } from '../../crypto/msm-terms.js';
import { advance, deckFromPoints } from '../../crypto/packet.js';
import { factorClaimStatement } from '../../crypto/step-checks.js';
import { lockClaim, proveLockStep } from '../../crypto/steps.js';

const SEATS = 4;
const params = { tableId: new TextEncoder().encode('batch-table'), handNo: 3, seats: SEATS, deckSize: 32 as const };

type Maker = (
  state: PacketState,
  seat: number,
  secrets: PacketSecrets,
) => { message: Step; state: PacketState; secrets: PacketSecrets };

/** Runs a packet's cascade with `make` overriding any seat's step; every step with the state it was made on. */
function cascade(
  state0: PacketState,
  secrets: Map<number, PacketSecrets>[],
  make: Partial<Record<string, Maker>> = {},
) {
  const rng = seededRandom('batch-steps');
  const steps: UnprovedStep[] = [];
  let state = state0;
  while (state.phase !== 'locked') {
    const seat = state.next;
    const mine = secrets[seat]!.get(state.id) ?? newPacketSecrets(state.id, seat);
    const cheat = make[`${state.phase}/${seat}`];
    const made = cheat
      ? cheat(state, seat, mine)
      : state.phase === 'relayer'
        ? makeRelayerStep(state, seat, mine, (p) => secrets[seat]!.get(p), rng)
        : state.phase === 'shuffle'
          ? makeShuffleStep(state, seat, mine, rng)
          : makeLockStep(state, seat, mine, rng);
    secrets[seat]!.set(state.id, made.secrets);
    steps.push({ state, msg: made.message });
    state = made.state;
  }
  return { steps, state };
}

const phase = (steps: readonly UnprovedStep[], kind: Step['kind'], but = -1) =>
  steps.filter((s) => s.msg.kind === kind && s.msg.header.seat !== but);

/** Seat `seat`'s lock step with its honest factors but card `card`'s output multiplied by 3 (it fails alone). */
function wrongLock(card: number): Maker {
  return (state, seat, secrets) => {
    const rng = seededRandom(`wrong-lock/${seat}`);
    const ell = secrets.shuffle!.s;
    const k = Array.from({ length: state.size }, () => randomScalar(rng));
    const f = k.map((kc) => Fn.mul(kc, Fn.inv(ell)));
    const deck = deckFromPoints(f.map((fc, c) => mulSecret(state.deck.points[c]!, c === card ? Fn.mul(fc, 3n) : fc)));
    const keys = deckFromPoints(k.map((kc) => mulBase(kc)));
    const message = proveLockStep(state, seat, ell, f, deck, keys, rng);
    return { message, secrets: { ...secrets, lock: k }, state: advance(state, deck, { keys }) };
  };
}

describe('a phase proved at once', () => {
  const hand = createHand(params);
  const secrets = Array.from({ length: SEATS }, () => new Map<number, PacketSecrets>());
  const deal = cascade(openDeck(hand, 0), secrets);

  it('honest shuffle and lock phases pass as one sum each, seen from any seat (its own step left out)', () => {
    for (let me = 0; me < SEATS; me++)
      for (const kind of ['shuffle', 'lock'] as const)
        expect(verifyStepProofs(phase(deal.steps, kind, me), seededRandom(`v/${me}`))).toEqual({
          ok: true,
          value: null,
        });
  });

  it("an honest reshuffle's re-layer, shuffle and lock phases pass too", () => {
    const packets = new Map([[0, deal.state]]);
    const inputs = Array.from({ length: 10 }, (_, i) => ({ kind: 'hidden' as const, packet: 0, position: i + 4 }));
    const re = cascade(openReshuffle(hand, 1, inputs, packets), secrets);
    for (const kind of ['relayer', 'shuffle', 'lock'] as const)
      expect(verifyStepProofs(phase(re.steps, kind, 0), seededRandom('v/re')).ok).toBe(true);
  });

  it("a whole cascade's steps pass as one sum too (the table's check once a packet is locked): a deal, a reshuffle", () => {
    const others = (steps: readonly UnprovedStep[], me: number) => steps.filter((s) => s.msg.header.seat !== me);
    for (let me = 0; me < SEATS; me++)
      expect(verifyStepProofs(others(deal.steps, me), seededRandom(`c/${me}`))).toEqual({ ok: true, value: null });
    const packets = new Map([[0, deal.state]]);
    const inputs = Array.from({ length: 10 }, (_, i) => ({ kind: 'hidden' as const, packet: 0, position: i + 4 }));
    const re = cascade(openReshuffle(hand, 1, inputs, packets), secrets);
    expect(verifyStepProofs(others(re.steps, 0), seededRandom('c/re')).ok).toBe(true);
  });

  it("in a whole cascade, the first bad step is named with its place: a seat's bad lock after its good shuffle", () => {
    const s4 = Array.from({ length: SEATS }, () => new Map<number, PacketSecrets>());
    const bad = cascade(openDeck(hand, 0), s4, { 'lock/2': wrongLock(3) });
    const seen = bad.steps.filter((s) => s.msg.header.seat !== 0);
    const verdict = verifyStepProofs(seen, seededRandom('c/bad'));
    // Seen from seat 1: the shuffles of seats 2, 3, 4, then the locks of seats 2, 3 (the bad one), 4.
    expect(!verdict.ok && verdict.error).toMatchObject({ fault: { seat: 2, code: 'proof', step: 'lock' }, at: 4 });
  });

  it('a step is refused on arrival for anything but its proofs: out of turn, or a deck with a point twice', () => {
    const [first, second] = phase(deal.steps, 'shuffle') as [UnprovedStep, UnprovedStep];
    const early = takeStepUnproved(first.state, second.msg);
    expect(!early.ok && early.error).toMatchObject({ seat: 1, code: 'turn', step: 'shuffle' });
    const msg = first.msg as ShuffleStep;
    const P = msg.deck.points;
    const doubled = { ...msg, deck: deckFromPoints(P.map((p, j) => (j === 5 ? P[4]! : p))) };
    const dup = takeStepUnproved(first.state, doubled);
    expect(!dup.ok && dup.error).toMatchObject({ seat: 0, code: 'duplicate', position: 5 });
    // Its proofs are not looked at: a shuffle argument of another step is taken, to be checked later.
    const foreign = { ...msg, proof: (second.msg as ShuffleStep).proof };
    expect(takeStepUnproved(first.state, foreign).ok).toBe(true);
  });

  it('two bad lock steps in one phase: the first is named, and the steps after it are not what blames anyone', () => {
    const s2 = Array.from({ length: SEATS }, () => new Map<number, PacketSecrets>());
    const bad = cascade(openDeck(hand, 0), s2, { 'lock/1': wrongLock(7), 'lock/3': wrongLock(2) });
    const verdict = verifyStepProofs(phase(bad.steps, 'lock', 0), seededRandom('v/two'));
    expect(!verdict.ok && verdict.error).toMatchObject({ fault: { seat: 1, code: 'proof', step: 'lock' }, at: 0 });
    // Seat 2's honest step was made on seat 1's bad deck and still verifies alone.
    const honest = phase(bad.steps, 'lock').find((s) => s.msg.header.seat === 2)!;
    expect(verifyStep(honest.state, honest.msg, seededRandom('v/alone')).ok).toBe(true);
  });

  it('a proof of the wrong shape among good ones names its author', () => {
    const locks = phase(deal.steps, 'lock', 0);
    const cut = locks.map((s) =>
      s.msg.header.seat === 2
        ? { ...s, msg: { ...(s.msg as LockStep), proof: { ...(s.msg as LockStep).proof, z: [] } } }
        : s,
    );
    const verdict = verifyStepProofs(cut, seededRandom('v/shape'));
    expect(!verdict.ok && verdict.error).toMatchObject({ fault: { seat: 2, code: 'proof', step: 'lock' }, at: 1 });
  });

  it('two colluding seats whose errors cancel in an unweighted sum are caught: each step has its own weight', () => {
    // Seat 1 locks card 7 wrongly: its aggregated Chaum–Pedersen equation is off by D ≠ 0. Seat 2 then
    // proves a true statement with its commitment B shifted by D (and the responses recomputed for the
    // new challenge, as a prover can): its equation is off by −D. Weighted 1 each, the sum is zero.
    const s3 = Array.from({ length: SEATS }, () => new Map<number, PacketSecrets>());
    let first: UnprovedStep | undefined;
    const lock1: Maker = (state, seat, secrets) => {
      const made = wrongLock(7)(state, seat, secrets);
      first = { state, msg: made.message };
      return made;
    };
    const shifted: Maker = (state, seat, secrets) => {
      const honest = makeLockStep(state, seat, secrets, seededRandom('shifted'));
      const msg = honest.message;
      const one = first!.msg as LockStep;
      const stA = factorClaimStatement(first!.state, one, 'lock', lockClaim(first!.state, one));
      const a = dleqChallenges(stA, one.proof);
      // D = Σ ρ_c z_c X_c − B − e Σ ρ_c Y_c of seat 1's proof.
      let D = one.proof.B.negate();
      stA.X.points.forEach((x, c) => (D = D.add(x.multiply(Fn.mul(a.rho[c]!, one.proof.z[c]!)))));
      stA.Y.points.forEach((y, c) => (D = D.subtract(y.multiply(Fn.mul(a.e, a.rho[c]!)))));
      const stB = factorClaimStatement(state, msg, 'lock', lockClaim(state, msg));
      const e = dleqChallenges(stB, msg.proof).e;
      const f = honest.secrets.lock!.map((k) => Fn.mul(k, Fn.inv(secrets.shuffle!.s)));
      const r = msg.proof.z.map((z, c) => Fn.sub(z, Fn.mul(e, f[c]!)));
      const B = msg.proof.B.add(D);
      const Bbytes = encodePoint(B);
      const e2 = dleqChallenges(stB, { A: msg.proof.A, Bbytes }).e;
      const proof = { A: msg.proof.A, B, Bbytes, z: r.map((rc, c) => Fn.add(rc, Fn.mul(e2, f[c]!))) };
      return { ...honest, message: { ...msg, proof } };
    };
    const run = cascade(openDeck(hand, 0), s3, { 'lock/1': lock1, 'lock/2': shifted });
    const pair = phase(run.steps, 'lock').filter((s) => s.msg.header.seat === 1 || s.msg.header.seat === 2);
    expect(pair.map((s) => verifyStep(s.state, s.msg, seededRandom('alone')).ok)).toEqual([false, false]);
    // Weighted 1 each, as each proof is when checked alone, the two equations sum to zero: the attack is real.
    const unweighted = new MsmTerms();
    pair.forEach((s, i) => {
      const msg = s.msg as LockStep;
      const st = factorClaimStatement(s.state, msg, 'lock', lockClaim(s.state, msg));
      dleqTerms(st, msg.proof, seededRandom(`mu/${i}`), unweighted, { weight: 1n, outputInBatch: i === 0 });
    });
    expect(unweighted.isZero()).toBe(true);
    const verdict = verifyStepProofs(phase(run.steps, 'lock', 0), seededRandom('v/cancel'));
    expect(!verdict.ok && verdict.error).toMatchObject({ fault: { seat: 1, code: 'proof', step: 'lock' }, at: 0 });
  });
});
