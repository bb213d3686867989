/**
 * Hand section of `npm run bench`: what one browser pays for a whole hand.
 * Whole stress-shed hands among N bot peers run in one process over the
 * in-memory transport with the real crypto, the real signed mesh and the real
 * table code (tools/sim/simulation.ts). Every peer's incoming messages pass
 * through `Mesh.receive` (decode, signature, dedupe, then the hand session
 * synchronously: verify, apply, and whatever this seat produces in answer),
 * so the CPU time of each call, attributed to the receiving peer, measures
 * that peer's work per message, the message layer included. That counts the
 * link frames too: in a seat's live hand another seat's event takes effect
 * on the `holds` frame that shows every seat holds it, so the per-event
 * figures charge a frame's time to the table event its peer received last.
 *
 * Per hand and players, the `perPeer` row holds (medians over real rounds,
 * never sums of best pieces):
 * - `handCpuMs`: process CPU (user + system) for the hand divided by the
 *   number of peers — every peer's work is in this one process, and so are
 *   the bots, the transport and the simulator's timers (keep-alive and
 *   presence every 200 ms / 1 s), whose cost grows with the wall time a
 *   loaded machine stretches a hand to (`wallMsPerHand`);
 * - `receiveCpuMs`: per peer, the CPU of handling every incoming message
 *   (what a browser's peer does in answer to the table), median over peers;
 * - `moveMedianMs` / `moveP90Ms`: CPU time a peer spends on one move of
 *   another seat (message layer + hand session + its own answer, if any),
 *   summed over every copy of it the peer receives (`copiesPerMove`): an
 *   `act`, or in a real-time game one round, every other seat's `commit` and
 *   `reveal` of it (`moveCosts`);
 * - `auditMs`: per peer, the message that completes the disclosures (it runs
 *   the end-of-hand audit), median over peers;
 * - `dealMs`: per peer, the summed time of every message before the hand's
 *   first move (an `act`, or a real-time game's first `commit`): ready,
 *   shuffle and lock steps with their proofs, the deal's key shares; median
 *   over peers;
 * - `playMs`: per peer, the summed time of every message from the hand's
 *   first move on (the moves, their cards' keys, the disclosures and the
 *   audit), median over peers: with `dealMs`, the two parts of a hand that
 *   the browser bench compares apart (bench/browser.ts).
 * The machine load is recorded by bench/run.ts.
 */
import '../src/games/all.js';
import { parseUnverified } from '../src/net/envelope.js';
import { MemoryTransport } from '../src/net/memory-transport.js';
import { PEER_ID_KEY_HEX } from '../src/net/peer-id.js';
import type { TransportEvents } from '../src/net/transport.js';
import { keyHex } from '../src/net/envelope.js';
import { stressShedModule } from '../src/games/stress-shed/index.js';
import { simulate } from '../tools/sim/simulation.js';
import { hashToGroup, mulSecret, randomScalar } from '../crypto/group.js';
import { systemRandom } from '../crypto/random.js';
import type { GameId } from '../src/games/index.js';

export interface PerPeerRow {
  readonly game: string;
  readonly players: number;
  readonly hands: number;
  readonly handCpuMs: number;
  /** Per peer and hand, median over peers: the CPU of every incoming message's handling (message layer, hand session, own answers). */
  readonly receiveCpuMs: number;
  /** Wall time of a hand with every peer in this process (the simulator's timers cost CPU in proportion to it). */
  readonly wallMsPerHand: number;
  readonly moveMedianMs: number;
  readonly moveP90Ms: number;
  readonly auditMs: number;
  readonly dealMs: number;
  readonly playMs: number;
  readonly movesPerHand: number;
  /** Copies received of each event of another seat's move, per peer: 1 when no duplicate arrives. */
  readonly copiesPerMove: number;
  readonly allClean: boolean;
}

export interface HandBench {
  readonly perPeer: PerPeerRow[];
}

export interface Sample {
  /** Key prefix (the peer id's 16 hex) of the receiving peer. */
  readonly peer: string;
  readonly kind: string;
  readonly type: string | null;
  /** Key prefix of the author, as `peer`. */
  readonly author: string;
  readonly hand: number | null;
  /** The author's event number: copies of one event share (author, hand, n). */
  readonly n: number | null;
  /** A real-time `commit` or `reveal`: its round. */
  readonly round?: number;
  readonly ms: number;
}

/**
 * The samples with each link frame's time added to the table event its peer
 * received last before it: a `holds` frame is where an event received earlier
 * takes effect (consistent delivery, docs/PROTOCOL.md), so its cost belongs to
 * that event. Frames before a peer's first table event are dropped here (they
 * stay in the per-peer totals, which read the raw samples).
 */
function withFramesCharged(samples: readonly Sample[]): Sample[] {
  const out: { -readonly [K in keyof Sample]: Sample[K] }[] = [];
  const last = new Map<string, number>();
  for (const s of samples) {
    if (s.kind === 'frame') {
      const at = last.get(s.peer);
      if (at !== undefined) out[at]!.ms += s.ms;
      continue;
    }
    if (s.kind === 'table-event') last.set(s.peer, out.length);
    out.push({ ...s });
  }
  return out;
}

/** One incoming message as timed: its receiving peer, its bytes (read after the measurement), its CPU ms. */
interface RawSample {
  readonly peer: string;
  readonly table: string;
  readonly bytes: Uint8Array;
  readonly ms: number;
}

/**
 * Times every incoming message per receiving peer (bench only), at the
 * in-memory transport's public seam: each transport started from here on
 * hands the mesh its messages through a timed wrapper of `events.message`,
 * in which the mesh takes each message whole (its receive is synchronous).
 * Process CPU time, not wall time: on a loaded machine wall time counts other
 * processes' turns too. A peer is known by its id's key prefix. The bytes are
 * read (`classify`) only after the hand, so that the bench's own parsing is
 * in neither a peer's figure nor the process CPU of the hand.
 */
function instrumentMesh(samples: RawSample[]): () => void {
  const proto = MemoryTransport.prototype;
  const original = proto.start;
  proto.start = function (this: MemoryTransport, events: TransportEvents) {
    const id = /^fd-(.+)-([0-9a-f]{16})$/.exec(this.localId);
    const table = id?.[1] ?? '';
    const peer = id?.[2] ?? this.localId;
    const message = events.message.bind(events);
    return original.call(this, {
      ...events,
      message: (remote: string, bytes: Uint8Array) => {
        const started = process.cpuUsage();
        try {
          message(remote, bytes);
        } finally {
          const spent = process.cpuUsage(started);
          samples.push({ peer, table, bytes, ms: (spent.user + spent.system) / 1000 });
        }
      },
    });
  };
  return () => {
    proto.start = original;
  };
}

/** What each timed message was: a link frame, or an envelope's kind, type, author and event number. */
function classify(raw: readonly RawSample[]): Sample[] {
  return raw.map(({ peer, table, bytes, ms }) => {
    const parsed = bytes.length > 1 ? parseUnverified(bytes, table) : null;
    // A link frame (keep-alive, or `holds`: the frame on which another seat's event takes effect,
    // so most of a hand's verifying and applying runs here).
    if (!parsed?.ok) return { peer, kind: 'frame', type: null, author: '', hand: null, n: null, ms };
    const env = parsed.value;
    const body =
      env.kind === 'table-event'
        ? (env.body as { type: string; hand: number; n: number; data: { round?: unknown } })
        : null;
    const round = body?.data.round;
    return {
      peer,
      kind: env.kind,
      type: body?.type ?? null,
      author: keyHex(env.from).slice(0, PEER_ID_KEY_HEX),
      hand: body?.hand ?? null,
      n: body?.n ?? null,
      ...(typeof round === 'number' ? { round } : {}),
      ms,
    };
  });
}

/**
 * What each move of another seat cost each peer, from the table events it
 * received (frames charged): one entry per (peer, move), the sum over every
 * copy. A move is an `act` (by author and event number), or in a real-time
 * game a round: every other seat's `commit` and `reveal` of it (by round),
 * the answering seats' empty ones included, since the peer checks those too.
 * `copies`: how many copies of each such event a peer received, on average.
 */
export function moveCosts(events: readonly Sample[]): { costs: number[]; copies: number } {
  const perMove = new Map<string, number>();
  const distinct = new Set<string>();
  let received = 0;
  for (const s of events) {
    if (s.author === s.peer) continue;
    const realTime = (s.type === 'commit' || s.type === 'reveal') && s.round !== undefined;
    if (s.type !== 'act' && !realTime) continue;
    const key = realTime ? `${s.peer}|${s.hand}|round ${s.round}` : `${s.peer}|${s.author}|${s.hand}|${s.n}`;
    perMove.set(key, (perMove.get(key) ?? 0) + s.ms);
    distinct.add(`${s.peer}|${s.author}|${s.hand}|${s.n}`);
    received++;
  }
  return { costs: [...perMove.values()], copies: Math.round((received / Math.max(1, distinct.size)) * 100) / 100 };
}

const median = (xs: number[]): number => quantile(xs, 0.5);
function quantile(xs: number[], q: number): number {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))]!;
}
const round1 = (x: number) => Math.round(x * 10) / 10;

/** `hands` whole hands of `game` among `players` bot peers from `seed`, measured as the file comment says (bench/browser.ts sets its own game and seed). */
export async function measureHand(
  game: GameId,
  players: number,
  hands: number,
  seed = 700 + players,
): Promise<PerPeerRow> {
  const raw: RawSample[] = [];
  const restore = instrumentMesh(raw);
  const cpu = process.cpuUsage();
  const wallStart = performance.now();
  let results;
  try {
    results = await simulate({ game, players, hands, seed });
  } finally {
    restore();
  }
  const used = process.cpuUsage(cpu);
  const cpuMs = (used.user + used.system) / 1000;
  const wallMs = performance.now() - wallStart;
  const samples = classify(raw);
  const events = withFramesCharged(samples).filter((s) => s.kind === 'table-event');
  // A move's cost to a peer is every copy of it that peer receives (the first
  // is verified and applied; a flooded duplicate is dropped before any check).
  const { costs: moves, copies } = moveCosts(events);
  const peers = [...new Set(events.map((s) => s.peer))];
  // Everything a peer did in answer to incoming messages of any kind (the rest of
  // the process CPU is timers — the simulator's keep-alive and presence, which
  // grow with wall time — bots, the transport and the simulator itself).
  const received = peers.map((peer) => samples.filter((s) => s.peer === peer).reduce((a, s) => a + s.ms, 0) / hands);
  const audits: number[] = [];
  const deals: number[] = [];
  const plays: number[] = [];
  for (let hand = 0; hand < hands; hand++) {
    for (const peer of peers) {
      const mine = events.filter((s) => s.peer === peer && s.hand === hand);
      const discloses = mine.filter((s) => s.type === 'disclose');
      // The last disclosure a peer receives completes the set and runs its audit.
      if (discloses.length > 0) audits.push(discloses.at(-1)!.ms);
      // A move is an `act`, or in a real-time game a `commit` (its `reveal` follows).
      const firstAct = mine.findIndex((s) => s.type === 'act' || s.type === 'commit');
      const split = firstAct < 0 ? mine.length : firstAct;
      deals.push(mine.slice(0, split).reduce((a, s) => a + s.ms, 0));
      plays.push(mine.slice(split).reduce((a, s) => a + s.ms, 0));
    }
  }
  return {
    game,
    players,
    hands,
    handCpuMs: Math.round(cpuMs / hands / players),
    receiveCpuMs: Math.round(median(received)),
    wallMsPerHand: Math.round(wallMs / hands),
    moveMedianMs: round1(median(moves)),
    moveP90Ms: round1(quantile(moves, 0.9)),
    auditMs: Math.round(median(audits)),
    dealMs: Math.round(median(deals)),
    playMs: Math.round(median(plays)),
    movesPerHand: Math.round(results.reduce((a, r) => a + r.moves, 0) / hands),
    copiesPerMove: copies,
    allClean: results.every((r) => r.allClean && r.agreedHash !== null),
  };
}

export async function handBench(opts: { rounds?: number }): Promise<HandBench> {
  const perPeer: PerPeerRow[] = [];
  for (const players of [2, 4, 6])
    perPeer.push(await measureHand(stressShedModule.id, players, Math.min(opts.rounds ?? 2, players >= 6 ? 1 : 2)));
  return { perPeer };
}

export function printHand(result: HandBench): void {
  console.log(
    'game         players  hands  cpu ms/hand/peer  (on messages)  wall ms/hand  move median  move p90  audit ms  deal ms  moves/hand  copies  clean',
  );
  for (const r of result.perPeer) {
    console.log(
      `${r.game.padEnd(12)} ${String(r.players).padStart(7)}  ${String(r.hands).padStart(5)}  ${String(r.handCpuMs).padStart(16)}  ${String(r.receiveCpuMs).padStart(13)}  ${String(r.wallMsPerHand).padStart(12)}  ${String(r.moveMedianMs).padStart(11)}  ${String(r.moveP90Ms).padStart(8)}  ${String(r.auditMs).padStart(8)}  ${String(r.dealMs).padStart(7)}  ${String(r.movesPerHand).padStart(10)}  ${String(r.copiesPerMove).padStart(6)}  ${r.allClean}`,
    );
  }
}

/** One seed of the `handFloors` section: a 4-player stress-shed hand in floors of the same process. */
export interface HandFloorsSeed {
  readonly seed: number;
  /** 2 × 52 `mulSecret` (CPU ms), the median of three runs just before and three just after the hand. */
  readonly floorCpuMs: number;
  /** Process CPU for the hand divided by the number of peers, in floors. */
  readonly perPeerFloors: number;
  /** The busiest peer's CPU on incoming messages, in floors. */
  readonly busiestPeerFloors: number;
  readonly allClean: boolean;
}

export interface HandFloors {
  readonly game: string;
  readonly players: number;
  readonly seeds: HandFloorsSeed[];
  /** Medians over seeds. */
  readonly medianFloorCpuMs: number;
  readonly medianPerPeerFloors: number;
  readonly medianBusiestPeerFloors: number;
}

/** The 52 fixed points of the floor (hash-to-group of fixed inputs). */
export function floorPoints(): ReturnType<typeof hashToGroup>[] {
  const te = new TextEncoder();
  return Array.from({ length: 52 }, (_, i) =>
    hashToGroup(te.encode(`floor ${i}`), 'fairdeck-bench-floor_ristretto255_XMD:SHA-512_R255MAP_RO_'),
  );
}

/** 2 × 52 mulSecret with fresh scalars on 52 fixed points: the floor unit of every crypto figure (CPU ms). */
export function floorCpuMs(points: readonly ReturnType<typeof hashToGroup>[]): number {
  const ks = Array.from({ length: 104 }, () => randomScalar(systemRandom));
  const started = process.cpuUsage();
  for (let i = 0; i < 104; i++) mulSecret(points[i % 52]!, ks[i]!);
  const used = process.cpuUsage(started);
  return (used.user + used.system) / 1000;
}

/**
 * `npm run bench -- handFloors [--rounds=N]`: a whole 4-player stress-shed
 * hand per seed (N seeds, default 5), its cost per peer in floors measured in
 * the same process around the hand, and the busiest peer; medians over seeds.
 */
export async function handFloorsBench(opts: { rounds?: number }): Promise<HandFloors> {
  const players = 4;
  const points = floorPoints();
  floorCpuMs(points); // warm-up
  const seeds: HandFloorsSeed[] = [];
  for (let i = 0; i < (opts.rounds ?? 5); i++) {
    const seed = 900 + i;
    const floors = [floorCpuMs(points), floorCpuMs(points), floorCpuMs(points)];
    const samples: RawSample[] = [];
    const restore = instrumentMesh(samples);
    const cpu = process.cpuUsage();
    let results;
    try {
      results = await simulate({ game: stressShedModule.id, players, hands: 1, seed });
    } finally {
      restore();
    }
    const used = process.cpuUsage(cpu);
    floors.push(floorCpuMs(points), floorCpuMs(points), floorCpuMs(points));
    const floor = median(floors);
    const peers = [...new Set(samples.map((s) => s.peer))];
    const received = peers.map((peer) => samples.filter((s) => s.peer === peer).reduce((a, s) => a + s.ms, 0));
    seeds.push({
      seed,
      floorCpuMs: Math.round(floor * 10) / 10,
      perPeerFloors: round1((used.user + used.system) / 1000 / players / floor),
      busiestPeerFloors: round1(Math.max(...received) / floor),
      allClean: results.every((r) => r.allClean && r.agreedHash !== null),
    });
  }
  return {
    game: stressShedModule.id,
    players,
    seeds,
    medianFloorCpuMs: round1(median(seeds.map((s) => s.floorCpuMs))),
    medianPerPeerFloors: round1(median(seeds.map((s) => s.perPeerFloors))),
    medianBusiestPeerFloors: round1(median(seeds.map((s) => s.busiestPeerFloors))),
  };
}

export function printHandFloors(r: HandFloors): void {
  console.log(`${r.game}, ${r.players} players, one hand per seed; floor = 2 × 52 mulSecret in the same process`);
  console.log('seed  floor CPU ms  per peer (floors)  busiest peer (floors)  clean');
  for (const s of r.seeds)
    console.log(
      `${String(s.seed).padEnd(4)}  ${String(s.floorCpuMs).padStart(12)}  ${String(s.perPeerFloors).padStart(17)}  ${String(s.busiestPeerFloors).padStart(21)}  ${s.allClean}`,
    );
  console.log(
    `median: floor ${r.medianFloorCpuMs} ms, per peer ${r.medianPerPeerFloors} floors, busiest peer ${r.medianBusiestPeerFloors} floors`,
  );
}
