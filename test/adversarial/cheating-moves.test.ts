/**
 * The move cheats of `npm test`'s attacker matrix (test/adversarial/cheat-matrix.ts):
 * every cheat of the moves (cheats-moves.ts) in each game whose rules offer
 * it. The protocol cheats, and the check that the fast matrix plays every
 * cheat kind and every game, are in cheating-peers.test.ts, beside the pairs
 * left to another file that judges the same hand (JUDGED_ELSEWHERE).
 */
import { describe } from 'vitest';
import { fastPairsPlayedHere, isProtocolPair, itCatchesEach } from './cheat-matrix.js';

describe('the fast attacker matrix: cheats of the moves', () => {
  itCatchesEach(
    fastPairsPlayedHere('stress-shed', 'stress-speed').filter((pair) => !isProtocolPair(pair)),
    3,
  );
});
