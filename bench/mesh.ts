/**
 * Mesh CPU bench (`npx tsx bench/mesh.ts [idle|hand|verify …] [--seconds=N] [--hands=N]`):
 * what the message layer costs in process CPU (process.cpuUsage, user+system),
 * with every peer in this one process over the in-memory transport.
 * - idle: N meshes linked to each other, nothing to say, for a few seconds:
 *   the keep-alive and presence cost, in ms of CPU per second per peer (and %
 *   of one core), once with the app's timing and once with the simulator's.
 * - hand: whole stress-shed hands among 4 and 6 bot peers (simulation.ts):
 *   CPU per hand, the agreed hash and whether every audit was clean (so a before/after run can show the same
 *   hashes).
 * - verify: one ed25519 verification: @noble/curves (strict, RFC 8032), the
 *   mesh's cached-key path (verify.ts) with noble's table and with the
 *   project's own (crypto/ed25519-verify.ts), and WebCrypto's Ed25519 in this Node.
 * It only uses APIs that predate the mesh rework, so the same file measures an
 * older checkout too (copy it there and run it to compare before and after
 * a change to the mesh).
 */
import '../src/games/all.js';
import { ed25519 } from '@noble/curves/ed25519.js';
import { keyHex } from '../src/net/envelope.js';
import { MemoryNetwork } from '../src/net/memory-transport.js';
import { DEFAULT_TIMING, Mesh } from '../src/net/mesh.js';
import type { MeshTiming } from '../src/net/mesh-types.js';
import { simulate } from '../tools/sim/simulation.js';
import { stressShedModule } from '../src/games/stress-shed/index.js';
import { peerIdFor } from '../src/table/table-id.js';

const cpuMs = (since: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1000;
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function signer(seed: number) {
  const secretKey = new Uint8Array(32).fill(seed);
  return { publicKey: ed25519.getPublicKey(secretKey), sign: (m: Uint8Array) => ed25519.sign(m, secretKey) };
}

export async function idleBench(
  peers: number,
  seconds: number,
  timing: Partial<MeshTiming>,
): Promise<{ cpuMsPerSecondPerPeer: number; percentOfCorePerPeer: number }> {
  const table = `idlebnch-${'0'.repeat(16)}`;
  const network = new MemoryNetwork();
  const signers = Array.from({ length: peers }, (_, i) => signer(i + 1));
  const ids = signers.map((s) => peerIdFor(table, keyHex(s.publicKey)));
  const meshes = signers.map(
    (s, i) => new Mesh({ table, signer: s, transport: network.createTransport(ids[i]!), name: `p${i}`, timing }),
  );
  for (const mesh of meshes) {
    await mesh.start({ message: () => {}, rejected: () => {}, changed: () => {}, problem: () => {} });
  }
  for (const mesh of meshes) mesh.want(ids);
  const keys = signers.map((s) => keyHex(s.publicKey));
  while (!meshes.every((m) => keys.every((k) => ['self', 'direct'].includes(m.reachability(k))))) await sleep(20);
  await sleep(1000);
  const before = process.cpuUsage();
  await sleep(seconds * 1000);
  const ms = cpuMs(before);
  for (const mesh of meshes) mesh.stop();
  const perPeer = ms / seconds / peers;
  return { cpuMsPerSecondPerPeer: round(perPeer), percentOfCorePerPeer: round(perPeer / 10) };
}

async function handBench(players: number, hands: number) {
  const before = process.cpuUsage();
  const results = await simulate({ game: stressShedModule.id, players, hands, seed: 200 + players });
  const ms = cpuMs(before);
  return {
    players,
    hands,
    cpuMsPerHand: Math.round(ms / hands),
    movesPerHand: Math.round(results.reduce((a, r) => a + r.moves, 0) / hands),
    hashes: results.map((r) => r.agreedHash?.slice(0, 16) ?? 'DISAGREE'),
    allClean: results.every((r) => r.allClean && r.agreedHash !== null),
  };
}

export async function verifyBench(rounds = 400) {
  const s = signer(3);
  const message = new Uint8Array(1024).fill(7);
  const sig = s.sign(message);
  const time = async (run: () => unknown) => {
    for (let i = 0; i < 50; i++) await run();
    const before = process.cpuUsage();
    for (let i = 0; i < rounds; i++) await run();
    return round(cpuMs(before) / rounds, 3);
  };
  const noble = await time(() => ed25519.verify(sig, message, s.publicKey, { zip215: false }));
  // The mesh's per-author cached path (src/net/verify.ts); absent from older checkouts.
  const cachedModule = await import('../src/net/verify.js').catch(() => null);
  let cached: number | null = null;
  let ownCached: number | null = null;
  if (cachedModule) {
    // The key's table in noble's arithmetic (a page before crypto/ loads), then in the project's own.
    const verifier = new cachedModule.SignatureVerifier(32, null);
    cached = await time(() => verifier.verify(sig, message, s.publicKey));
    const ownModule = await import('../crypto/ed25519-verify.js').catch(() => null);
    if (ownModule) {
      const own = new cachedModule.SignatureVerifier(32, ownModule.ed25519Keyed);
      ownCached = await time(() => own.verify(sig, message, s.publicKey));
    }
  }
  let webCrypto: number | null;
  try {
    const key = await crypto.subtle.importKey('raw', s.publicKey, { name: 'Ed25519' }, false, ['verify']);
    webCrypto = await time(() => crypto.subtle.verify('Ed25519', key, sig, message));
  } catch {
    webCrypto = null;
  }
  // Signing: noble's `ed25519.sign` (derives the key again each time) and the signer that keeps it (src/net/signer.ts).
  const secretKey = new Uint8Array(32).fill(3);
  const nobleSign = await time(() => ed25519.sign(message, secretKey));
  const signerModule = await import('../src/net/signer.js').catch(() => null);
  const kept = signerModule?.ed25519Signer(secretKey);
  const keptSign = kept ? await time(() => kept.sign(message)) : null;
  return {
    nobleMsPerVerify: noble,
    cachedKeyMsPerVerify: cached,
    ownCachedKeyMsPerVerify: ownCached,
    webCryptoMsPerVerify: webCrypto,
    nobleMsPerSign: nobleSign,
    keptKeyMsPerSign: keptSign,
  };
}

function round(x: number, digits = 2): number {
  const f = 10 ** digits;
  return Math.round(x * f) / f;
}

const SIM_TIMING = {
  heartbeatMs: 200,
  linkDeadAfterMs: 60_000,
  presenceMs: 1000,
  presenceFreshMs: 5000,
  reconnectMs: 300,
};

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  const option = (name: string, fallback: number) =>
    Number(args.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);
  const sections = args.filter((a) => !a.startsWith('--'));
  const wanted = (name: string) => sections.length === 0 || sections.includes(name);
  const seconds = option('seconds', 5);
  const out: Record<string, unknown> = {};
  if (wanted('verify')) out.verify = await verifyBench();
  if (wanted('idle')) {
    for (const peers of [4, 6]) {
      out[`idle-app-${peers}`] = await idleBench(peers, seconds, DEFAULT_TIMING);
      out[`idle-sim-${peers}`] = await idleBench(peers, seconds, SIM_TIMING);
    }
  }
  if (wanted('hand'))
    for (const players of [4, 6]) out[`hand-${players}`] = await handBench(players, option('hands', 1));
  console.log(JSON.stringify(out, null, 1));
}
