/**
 * `npm run mutate:aggregate -- <scope>`: a scope's mutation score summed over
 * per-file runs. A whole-scope Stryker run of crypto/ or src/games with all
 * their tests takes many hours on this machine (every protocol test covers
 * the group arithmetic), so each file is mutated with its own dedicated tests
 * (scripts/mutate.ts, one entry per target in bench/mutation.json). This sums
 * the latest run that mutated each of the scope's files: every file must be
 * covered, and by a run made on the file as it is now (no change to it since
 * that run's commit), else it refuses and names the file. A run that mutated
 * several files counts once. The result is written to bench/mutation.json
 * `aggregates` with the date, the commit and the runs it sums.
 */
import { execFileSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import { type AggregateEntry, SCOPES, aggregateScope, mutationScore, readBench, writeBench } from './mutation-bench.js';

const git = (...args: string[]) => execFileSync('git', args, { encoding: 'utf8' }).trim();

/** The files of a list of Stryker globs (`!` excludes), from git's index: a scope's, or a run's `mutate`. */
function scopeFiles(patterns: readonly string[]): string[] {
  const pathspecs = patterns.map((p) => (p.startsWith('!') ? `:(exclude,glob)${p.slice(1)}` : `:(glob)${p}`));
  return git('ls-files', '--', ...pathspecs)
    .split('\n')
    .filter((f) => f !== '');
}

const { positionals } = parseArgs({ allowPositionals: true });
const scopeName = positionals[0];
const scope = scopeName === undefined ? undefined : SCOPES[scopeName];
if (scopeName === undefined || scope === undefined || positionals.length > 1) {
  console.error(`usage: npm run mutate:aggregate -- <${Object.keys(SCOPES).join('|')}>`);
  process.exit(2);
}

const bench = readBench();
const files = scopeFiles(scope.mutate);
const result = aggregateScope(
  bench.runs,
  scopeName,
  files,
  (file, commit) => git('diff', '--name-only', commit, 'HEAD', '--', file) !== '',
  (run) => scopeFiles(run.mutate),
);
if (!result.ok) {
  console.error(`${scopeName}: cannot sum the per-file runs:\n  ${result.problems.join('\n  ')}`);
  process.exit(1);
}
const { runs, counts } = result;
const entry: AggregateEntry = {
  scope: scopeName,
  date: new Date().toISOString(),
  commit: git('rev-parse', '--short', 'HEAD'),
  score: mutationScore(counts),
  files: files.length,
  ...counts,
  runs: runs.map((run) => run.target),
};
writeBench({ ...bench, aggregates: [...bench.aggregates.filter((a) => a.scope !== scopeName), entry] });
for (const run of runs)
  console.log(`  ${run.score.toFixed(2).padStart(6)} %  ${run.target}  (${run.commit}, ${run.date.slice(0, 10)})`);
console.log(
  `${scopeName}: ${entry.score}% over ${files.length} files in ${runs.length} runs (killed ${counts.killed}, timeout ${counts.timeout}, survived ${counts.survived}, no coverage ${counts.noCoverage}) → bench/mutation.json aggregates`,
);
