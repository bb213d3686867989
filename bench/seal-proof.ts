/**
 * `npm run bench -- sealProof`: the cost of proving a sealed share wrong
 * (crypto/seal-proof.ts) — the recipient's proof that a published X25519
 * shared secret is the Diffie–Hellman of the two announced seal keys, and
 * anyone's check of it (which also derives the pair key) — in CPU ms, and in
 * units of one constant-time variable-base multiplication measured in the
 * same round: the project's `mulSecret` on ristretto255 (the floor the crypto
 * section uses) and one X25519 (noble's `x25519.getSharedSecret`, what a pair key costs).
 * Each round times a batch of each; the figures are medians over rounds of
 * per-call means, the ratios taken per round, then the median.
 */
import { proveSealKey, sealKeyPair, systemRandom, verifySealKey } from '../crypto/index.js';
import { mulSecret, randomScalar, G } from '../crypto/group.js';
import { x25519 } from '@noble/curves/ed25519.js';

export interface SealProofResults {
  rounds: number;
  perRound: number;
  proofBytes: number;
  proveCpuMs: number;
  verifyCpuMs: number;
  mulSecretCpuMs: number;
  x25519CpuMs: number;
  proveInMulSecret: number;
  verifyInMulSecret: number;
  proveInX25519: number;
  verifyInX25519: number;
}

const cpu = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};
const round3 = (x: number): number => Math.round(x * 1000) / 1000;

function timed(n: number, f: (i: number) => void): number {
  const c = cpu();
  for (let i = 0; i < n; i++) f(i);
  return (cpu() - c) / n;
}

export async function sealProofBench(opts: { rounds?: number } = {}): Promise<SealProofResults> {
  const rounds = opts.rounds ?? 7;
  const perRound = 20;
  const tableId = new TextEncoder().encode('bench-table');
  const prove: number[] = [];
  const verify: number[] = [];
  const mul: number[] = [];
  const x: number[] = [];
  const proveRatio: number[] = [];
  const verifyRatio: number[] = [];
  const proveX: number[] = [];
  const verifyX: number[] = [];
  let proofBytes = 0;
  // Warm-up: base tables, JIT.
  for (let i = 0; i < 3; i++) {
    const a = sealKeyPair();
    const b = sealKeyPair();
    const ctx = { tableId, handNo: i, from: 1, to: 0, message: new Uint8Array(32) };
    verifySealKey(a.publicKey, b.publicKey, proveSealKey(a, b.publicKey, ctx, systemRandom), ctx, systemRandom);
  }
  for (let r = 0; r < rounds; r++) {
    const pairs = Array.from({ length: perRound }, () => [sealKeyPair(), sealKeyPair()] as const);
    const ctxs = pairs.map((_, i) => ({
      tableId,
      handNo: r * perRound + i,
      from: 1,
      to: 0,
      message: new Uint8Array(32).fill(i),
    }));
    const scalars = pairs.map(() => randomScalar(systemRandom));
    const points = scalars.map((k) => G.multiply(k));
    const m = timed(perRound, (i) => mulSecret(points[i]!, scalars[(i + 1) % perRound]!));
    const xs = timed(perRound, (i) => x25519.getSharedSecret(pairs[i]![0].secretKey, pairs[i]![1].publicKey));
    const openings = pairs.map(() => null as ReturnType<typeof proveSealKey> | null);
    const p = timed(perRound, (i) => {
      openings[i] = proveSealKey(pairs[i]![0], pairs[i]![1].publicKey, ctxs[i]!, systemRandom);
    });
    const v = timed(perRound, (i) => {
      const res = verifySealKey(pairs[i]![0].publicKey, pairs[i]![1].publicKey, openings[i]!, ctxs[i]!, systemRandom);
      if (!res.ok) throw new Error(`seal-key proof does not verify: ${res.error}`);
    });
    proofBytes = openings[0]!.proof.length + openings[0]!.shared.length;
    prove.push(p);
    verify.push(v);
    mul.push(m);
    x.push(xs);
    proveRatio.push(p / m);
    verifyRatio.push(v / m);
    proveX.push(p / xs);
    verifyX.push(v / xs);
  }
  return {
    rounds,
    perRound,
    proofBytes,
    proveCpuMs: round3(median(prove)),
    verifyCpuMs: round3(median(verify)),
    mulSecretCpuMs: round3(median(mul)),
    x25519CpuMs: round3(median(x)),
    proveInMulSecret: round3(median(proveRatio)),
    verifyInMulSecret: round3(median(verifyRatio)),
    proveInX25519: round3(median(proveX)),
    verifyInX25519: round3(median(verifyX)),
  };
}

export function printSealProof(r: SealProofResults): void {
  console.log(
    `seal-key proof (${r.proofBytes} bytes with Z; medians of ${r.rounds} rounds × ${r.perRound}, CPU ms): ` +
      `prove ${r.proveCpuMs} (${r.proveInMulSecret} mulSecret, ${r.proveInX25519} X25519), ` +
      `verify + pair key ${r.verifyCpuMs} (${r.verifyInMulSecret} mulSecret, ${r.verifyInX25519} X25519); ` +
      `one mulSecret ${r.mulSecretCpuMs}, one X25519 ${r.x25519CpuMs}`,
  );
}
