/**
 * The set-up of a hand (src/table/hand/setup.ts), value by value: the hash
 * each ready commits to, the outcome hash the next hand chains to, the
 * engine's set-up arguments, the next hand's dealer and carry from the
 * stored record only, and what is wrong with a ready.
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
  readyFault,
  setupArgs,
  setupHash,
  type HandOutcome,
  type HandSetup,
} from '../../src/table/hand/setup.js';

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
    const ours = setupHash(SETUP);
    const good = x25519.getPublicKey(new Uint8Array(32).fill(7));
    expect(readyFault({ sealKey: good, setup: ours }, ours)).toBeNull();
    expect(readyFault({ sealKey: good, setup: setupHash({ ...SETUP, dealer: 0 }) }, ours)).toEqual({
      code: 'bad-setup',
      detail: 'is ready for another set-up of this hand',
    });
    const low = readyFault({ sealKey: new Uint8Array(32), setup: ours }, ours);
    expect(low?.code).toBe('bad-seal-key');
    expect(low?.detail).toMatch(/^announced a seal key that cannot be used: seal key/);
  });
});
