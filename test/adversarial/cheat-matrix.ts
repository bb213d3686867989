/**
 * The attacker matrix, shared by the fast suite (cheating-peers.test.ts) and
 * the deep one (cheating-peers.deep.test.ts): which (game, cheat) pairs a run
 * plays, and the one test each pair gets. Each pair is one hand among bot
 * peers over the in-memory mesh with the real cryptography
 * (tools/sim/cheat-run.ts): the cheater signs with its own key; every honest
 * peer must name it with the expected code (or as stalled, for an abort; for a
 * replay nothing may change), and no honest peer's knowledge monitor may see
 * a card the rules do not show it (but one the cheater has seen: it may
 * always give away what it knows, as a split view of its own move does).
 * The hand stops as soon as every honest peer has its verdict. Findings of
 * the attacker review are named in the test titles; docs/SECURITY.md lists
 * them.
 */
import { expect, it } from 'vitest';
import { gameModules, type GameId } from '../../src/games/index.js';
import { CHEAT_KINDS, FINDING, makeCheat, type CheatKind } from '../../tools/sim/cheats.js';
import { protocolCheat } from '../../tools/sim/cheats-protocol.js';
import { runCheat } from '../../tools/sim/cheat-run.js';

export interface CheatPair {
  readonly game: GameId;
  readonly kind: CheatKind;
  readonly players: number;
}

/** Every cheat every registered game offers, at the smallest table that shows it (the game's, or the cheat's `players`): the full matrix. */
export function everyPair(): CheatPair[] {
  return gameModules.flatMap((m) =>
    CHEAT_KINDS.map((kind) => ({ kind, cheat: makeCheat(kind, m.id) }))
      .filter(({ cheat }) => cheat !== null && (cheat.players ?? 0) <= m.maxPlayers)
      .map(({ kind, cheat }) => ({
        game: m.id,
        kind,
        players: Math.max(2, m.minPlayers, cheat!.players ?? 0),
      })),
  );
}

/**
 * Protocol cheats aimed at what only the real-time game has: a replayed
 * ordering-round commit, an event claiming a step far ahead (the step the
 * ordering reads). The fast suite plays them in the real-time game.
 */
const REAL_TIME_PROTOCOL: ReadonlySet<CheatKind> = new Set<CheatKind>(['replay', 'far-future-at']);

/**
 * The fast suite's share of the matrix: every cheat once. A cheat of the hand
 * protocol (the shuffle, the locks, the keys, the envelopes, the disclosure)
 * does not depend on the game's rules: it is played once, in the turn-based
 * game, or in the real-time one when it is aimed at real-time ordering (or
 * offered only there). A cheat of the moves (cheats-moves.ts) depends on each
 * game's rules and is played in every game that offers it. A cheat marked
 * `deep` is played only by the deep suite, which plays every pair.
 */
export function fastPairs(turnBased: GameId, realTime: GameId): CheatPair[] {
  // A cheat marked `deep` (it needs real time or many rounds) is left to the deep suite.
  const all = everyPair().filter((pair) => !makeCheat(pair.kind, pair.game)?.deep);
  const protocolGame = new Map<CheatKind, GameId>();
  for (const pair of all.filter(isProtocolPair)) {
    const preferred = REAL_TIME_PROTOCOL.has(pair.kind) ? realTime : turnBased;
    const chosen = protocolGame.get(pair.kind);
    if (chosen === undefined || (chosen !== preferred && pair.game === preferred))
      protocolGame.set(pair.kind, pair.game);
  }
  return all.filter((pair) => !isProtocolPair(pair) || protocolGame.get(pair.kind) === pair.game);
}

/** The fast share the matrix files play themselves: fastPairs without the pairs another file of `npm test` judges. */
export function fastPairsPlayedHere(turnBased: GameId, realTime: GameId): CheatPair[] {
  return fastPairs(turnBased, realTime).filter((pair) => !judgedElsewhere(pair));
}

/**
 * Pairs of the fast share that another file of `npm test` already plays
 * through runCheat at the same table (two seats), with the same seed (3),
 * and judges at least as strictly (the honest seat's exact verdict, `ok`,
 * no leak): the fast matrix leaves them to that file rather than play the
 * same hand twice. The deep suite's whole matrix still plays each of them.
 */
export const JUDGED_ELSEWHERE: readonly { readonly game: GameId; readonly kind: CheatKind; readonly file: string }[] = [
  { game: 'stress-shed', kind: 'shuffle-linear', file: 'test/table/cheats-played.test.ts' },
  { game: 'stress-shed', kind: 'shuffle-substitute', file: 'test/table/cheats-played.test.ts' },
  { game: 'stress-shed', kind: 'wrong-lock', file: 'test/table/cheats-played.test.ts' },
  { game: 'stress-speed', kind: 'audit-junk', file: 'test/table/cheats-played.test.ts' },
  { game: 'stress-shed', kind: 'wrong-card', file: 'test/table/cheats-played.test.ts' },
  { game: 'stress-shed', kind: 'equivocate', file: 'test/table/simulation-runs.test.ts' },
  { game: 'stress-shed', kind: 'forged-signature', file: 'test/table/simulation-runs.test.ts' },
  { game: 'stress-shed', kind: 'withhold-disclose', file: 'test/table/cheat-run-verdicts.deep.test.ts' },
  { game: 'stress-shed', kind: 'abandon-in-disclose', file: 'test/table/cheat-run-verdicts.deep.test.ts' },
];

/** Whether `pair` is played (and judged) by another file of `npm test` (JUDGED_ELSEWHERE). */
export function judgedElsewhere(pair: CheatPair): boolean {
  return JUDGED_ELSEWHERE.some((j) => j.game === pair.game && j.kind === pair.kind && pair.players === 2);
}

/** Whether a pair's cheat is of the hand protocol (else of the moves, in the game's rules). */
export function isProtocolPair(pair: CheatPair): boolean {
  return protocolCheat(pair.kind) !== undefined;
}

export function titleOf(pair: CheatPair): string {
  const finding = FINDING[pair.kind];
  return `${pair.game}: a peer that cheats (${finding ? `${finding} ${pair.kind}` : pair.kind}) is caught and named`;
}

/** One test per pair: the cheat happens, every honest peer names the cheater as expected, no honest peer leaks a card. */
export function itCatchesEach(pairs: readonly CheatPair[], seed: number): void {
  it.each(pairs.map((pair) => [titleOf(pair), pair] as const))(
    '%s',
    async (_title, pair) => {
      const report = await runCheat({ ...pair, seed });
      expect(report).not.toBeNull();
      expect(report!.committed, 'the cheat never happened').toBe(true);
      expect(report!.why).toBe('');
      expect(report!.ok).toBe(true);
      if (report!.cheat.expect.caught === 'blame')
        for (const v of report!.verdicts) expect(v.blamed).toBe(report!.cheater);
      expect(report!.honestLeaks).toEqual([]);
    },
    600_000,
  );
}
