/**
 * The set-up of a hand (src/table/hand/setup.ts), value by value: the hash
 * each ready commits to, the outcome hash the next hand chains to, the
 * engine's set-up arguments, the next hand's dealer and carry from the
 * stored record only, and what is wrong with a ready: a ready is a seat's
 * agreement to exactly one set-up, and one under other terms (options, seats)
 * names nobody.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { x25519 } from '@noble/curves/ed25519.js';
import { describe, expect, it } from 'vitest';
import { canonicalJson, type Outcome } from '../../src/engine/index.js';
import {
  nextSetup,
  outcomeHash,
  outcomeOf,
  setupArgs,
  setupHash,
  termsHash,
  type HandOutcome,
  type HandSetup,
} from '../../src/table/hand/setup.js';
import { readyFault } from '../../src/table/hand/setup-checks.js';

const SETUP: HandSetup = {
  table: 'tbl',
  handNo: 3,
  game: 'pesten',
  options: { a: 1 },
  seatKeys: ['aa', 'bb', 'cc'],
  dealer: 2,
  carry: { score: [1, 2, 3] },
  previous: 'ff',
};
const OUTCOME: HandOutcome = { stateHash: 'ab', nextDealer: 1, carry: { m: 2 } };

describe('hand set-up', () => {
  it('setupHash and outcomeHash are SHA-256 of the documented label and the canonical JSON', () => {
    expect(bytesToHex(setupHash(SETUP))).toBe(
      bytesToHex(sha256(utf8ToBytes(`fairdeck/hand-setup/v1\0${canonicalJson(SETUP)}`))),
    );
    expect(outcomeHash(OUTCOME)).toBe(
      bytesToHex(sha256(utf8ToBytes(`fairdeck/hand-outcome/v1\0${canonicalJson(OUTCOME)}`))),
    );
    expect(bytesToHex(setupHash({ ...SETUP, dealer: 1 }))).not.toBe(bytesToHex(setupHash(SETUP)));
  });

  it('setupArgs: players from the seat keys, carry only when there is one', () => {
    expect(setupArgs(SETUP)).toEqual({ players: 3, options: { a: 1 }, dealer: 2, carry: { score: [1, 2, 3] } });
    expect(setupArgs({ ...SETUP, carry: null })).toEqual({ players: 3, options: { a: 1 }, dealer: 2 });
    expect('carry' in setupArgs({ ...SETUP, carry: null })).toBe(false);
  });

  it('outcomeOf keeps the next dealer and the carry with the state hash; none without an outcome', () => {
    expect(
      outcomeOf({ ranking: [[0]], nextDealer: 2, scores: null, carry: { x: 1 }, summary: 's' } as Outcome, 'cd'),
    ).toEqual({ stateHash: 'cd', nextDealer: 2, carry: { x: 1 } });
    expect(outcomeOf(null, 'cd')).toBeNull();
  });

  it('nextSetup: seat 0 deals the first hand; a later one follows the stored outcome, or repeats the set-up without one', () => {
    const base = { table: 'tbl', game: 'pesten', options: { a: 1 }, seatKeys: ['aa', 'bb', 'cc'] };
    const common = { table: 'tbl', game: 'pesten', options: { a: 1 }, seatKeys: ['aa', 'bb', 'cc'] };
    expect(nextSetup(base, 0, undefined)).toEqual({ ...common, handNo: 0, dealer: 0, carry: null, previous: null });
    expect(nextSetup(base, 4, { setup: SETUP, outcome: null })).toEqual({
      ...common,
      handNo: 4,
      dealer: 2,
      carry: { score: [1, 2, 3] },
      previous: null,
    });
    expect(nextSetup(base, 4, { setup: SETUP, outcome: OUTCOME })).toEqual({
      ...common,
      handNo: 4,
      dealer: 1,
      carry: { m: 2 },
      previous: outcomeHash(OUTCOME),
    });
    // The seat keys are a copy.
    expect(nextSetup(base, 0, undefined).seatKeys).not.toBe(base.seatKeys);
  });

  it('readyFault: another set-up, a low-order seal key, or nothing', () => {
    const ours = { setup: setupHash(SETUP), terms: termsHash(SETUP) };
    const good = x25519.getPublicKey(new Uint8Array(32).fill(7));
    expect(readyFault({ sealKey: good, setup: ours.setup, terms: ours.terms }, ours)).toBeNull();
    expect(readyFault({ sealKey: good, setup: setupHash({ ...SETUP, dealer: 0 }) }, ours)).toEqual({
      code: 'bad-setup',
      detail: 'is ready for another set-up of this hand',
    });
    const low = readyFault({ sealKey: new Uint8Array(32), setup: ours.setup }, ours);
    expect(low?.code).toBe('bad-seal-key');
    expect(low?.detail).toMatch(/^announced a seal key that cannot be used: seal key/);
  });

  it('termsHash covers what the roster decides (game, options, seats, for this table and hand), not what the hands played decide', () => {
    const terms = bytesToHex(termsHash(SETUP));
    const { table, handNo, game, options, seatKeys } = SETUP;
    expect(terms).toBe(
      bytesToHex(
        sha256(utf8ToBytes(`fairdeck/hand-terms/v1\0${canonicalJson({ table, handNo, game, options, seatKeys })}`)),
      ),
    );
    // The dealer, the carry and the previous outcome are not terms: they follow from the hands played.
    for (const same of [{ dealer: 0 }, { carry: null }, { previous: null }])
      expect(bytesToHex(termsHash({ ...SETUP, ...same }))).toBe(terms);
    const others: Partial<HandSetup>[] = [
      { options: { a: 2 } },
      { options: {} },
      { seatKeys: ['aa', 'cc', 'bb'] },
      { seatKeys: ['aa', 'bb'] },
      { game: 'stress-shed' },
      { handNo: 4 },
      { table: 'other' },
    ];
    for (const other of others)
      expect(bytesToHex(termsHash({ ...SETUP, ...other })), JSON.stringify(other)).not.toBe(terms);
  });

  // The agreement rule: a ready names one set-up; which fault a ready for another one is depends on what differs.
  const agreement: [string, Partial<HandSetup>, boolean, 'bad-setup' | 'other-terms'][] = [
    ['another dealer under the same terms: the seat derived another history', { dealer: 0 }, true, 'bad-setup'],
    ['another carry under the same terms', { carry: { score: [0, 0, 0] } }, true, 'bad-setup'],
    [
      'another option: the seats disagree about the roster, nobody is named',
      { options: { a: 2 } },
      true,
      'other-terms',
    ],
    ['another seat', { seatKeys: ['aa', 'bb', 'dd'] }, true, 'other-terms'],
    ['another seat count', { seatKeys: ['aa', 'bb'] }, true, 'other-terms'],
    ['another game', { game: 'stress-shed' }, true, 'other-terms'],
    [
      'another option from a ready that signs no terms (an older page): the seat is named as before',
      { options: { a: 2 } },
      false,
      'bad-setup',
    ],
  ];
  it.each(agreement)('a ready for %s', (_, change, signsTerms, code) => {
    const ours = { setup: setupHash(SETUP), terms: termsHash(SETUP) };
    const theirs = { ...SETUP, ...change };
    const good = x25519.getPublicKey(new Uint8Array(32).fill(7));
    const ready = { sealKey: good, setup: setupHash(theirs), ...(signsTerms ? { terms: termsHash(theirs) } : {}) };
    expect(readyFault(ready, ours)?.code).toBe(code);
  });
});
