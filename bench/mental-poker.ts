/**
 * Side-by-side section of `npm run bench` (`npm run bench -- mentalPoker`):
 * Fairdeck's verified set-up of a 52-card deck against the unverified set-up
 * of the `mental-poker` npm package 1.0.0 (kripod; Lee's thesis, secp256k1)
 * on its own curve library and on Fairdeck's arithmetic, at 2, 4, 6 and 8
 * players, in one process, in CPU time (process.cpuUsage) and in floors
 * (2 × 52 `mulSecret`, measured around every round). The package lives in its
 * own package, bench/anchors/ (pinned with its own lockfile), which this
 * section installs on first use (`npm ci --prefix bench/anchors`): its
 * secp256k1 may build a native binding with node-gyp, which the root `npm ci`
 * should not pay for. Never imported by src/.
 *
 * - mental-poker, as its README sets a game up (the driver is `runKripod` in
 *   bench/anchors-fairdeck.ts): every peer makes its player (createPlayer: 52
 *   codeword fragments and 53 key pairs) and combines all fragments into the
 *   deck (createDeck, isDeckDuplicateFree); the cascaded shuffle (each peer in
 *   turn: shuffle, encryptDeck with one key); the lock (each peer in turn:
 *   decryptDeck with that key, encryptDeck with 52 keys). Nothing is proved or
 *   verified. Its secp256k1 dependency loads its native binding when one is
 *   built; the row forces the package's pure-JS backend (`secp256k1/elliptic`,
 *   JS against JS, as in a browser), and the native backend is measured too
 *   when it loads.
 * - The same protocol on ristretto255 with Fairdeck's arithmetic
 *   (bench/anchors-fairdeck.ts: constant-time `mulBase` and `mulSecret`), run
 *   by the same driver: what the protocol costs apart from its curve library.
 * - Fairdeck: bench/setup.ts `setup`: every peer derives the card points,
 *   makes its shuffle and lock with their proofs (the shuffle argument
 *   included), and decodes and verifies every other seat's steps; with and
 *   without the message layer (signed envelopes), which mental-poker has no
 *   counterpart for.
 * Medians over rounds of real runs; the machine load is recorded by run.ts.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { type KripodApi, fairdeckKripod, runKripod } from './anchors-fairdeck.js';
import { floorCpuMs, floorPoints } from './hand.js';
import { setup } from './setup.js';

type Buf = Uint8Array;
/** The package's own API: the protocol's steps (KripodApi, keys as Buffers), with a player made from a config. */
type MentalPokerApi = Omit<KripodApi<Buf>, 'createPlayer'> & {
  createConfig(cardCount: number): { cardCount: number };
  createPlayer(config: { cardCount: number }): ReturnType<KripodApi<Buf>['createPlayer']>;
};

/** One side of a row: every peer's work summed and per peer (the sum / players), CPU ms and in floors. */
export interface SideFigures {
  /** All peers summed, CPU ms, median over rounds. */
  readonly cpuMs: number;
  readonly perPeerCpuMs: number;
  /** The same in floors: the median over rounds of that round's sum / that round's floor. */
  readonly floors: number;
  readonly perPeerFloors: number;
}

export interface MentalPokerRow {
  readonly players: number;
  readonly cards: number;
  readonly rounds: number;
  readonly load1: number;
  /** 2 × 52 `mulSecret` (CPU ms), measured around every round (median of three before and three after); median over rounds. */
  readonly floorCpuMs: number;
  /** Fairdeck verified: card points + steps with proofs + verifying every other seat's steps. */
  readonly fairdeck: SideFigures;
  /** The same plus the message layer (signing, encoding, decoding and checking the envelopes). */
  readonly fairdeckWithMessages: SideFigures;
  /** mental-poker 1.0.0 on its pure-JS backend (elliptic, secp256k1), unverified. */
  readonly mentalPokerJs: SideFigures;
  /** The same protocol on ristretto255 with Fairdeck's arithmetic (bench/anchors-fairdeck.ts), unverified. */
  readonly mentalPokerFairdeckArith: SideFigures;
  /** mental-poker on the native libsecp256k1 binding, when it is built (null otherwise). */
  readonly mentalPokerNative: SideFigures | null;
  /** Medians over rounds of the per-round ratios of the summed CPU ms: */
  readonly ratios: {
    /** fairdeck / mentalPokerFairdeckArith: verification's cost over the same unverified protocol on the same arithmetic. */
    readonly fairdeckOverKripodFairdeckArith: number;
    /** fairdeckWithMessages / mentalPokerFairdeckArith. */
    readonly fairdeckWithMessagesOverKripodFairdeckArith: number;
    /** mentalPokerJs / mentalPokerFairdeckArith: the package's curve library against Fairdeck's arithmetic. */
    readonly kripodJsOverKripodFairdeckArith: number;
    /** fairdeck / mentalPokerJs: Fairdeck verified against the package as it ships (JS against JS, as in a browser). */
    readonly fairdeckOverKripodJs: number;
    /** fairdeck / mentalPokerNative (null without the binding). */
    readonly fairdeckOverKripodNative: number | null;
  };
}

export interface MentalPokerBench {
  readonly rows: MentalPokerRow[];
  readonly backends: { pureJs: string; native: string; fairdeckArith: string };
  readonly notes: string[];
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};
const round1 = (x: number): number => Math.round(x * 10) / 10;
const round2 = (x: number): number => Math.round(x * 100) / 100;

/** bench/anchors/: its own package.json and package-lock.json pin mental-poker and everything under it. */
const ANCHORS = path.join(import.meta.dirname, 'anchors');

/** Installs bench/anchors/ from its lockfile when it has no node_modules yet (the first run of this section). */
function ensureAnchors(): void {
  if (existsSync(path.join(ANCHORS, 'node_modules', 'mental-poker'))) return;
  console.log('installing bench/anchors (npm ci --prefix bench/anchors; first run only)');
  execFileSync('npm', ['ci', '--prefix', ANCHORS, '--no-audit', '--no-fund'], { stdio: 'inherit' });
}

/**
 * Loads mental-poker with the given secp256k1 backend module ('secp256k1/elliptic'
 * or 'secp256k1/bindings'): the package's `require('secp256k1')` is pointed at it
 * through the module cache, and the package is loaded afresh.
 */
function loadMentalPoker(backend: 'secp256k1/elliptic' | 'secp256k1/bindings'): MentalPokerApi | null {
  const fromAnchors = createRequire(path.join(ANCHORS, 'package.json'));
  const entry = fromAnchors.resolve('mental-poker');
  const fromPackage = createRequire(entry);
  const secpEntry = fromPackage.resolve('secp256k1');
  let impl: unknown;
  try {
    impl = fromPackage(backend);
  } catch {
    return null;
  }
  const cache = fromPackage.cache;
  const libDir = entry.slice(0, entry.lastIndexOf('/'));
  for (const key of Object.keys(cache)) if (key.startsWith(libDir + '/')) delete cache[key];
  const previous = cache[secpEntry];
  cache[secpEntry] = { id: secpEntry, filename: secpEntry, loaded: true, exports: impl } as unknown as NodeJS.Module;
  try {
    return fromPackage(entry) as MentalPokerApi;
  } finally {
    for (const key of Object.keys(cache)) if (key.startsWith(libDir + '/')) delete cache[key];
    if (previous) cache[secpEntry] = previous;
    else delete cache[secpEntry];
  }
}

/** The package's API as the driver of bench/anchors-fairdeck.ts calls it (the card count in place of a config). */
function packageKripod(mp: MentalPokerApi): KripodApi<Buf> {
  return {
    createPlayer: (cardCount) => mp.createPlayer(mp.createConfig(cardCount)),
    createDeck: (fragments) => mp.createDeck(fragments),
    isDeckDuplicateFree: (deck) => mp.isDeckDuplicateFree(deck),
    encryptDeck: (deck, keys) => mp.encryptDeck(deck, keys),
    decryptDeck: (deck, keys) => mp.decryptDeck(deck, keys),
    decryptCard: (card, keys) => mp.decryptCard(card, keys),
  };
}

/** One unverified set-up, all peers summed, CPU ms. */
const kripodCpu = <K>(api: KripodApi<K>, players: number): number =>
  runKripod(api, players, CARDS).perPeerCpu.reduce((a, b) => a + b, 0);

const CARDS = 52;
const PLAYERS = [2, 4, 6, 8];

/** Per-round samples of one side (all peers summed, CPU ms) → its figures, given the rounds' floors. */
function figures(sums: number[], floors: number[], players: number): SideFigures {
  const cpuMs = median(sums);
  const inFloors = median(sums.map((x, r) => x / floors[r]!));
  return {
    cpuMs: round1(cpuMs),
    perPeerCpuMs: round1(cpuMs / players),
    floors: round2(inFloors),
    perPeerFloors: round2(inFloors / players),
  };
}

const ratio = (a: number[], b: number[]): number => round2(median(a.map((x, r) => x / b[r]!)));

/** Rounds per player count: 5, and 3 at 8 players (≈ 12 s of CPU a round there), unless --rounds=N sets them all. */
const roundsFor = (players: number, asked: number | undefined): number => asked ?? (players === 8 ? 3 : 5);

export async function mentalPokerBench(opts: { rounds?: number }): Promise<MentalPokerBench> {
  ensureAnchors();
  const mpJs = loadMentalPoker('secp256k1/elliptic');
  if (!mpJs) throw new Error('mental-poker: the pure-JS secp256k1 backend does not load');
  const mpNative = loadMentalPoker('secp256k1/bindings');
  const pureJs = packageKripod(mpJs);
  const native = mpNative ? packageKripod(mpNative) : null;
  const onFairdeck = fairdeckKripod();
  const tableId = new TextEncoder().encode('bench-side-by-side-0123456789');
  const points = floorPoints();
  // Warm-up: JIT every side once.
  floorCpuMs(points);
  kripodCpu(pureJs, 2);
  if (native) kripodCpu(native, 2);
  kripodCpu(onFairdeck, 2);
  setup({ tableId, handNo: 1, seats: 2, deckSize: CARDS });
  const rows: MentalPokerRow[] = [];
  for (const players of PLAYERS) {
    const rounds = roundsFor(players, opts.rounds);
    const load1 = round2(os.loadavg()[0]!);
    const s = { floor: [], fair: [], fairMsgs: [], js: [], arith: [], nat: [] } as Record<string, number[]>;
    // Every side in each round, the floor around it, so that a burst of load hits all alike.
    for (let r = 0; r < rounds; r++) {
      const before = [floorCpuMs(points), floorCpuMs(points), floorCpuMs(points)];
      const run = setup({ tableId, handNo: 100 * players + r, seats: players, deckSize: CARDS });
      const total = run.perPeerCpu.reduce((a, b) => a + b, 0);
      s.fair!.push(total - run.messageCpu.reduce((a, b) => a + b, 0));
      s.fairMsgs!.push(total);
      s.arith!.push(kripodCpu(onFairdeck, players));
      s.js!.push(kripodCpu(pureJs, players));
      if (native) s.nat!.push(kripodCpu(native, players));
      s.floor!.push(median([...before, floorCpuMs(points), floorCpuMs(points), floorCpuMs(points)]));
    }
    const f = s.floor!;
    rows.push({
      players,
      cards: CARDS,
      rounds,
      load1,
      floorCpuMs: round1(median(f)),
      fairdeck: figures(s.fair!, f, players),
      fairdeckWithMessages: figures(s.fairMsgs!, f, players),
      mentalPokerJs: figures(s.js!, f, players),
      mentalPokerFairdeckArith: figures(s.arith!, f, players),
      mentalPokerNative: native ? figures(s.nat!, f, players) : null,
      ratios: {
        fairdeckOverKripodFairdeckArith: ratio(s.fair!, s.arith!),
        fairdeckWithMessagesOverKripodFairdeckArith: ratio(s.fairMsgs!, s.arith!),
        kripodJsOverKripodFairdeckArith: ratio(s.js!, s.arith!),
        fairdeckOverKripodJs: ratio(s.fair!, s.js!),
        fairdeckOverKripodNative: native ? ratio(s.fair!, s.nat!) : null,
      },
    });
  }
  return {
    rows,
    backends: {
      pureJs: 'secp256k1/elliptic (elliptic, pure JS)',
      native: native ? 'secp256k1/bindings (libsecp256k1, native)' : 'not built',
      fairdeckArith:
        'ristretto255, crypto/group.ts: mulBase, mulSecret, decodePoint, encodeDoubled (bench/anchors-fairdeck.ts)',
    },
    notes: [
      'CPU ms (process.cpuUsage), every peer simulated in one process; cpuMs is all peers summed, perPeerCpuMs the sum / players (every peer does the same work); medians over rounds (5, and 3 at 8 players, unless --rounds=N). Every side runs in each round, the floor (2 × 52 mulSecret, median of three just before and three just after the round) around them.',
      "Floors: the median over rounds of that round's sum / that round's floor. Ratios: the median over rounds of that round's ratio of the sums.",
      'mental-poker (unverified), per peer: createPlayer (52 fragments + 53 key pairs: 105 fixed-base multiplications), createDeck + isDeckDuplicateFree (decode every fragment, add per card), its shuffle step (encryptDeck with one key: 52 multiplications), its lock step (decryptDeck with that key, encryptDeck with 52 keys: 104 multiplications); no proofs, nothing verified.',
      'mentalPokerFairdeckArith: the same steps and multiplications on ristretto255 (bench/anchors-fairdeck.ts, the same driver): constant-time mulBase for k·G, constant-time mulSecret for every card, decks decoded and batch-encoded at every call as the package parses and serialises its points; test/bench/anchors-fairdeck.test.ts checks the locked deck opens to the codewords and only with the right keys.',
      "Fairdeck (verified): every peer derives the 52 card points, makes its shuffle (with the shuffle argument) and lock (with its DLEQ proofs), persists its secrets, and decodes and verifies every other seat's steps; fairdeckWithMessages adds the signed envelopes (mental-poker has no message layer).",
    ],
  };
}

const pad = (x: unknown, n: number): string => String(x ?? '-').padStart(n);

export function printMentalPoker(res: MentalPokerBench): void {
  console.log(
    `side by side, 52 cards, CPU ms all peers summed (per peer) and in floors (per peer); mental-poker backends: ${res.backends.pureJs}; ${res.backends.native}`,
  );
  console.log(
    'players  floor ms  Fairdeck verified     +messages             kripod elliptic       kripod Fairdeck arith  kripod native  verified/arith  elliptic/arith  verified/elliptic  rounds  load1',
  );
  const cell = (f: SideFigures | null): string =>
    f ? `${pad(f.cpuMs, 7)} (${pad(f.perPeerCpuMs, 6)})`.padEnd(21) + ' ' : pad('-', 21) + ' ';
  const floors = (f: SideFigures | null): string =>
    f ? `${pad(f.floors, 7)} (${pad(f.perPeerFloors, 6)})`.padEnd(21) + ' ' : pad('-', 21) + ' ';
  for (const r of res.rows) {
    const tail = `${pad(r.ratios.fairdeckOverKripodFairdeckArith, 14)}  ${pad(r.ratios.kripodJsOverKripodFairdeckArith, 14)}  ${pad(r.ratios.fairdeckOverKripodJs, 17)}  ${pad(r.rounds, 6)}  ${pad(r.load1, 5)}`;
    console.log(
      `${pad(r.players, 7)}  ${pad(r.floorCpuMs, 8)}  ${cell(r.fairdeck)}${cell(r.fairdeckWithMessages)}${cell(r.mentalPokerJs)}${cell(r.mentalPokerFairdeckArith)} ${pad(r.mentalPokerNative?.cpuMs, 13)}  ${tail}`,
    );
    console.log(
      `${pad('floors', 17)}  ${floors(r.fairdeck)}${floors(r.fairdeckWithMessages)}${floors(r.mentalPokerJs)}${floors(r.mentalPokerFairdeckArith)} ${pad(r.mentalPokerNative?.floors, 13)}`,
    );
  }
}
