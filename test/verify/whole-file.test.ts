/**
 * A transcript verifies whole (verify-transcript.ts): the verifier checks
 * that the file starts at the table's first hand, that it is not cut short
 * against the roster its creator signed (format 3 carries it), that each hand
 * that played to the end says how it ended (its claimed outcome), and it
 * shows each seat by the name the seat signed in its own ready — never the
 * file's unchecked list of names. Before, a file with renamed seats, one
 * starting at hand 2, a match with its last hand cut off, or a hand with its
 * claimed outcome removed verified CLEAN and the verdict printed the fake
 * names. A file written before names were signed (the fixtures) still reads,
 * with a line saying its names are not signed. The match is the format-3
 * fixture: two hands of stress-shed (`npm run simulate -- --game stress-shed
 * --players 2 --hands 2 --seed 7 --transcript FILE`).
 */
import { beforeAll, expect, it } from 'vitest';
import type { TranscriptFile } from '../../src/verify/transcript-file.js';
import { verifyTranscript } from '../../src/verify/verify-transcript.js';
import { describeReport } from '../../src/verify/verify-words.js';
import { fixture } from './transcripts.js';

let match: TranscriptFile;

beforeAll(() => {
  match = fixture('stress-shed-2p-v3.json');
});

it('a whole match verifies clean, with the names the seats signed and the hands its creator signed as started', () => {
  expect(match.version).toBe(3);
  const report = verifyTranscript(match);
  expect(report.fault).toBeNull();
  expect(report.started).toBe(2);
  expect(report.hands.map((h) => h.names)).toEqual([
    ['Bot 1', 'Bot 2'],
    ['Bot 1', 'Bot 2'],
  ]);
  const lines = describeReport(report);
  expect(lines[1]).toMatch(/^Seats: seat 1 \(Bot 1\) [0-9a-f]{12}…, seat 2 \(Bot 2\) [0-9a-f]{12}…$/);
  expect(lines).toContain('Hands started at the table, by the roster its creator signed: 2');
  expect(lines.some((l) => l.startsWith('Names not signed'))).toBe(false);
});

it('renamed seats: the verdict shows the names the seats signed, and says the file’s list is not theirs', () => {
  const report = verifyTranscript({ ...match, names: ['Mallory', 'Eve'] });
  expect(report.ok).toBe(true);
  const lines = describeReport(report);
  const notice =
    'The file\'s list of names ("Mallory", "Eve") is not what the seats signed: the signed names are shown';
  expect(lines.filter((l) => l !== notice).join('\n')).not.toMatch(/Mallory|Eve/);
  expect(lines[1]).toContain('seat 1 (Bot 1)');
  expect(lines).toContain(notice);
});

it('a file that starts at hand 2 is refused: the hands before it, and the set-up they led to, cannot be checked', () => {
  const report = verifyTranscript({ ...match, hands: match.hands.slice(1) });
  expect(report.ok).toBe(false);
  expect(report.fault).toMatchObject({ code: 'not-from-start', seat: null, hand: 0 });
  expect(report.fault!.detail).toBe(
    "the file does not start at the table's first hand: it starts at hand 2, so the hand before it, and the set-up they led to (dealer, carried scores), cannot be checked",
  );
  expect(describeReport(report).at(-2)).toContain('no seat is to blame');
});

it('a match cut short (its last hand removed) is refused against the roster its creator signed', () => {
  const report = verifyTranscript({ ...match, hands: match.hands.slice(0, 1) });
  expect(report.hands).toHaveLength(1);
  expect(report.fault).toMatchObject({ code: 'truncated', seat: null });
  expect(report.fault!.detail).toBe(
    "the match is cut short: the table's roster, signed by its creator, says 2 hands were started, but the file ends with hand 1",
  );
});

it('a roster that is not the creator’s signed one is refused, and one left out is said to be missing', () => {
  const other = verifyTranscript({ ...match, roster: match.hands[0]!.events[0]! });
  expect(other.fault).toMatchObject({ code: 'bad-file', seat: null });
  expect(other.fault!.detail).toBe("the file's roster is a table-event message");
  const cut = match.roster!.slice(0, -8) + 'AAAAAAA=';
  expect(verifyTranscript({ ...match, roster: cut }).fault).toMatchObject({ code: 'bad-file' });
  const none = verifyTranscript({ ...match, roster: null, hands: match.hands.slice(0, 1) });
  expect(none.ok).toBe(true);
  expect(describeReport(none)).toContain(
    "The file holds no roster signed by the table's creator (written before format version 3, or by a page that had none): whether hands are missing at its end cannot be checked",
  );
});

it('a hand with its claimed outcome removed is refused (every exporting page records it)', () => {
  const hands = match.hands.map((h, i) => (i === 1 ? { ...h, claimed: null } : h));
  const report = verifyTranscript({ ...match, hands });
  expect(report.fault).toMatchObject({ code: 'no-claim', seat: null, hand: 1 });
  const outcomeless = match.hands.map((h, i) =>
    i === 0 ? { ...h, claimed: { stateHash: h.claimed!.stateHash, outcome: null } } : h,
  );
  expect(verifyTranscript({ ...match, hands: outcomeless }).fault).toMatchObject({ code: 'no-claim', hand: 0 });
});

it('a file written before names were signed reads as before, with a line that its names are not signed', () => {
  const old = fixture('stress-shed-2p.json');
  const report = verifyTranscript(old);
  expect(report.ok).toBe(true);
  expect(report.hands[0]!.names).toEqual([null, null]);
  const lines = describeReport(report);
  expect(lines[1]).toMatch(
    /^Seats: seat 1 \("Bot 1", name not signed\) [0-9a-f]{12}…, seat 2 \("Bot 2", name not signed\)/,
  );
  expect(lines).toContain(
    "Names not signed: seat 1, seat 2 signed no name in their ready (a file written before seats signed their names, or a hand not checked): a name shown in quotes is the exporting page's, unchecked",
  );
});
