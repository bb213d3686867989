/**
 * Hand section of `npm run bench`: whole hands of stress-shed among 2 and 3
 * bot peers in one process (every peer verifies everything, so the wall time
 * is roughly the players' summed work), over the in-memory transport with the
 * real crypto: wall time per hand and per applied input.
 */
import { stressShedModule } from '../src/games/stress-shed/index.js';
import { simulate } from '../src/table/simulation.js';

export interface HandRow {
  readonly players: number;
  readonly hands: number;
  readonly wallMsPerHand: number;
  readonly inputsPerHand: number;
  readonly msPerInput: number;
  readonly allClean: boolean;
}

export async function handBench(opts: { rounds?: number }): Promise<HandRow[]> {
  const hands = opts.rounds ?? 2;
  const rows: HandRow[] = [];
  for (const players of [2, 3]) {
    const started = performance.now();
    const results = await simulate({ game: stressShedModule.id, players, hands, seed: 100 + players });
    const wall = performance.now() - started;
    const inputs = results.reduce((a, r) => a + r.moves, 0) / hands;
    rows.push({
      players,
      hands,
      wallMsPerHand: Math.round(wall / hands),
      inputsPerHand: Math.round(inputs),
      msPerInput: Math.round((wall / hands / Math.max(1, inputs)) * 10) / 10,
      allClean: results.every((r) => r.allClean && r.agreedHash !== null),
    });
  }
  return rows;
}

export function printHand(rows: HandRow[]): void {
  console.log('players  hands  ms/hand  moves/hand  ms/move  clean');
  for (const r of rows) {
    console.log(`${String(r.players).padStart(7)}  ${String(r.hands).padStart(5)}  ${String(r.wallMsPerHand).padStart(7)}  ${String(r.inputsPerHand).padStart(10)}  ${String(r.msPerInput).padStart(7)}  ${r.allClean}`);
  }
}
