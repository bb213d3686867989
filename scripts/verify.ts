/**
 * `npm run verify -- transcript.json [--json]`
 * Re-checks a transcript file (docs/TRANSCRIPT.md) offline, with no network:
 * every envelope through the mesh's decode gate, the order of each author's
 * events, every shuffle argument, lock proof and key share, every rule by
 * replay in the same seatless follower the table runs, the audit with all
 * cards open, the outcomes and the set-up chain of the match. Prints the
 * verdict in words (or, with --json, the report as data) and exits 0 only
 * when every hand is clean; 1 on a fault, 2 when the file cannot be read.
 * `npm run verify` runs it prebuilt with plain node (scripts/verify-run.mjs);
 * the signatures and the deal's proofs are checked on worker threads
 * (scripts/verify-parallel.ts): one on up to two cores, two on more;
 * `FAIRDECK_VERIFY_WORKERS=1` or `2` chooses (the tests run both layouts).
 */
import '../src/games/all.js';
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { describeReport } from '../src/verify/verify-words.js';
import { verifyTranscriptParallel } from './verify-parallel.js';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { json: { type: 'boolean', default: false } },
});
const path = positionals[0];
if (!path || positionals.length > 1) {
  console.error('usage: npm run verify -- transcript.json [--json]');
  process.exit(2);
}
let text: string;
try {
  text = readFileSync(path, 'utf8');
} catch (error) {
  console.error(`cannot read ${path}: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(2);
}
const started = performance.now();
const cpuBefore = process.cpuUsage();
const layout = process.env.FAIRDECK_VERIFY_WORKERS;
const { report, threads, threadCpuMs } = await verifyTranscriptParallel(
  text,
  layout === '1' || layout === '2' ? { workers: Number(layout) as 1 | 2 } : {},
);
const seconds = (performance.now() - started) / 1000;
const cpu = process.cpuUsage(cpuBefore);
const cpuSeconds = (cpu.user + cpu.system) / 1e6;
if (values.json) {
  console.log(
    JSON.stringify(
      {
        ok: report.ok,
        fault: report.fault,
        threads,
        threadCpuMs,
        cpuSeconds,
        hands: report.hands.map(({ inputs, open, ...hand }) => ({
          ...hand,
          inputs: inputs.length,
          cardsOpened: open ? Object.keys(open).length : 0,
        })),
        seconds,
      },
      null,
      1,
    ),
  );
} else {
  for (const line of describeReport(report)) console.log(line);
  console.log(`(verified in ${seconds.toFixed(2)} s, ${cpuSeconds.toFixed(2)} s of CPU)`);
}
process.exit(report.ok ? 0 : 1);
