/**
 * The re-layer cascade of a reshuffle (docs/PROTOCOL.md §8.5), one step per
 * seat in seat order, before the reshuffled packet is shuffled and locked
 * like a fresh deck (steps.ts): the seat replaces its layer ℓ_ic on card c
 * (k_ic of the source packet, or 1 for a public card) by one common layer
 * t_i, i.e. multiplies by t_i/ℓ_ic, and publishes T_i = t_i·G and the
 * Chaum–Pedersen proofs (CRYPTO '92, dleq.ts) that t_i/ℓ_ic links K_ic (or
 * G) → T_i and before_c → after_c, verified as a batch (Bellare–Garay–Rabin
 * '98). Hidden cards stay hidden (Barnett & Smart 2003 §4); layers commute,
 * so afterwards every card carries (∏ t_i)·H_card.
 */
import type { RandomSource } from './bytes.js';
import { type Fault, fault } from './fault.js';
import { type Result, ok } from './result.js';
import { Fn, HALF, mulBase, mulSecret, randomScalar, ascalar } from './group.js';
import { type PacketState, advance, deckFromHalves, deckFromPoints } from './packet.js';
import { proveDleqBatch } from './dleq.js';
import { systemRandom } from './random.js';
import {
  type FactorClaim,
  assertSecrets,
  assertTurn,
  factorStatement,
  factorStepFault,
  header,
} from './step-checks.js';
import type { Made, PacketSecrets, RelayerStep } from './step-types.js';

/**
 * The seat's re-layer step on a reshuffled packet. `sourceSecrets(packetId)`
 * returns the seat's secrets of a source packet (its lock keys).
 */
export function makeRelayerStep(
  state: PacketState,
  seat: number,
  secrets: PacketSecrets,
  sourceSecrets: (packet: number) => PacketSecrets | undefined,
  rng: RandomSource = systemRandom,
): Made<RelayerStep> {
  assertTurn(state, 'relayer', seat);
  assertSecrets(state, secrets, seat, 'relayer');
  if (state.source.kind !== 'reshuffle' || !state.cardLayers)
    throw new RangeError('relayer step: packet is not a reshuffle');
  const ell: bigint[] = state.source.inputs.map((input, c) => {
    if (input.kind === 'public') return 1n;
    const src = sourceSecrets(input.packet);
    const key = src?.lock?.[input.position];
    if (src === undefined || key === undefined || src.seat !== seat) {
      throw new RangeError(
        `relayer step: no lock key of seat ${seat} for packet ${input.packet} position ${input.position} (card ${c})`,
      );
    }
    return ascalar(key, `lock key ${input.packet}/${input.position}`);
  });
  const inv = Fn.invertBatch(ell);
  const t = randomScalar(rng);
  const f = inv.map((x) => Fn.mul(t, x));
  const X = state.deck.points;
  const deck = deckFromHalves(f.map((fc, c) => mulSecret(X[c]!, Fn.mul(fc, HALF))));
  const layer = deckFromPoints([mulBase(t)]);
  const proof = proveDleqBatch(
    factorStatement(state, 'relayer', seat, state.cardLayers[seat]!, layer, deck),
    f,
    ell,
    rng,
  );
  const message: RelayerStep = { kind: 'relayer', header: header(state, seat), deck, layer, proof };
  return { message, secrets: { ...secrets, relayer: t }, state: advance(state, deck, { layer }) };
}

/** Checks another seat's re-layer step (one batch verification for the whole packet). */
export function verifyRelayerStep(
  state: PacketState,
  msg: RelayerStep,
  rng: RandomSource = systemRandom,
): Result<PacketState, Fault> {
  const wrong = factorStepFault(state, msg, 'relayer', 're-layered deck', rng, relayerClaim(state, msg));
  if (wrong) return fault(wrong);
  return ok(advance(state, msg.deck, { layer: msg.layer }));
}

/** What a re-layer step claims: one factor per card links the seat's layer on it, K_ic (or G), → T_i. */
export function relayerClaim(state: PacketState, msg: RelayerStep): (seat: number) => FactorClaim {
  return (seat) => ({
    base: state.cardLayers![seat]!,
    target: msg.layer,
    size: 1,
    sizeReason: 'T must be one point',
    why: `a re-layer factor does not match K → T_${seat}`,
  });
}
