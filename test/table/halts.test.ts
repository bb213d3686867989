/**
 * How a hand halts, piece by piece without a table: halt.ts (the Step
 * constructors, the seat names a player reads, which engine errors are lost
 * races, and the halt codes, which every peer and every stored transcript
 * must spell alike), faults.ts (the data of the fault event a halting seat
 * signs, and whether each report held agrees with this peer's own verdict:
 * same code AND same seat) and the audit at once (early-audit.ts: which
 * halts start it, and the halt it ends in, with the seat it names and the
 * words). Which reports start it is judged on a follower (faults.ts
 * `judgeReport`: test/table/follower.test.ts, test/adversarial/).
 */
import { describe, expect, it } from 'vitest';
import type { AnyGame } from '../../src/engine/index.js';
import type { HandAudit } from '../../src/table/hand/audit.js';
import { earlyVerdict, startsAudit } from '../../src/table/hand/early-audit.js';
import { faultData, faultReports } from '../../src/table/hand/faults.js';
import type { HandFollower } from '../../src/table/hand/follower.js';
import { cryptoWords, isRaceError, seatName, type Halt } from '../../src/table/hand/halt.js';
import { loadedNow } from '../helpers/loaded-now.js';

describe('halt.ts', () => {
  it.each([
    [
      'shuffle argument of seat 1 does not verify (its deck is not a permutation of the input times the s_1 of S_1)',
      'shuffle argument of seat 2 does not verify (its deck is not a permutation of the input times the s_2 of S_2)',
    ],
    [
      "seat 0's disclosed key for position 6 does not match K_0,6",
      "seat 1's disclosed key for position 6 does not match K_1,6",
    ],
    [
      'Chaum–Pedersen batch of seat 2 does not verify (a lock factor does not match S_2 → K_2c)',
      'Chaum–Pedersen batch of seat 3 does not verify (a lock factor does not match S_3 → K_3c)',
    ],
    [
      "seat 0's disclosed t does not match T_0 (mismatched S_i)",
      "seat 1's disclosed t does not match T_1 (mismatched S_i)",
    ],
    [
      'position 12 of packet 3 does not open to a card of this hand',
      'position 12 of packet 3 does not open to a card of this hand',
    ],
  ])('cryptoWords numbers seats as every verdict does (from 1): %s', (reason, words) => {
    expect(cryptoWords(reason)).toBe(words);
  });

  it('fail builds the failed side of a Result<T, Halt>', async () => {
    const { fail } = await loadedNow(() => import('../../src/table/hand/halt.js'));
    expect(fail('desync', 1, 'why')).toEqual({ ok: false, error: { code: 'desync', seat: 1, detail: 'why' } });
    expect(fail('abandoned', null, '')).toEqual({ ok: false, error: { code: 'abandoned', seat: null, detail: '' } });
  });

  it.each([
    [0, 'seat 1'],
    [1, 'seat 2'],
    [5, 'seat 6'],
  ])('seat index %i is shown as "%s"', (seat, name) => {
    expect(seatName(seat)).toBe(name);
  });

  it('a race error is one the game lists, nothing else', () => {
    const game = { raceErrors: ['stale-top', 'taken'] } as unknown as AnyGame;
    expect(isRaceError(game, 'stale-top')).toBe(true);
    expect(isRaceError(game, 'taken')).toBe(true);
    expect(isRaceError(game, 'not-your-turn')).toBe(false);
    expect(isRaceError({ raceErrors: [] } as unknown as AnyGame, 'stale-top')).toBe(false);
  });

  it('the 24 halt codes, each once, in the documented order: a fault event names one, and every peer must read it alike', async () => {
    const { HALT_CODES } = await loadedNow(() => import('../../src/table/hand/halt.js'));
    expect(HALT_CODES).toEqual([
      'bad-event',
      'bad-setup',
      'bad-seal-key',
      'bad-step',
      'wrong-key',
      'missing-key',
      'unsealable',
      'equivocation',
      'reveal-mismatch',
      'not-a-move',
      'illegal-move',
      'false-claim',
      'unknown-handle',
      'desync',
      'future-step',
      'crypto-fault',
      'bad-disclosure',
      'no-disclosure',
      'rules-fault',
      'abandoned',
      'flood',
      'no-reveal',
      'false-report',
      'internal',
    ]);
  });
});

describe('faults.ts', () => {
  it('faultData carries code, seat, the detail cut to 300 characters, and the evidence (null when bare)', () => {
    expect(faultData({ code: 'desync', seat: 1, detail: 'short' })).toEqual({
      code: 'desync',
      seat: 1,
      detail: 'short',
      evidence: null,
    });
    const long = 'x'.repeat(299) + 'yz';
    expect(faultData({ code: 'internal', seat: null, detail: long })).toEqual({
      code: 'internal',
      seat: null,
      detail: 'x'.repeat(299) + 'y',
      evidence: null,
    });
    const evidence = { kind: 'report' as const, event: new Uint8Array([1, 2]) };
    expect(faultData({ code: 'false-report', seat: 2, detail: 'd', evidence }).evidence).toBe(evidence);
    expect(faultData({ code: 'internal', seat: null, detail: long }).detail).toHaveLength(300);
  });

  const report = (seat: number, code: string, blamed: number | null, detail = `d${seat}`) => ({
    seat,
    data: { code, seat: blamed, detail },
  });
  const follower = (halt: Halt | null, reports: ReturnType<typeof report>[]) =>
    ({ halt, pool: { faultReports: () => reports } }) as unknown as HandFollower;

  it('each report is listed with its reporter, code, blamed seat and detail; it agrees only with the same code and seat', () => {
    const reports = [
      report(0, 'desync', 1),
      report(1, 'desync', 0),
      report(1, 'wrong-key', 1),
      report(0, 'desync', null),
    ];
    expect(faultReports(follower({ code: 'desync', seat: 1, detail: 'mine' }, reports))).toEqual([
      { reporter: 0, code: 'desync', seat: 1, detail: 'd0', agrees: true },
      { reporter: 1, code: 'desync', seat: 0, detail: 'd1', agrees: false },
      { reporter: 1, code: 'wrong-key', seat: 1, detail: 'd1', agrees: false },
      { reporter: 0, code: 'desync', seat: null, detail: 'd0', agrees: false },
    ]);
  });

  it('a peer that has not halted agrees with no report', () => {
    expect(faultReports(follower(null, [report(1, 'internal', null)]))).toEqual([
      { reporter: 1, code: 'internal', seat: null, detail: 'd1', agrees: false },
    ]);
    expect(
      faultReports(follower({ code: 'internal', seat: null, detail: '' }, [report(1, 'internal', null)]))[0]!.agrees,
    ).toBe(true);
    expect(faultReports(follower(null, []))).toEqual([]);
  });
});

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
