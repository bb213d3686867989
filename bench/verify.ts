/**
 * Verify section of `npm run bench` (`npm run bench -- verify`): how long
 * `npm run verify` takes on a 4-player hand of 52 cards (issue 14: under 2 s
 * on this machine). A whole stress-shed hand among 4 bot peers (one 52-card
 * deck) is simulated with a fixed seed and exported as a transcript file
 * (the simulator's `--transcript` path); then
 * - in this process, `verifyTranscript` — the very function scripts/verify.ts
 *   calls — verifies the file's text `rounds` times (after one warm-up): the
 *   median of wall and CPU time;
 * - once, scripts/verify.ts itself runs in a fresh process (`tsx
 *   scripts/verify.ts FILE --json`), as a user runs it: its own timing of the
 *   verification (cold: one-off tables and JIT included) and the whole
 *   process's wall time, start-up and module loading included.
 * Both must report a clean verdict, or the bench fails.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { stressShedModule } from '../src/games/stress-shed/index.js';
import { simulate } from '../src/table/simulation.js';
import { buildTranscriptFile, transcriptJson, type HandToExport } from '../src/table/transcript-file.js';
import { verifyTranscript } from '../src/table/verify-transcript.js';

export interface VerifyBench {
  readonly game: string;
  readonly players: number;
  readonly cards: number;
  readonly events: number;
  readonly fileBytes: number;
  /** In-process verifyTranscript, warm, medians over rounds. */
  readonly verifyMs: number;
  readonly verifyCpuMs: number;
  /** scripts/verify.ts in a fresh process: its own figure for the verification, and the whole process's wall time. */
  readonly coldVerifyMs: number;
  readonly coldVerifyCpuMs: number;
  readonly processWallMs: number;
  readonly rounds: number;
  readonly load1: number;
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

export async function verifyBench(opts: { rounds?: number }): Promise<VerifyBench> {
  const rounds = opts.rounds ?? 5;
  const players = 4;
  const exported: HandToExport[] = [];
  const results = await simulate({ game: stressShedModule.id, players, hands: 1, seed: 1404, onHandExport: (hand) => exported.push(hand) });
  if (exported.length !== 1 || !results.every((r) => r.allClean)) throw new Error('verify bench: the simulated hand is not clean');
  const text = transcriptJson(buildTranscriptFile(exported, Array.from({ length: players }, (_, seat) => `Bot ${seat + 1}`)));
  const parsed = JSON.parse(text) as { hands: { events: unknown[] }[] };
  const events = parsed.hands.reduce((a, h) => a + h.events.length, 0);

  const check = (report: ReturnType<typeof verifyTranscript>): void => {
    if (!report.ok) throw new Error(`verify bench: transcript refused: ${report.fault?.detail ?? 'no detail'}`);
  };
  check(verifyTranscript(text)); // warm-up
  const wall: number[] = [];
  const cpus: number[] = [];
  for (let r = 0; r < rounds; r++) {
    const c = cpu();
    const t = performance.now();
    const report = verifyTranscript(text);
    wall.push(performance.now() - t);
    cpus.push(cpu() - c);
    check(report);
  }

  const dir = mkdtempSync(path.join(os.tmpdir(), 'fairdeck-verify-bench-'));
  let cold: { ok: boolean; seconds: number; cpuSeconds: number };
  let processWallMs: number;
  try {
    const file = path.join(dir, 'stress-shed-4p.json');
    writeFileSync(file, text);
    const root = path.join(import.meta.dirname, '..');
    const started = performance.now();
    const out = execFileSync(process.execPath, ['--import', 'tsx', path.join(root, 'scripts', 'verify.ts'), file, '--json'], { cwd: root, encoding: 'utf8' });
    processWallMs = performance.now() - started;
    cold = JSON.parse(out) as { ok: boolean; seconds: number; cpuSeconds: number };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  if (!cold.ok) throw new Error('verify bench: scripts/verify.ts did not find the transcript clean');
  return {
    game: stressShedModule.id,
    players,
    cards: 52,
    events,
    fileBytes: text.length,
    verifyMs: Math.round(median(wall)),
    verifyCpuMs: Math.round(median(cpus)),
    coldVerifyMs: Math.round(cold.seconds * 1000),
    coldVerifyCpuMs: Math.round(cold.cpuSeconds * 1000),
    processWallMs: Math.round(processWallMs),
    rounds,
    load1: Math.round(os.loadavg()[0]! * 100) / 100,
    targetMs: 2000,
  };
}

export function printVerify(r: VerifyBench): void {
  const ok = (ms: number) => (ms < r.targetMs ? 'ok' : 'MISSED');
  console.log(`npm run verify, ${r.game} ${r.players} players, ${r.cards} cards, ${r.events} events, ${r.fileBytes} bytes (load1 ${r.load1}):`);
  console.log(`  in process (warm, median of ${r.rounds}): ${r.verifyMs} ms wall, ${r.verifyCpuMs} ms CPU — < ${r.targetMs} ms ${ok(r.verifyMs)}`);
  console.log(`  scripts/verify.ts, fresh process (cold): verification ${r.coldVerifyMs} ms wall, ${r.coldVerifyCpuMs} ms CPU — < ${r.targetMs} ms ${ok(r.coldVerifyMs)}; whole process ${r.processWallMs} ms wall`);
}
