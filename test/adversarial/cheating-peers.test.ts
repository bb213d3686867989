/**
 * The attacker matrix of `npm test` (test/adversarial/cheat-matrix.ts): every
 * cheat of the hand protocol played once, in the turn-based Stress
 * (shedding), or in the real-time Stress (speed) when it is aimed at
 * real-time ordering, here; every cheat of the moves in each game that
 * offers it, in cheating-moves.test.ts (two files, so the two test workers
 * share the matrix). A pair another file of `npm test` already plays on the
 * same two seats and seed, judging its exact verdict (JUDGED_ELSEWHERE), is
 * left to that file. The deep suite plays every cheat in every game
 * (cheating-peers.deep.test.ts).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { gameModules } from '../../src/games/index.js';
import { CHEAT_KINDS, makeCheat } from '../../tools/sim/cheats.js';
import {
  everyPair,
  fastPairs,
  fastPairsPlayedHere,
  isProtocolPair,
  itCatchesEach,
  judgedElsewhere,
  JUDGED_ELSEWHERE,
} from './cheat-matrix.js';

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

  it('leaves to another file only pairs of the fast share that it plays on two seats with seed 3', () => {
    for (const { game, kind, file } of JUDGED_ELSEWHERE) {
      const pair = pairs.find((p) => p.game === game && p.kind === kind);
      expect(pair, `${kind} in ${game} is no pair of the fast share`).toBeDefined();
      expect(judgedElsewhere(pair!)).toBe(true);
      const source = readFileSync(file, 'utf8');
      expect(source, `${file} plays no ${kind}`).toContain(`'${kind}'`);
      expect(source, `${file} plays no ${game}`).toContain(`'${game}'`);
      expect(source, `${file} plays with another seed`).toContain('seed: 3');
    }
    const here = fastPairsPlayedHere('stress-shed', 'stress-speed');
    expect(here.length + JUDGED_ELSEWHERE.length).toBe(pairs.length);
  });

  itCatchesEach(fastPairsPlayedHere('stress-shed', 'stress-speed').filter(isProtocolPair), 3);
});
