/**
 * The small pure pieces of a hand's plumbing, checked value by value: the
 * set-up (hand/setup.ts: the hash each ready commits to, the outcome hash
 * the next hand chains to, the engine's set-up arguments, the next hand's
 * dealer and carry from the stored record only, and what is wrong with a
 * ready), the audit at once (hand/early-audit.ts: which halts start it, which
 * fault reports do, and the halt it ends in, with the seat it names and the
 * words).
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { x25519 } from '@noble/curves/ed25519.js';
import { describe, expect, it } from 'vitest';
import { canonicalJson, type Outcome } from '../../src/engine/index.js';
import type { HandAudit } from '../../src/table/hand/audit.js';
import { auditReport, earlyVerdict, startsAudit } from '../../src/table/hand/early-audit.js';
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
import type { TableEvent } from '../../src/table/transcript.js';

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

function faultEvent(seat: number, data: { code: string; seat: number | null; detail: string }): TableEvent<'fault'> {
  return { seat, type: 'fault', data, envelope: {} } as unknown as TableEvent<'fault'>;
}
const clean: HandAudit = { clean: true, code: null, seat: null, detail: 'clean', rules: null, open: null };

describe('the audit at once', () => {
  it.each([
    [{ code: 'crypto-fault', seat: null }, true],
    [{ code: 'unknown-handle', seat: null }, true],
    [{ code: 'internal', seat: null }, true],
    [{ code: 'abandoned', seat: null }, false],
    [{ code: 'crypto-fault', seat: 0 }, false],
    [{ code: 'bad-step', seat: 1 }, false],
  ] as const)('startsAudit(%o) is %s', (halt, expected) => {
    expect(startsAudit({ ...halt, detail: '' })).toBe(expected);
  });

  it('auditReport: the first report of an unattributed fault that is neither an abandon nor the reporter’s own bug', () => {
    const named = faultEvent(0, { code: 'crypto-fault', seat: 1, detail: '' });
    const abandoned = faultEvent(0, { code: 'abandoned', seat: null, detail: '' });
    const internal = faultEvent(1, { code: 'internal', seat: null, detail: '' });
    const real = faultEvent(1, { code: 'crypto-fault', seat: null, detail: '' });
    const later = faultEvent(2, { code: 'unknown-handle', seat: null, detail: '' });
    expect(auditReport([named, abandoned, internal])).toBeUndefined();
    expect(auditReport([named, abandoned, internal, real, later])).toBe(real);
    expect(auditReport([])).toBeUndefined();
  });

  const fault = { code: 'crypto-fault' as const, seat: null, detail: 'opens to not-a-card' };

  it('the seat the audit names, with both stories', () => {
    const audit: HandAudit = { clean: false, code: 'bad-step', seat: 1, detail: 'bad lock', rules: null, open: null };
    expect(earlyVerdict(audit, { fault, reporter: null })).toEqual({
      code: 'bad-step',
      seat: 1,
      detail: 'the audit at once after an unattributed fault (crypto-fault: opens to not-a-card) found: bad lock',
    });
    expect(earlyVerdict(audit, { fault, reporter: 0 })).toEqual({
      code: 'bad-step',
      seat: 1,
      detail:
        "the audit at once after seat 1's report of an unattributed fault (crypto-fault: opens to not-a-card) found: bad lock",
    });
  });

  it('a clean audit (or one naming nobody) names the reporter for a false report, else is this peer’s own fault', () => {
    expect(earlyVerdict(clean, { fault, reporter: 1 })).toEqual({
      code: 'false-report',
      seat: 1,
      detail:
        "reported a fault that the audit with every secret disclosed does not show after seat 2's report of an unattributed fault (crypto-fault: opens to not-a-card)",
    });
    expect(earlyVerdict(clean, { fault, reporter: null })).toEqual({
      code: 'internal',
      seat: null,
      detail:
        'every secret checked out in the audit after an unattributed fault (crypto-fault: opens to not-a-card): a fault of this peer',
    });
    const unnamed: HandAudit = { clean: false, code: 'crypto-fault', seat: null, detail: 'x', rules: null, open: null };
    expect(earlyVerdict(unnamed, { fault, reporter: null }).code).toBe('internal');
    expect(earlyVerdict(unnamed, { fault, reporter: 0 })).toMatchObject({ code: 'false-report', seat: 0 });
  });
});
