/**
 * What the offline verifier checks of a transcript file as a whole, before
 * and between replaying its hands (verify-transcript.ts): the creator's
 * signed roster it carries (how many hands the table had started), and the
 * chain from one hand's set-up to the next (this table and game, the
 * creator in the first seat, and the dealer, carried match state and
 * previous outcome that follow from the hand before).
 */
import { canonicalJson } from '../engine/index.js';
import { decodeEnvelope, keyHex, type Result } from '../net/envelope.js';
import type { SignatureVerifier } from '../net/verify.js';
import { nextSetup, type HandOutcome, type HandSetup } from '../table/hand/setup.js';
import { parseTableId } from '../table/table-id.js';
import { base64ToBytes, type TranscriptFile } from './transcript-file.js';

/**
 * The number of hands the table had started by the creator's signed roster the file holds (version 3), or null
 * when it holds none; an error when the roster is not one the table's creator signed for this table and game.
 */
export function signedRoster(file: TranscriptFile, verifier: SignatureVerifier | undefined): Result<number | null> {
  if (file.roster === undefined || file.roster === null) return { ok: true, value: null };
  const bytes = base64ToBytes(file.roster);
  const decoded = bytes
    ? decodeEnvelope(bytes, file.table, verifier)
    : { ok: false as const, error: 'not canonical base64' };
  if (!decoded.ok) return { ok: false, error: `the file's roster is refused by the envelope check: ${decoded.error}` };
  const envelope = decoded.value;
  const id = parseTableId(file.table);
  if (envelope.kind !== 'roster') return { ok: false, error: `the file's roster is a ${envelope.kind} message` };
  if (!id.ok || !keyHex(envelope.from).startsWith(id.value.creatorPrefix))
    return { ok: false, error: "the file's roster is not signed by the table's creator" };
  if (envelope.body.config.game !== file.game)
    return { ok: false, error: `the file's roster is for a table of ${envelope.body.config.game}, not ${file.game}` };
  return { ok: true, value: envelope.body.hands };
}

/**
 * Hand `index` must be this table's (its first seat the table's creator), numbered in order, and set up from the previous hand's result. Its options and
 * its seats are its own: the creator may change the options between hands and players may come and go (a newcomer
 * takes a freed seat), and each of the hand's seats signs its set-up in its ready (verify-events.ts
 * `setupAgreement` checks the set-up against them), so only what follows from the hand before (dealer, carried match
 * state, previous outcome) is chained here.
 */
export function chainFault(
  file: TranscriptFile,
  index: number,
  setup: HandSetup,
  previous: { setup: HandSetup; outcome: HandOutcome | null } | undefined,
): string | null {
  if (setup.table !== file.table)
    return `hand ${index + 1} is of table ${setup.table}, not of this file's table ${file.table}`;
  if (setup.game !== file.game) return `hand ${index + 1} is a hand of ${setup.game}, not of ${file.game}`;
  // The table's creator keeps seat 1 while the table exists (lobby.ts): a hand without it is not this table's.
  const id = parseTableId(file.table);
  // (A hand called off with no seats known, as a newcomer records one, has none to check.)
  if (setup.seatKeys.length > 0 && (!id.ok || !setup.seatKeys[0]?.startsWith(id.value.creatorPrefix)))
    return `hand ${index + 1}'s first seat is not the table's creator (whose key the table id names)`;
  if (!previous) return null;
  const base = {
    table: file.table,
    game: file.game,
    options: setup.options,
    seatKeys: setup.seatKeys,
  };
  const expected = nextSetup(base, previous.setup.handNo + 1, previous);
  if (canonicalJson(expected) === canonicalJson(setup)) return null;
  const differs = (Object.keys(expected) as (keyof HandSetup)[]).filter(
    (k) => canonicalJson(expected[k]) !== canonicalJson(setup[k]),
  );
  return `hand ${index + 1}'s set-up does not follow from the result of the hand before it (${differs.join(', ')} differ${differs.length === 1 ? 's' : ''}: expected ${differs.map((k) => `${k} ${canonicalJson(expected[k])}`).join(', ')})`;
}
