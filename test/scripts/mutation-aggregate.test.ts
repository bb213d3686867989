/**
 * A scope's score summed over per-file runs (scripts/mutation-bench.ts
 * `aggregateScope`, used by `npm run mutate:aggregate`): the latest run of
 * each file is summed once, and the sum is refused — naming the file — when a
 * file has no run, was changed since its run, was run on uncommitted code, or
 * would be counted twice.
 */
import { describe, expect, it, test } from 'vitest';
import { type BenchEntry, aggregateScope, mutationScore } from '../../scripts/mutation-bench.js';

function run(target: string, mutate: string[], date: string, counts: Partial<BenchEntry> = {}): BenchEntry {
  return {
    target,
    date,
    commit: 'abc1234',
    scope: 'crypto',
    mutate,
    tests: 'test/x.test.ts',
    score: 0,
    killed: 10,
    survived: 1,
    timeout: 0,
    noCoverage: 0,
    ignored: 0,
    errors: 0,
    durationMin: 1,
    ...counts,
  };
}
const unchanged = () => false;

describe('aggregateScope', () => {
  it('sums the latest run of each file, a run of several files once', () => {
    const runs = [
      run('crypto:a.ts:old', ['a.ts'], '2026-01-01', { killed: 1, survived: 9 }),
      run('crypto:a.ts:new', ['a.ts'], '2026-01-02', { killed: 90, survived: 10, timeout: 2 }),
      run('crypto:b.ts,c.ts', ['b.ts', 'c.ts'], '2026-01-01', { killed: 50, survived: 3, noCoverage: 1 }),
      run('engine:a.ts', ['a.ts'], '2026-02-01', { scope: 'engine', killed: 0, survived: 100 }),
    ];
    const result = aggregateScope(runs, 'crypto', ['a.ts', 'b.ts', 'c.ts'], unchanged);
    expect(result).toEqual({
      ok: true,
      runs: [runs[1], runs[2]],
      counts: { killed: 140, timeout: 2, survived: 13, noCoverage: 1 },
    });
    expect(result.ok && mutationScore(result.counts)).toBe(91.03);
  });

  test.each([
    ['a file with no run', [run('crypto:a.ts', ['a.ts'], '2026-01-01')], () => false, ['b.ts: no run']],
    [
      'a file changed since its run',
      [run('crypto:a.ts', ['a.ts'], '2026-01-01'), run('crypto:b.ts', ['b.ts'], '2026-01-01')],
      (file: string) => file === 'b.ts',
      ['b.ts: changed since its latest run (crypto:b.ts, abc1234)'],
    ],
    [
      'a run on uncommitted code',
      [
        run('crypto:a.ts', ['a.ts'], '2026-01-01'),
        { ...run('crypto:b.ts', ['b.ts'], '2026-01-01'), commit: 'abc1234+uncommitted' },
      ],
      () => false,
      ['b.ts: its latest run (crypto:b.ts) was made on uncommitted code'],
    ],
    [
      'a file in two summed runs',
      [run('crypto:a.ts,b.ts', ['a.ts', 'b.ts'], '2026-01-01'), run('crypto:b.ts', ['b.ts'], '2026-01-02')],
      () => false,
      ['b.ts: in two summed runs (crypto:a.ts,b.ts, crypto:b.ts)'],
    ],
  ])('refuses %s, naming it', (_name, runs, changedSince, problems) => {
    expect(aggregateScope(runs, 'crypto', ['a.ts', 'b.ts'], changedSince)).toEqual({ ok: false, problems });
  });

  it('reads the files of a run through filesOf (a run may name its files by glob)', () => {
    const runs = [run('crypto:x*.ts', ['x*.ts'], '2026-01-01', { killed: 7, survived: 3 })];
    const expand = (r: BenchEntry) => (r.mutate[0] === 'x*.ts' ? ['x1.ts', 'x2.ts'] : r.mutate);
    expect(aggregateScope(runs, 'crypto', ['x1.ts', 'x2.ts'], unchanged, expand)).toEqual({
      ok: true,
      runs,
      counts: { killed: 7, timeout: 0, survived: 3, noCoverage: 0 },
    });
    expect(aggregateScope(runs, 'crypto', ['x1.ts', 'x2.ts'], unchanged)).toEqual({
      ok: false,
      problems: ['x1.ts: no run', 'x2.ts: no run'],
    });
  });

  it('asks about each file with the commit of its own latest run', () => {
    const asked: string[] = [];
    aggregateScope(
      [
        run('crypto:a.ts', ['a.ts'], '2026-01-01'),
        { ...run('crypto:b.ts', ['b.ts'], '2026-01-03'), commit: 'def5678' },
      ],
      'crypto',
      ['a.ts', 'b.ts'],
      (file, commit) => {
        asked.push(`${file}@${commit}`);
        return false;
      },
    );
    expect(asked).toEqual(['a.ts@abc1234', 'b.ts@def5678']);
  });
});

describe('mutationScore', () => {
  it('is detected (killed + timeout) over valid mutants, to two decimals, 0 when nothing is valid', () => {
    expect(mutationScore({ killed: 2, timeout: 1, survived: 0, noCoverage: 0 })).toBe(100);
    expect(mutationScore({ killed: 1, timeout: 1, survived: 1, noCoverage: 1 })).toBe(50);
    expect(mutationScore({ killed: 2, timeout: 0, survived: 1, noCoverage: 0 })).toBe(66.67);
    expect(mutationScore({ killed: 0, timeout: 0, survived: 0, noCoverage: 0 })).toBe(0);
  });
});
