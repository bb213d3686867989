/**
 * Verify section of `npm run bench` (`npm run bench -- verify`): what the
 * user's command `npm run verify -- FILE` costs on a 4-player hand of 52
 * cards (the target: under 2 s on this machine, judged on wall time). A whole
 * stress-shed hand among 4 bot peers (one 52-card deck) is simulated with a
 * fixed seed and exported as a transcript file (the simulator's
 * `--transcript` path); then
 * - the whole command, `npm run verify -- FILE --json`, runs `rounds` times
 *   (≥ 5) in a fresh process each, start to exit: its wall time, and its CPU
 *   time with every child's (npm, node, the worker thread; from the kernel's
 *   count of reaped children, /proc/self/stat cutime + cstime), medians;
 *   split into start-up (npm, node, loading the prebuilt verifier: whole
 *   minus verification) and verification (the process's own figure, its
 *   threads included; how many threads it used, and the CPU of the main
 *   thread and of each worker task). One untimed run first builds the prebuilt verifier
 *   if it is stale (scripts/verify-run.mjs), as the first run after an edit
 *   does;
 * - for comparison, `verifyTranscript` in this process, single-threaded,
 *   warm (median of `rounds`).
 * The 1-minute load average is recorded before and after. Every run must
 * report a clean verdict, or the bench fails.
 */
import '../src/games/all.js';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { stressShedModule } from '../src/games/stress-shed/index.js';
import { simulate } from '../tools/sim/simulation.js';
import { buildTranscriptFile, transcriptJson, type HandToExport } from '../src/verify/transcript-file.js';
import { verifyTranscript } from '../src/verify/verify-transcript.js';

export interface VerifyBench {
  readonly game: string;
  readonly players: number;
  readonly cards: number;
  readonly events: number;
  readonly fileBytes: number;
  /** `npm run verify -- FILE`, fresh process each run: medians of wall and CPU (children included), start to exit. */
  readonly commandWallMs: number;
  readonly commandCpuMs: number;
  /** Of which the verification itself (the process's own timing; CPU of all its threads). */
  readonly verifyWallMs: number;
  readonly verifyCpuMs: number;
  /** Threads the verification used (2: one worker for both tasks, as on two cores; 3: one worker each). */
  readonly threads: number;
  /** CPU time of the main thread and of each worker task (medians; on one worker, signatures + deal is that thread's). */
  readonly threadCpuMs: { readonly main: number; readonly signatures: number; readonly deal: number };
  /** The rest: npm, node start, loading the prebuilt verifier, exit. */
  readonly startupWallMs: number;
  readonly startupCpuMs: number;
  /** Every run's wall time, in order. */
  readonly commandWallRunsMs: readonly number[];
  /** In-process single-threaded verifyTranscript, warm, median. */
  readonly inProcessWarmMs: number;
  readonly inProcessWarmCpuMs: number;
  readonly rounds: number;
  readonly cpus: number;
  readonly load1Before: number;
  readonly load1After: number;
  readonly targetMs: number;
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};
const cpu = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const TICK_MS = 10; // USER_HZ = 100 on Linux
/** CPU time (ms) of this process's reaped children (and theirs), from /proc/self/stat; NaN off Linux. */
function childrenCpuMs(): number {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // Fields 16 and 17 of proc(5) (cutime, cstime), counted from field 3 here.
    return (Number(fields[13]) + Number(fields[14])) * TICK_MS;
  } catch {
    return Number.NaN;
  }
}
const load1 = (): number => Math.round(os.loadavg()[0]! * 100) / 100;

export async function verifyBench(opts: { rounds?: number }): Promise<VerifyBench> {
  const rounds = Math.max(5, opts.rounds ?? 5);
  const players = 4;
  const exported: HandToExport[] = [];
  const results = await simulate({
    game: stressShedModule.id,
    players,
    hands: 1,
    seed: 1404,
    onHandExport: (hand) => exported.push(hand),
  });
  if (exported.length !== 1 || !results.every((r) => r.allClean))
    throw new Error('verify bench: the simulated hand is not clean');
  const text = transcriptJson(
    buildTranscriptFile(
      exported,
      Array.from({ length: players }, (_, seat) => `Bot ${seat + 1}`),
    ),
  );
  const parsed = JSON.parse(text) as { hands: { events: unknown[] }[] };
  const events = parsed.hands.reduce((a, h) => a + h.events.length, 0);
  const root = path.join(import.meta.dirname, '..');
  const load1Before = load1();

  const dir = mkdtempSync(path.join(os.tmpdir(), 'fairdeck-verify-bench-'));
  const wall: number[] = [];
  const cpus: number[] = [];
  const innerWall: number[] = [];
  const innerCpu: number[] = [];
  const threads = { main: [] as number[], signatures: [] as number[], deal: [] as number[] };
  const threadCounts = new Set<number>();
  try {
    const file = path.join(dir, 'stress-shed-4p.json');
    writeFileSync(file, text);
    const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
    type Out = {
      ok: boolean;
      threads: number;
      seconds: number;
      cpuSeconds: number;
      threadCpuMs?: { main: number | null; signatures: number | null; deal: number | null };
    };
    const run = () =>
      JSON.parse(
        execFileSync(npm, ['run', '--silent', 'verify', '--', file, '--json'], { cwd: root, encoding: 'utf8' }),
      ) as Out;
    if (!run().ok) throw new Error('verify bench: npm run verify did not find the transcript clean'); // builds the prebuilt verifier if stale
    for (let r = 0; r < rounds; r++) {
      const c = childrenCpuMs();
      const t = performance.now();
      const out = run();
      wall.push(performance.now() - t);
      cpus.push(childrenCpuMs() - c);
      if (!out.ok) throw new Error('verify bench: npm run verify did not find the transcript clean');
      threadCounts.add(out.threads);
      innerWall.push(out.seconds * 1000);
      innerCpu.push(out.cpuSeconds * 1000);
      threads.main.push(out.threadCpuMs?.main ?? Number.NaN);
      threads.signatures.push(out.threadCpuMs?.signatures ?? Number.NaN);
      threads.deal.push(out.threadCpuMs?.deal ?? Number.NaN);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }

  const check = (report: ReturnType<typeof verifyTranscript>): void => {
    if (!report.ok) throw new Error(`verify bench: transcript refused: ${report.fault?.detail ?? 'no detail'}`);
  };
  check(verifyTranscript(text)); // warm-up
  const warm: number[] = [];
  const warmCpu: number[] = [];
  for (let r = 0; r < rounds; r++) {
    const c = cpu();
    const t = performance.now();
    const report = verifyTranscript(text);
    warm.push(performance.now() - t);
    warmCpu.push(cpu() - c);
    check(report);
  }
  const commandWallMs = Math.round(median(wall));
  const commandCpuMs = Math.round(median(cpus));
  const verifyWallMs = Math.round(median(innerWall));
  const verifyCpuMs = Math.round(median(innerCpu));
  return {
    game: stressShedModule.id,
    players,
    cards: 52,
    events,
    fileBytes: text.length,
    commandWallMs,
    commandCpuMs,
    verifyWallMs,
    verifyCpuMs,
    threads: Math.max(...threadCounts),
    threadCpuMs: {
      main: Math.round(median(threads.main)),
      signatures: Math.round(median(threads.signatures)),
      deal: Math.round(median(threads.deal)),
    },
    startupWallMs: commandWallMs - verifyWallMs,
    startupCpuMs: commandCpuMs - verifyCpuMs,
    commandWallRunsMs: wall.map(Math.round),
    inProcessWarmMs: Math.round(median(warm)),
    inProcessWarmCpuMs: Math.round(median(warmCpu)),
    rounds,
    cpus: os.cpus().length,
    load1Before,
    load1After: load1(),
    targetMs: 2000,
  };
}

export function printVerify(r: VerifyBench): void {
  const ok = (ms: number) => (ms < r.targetMs ? 'ok' : 'MISSED');
  console.log(
    `npm run verify, ${r.game} ${r.players} players, ${r.cards} cards, ${r.events} events, ${r.fileBytes} bytes (${r.cpus} CPUs, load1 ${r.load1Before} before, ${r.load1After} after):`,
  );
  console.log(
    `  whole command, fresh process, median of ${r.rounds}: ${r.commandWallMs} ms wall (runs ${r.commandWallRunsMs.join(', ')}), ${r.commandCpuMs} ms CPU — < ${r.targetMs} ms wall ${ok(r.commandWallMs)}`,
  );
  console.log(
    `    start-up (npm, node, loading the prebuilt verifier, exit): ${r.startupWallMs} ms wall, ${r.startupCpuMs} ms CPU`,
  );
  console.log(
    `    verification (${r.threads} threads): ${r.verifyWallMs} ms wall, ${r.verifyCpuMs} ms CPU; ${r.threadCpuMs.main} ms main thread, worker tasks ${r.threadCpuMs.signatures} ms signatures, ${r.threadCpuMs.deal} ms deal proofs`,
  );
  console.log(
    `  for comparison, verifyTranscript in process, one thread, warm: ${r.inProcessWarmMs} ms wall, ${r.inProcessWarmCpuMs} ms CPU`,
  );
}
