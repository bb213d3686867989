/**
 * Every version of each game's rules that hands were played under, for the
 * transcript verifier (src/verify/verify-transcript.ts): today's rules (the
 * module's `rulesVersion`, 1 when absent) and the older ones a module keeps
 * in `olderRules` (module.ts). A change to a game that alters a state hash of
 * a hand played with the same moves gets a new version, so a transcript
 * written before it is replayed by the rules it was played under. Which
 * version a hand was played under shows in what its seats signed: every
 * event carries its author's hash of the state, and at step 0 that is the
 * hash of the set-up state, which differs between versions (`initialHash`).
 */
import {
  stateHash,
  type AnyGame,
  type AnyState,
  type AuditReport,
  type Outcome,
  type SetupArgs,
} from '../engine/index.js';
import { gameModule } from './index.js';

export interface VersionedRules {
  readonly version: number;
  /** True for the rules the tables play today. */
  readonly current: boolean;
  readonly rules: AnyGame;
  /** For an older version: what the next version changed, in words. */
  readonly change: string | null;
  /** The outcome of a finished hand under these rules: once the audit is in, `scoreAfterAudit` where the game has one (index.ts `handOutcome`). */
  readonly outcome: (state: AnyState, auditRules: AuditReport | null) => Outcome | null;
}

/** Every known version of `gameId`'s rules, newest first; empty for an unknown game. */
export function rulesVersions(gameId: string): readonly VersionedRules[] {
  const module = gameModule(gameId);
  if (!module) return [];
  const current: VersionedRules = {
    version: module.rulesVersion ?? 1,
    current: true,
    rules: module.rules,
    change: null,
    outcome: (state, audit) =>
      audit && module.scoreAfterAudit ? module.scoreAfterAudit(state, audit) : module.rules.outcome(state),
  };
  const older = (module.olderRules ?? []).map((old): VersionedRules => ({
    version: old.version,
    current: false,
    rules: old.rules,
    change: old.change,
    outcome: (state, audit) =>
      audit && old.scoreAfterAudit ? old.scoreAfterAudit(state, audit) : old.rules.outcome(state),
  }));
  return [current, ...older].sort((a, b) => b.version - a.version);
}

/** The version of `gameId`'s rules the tables play today (null: unknown game). */
export function currentRulesVersion(gameId: string): number | null {
  const module = gameModule(gameId);
  return module ? (module.rulesVersion ?? 1) : null;
}

/** The hash (64 hex digits, as events carry it) of the state a hand set up with `args` starts in under `rules`; null if these rules refuse the set-up. */
export function initialHash(rules: VersionedRules, args: SetupArgs): string | null {
  const made = rules.rules.setup(args);
  return made.ok ? stateHash(made.value).slice(0, 64) : null;
}
