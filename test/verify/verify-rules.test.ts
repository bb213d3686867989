/**
 * Which version of a game's rules a hand of a transcript is replayed by
 * (src/verify/verify-rules.ts), decided by what the seats signed: the state
 * hash at step 0 of every non-ready event is the hash of the first state
 * under the rules its author played. One row per case, with stand-in events
 * that carry only what `rulesForHand` reads (type, step, hash, author), so
 * no hand is replayed: a recorded version that is unknown or contradicts the
 * signatures is refused with the versions named; an unrecorded one goes to
 * the version most seats signed, the newer on a tie, except that of two
 * versions that start in the same state (Fighting Cards 3 and 1) the older
 * is named: a file that names no version was written before the newer.
 */
import { hexToBytes } from '@noble/hashes/utils.js';
import { describe, expect, it } from 'vitest';
import type { EnvelopeOf } from '../../src/net/envelope.js';
import { initialHash, rulesVersions } from '../../src/games/rules-versions.js';
import { setupArgs } from '../../src/table/hand/setup.js';
import { rulesForHand } from '../../src/verify/verify-rules.js';
import { fixture } from './transcripts.js';

const FIGHT = fixture('fighting-cards-3p.json').hands[0]!.setup;
const BLACKJACK = fixture('school-blackjack-2p.json').hands[0]!.setup;
const first = (setup: typeof FIGHT, version: number) =>
  initialHash(
    rulesVersions(setup.game).find((r) => r.version === version)!,
    setupArgs(setup),
  )!;
const OTHER = 'ee'.repeat(32);

/** A stand-in event: author `seat` (0x0s, 32 bytes), of `type`, signed at step `at` with `hash`. */
const ev = (seat: number, hash: string, at = 0, type = 'act') =>
  ({
    from: new Uint8Array(32).fill(seat + 1),
    body: { type, at, hash: hexToBytes(hash) },
  }) as unknown as EnvelopeOf<'table-event'>;

describe('rulesForHand', () => {
  it('the stand-ins are sound: Fighting Cards 1 and 2 start in different states, 3 in the state of 1', () => {
    expect(rulesVersions('fighting-cards').map((r) => r.version)).toEqual([3, 2, 1]);
    expect(first(FIGHT, 1)).toMatch(/^[0-9a-f]{64}$/);
    expect(first(FIGHT, 2)).toMatch(/^[0-9a-f]{64}$/);
    expect(first(FIGHT, 1)).not.toBe(first(FIGHT, 2));
    expect(first(FIGHT, 3)).toBe(first(FIGHT, 1));
  });

  it('a game this verifier has no rules for: refused, saying so', () => {
    expect(rulesForHand('no-such-game', undefined, { ...FIGHT, game: 'no-such-game' }, [], 0)).toEqual({
      ok: false,
      error: 'no rules for the game no-such-game in this verifier',
    });
    expect(rulesForHand('no-such-game', 1, { ...FIGHT, game: 'no-such-game' }, [], 0)).toEqual({
      ok: false,
      error: 'no rules for the game no-such-game in this verifier',
    });
  });

  it('a recorded version this verifier does not know: refused, naming the known ones in order and the hand', () => {
    expect(rulesForHand('fighting-cards', 4, FIGHT, [ev(0, first(FIGHT, 2))], 2)).toEqual({
      ok: false,
      error:
        "the file says hand 3 was played under version 4 of fighting-cards's rules, which this verifier does not know (it knows version 1, 2, 3): a newer Fairdeck wrote it",
    });
  });

  it('a recorded version the seats did not sign, when they signed another: the file\'s "rules" was changed', () => {
    expect(rulesForHand('fighting-cards', 2, FIGHT, [ev(0, first(FIGHT, 1)), ev(1, first(FIGHT, 1))], 0)).toEqual({
      ok: false,
      error: `the file says hand 1 was played under version 2 of fighting-cards's rules, but its seats signed the first state of version 1: the file's "rules" was changed`,
    });
  });

  it('recorded 3 when the seats signed version 2: the file\'s "rules" was changed', () => {
    expect(rulesForHand('fighting-cards', 3, FIGHT, [ev(0, first(FIGHT, 2)), ev(1, first(FIGHT, 2))], 0)).toEqual({
      ok: false,
      error: `the file says hand 1 was played under version 3 of fighting-cards's rules, but its seats signed the first state of version 2: the file's "rules" was changed`,
    });
  });

  const version = (choice: ReturnType<typeof rulesForHand>) => (choice.ok ? choice.value.version : choice.error);

  it.each([
    ['recorded 2, signed by version 2', 2, [ev(0, first(FIGHT, 2))], 2],
    ['recorded 1, signed by version 1', 1, [ev(0, first(FIGHT, 1))], 1],
    ['recorded 1, nothing signed at step 0 (an incomplete hand)', 1, [], 1],
    ['recorded 1, only unknown hashes signed', 1, [ev(0, OTHER)], 1],
    [
      'recorded 2, signed by both versions (two seats for version 1)',
      2,
      [ev(0, first(FIGHT, 1)), ev(1, first(FIGHT, 1)), ev(2, first(FIGHT, 2))],
      2,
    ],
    [
      'not recorded, two seats signed version 1 and one version 2',
      undefined,
      [ev(0, first(FIGHT, 1)), ev(1, first(FIGHT, 1)), ev(2, first(FIGHT, 2))],
      1,
    ],
    [
      'not recorded, two seats signed version 2 and one version 1',
      undefined,
      [ev(0, first(FIGHT, 2)), ev(1, first(FIGHT, 1)), ev(2, first(FIGHT, 2))],
      2,
    ],
    [
      'not recorded, one seat each: the newer state (version 3’s, shared with version 1, which is named)',
      undefined,
      [ev(0, first(FIGHT, 1)), ev(1, first(FIGHT, 2))],
      1,
    ],
    ['recorded 3, signed by version 3', 3, [ev(0, first(FIGHT, 3)), ev(1, first(FIGHT, 3))], 3],
    ['recorded 1, signed by version 3 (the same first state)', 1, [ev(0, first(FIGHT, 3))], 1],
    [
      'not recorded, two seats signed the first state versions 1 and 3 share: version 1',
      undefined,
      [ev(0, first(FIGHT, 3)), ev(1, first(FIGHT, 3))],
      1,
    ],
    [
      'not recorded, one seat signing version 1 three times against two seats for version 2',
      undefined,
      [
        ev(0, first(FIGHT, 1)),
        ev(0, first(FIGHT, 1)),
        ev(0, first(FIGHT, 1)),
        ev(1, first(FIGHT, 2)),
        ev(2, first(FIGHT, 2)),
      ],
      2,
    ],
    ['not recorded, only version 1 signed', undefined, [ev(1, first(FIGHT, 1))], 1],
    ['not recorded, nothing signed at step 0: the newest', undefined, [], 3],
    [
      'not recorded, version 1 signed only at a later step: as if nothing was signed',
      undefined,
      [ev(0, first(FIGHT, 1), 1)],
      3,
    ],
    [
      'not recorded, version 1 signed only in readies: as if nothing was signed',
      undefined,
      [ev(0, first(FIGHT, 1), 0, 'ready'), ev(1, first(FIGHT, 1), 0, 'ready')],
      3,
    ],
    [
      'not recorded, version 1 in readies and at later steps, version 2 once at step 0',
      undefined,
      [
        ev(0, first(FIGHT, 1), 0, 'ready'),
        ev(1, first(FIGHT, 1), 0, 'ready'),
        ev(0, first(FIGHT, 1), 2),
        ev(1, first(FIGHT, 1), 3),
        ev(2, first(FIGHT, 2)),
      ],
      2,
    ],
  ] as [string, number | undefined, EnvelopeOf<'table-event'>[], number][])(
    '%s',
    (_what, recorded, envelopes, expected) => {
      const choice = rulesForHand('fighting-cards', recorded, FIGHT, envelopes, 0);
      expect(version(choice)).toBe(expected);
      // The very game rules of that version.
      expect(choice.ok && choice.value.rules).toBe(
        rulesVersions('fighting-cards').find((r) => r.version === expected)!.rules,
      );
    },
  );

  it('not recorded, and the seats signed no version this verifier knows: refused, naming the versions', () => {
    expect(rulesForHand('fighting-cards', undefined, FIGHT, [ev(0, OTHER), ev(1, OTHER, 0, 'keys')], 1)).toEqual({
      ok: false,
      error:
        "hand 2 cannot be replayed: no seat signed the first state of any version of fighting-cards's rules this verifier knows (version 1, 2, 3); the file (format version 1) does not say which rules it was played under, so it was played under rules this verifier does not have",
    });
  });

  it('a game of one rules version: its rules, whatever was signed (the follower judges the hashes)', () => {
    expect(rulesVersions('school-blackjack')).toHaveLength(1);
    for (const envelopes of [[], [ev(0, OTHER)], [ev(0, first(BLACKJACK, 1))]]) {
      const choice = rulesForHand('school-blackjack', undefined, BLACKJACK, envelopes, 0);
      expect(choice.ok && choice.value.rules).toBe(rulesVersions('school-blackjack')[0]!.rules);
    }
    expect(rulesForHand('school-blackjack', 2, BLACKJACK, [], 0)).toEqual({
      ok: false,
      error:
        "the file says hand 1 was played under version 2 of school-blackjack's rules, which this verifier does not know (it knows version 1): a newer Fairdeck wrote it",
    });
  });
});
