/**
 * The attacker matrix of `npm test` (test/adversarial/cheat-matrix.ts): every
 * cheat of the hand protocol played once, in the turn-based Stress
 * (shedding), or in the real-time Stress (speed) when it is aimed at
 * real-time ordering, here; every cheat of the moves in each game that
 * offers it, in cheating-moves.test.ts (two files, so the two test workers
 * share the matrix). The deep suite plays every cheat in every game
 * (cheating-peers.deep.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { gameModules } from '../../src/games/index.js';
import { CHEAT_KINDS, makeCheat } from '../../tools/sim/cheats.js';
import { everyPair, fastPairs, isProtocolPair, itCatchesEach } from './cheat-matrix.js';

const pairs = fastPairs('stress-shed', 'stress-speed');

describe('the fast attacker matrix', () => {
  it('plays every cheat kind at least once, and every game at least once', () => {
    const offered = new Set(everyPair().map((p) => p.kind));
    const deepOnly = new Set(everyPair().flatMap((p) => (makeCheat(p.kind, p.game)?.deep ? [p.kind] : [])));
    expect(new Set(pairs.map((p) => p.kind))).toEqual(new Set([...offered].filter((k) => !deepOnly.has(k))));
    expect(offered).toEqual(new Set(CHEAT_KINDS));
    expect(new Set(pairs.map((p) => p.game))).toEqual(new Set(gameModules.map((m) => m.id)));
    for (const pair of pairs) expect(makeCheat(pair.kind, pair.game)).not.toBeNull();
    // Each protocol cheat once; those aimed at real-time ordering in the real-time game.
    const protocol = pairs.filter(isProtocolPair);
    expect(protocol.length).toBe(new Set(protocol.map((p) => p.kind)).size);
    expect(protocol.filter((p) => p.game === 'stress-speed').map((p) => p.kind)).toEqual(
      expect.arrayContaining(['replay', 'far-future-at']),
    );
  });

  itCatchesEach(pairs.filter(isProtocolPair), 3);
});
