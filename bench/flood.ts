/**
 * Flood bench (`npx tsx bench/flood.ts [--events=N]`, or `npm run bench --
 * flood`): what a seat's flood of one hand costs an honest peer in process
 * CPU. A two-seat stress-shed table of bot peers (simulation.ts) deals; then
 * seat 2 stops, and 20,001 events signed by it — acts numbered past its
 * last event, sent newest first (the order that made every insert walk the
 * whole list), then the same with real-time commits — are handed to seat 1's
 * table session as the mesh would hand them over after the signature check.
 * Reported: CPU ms until seat 1 names the flooder (`flood`, at the 20,001st
 * event: the pool's per-author limit), and per event. The signature checks
 * the mesh makes first are not included (about 0.4 ms each with a cached
 * key: `npm run bench -- mesh`). It uses only APIs older than the fix, so the
 * same file measures an older checkout (copy it there and run it).
 */
import '../src/games/all.js';
import { stressShedModule } from '../src/games/stress-shed/index.js';
import { signEnvelope, type EnvelopeOf } from '../src/net/envelope.js';
import { seatPeers, until } from '../tools/sim/simulation.js';

const cpuMs = (since: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1000;
};

export interface FloodRow {
  readonly kind: 'act' | 'commit';
  readonly events: number;
  readonly cpuMs: number;
  readonly usPerEvent: number;
  readonly halt: string | null;
}

async function floodOnce(kind: 'act' | 'commit', events: number): Promise<FloodRow> {
  const { peers, table } = await seatPeers({ game: stressShedModule.id, players: 2, hands: 1, seed: 5 });
  try {
    const [honest, flooder] = [peers[0]!, peers[1]!];
    await until(() => honest.session.current?.session.phase === 'play');
    flooder.session.close();
    flooder.mesh.stop();
    const hand = honest.session.current!.session;
    const base = hand.follower.pool.nextSeq(1) + 1000;
    const hash = hand.events().find((e) => e.body.type !== 'ready')!.body.hash;
    const signed: EnvelopeOf<'table-event'>[] = [];
    for (let i = events - 1; i >= 0; i--) {
      const data =
        kind === 'act' ? { action: { type: 'pickup' }, keys: [] } : { round: 1000 + i, digest: new Uint8Array(32) };
      signed.push(
        signEnvelope(flooder.signer, {
          kind: 'table-event',
          table,
          seq: 1_000_000 + i,
          to: null,
          body: { hand: 0, n: base + i, at: 0, hash, type: kind, data },
        }),
      );
    }
    const start = process.cpuUsage();
    for (const envelope of signed) {
      honest.session.receive(envelope, 'flood');
      if (hand.halt) break;
    }
    const ms = cpuMs(start);
    return {
      kind,
      events,
      cpuMs: Math.round(ms),
      usPerEvent: Math.round((ms * 1000) / events),
      halt: hand.halt ? `${hand.halt.code} seat ${hand.halt.seat === null ? '-' : hand.halt.seat + 1}` : null,
    };
  } finally {
    for (const p of peers) {
      p.session.close();
      p.mesh.stop();
    }
  }
}

export async function floodBench(
  opts: { events?: number; kinds?: readonly ('act' | 'commit')[] } = {},
): Promise<FloodRow[]> {
  const rows: FloodRow[] = [];
  for (const kind of opts.kinds ?? (['act', 'commit'] as const))
    rows.push(await floodOnce(kind, opts.events ?? 20_001));
  return rows;
}

export function printFlood(rows: readonly FloodRow[]): void {
  for (const r of rows)
    console.log(
      `flood of ${r.events} ${r.kind}s, newest first: ${r.cpuMs} ms CPU (${r.usPerEvent} µs per event) → ${r.halt ?? 'no halt'}`,
    );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
  const events = arg('events');
  const kind = arg('kind');
  printFlood(
    await floodBench({
      ...(events ? { events: Number(events) } : {}),
      ...(kind === 'act' || kind === 'commit' ? { kinds: [kind] } : {}),
    }),
  );
  process.exit(0);
}
