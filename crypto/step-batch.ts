/**
 * Cascade steps taken now and proved later: a peer checks everything about
 * another seat's step but its proofs when it arrives (`takeStepUnproved`: the
 * context, the turn, the encodings, distinct points, the sizes) and applies
 * it, then checks the proofs of many steps at once (`verifyStepProofs`; the
 * table checks a whole cascade's, its re-layers, shuffles and locks, once the
 * packet is locked): every step's verification equation with its own random
 * weights of the verifier, summed into one multi-scalar
 * multiplication (the small-exponent batch test of Bellare, Garay & Rabin,
 * EUROCRYPT '98, §3.1, over all the steps' sub-equations; msm-terms.ts).
 * Merged, the shuffle generators H_j are one term for every step, and the
 * deck one step outputs is one term with the input of the next. When the sum
 * is not zero, the steps are checked one by one in order, so the first bad
 * step still names its author.
 *
 * Why a step may be built on before its proofs are checked: an honest seat
 * then applies its fresh secrets of this packet to points a cheater chose,
 * which reveals nothing it would not publish anyway (s·X and k·X for its own
 * s and k; a shuffle's permutation can at worst be traced on a forged deck,
 * and that deck never opens), and the caller checks the proofs before any
 * card of the packet is opened or the hand ends (src/table/hand/cascade.ts).
 */
import type { RandomSource } from './bytes.js';
import { type Fault, fault } from './fault.js';
import { type Result, err, ok } from './result.js';
import { randomShort } from './group.js';
import { MsmTerms } from './msm-terms.js';
import { dleqTerms } from './dleq.js';
import { shuffleTerms } from './shuffle-proof.js';
import { type PacketState, advance } from './packet.js';
import { lockClaim, shuffleArrivalFault, shuffleStatement, verifyStep } from './steps.js';
import { relayerClaim } from './relayer-step.js';
import { factorArrivalFault, factorClaimStatement } from './step-checks.js';
import type { Step } from './step-types.js';

/** A step taken with its proofs not checked yet, and the packet's state it was taken on. */
export interface UnprovedStep {
  readonly state: PacketState;
  readonly msg: Step;
}

/** Everything `verifyStep` checks but the proofs: the next state, or the fault naming the seat. */
export function takeStepUnproved(state: PacketState, msg: Step): Result<PacketState, Fault> {
  switch (msg.kind) {
    case 'shuffle': {
      const wrong = shuffleArrivalFault(state, msg);
      return wrong ? fault(wrong) : ok(advance(state, msg.deck, { layer: msg.layer }));
    }
    case 'lock': {
      const wrong = factorArrivalFault(state, msg, 'lock', 'locked deck', lockClaim(state, msg));
      return wrong ? fault(wrong) : ok(advance(state, msg.deck, { keys: msg.keys }));
    }
    case 'relayer': {
      const wrong = factorArrivalFault(state, msg, 'relayer', 're-layered deck', relayerClaim(state, msg));
      return wrong ? fault(wrong) : ok(advance(state, msg.deck, { layer: msg.layer }));
    }
  }
}

/** The first step of a batch whose proofs do not verify: its fault, and its index among the steps checked. */
export interface BadStep {
  readonly fault: Fault;
  readonly at: number;
}

/**
 * The proofs of `steps` (each taken by `takeStepUnproved` on its `state`, in
 * cascade order: a phase's steps, or a whole cascade's) in one multi-scalar
 * multiplication, with verifier weights from `rng`; the first step whose
 * proofs do not verify when the sum is not zero.
 */
export function verifyStepProofs(steps: readonly UnprovedStep[], rng: RandomSource): Result<null, BadStep> {
  if (steps.length === 0) return ok(null);
  if (steps.length > 1 && proofsSumToZero(steps, rng)) return ok(null);
  for (const [at, { state, msg }] of steps.entries()) {
    const v = verifyStep(state, msg, rng);
    if (!v.ok) return err({ fault: v.error, at });
  }
  return ok(null);
}

/** Whether every step's verification equation, each with its own weights, sums to zero (false if a proof is malformed). */
function proofsSumToZero(steps: readonly UnprovedStep[], rng: RandomSource): boolean {
  const terms = new MsmTerms();
  const formed = steps.every(({ state, msg }, i) => {
    const weight = randomShort(rng);
    if (msg.kind === 'shuffle') {
      const st = shuffleStatement(state, msg.header.seat, msg.deck, msg.layer);
      return shuffleTerms(st, msg.proof, rng, terms, { weight, inputInBatch: steps[i - 1]?.msg.deck === state.deck });
    }
    const claim = msg.kind === 'lock' ? lockClaim(state, msg) : relayerClaim(state, msg);
    const st = factorClaimStatement(state, msg, msg.kind, claim);
    return dleqTerms(st, msg.proof, rng, terms, { weight, outputInBatch: steps[i + 1]?.state.deck === msg.deck });
  });
  return formed && terms.isZero();
}
