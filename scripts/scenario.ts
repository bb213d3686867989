/**
 * `npm run scenario -- <file.json | directory> ...`: runs scenario files
 * (test mode: a fixed deal instead of crypto) through the real engine and
 * prints, per file, each step, the first refused step with its error code,
 * the resulting public state and outcome, and the end-of-hand audit. Exits
 * non-zero if any file's `expect` is not met. Add `--open` to also print the
 * state with every card open (what `expect.state` is checked against).
 */
import '../src/games/all.js';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parseScenario } from '../src/engine/index.js';
import { runScenario } from '../src/games/scenarios.js';
import { afterAuditOf, gameById } from '../src/games/index.js';

function scenarioFiles(path: string): string[] {
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path)
    .sort()
    .flatMap((name) => scenarioFiles(join(path, name)))
    .filter((file) => file.endsWith('.json'));
}

const args = process.argv.slice(2);
const showOpen = args.includes('--open');
const paths = args.filter((a) => a !== '--open');
if (paths.length === 0) {
  console.error('usage: npm run scenario -- <file.json | directory> ... [--open]');
  process.exit(2);
}

let failed = 0;
for (const file of paths.flatMap(scenarioFiles)) {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    console.log(`✗ ${file}: cannot read: ${(error as Error).message}`);
    failed += 1;
    continue;
  }
  const scenario = parseScenario(raw);
  if (typeof scenario === 'string') {
    console.log(`✗ ${file}: ${scenario}`);
    failed += 1;
    continue;
  }
  const game = gameById(scenario.game);
  if (!game) {
    console.log(`✗ ${file}: unknown game ${scenario.game}`);
    failed += 1;
    continue;
  }
  const run = runScenario(game, scenario, afterAuditOf(scenario.game));
  console.log(`\n=== ${file}: ${run.title}`);
  for (const line of run.log) console.log(`  ${line}`);
  if (run.rejected)
    console.log(`  first rejected action: #${run.rejected.index} (seat ${run.rejected.seat}): ${run.rejected.error}`);
  console.log(`  public state: ${JSON.stringify(run.publicSummary)}`);
  if (showOpen) console.log(`  open state:   ${JSON.stringify(run.openSummary)}`);
  console.log(`  outcome: ${run.outcome ? JSON.stringify(run.outcome) : 'not over'}`);
  console.log(`  audit: ${JSON.stringify(run.audit)}`);
  if (run.ok) {
    console.log('  ✓ expectations met');
  } else {
    failed += 1;
    for (const line of run.failures) console.log(`  ✗ ${line}`);
  }
}
console.log(failed === 0 ? '\nall scenarios met their expectations' : `\n${failed} scenario file(s) failed`);
process.exit(failed === 0 ? 0 : 1);
