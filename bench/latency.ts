/**
 * Real-time latency section of `npm run bench`: over the in-memory
 * transport with 0, 20 and 80 ms one-way delay, the time from a play to both
 * peers having applied it in the same agreed order (a commit–reveal round:
 * commit → the other's commit → both reveals), measured on the race game of
 * the real-time tests, plus the same for two plays at once (a tie).
 */
import '../src/games/all.js';
import type { HandSession } from '../src/table/hand-session.js';
import { until } from '../tools/sim/simulation.js';
import { raceTable, stopRaceNetwork, type RaceBoard } from '../test/helpers/race.js';

export interface LatencyRow {
  readonly oneWayDelayMs: number;
  readonly plays: number;
  readonly playToAgreedMedianMs: number;
  readonly playToAgreedP90Ms: number;
  readonly tieToAgreedMedianMs: number;
}

const value = (s: HandSession) => (s.engineState?.board as RaceBoard | undefined)?.value ?? -1;

function quantile(xs: number[], q: number): number {
  const sorted = [...xs].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]! * 10) / 10;
}

export async function latencyBench(opts: { rounds?: number }): Promise<LatencyRow[]> {
  const plays = opts.rounds ?? 12;
  const rows: LatencyRow[] = [];
  for (const delay of [0, 20, 80]) {
    const net = await raceTable({ delay: () => delay }, `bench-${delay}`);
    const [a, b] = net.sessions as [HandSession, HandSession];
    await until(() => a.phase === 'play' && b.phase === 'play' && a.legalActions().length > 0);
    const single: number[] = [];
    const ties: number[] = [];
    for (let i = 0; i < plays * 2; i++) {
      const v = value(a);
      await until(() => value(b) === v && a.pendingMoves === 0 && b.pendingMoves === 0, 1);
      const started = performance.now();
      a.act({ type: 'claim', onTop: v });
      if (i % 2 === 1) b.act({ type: 'claim', onTop: v });
      await until(() => value(a) === v + 1 && value(b) === v + 1 && a.pendingMoves === 0 && b.pendingMoves === 0, 1);
      (i % 2 === 1 ? ties : single).push(performance.now() - started);
    }
    stopRaceNetwork();
    rows.push({
      oneWayDelayMs: delay,
      plays,
      playToAgreedMedianMs: quantile(single, 0.5),
      playToAgreedP90Ms: quantile(single, 0.9),
      tieToAgreedMedianMs: quantile(ties, 0.5),
    });
  }
  return rows;
}

export function printLatency(rows: LatencyRow[]): void {
  console.log('one-way delay  plays  play→agreed median  p90  tie→agreed median (ms)');
  for (const r of rows) {
    console.log(
      `${String(r.oneWayDelayMs).padStart(13)}  ${String(r.plays).padStart(5)}  ${String(r.playToAgreedMedianMs).padStart(18)}  ${String(r.playToAgreedP90Ms).padStart(4)}  ${String(r.tieToAgreedMedianMs).padStart(17)}`,
    );
  }
}
