/**
 * A test-only switch for the shuffle argument, for attacker tests that show
 * what a cheat would achieve against the follower *without* the argument (the
 * pre-fix check) and that it is caught with it. A test file mocks
 * crypto/index.js with `withSwitchableShuffleArgument` and sets
 * `shuffleArgument.checked = false`: the real verifier then runs with only its
 * shuffle-argument verdict ignored (and a phase's shuffle arguments left out of
 * its check at once). The app always runs the real verifier.
 */
import type * as Crypto from '../../crypto/index.js';
import { advance } from '../../crypto/packet.js';

/** On (true) by default; a test turns it off and its afterEach turns it on again. */
export const shuffleArgument = { checked: true };

/** The crypto module with `verifyShuffleStep` and `verifyStepProofs` (many steps' proofs at once) obeying the switch. */
export function withSwitchableShuffleArgument(real: typeof Crypto): typeof Crypto {
  const withoutArgument: typeof real.verifyShuffleStep = (state, msg, rng) => {
    const verdict = real.verifyShuffleStep(state, msg, rng);
    if (!verdict.ok && verdict.error.code === 'proof')
      return { ok: true, value: advance(state, msg.deck, { layer: msg.layer }) };
    return verdict;
  };
  return {
    ...real,
    verifyShuffleStep: (...args: Parameters<typeof real.verifyShuffleStep>) =>
      shuffleArgument.checked ? real.verifyShuffleStep(...args) : withoutArgument(...args),
    verifyStepProofs: (steps, rng) =>
      real.verifyStepProofs(shuffleArgument.checked ? steps : steps.filter((s) => s.msg.kind !== 'shuffle'), rng),
  };
}
