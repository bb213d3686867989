/**
 * Side-by-side section of `npm run bench` (`npm run bench -- mentalPoker`):
 * Fairdeck's verified set-up of a 52-card deck against the unverified set-up
 * of the `mental-poker` npm package 1.0.0 (Lee's thesis, secp256k1), in the
 * same process, every peer's work summed on both sides, in CPU time
 * (process.cpuUsage). The package lives in its own package, bench/anchors/
 * (pinned with its own lockfile), which this section installs on first use
 * (`npm ci --prefix bench/anchors`): its secp256k1 builds a native binding
 * with node-gyp, which the root `npm ci` should not pay for. Never imported
 * by src/.
 *
 * - mental-poker, as its README sets a game up: every peer makes its player
 *   (createPlayer: 52 codeword fragments and 53 key pairs) and combines all
 *   fragments into the deck (createDeck, isDeckDuplicateFree); the cascaded
 *   shuffle (each peer in turn: shuffle, encryptDeck with one key); the lock
 *   (each peer in turn: decryptDeck with that key, encryptDeck with 52 keys).
 *   Nothing is proved or verified. The library's secp256k1 dependency loads
 *   its native binding when one is built; the row the issue asks for forces
 *   the package's pure-JS backend (`secp256k1/elliptic`, JS against JS, as in
 *   a browser), and the native backend is measured too when it loads.
 * - Fairdeck: bench/crypto.ts `setup` — every peer derives the card points,
 *   makes its shuffle and lock with their proofs (the shuffle argument
 *   included), and decodes and verifies every other seat's steps; summed with
 *   and without the message layer (signed envelopes), which mental-poker has
 *   no counterpart for. `ratio` = Fairdeck without the message layer /
 *   mental-poker (pure JS).
 * Medians over rounds of real runs; the machine load is recorded by run.ts.
 */
import { execFileSync } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { setup } from './setup.js';

type Buf = Uint8Array;
interface MentalPokerApi {
  createConfig(cardCount: number): { cardCount: number };
  createPlayer(config: { cardCount: number }): {
    cardCodewordFragments: Buf[];
    keyPairs: { publicKey: Buf; privateKey: Buf }[];
  };
  createDeck(fragments: Buf[][]): Buf[];
  isDeckDuplicateFree(deck: Buf[]): boolean;
  encryptDeck(deck: Buf[], keys: Buf | Buf[]): Buf[];
  decryptDeck(deck: Buf[], keys: Buf | Buf[]): Buf[];
  decryptCard(card: Buf, keys: Buf[]): Buf;
}

export interface MentalPokerRow {
  readonly players: number;
  readonly cards: number;
  /** Fairdeck, all peers summed, CPU ms: card points + steps with proofs + verifying every other seat's steps. */
  readonly fairdeckCpuMs: number;
  /** The same plus the message layer (signing, encoding, decoding and checking the envelopes). */
  readonly fairdeckWithMessagesCpuMs: number;
  /** mental-poker on its pure-JS backend, all peers summed, CPU ms. */
  readonly mentalPokerJsCpuMs: number;
  /** fairdeckCpuMs / mentalPokerJsCpuMs. */
  readonly ratio: number;
  /** mental-poker on the native secp256k1 binding, when it loads (null otherwise), and Fairdeck's ratio to it. */
  readonly mentalPokerNativeCpuMs: number | null;
  readonly ratioNative: number | null;
  readonly rounds: number;
  readonly load1: number;
}

export interface MentalPokerBench {
  readonly rows: MentalPokerRow[];
  readonly backends: { pureJs: string; native: string };
  readonly notes: string[];
}

const cpu = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
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

/** Fisher–Yates with node's CSPRNG (the package leaves shuffling to its caller). */
function shuffled<T>(xs: readonly T[]): T[] {
  const out = [...xs];
  for (let i = out.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** One unverified mental-poker set-up of `cards` cards among `players`, every peer's work; CPU ms. */
function mentalPokerSetup(mp: MentalPokerApi, players: number, cards: number): number {
  const started = cpu();
  const config = mp.createConfig(cards);
  const selves = Array.from({ length: players }, () => mp.createPlayer(config));
  const fragments = selves.map((p) => p.cardCodewordFragments);
  let deck: Buf[] = [];
  for (let peer = 0; peer < players; peer++) {
    const codewords = mp.createDeck(fragments);
    if (!mp.isDeckDuplicateFree(codewords)) throw new Error('mental-poker: duplicate codeword');
    deck = codewords;
  }
  for (const self of selves) deck = mp.encryptDeck(shuffled(deck), self.keyPairs[cards]!.privateKey);
  for (const self of selves) {
    deck = mp.encryptDeck(
      mp.decryptDeck(deck, self.keyPairs[cards]!.privateKey),
      self.keyPairs.slice(0, cards).map((k) => k.privateKey),
    );
  }
  const spent = cpu() - started;
  // Sanity: card 0 opens with every player's key 0 to a codeword of the deck.
  const opened = mp.decryptCard(
    deck[0]!,
    selves.map((p) => p.keyPairs[0]!.privateKey),
  );
  const codewords = mp.createDeck(fragments);
  if (!codewords.some((c) => Buffer.from(c).equals(Buffer.from(opened))))
    throw new Error('mental-poker: a locked card does not open to a codeword');
  return spent;
}

export async function mentalPokerBench(opts: { rounds?: number }): Promise<MentalPokerBench> {
  const rounds = opts.rounds ?? 5;
  ensureAnchors();
  const pureJs = loadMentalPoker('secp256k1/elliptic');
  if (!pureJs) throw new Error('mental-poker: the pure-JS secp256k1 backend does not load');
  const native = loadMentalPoker('secp256k1/bindings');
  const tableId = new TextEncoder().encode('bench-side-by-side-0123456789');
  // Warm-up: JIT both sides once.
  mentalPokerSetup(pureJs, 2, 52);
  if (native) mentalPokerSetup(native, 2, 52);
  setup({ tableId, handNo: 1, seats: 2, deckSize: 52 });
  const rows: MentalPokerRow[] = [];
  for (const players of [2, 4]) {
    const load1 = round2(os.loadavg()[0]!);
    const fair: number[] = [];
    const fairMsgs: number[] = [];
    const js: number[] = [];
    const nat: number[] = [];
    // Alternate the sides within each round so that a burst of load hits both alike.
    for (let r = 0; r < rounds; r++) {
      const run = setup({ tableId, handNo: 100 * players + r, seats: players, deckSize: 52 });
      const total = run.perPeerCpu.reduce((a, b) => a + b, 0);
      const messages = run.messageCpu.reduce((a, b) => a + b, 0);
      fair.push(total - messages);
      fairMsgs.push(total);
      js.push(mentalPokerSetup(pureJs, players, 52));
      if (native) nat.push(mentalPokerSetup(native, players, 52));
    }
    const fairdeckCpuMs = median(fair);
    const mentalPokerJsCpuMs = median(js);
    const nativeMs = native ? median(nat) : null;
    rows.push({
      players,
      cards: 52,
      fairdeckCpuMs: round1(fairdeckCpuMs),
      fairdeckWithMessagesCpuMs: round1(median(fairMsgs)),
      mentalPokerJsCpuMs: round1(mentalPokerJsCpuMs),
      ratio: round2(fairdeckCpuMs / mentalPokerJsCpuMs),
      mentalPokerNativeCpuMs: nativeMs === null ? null : round1(nativeMs),
      ratioNative: nativeMs === null ? null : round2(fairdeckCpuMs / nativeMs),
      rounds,
      load1,
    });
  }
  return {
    rows,
    backends: {
      pureJs: 'secp256k1/elliptic (elliptic, pure JS)',
      native: native ? 'secp256k1/bindings (libsecp256k1, native)' : 'not built',
    },
    notes: [
      'All peers summed, CPU ms (process.cpuUsage), medians over rounds; the two sides alternate within each round.',
      'mental-poker (unverified): createPlayer per peer (52 fragments + 53 key pairs), createDeck + isDeckDuplicateFree per peer, cascaded shuffle (encryptDeck with one key per peer), lock (decryptDeck + encryptDeck with 52 keys per peer); no proofs, nothing verified.',
      "Fairdeck (verified): every peer derives the 52 card points, makes its shuffle (with the shuffle argument) and lock (with its DLEQ proofs), persists its secrets, and decodes and verifies every other seat's steps; fairdeckWithMessagesCpuMs adds the signed envelopes (mental-poker has no message layer).",
      'ratio = fairdeckCpuMs / mentalPokerJsCpuMs (JS against JS, as in a browser); ratioNative against the native libsecp256k1 binding, which a browser cannot use.',
    ],
  };
}

export function printMentalPoker(res: MentalPokerBench): void {
  console.log(
    `side by side, 52 cards, all peers summed, CPU ms (mental-poker backends: ${res.backends.pureJs}; ${res.backends.native}):`,
  );
  console.log(
    'players  fairdeck (verified)  +messages  mental-poker JS (unverified)  ratio  mental-poker native  ratio native  load1',
  );
  for (const r of res.rows) {
    console.log(
      `${String(r.players).padStart(7)}  ${String(r.fairdeckCpuMs).padStart(19)}  ${String(r.fairdeckWithMessagesCpuMs).padStart(9)}  ${String(r.mentalPokerJsCpuMs).padStart(28)}  ${String(r.ratio).padStart(5)}  ${String(r.mentalPokerNativeCpuMs ?? '-').padStart(19)}  ${String(r.ratioNative ?? '-').padStart(12)}  ${String(r.load1).padStart(5)}`,
    );
  }
}
