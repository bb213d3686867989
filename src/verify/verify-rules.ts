/**
 * Which version of its game's rules a hand of a transcript file is replayed
 * by (src/games/rules-versions.ts, docs/TRANSCRIPT.md "Rules versions").
 * What the seats signed decides: every event past the ready round carries
 * its author's hash of the state at its step, and at step 0 that is the hash
 * of the state the hand was set up in, which differs from one rules version
 * to the next (unless a version went back to an older one's state). A
 * version-2 file names its version (`rules`); a version-1 file did not, and
 * its hands are replayed by the version whose first state the most seats
 * signed (of two that start in the same state, the older). When the file
 * cannot be replayed by any version this verifier knows, or its `rules`
 * contradicts what the seats signed, the answer says so, naming the
 * versions, and blames no seat: an unknown or
 * altered rules version is not a seat's fault.
 */
import { keyHex, type EnvelopeOf } from '../net/envelope.js';
import { initialHash, rulesVersions, type VersionedRules } from '../games/rules-versions.js';
import { setupArgs, type HandSetup } from '../table/hand/setup.js';
import { err, ok, type Result } from '../result.js';
import type { TranscriptFile } from './transcript-file.js';
import type { TranscriptFault } from './verify-transcript.js';

/** The rules a hand is replayed by, or why none can be chosen. */
export type RulesChoice = Result<VersionedRules, string>;

/** The rules to replay hand `handIndex` (0-based, as listed) by; `recorded` is the file's `rules` (absent in version 1). */
export function rulesForHand(
  game: string,
  recorded: number | undefined,
  setup: HandSetup,
  envelopes: readonly EnvelopeOf<'table-event'>[],
  handIndex: number,
): RulesChoice {
  const versions = rulesVersions(game);
  const known = versions
    .map((r) => r.version)
    .sort((a, b) => a - b)
    .join(', ');
  const hand = `hand ${handIndex + 1}`;
  if (versions.length === 0) return err(`no rules for the game ${game} in this verifier`);
  // Per state hash signed at step 0, the seats that signed it.
  const signed = new Map<string, Set<string>>();
  for (const envelope of envelopes) {
    if (envelope.body.type === 'ready' || envelope.body.at !== 0) continue;
    const hash = keyHex(envelope.body.hash);
    signed.set(hash, (signed.get(hash) ?? new Set()).add(keyHex(envelope.from)));
  }
  const args = setupArgs(setup);
  const support = (rules: VersionedRules): number => {
    const hash = initialHash(rules, args);
    return hash === null ? 0 : (signed.get(hash)?.size ?? 0);
  };
  // Newest first, so a tie keeps the newer version; but versions that start in the same state (Fighting Cards 3 went
  // back to version 1's match) are told apart by nothing signed at step 0, and a file that names no version was
  // written before versions were named, so before the newer of the two: the older is taken.
  const best = versions
    .map((rules) => ({ rules, seats: support(rules), hash: initialHash(rules, args) }))
    .reduce((a, b) => (b.seats > a.seats || (b.seats === a.seats && b.seats > 0 && b.hash === a.hash) ? b : a));
  if (recorded !== undefined) {
    const named = versions.find((r) => r.version === recorded);
    if (!named)
      return err(
        `the file says ${hand} was played under version ${recorded} of ${game}'s rules, which this verifier does not know (it knows version ${known}): a newer Fairdeck wrote it`,
      );
    if (best.seats > 0 && support(named) === 0) {
      return err(
        `the file says ${hand} was played under version ${recorded} of ${game}'s rules, but its seats signed the first state of version ${best.rules.version}: the file's "rules" was changed`,
      );
    }
    return ok(named);
  }
  // Nothing signed at step 0 (an incomplete hand), or one version only: the follower judges the hashes, as for any hand.
  if (best.seats > 0 || signed.size === 0 || versions.length === 1) return ok(best.rules);
  return err(
    `${hand} cannot be replayed: no seat signed the first state of any version of ${game}'s rules this verifier knows (version ${known}); the file (format version 1) does not say which rules it was played under, so it was played under rules this verifier does not have`,
  );
}

/** The rules to replay hand `index` of `file` by, or the fault: a game this verifier has no rules for, or its version. */
export function handRules(
  file: TranscriptFile,
  index: number,
  envelopes: readonly EnvelopeOf<'table-event'>[],
): Result<VersionedRules, TranscriptFault> {
  const { setup } = file.hands[index]!;
  const chosen = rulesForHand(setup.game, file.rules, setup, envelopes, index);
  if (chosen.ok) return chosen;
  const code = chosen.error.startsWith('no rules') ? 'bad-file' : 'rules-version';
  return err({ code, seat: null, hand: index, event: null, detail: chosen.error });
}
