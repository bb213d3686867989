/**
 * Every registered game (the registry, so a new game gets this suite) against
 * a peer that cheats in each way its rules allow — the cheats that only show once play is over (a whole hand each: a false claim the audit disproves, a replay that must change nothing; and, on the first registered game only since they do not depend on the game, a disclosure withheld or replaced by an abandon). Each
 * is one hand among bot peers over the in-memory mesh with the real
 * cryptography (src/table/cheat-run.ts): the cheater signs with its own key;
 * every honest peer must name it with the expected code (or as stalled, for
 * an abort; for a replay nothing may change), and no honest peer's knowledge
 * monitor may see a card the rules do not show it. The hand stops as soon as
 * every honest peer has its verdict. Findings of the attacker review
 * (issue 9) are named in the test titles; docs/SECURITY.md lists them.
 */
import { describe, expect, it } from 'vitest';
import { gameModules } from '../../src/games/index.js';
import { CHEAT_KINDS, FINDING, WHOLE_HAND_CHEATS, makeCheat, type CheatKind } from '../../src/table/cheats.js';
import { runCheat } from '../../src/table/cheat-run.js';

const DISCLOSURE_CHEATS: readonly CheatKind[] = ['withhold-disclose', 'abandon-in-disclose'];

describe.each(gameModules.map((m) => [m.id, m] as const))('%s', (game, module) => {
  // The disclosure cheats do not depend on the game (the follower's deadline): they run on the registry's first game only.
  const kinds = CHEAT_KINDS.filter(
    (kind) =>
      WHOLE_HAND_CHEATS.includes(kind) &&
      (!DISCLOSURE_CHEATS.includes(kind) || game === gameModules[0]!.id) &&
      makeCheat(kind, game) !== null,
  );
  it.each(kinds.map((kind) => [FINDING[kind] ? `${FINDING[kind]} ${kind}` : kind, kind] as const))(
    'a peer that cheats (%s) is caught and named',
    async (_title, kind) => {
      const report = await runCheat({ game, players: Math.max(2, module.minPlayers), kind, seed: 3 });
      expect(report).not.toBeNull();
      expect(report!.committed, 'the cheat never happened').toBe(true);
      expect(report!.why).toBe('');
      expect(report!.ok).toBe(true);
      if (report!.cheat.expect.caught === 'blame')
        for (const v of report!.verdicts) expect(v.blamed).toBe(report!.cheater);
      expect(report!.leaks.filter((l) => l.seat !== report!.cheater)).toEqual([]);
    },
    600_000,
  );
});
