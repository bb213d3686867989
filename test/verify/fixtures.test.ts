/**
 * The checked-in transcripts (whole hands of every built game, recorded by
 * the simulator with fixed seeds) verify clean with the current code: a
 * change to the follower, the rules, the crypto or the envelope that breaks
 * old transcripts fails here. Also: the file reader's version switch, and the
 * words of the verdict.
 */
import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { gameModules } from '../../src/games/index.js';
import { parseTranscriptFile, transcriptJson } from '../../src/verify/transcript-file.js';
import { verifyTranscript } from '../../src/verify/verify-transcript.js';
import { describeReport } from '../../src/verify/verify-words.js';
import { FIXTURES, FIXTURE_SEEDS, fixture, fixtureText } from './transcripts.js';

const files = readdirSync(FIXTURES)
  .filter((f) => f.endsWith('.json'))
  .sort();

describe('checked-in transcripts', () => {
  it('cover every built game, each file with its recording seed', () => {
    const games = new Set(files.map((f) => fixture(f).game));
    for (const module of gameModules) expect(games.has(module.id), `no transcript fixture of ${module.id}`).toBe(true);
    for (const f of files) expect(FIXTURE_SEEDS[f], `seed of ${f}`).toBeTypeOf('number');
  });

  it.each(files)('%s verifies clean, every check counted', (name) => {
    const report = verifyTranscript(fixtureText(name));
    expect(report.fault).toBeNull();
    expect(report.ok).toBe(true);
    const file = fixture(name);
    expect(report.hands).toHaveLength(file.hands.length);
    for (const [i, hand] of report.hands.entries()) {
      const v = hand.verdict!;
      expect(v.status).toBe('clean');
      expect(v.checks.every((c) => c.ok === true)).toBe(true);
      const players = file.hands[i]!.setup.seatKeys.length;
      expect(v.counts.events).toBe(file.hands[i]!.events.length);
      expect(v.counts.shuffleSteps).toBeGreaterThanOrEqual(players);
      expect(v.counts.lockProofs).toBeGreaterThanOrEqual(players);
      expect(v.counts.disclosures).toBe(players);
      expect(v.counts.keyShares).toBeGreaterThan(0);
      expect(v.counts.moves).toBeGreaterThan(0);
      expect(hand.outcome).not.toBeNull();
      // What the recording peer claimed is what the replay computes.
      expect(hand.stateHash).toBe(file.hands[i]!.claimed!.stateHash);
    }
    const words = describeReport(report).join('\n');
    expect(words).toContain('every seat contributed to the shuffle and proved it');
    expect(words).toContain('no card duplicated or replaced');
    expect(words).toContain('every key matched its commitment');
    expect(words).toContain('every move legal with all cards open');
    expect(words).toContain("every seat's signed state hashes agree");
    expect(words).toMatch(/VERDICT: CLEAN/);
    // Seats in the result read as everywhere else, counted from 1 ("seat 1 (Ann)"), never the rules' "seat 0".
    expect(words).not.toMatch(/seat 0\b/);
  });

  it('a match of two hands: the second set-up must follow from the first result', () => {
    const file = fixture('stress-shed-2p.json');
    expect(file.hands.length).toBe(2);
    expect(file.hands[1]!.setup.previous).not.toBeNull();
    const second = file.hands[1]!;
    const changed = {
      ...file,
      hands: [file.hands[0]!, { ...second, setup: { ...second.setup, dealer: 1 - second.setup.dealer } }],
    };
    const report = verifyTranscript(changed);
    expect(report.ok).toBe(false);
    expect(report.fault).toMatchObject({ code: 'setup-chain', hand: 1, seat: null });
    expect(report.fault!.detail).toContain('dealer');
  });
});

describe('the file reader', () => {
  it('reads version 1 (written before the rules version was recorded) and round-trips it', () => {
    const file = fixture('fighting-cards-3p.json');
    const again = parseTranscriptFile(transcriptJson(file));
    expect(again.ok && again.value).toEqual(file);
  });

  it.each([
    ['not json', '{', /not JSON/],
    ['another format', JSON.stringify({ format: 'x', version: 1 }), /not a Fairdeck transcript/],
    [
      'an unknown version',
      JSON.stringify({ format: 'fairdeck-transcript', version: 4 }),
      /unknown transcript version 4 \(this verifier reads versions 1 to 3/,
    ],
    [
      'version 2 without its rules version',
      JSON.stringify({ ...fixture('fighting-cards-3p.json'), version: 2 }),
      /bad transcript \(version 2\): rules/,
    ],
    [
      'version 1 with a rules version',
      JSON.stringify({ ...fixture('fighting-cards-3p.json'), rules: 2 }),
      /bad transcript \(version 1\)/,
    ],
    [
      'no hands',
      JSON.stringify({ format: 'fairdeck-transcript', version: 1, table: 't', game: 'g', names: [], hands: [] }),
      /no hand/,
    ],
    [
      'a bad seat key',
      JSON.stringify({
        ...fixture('fighting-cards-3p.json'),
        hands: [
          {
            ...fixture('fighting-cards-3p.json').hands[0]!,
            setup: { ...fixture('fighting-cards-3p.json').hands[0]!.setup, seatKeys: ['zz'] },
          },
        ],
      }),
      /hands\.0\.setup\.seatKeys/,
    ],
  ])('refuses %s, saying why', (_what, text, reason) => {
    const report = verifyTranscript(text);
    expect(report.ok).toBe(false);
    expect(report.fault?.code).toBe('bad-file');
    expect(report.fault?.detail).toMatch(reason);
  });
});
