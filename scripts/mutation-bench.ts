/**
 * What the mutation scripts share: the five scopes of issue 17 (the files
 * each mutates and the tests that must catch them) and bench/mutation.json,
 * where scripts/mutate.ts records each real StrykerJS run (one entry per
 * target, the last run of each) and scripts/mutation-aggregate.ts records a
 * scope's score summed over the runs that together mutated each of its files
 * once (docs/TESTING.md "Mutation testing").
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';

export interface Scope {
  readonly mutate: readonly string[];
  readonly tests: readonly string[];
}

export const SCOPES: Readonly<Record<string, Scope>> = {
  crypto: { mutate: ['crypto/**/*.ts', '!crypto/index.ts'], tests: ['test/crypto/**/*.test.ts'] },
  engine: {
    mutate: ['src/engine/**/*.ts', '!src/engine/index.ts'],
    tests: ['test/engine/**/*.test.ts', 'test/conformance/engine.test.ts'],
  },
  games: { mutate: ['src/games/**/*.ts', '!src/games/index.ts'], tests: ['test/games/**/*.test.ts'] },
  net: { mutate: ['src/net/**/*.ts'], tests: ['test/net/**/*.test.ts'] },
  table: {
    mutate: ['src/table/**/*.ts'],
    tests: [
      'test/table/**/*.test.ts',
      'test/adversarial/**/*.test.ts',
      'test/verify/**/*.test.ts',
      'test/conformance/table.test.ts',
    ],
  },
};

export interface BenchEntry {
  readonly target: string;
  readonly date: string;
  readonly commit: string;
  readonly scope: string;
  readonly mutate: readonly string[];
  readonly tests: string;
  readonly score: number;
  readonly killed: number;
  readonly survived: number;
  readonly timeout: number;
  readonly noCoverage: number;
  readonly ignored: number;
  readonly errors: number;
  readonly durationMin: number;
}

/** A scope's score summed over per-file runs (scripts/mutation-aggregate.ts). */
export interface AggregateEntry {
  readonly scope: string;
  readonly date: string;
  readonly commit: string;
  readonly score: number;
  readonly files: number;
  readonly killed: number;
  readonly survived: number;
  readonly timeout: number;
  readonly noCoverage: number;
  /** The runs summed: each file of the scope in exactly one of them. */
  readonly runs: readonly string[];
}

export interface BenchFile {
  readonly note: string;
  readonly runs: BenchEntry[];
  readonly notRun: string[];
  readonly aggregates: AggregateEntry[];
}

export const BENCH_PATH = 'bench/mutation.json';

const NOTE =
  'Written by scripts/mutate.ts from real StrykerJS runs only; score = (killed + timeout) / (killed + timeout + survived + noCoverage), static mutants ignored (docs/TESTING.md). aggregates: a scope summed over the latest run of each of its files (scripts/mutation-aggregate.ts).';

export function readBench(): BenchFile {
  const empty: BenchFile = { note: NOTE, runs: [], notRun: [], aggregates: [] };
  if (!existsSync(BENCH_PATH)) return empty;
  const parsed = JSON.parse(readFileSync(BENCH_PATH, 'utf8')) as Partial<BenchFile>;
  return {
    ...empty,
    runs: Array.isArray(parsed.runs) ? parsed.runs : [],
    aggregates: Array.isArray(parsed.aggregates) ? parsed.aggregates : [],
  };
}

/** Writes the file sorted by target, with the scopes that have no run listed as not run. */
export function writeBench(bench: BenchFile): void {
  const runs = [...bench.runs].sort((a, b) => a.target.localeCompare(b.target));
  const notRun = Object.keys(SCOPES).filter((name) => !runs.some((run) => run.scope === name));
  const aggregates = [...bench.aggregates].sort((a, b) => a.scope.localeCompare(b.scope));
  writeFileSync(BENCH_PATH, `${JSON.stringify({ note: NOTE, runs, notRun, aggregates }, null, 2)}\n`);
}

/** Score as Stryker reports it: detected over valid mutants, two decimals. */
export function mutationScore(counts: {
  killed: number;
  timeout: number;
  survived: number;
  noCoverage: number;
}): number {
  const detected = counts.killed + counts.timeout;
  const valid = detected + counts.survived + counts.noCoverage;
  return valid === 0 ? 0 : Math.round((detected / valid) * 10_000) / 100;
}

export interface Counts {
  readonly killed: number;
  readonly timeout: number;
  readonly survived: number;
  readonly noCoverage: number;
}

export type Aggregate =
  | { readonly ok: true; readonly runs: readonly BenchEntry[]; readonly counts: Counts }
  | { readonly ok: false; readonly problems: readonly string[] };

/**
 * Picks, for each file of a scope, the latest run that mutated it, and sums
 * the picked runs. Refuses (naming each file) when a file has no run, when
 * its latest run was made on uncommitted code or on an older version of the
 * file (`changedSince(file, commit)`), or when two picked runs share a file.
 */
export function aggregateScope(
  runs: readonly BenchEntry[],
  scope: string,
  files: readonly string[],
  changedSince: (file: string, commit: string) => boolean,
  /** The files a run mutated (its `mutate` may hold globs: scripts/mutation-aggregate.ts expands them). */
  filesOf: (run: BenchEntry) => readonly string[] = (run) => run.mutate,
): Aggregate {
  const mutated = new Map(runs.map((run) => [run, filesOf(run)]));
  const chosen = new Map<string, BenchEntry>();
  const problems: string[] = [];
  for (const file of files) {
    const latest = runs
      .filter((run) => run.scope === scope && mutated.get(run)!.includes(file))
      .sort((a, b) => b.date.localeCompare(a.date))[0];
    if (latest === undefined) {
      problems.push(`${file}: no run`);
      continue;
    }
    if (latest.commit.endsWith('+uncommitted'))
      problems.push(`${file}: its latest run (${latest.target}) was made on uncommitted code`);
    else if (changedSince(file, latest.commit))
      problems.push(`${file}: changed since its latest run (${latest.target}, ${latest.commit})`);
    chosen.set(latest.target, latest);
  }
  const picked = [...chosen.values()].sort((a, b) => a.target.localeCompare(b.target));
  for (const [i, run] of picked.entries()) {
    for (const other of picked.slice(i + 1)) {
      const shared = mutated.get(run)!.filter((file) => mutated.get(other)!.includes(file));
      for (const file of shared) problems.push(`${file}: in two summed runs (${run.target}, ${other.target})`);
    }
  }
  if (problems.length > 0) return { ok: false, problems };
  const sum = (key: keyof Counts) => picked.reduce((total, run) => total + run[key], 0);
  return {
    ok: true,
    runs: picked,
    counts: {
      killed: sum('killed'),
      timeout: sum('timeout'),
      survived: sum('survived'),
      noCoverage: sum('noCoverage'),
    },
  };
}
