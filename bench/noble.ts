/**
 * `npm run bench -- noble`: the project's own curve arithmetic (crypto/edwards.ts,
 * crypto/edwards-secret.ts, the batch encoding of
 * crypto/group.ts) side by side with @noble/curves' public API at the pinned
 * version, in one process, on the same inputs. Each case runs both sides on
 * one batch per round (the order alternates between rounds) and checks that
 * they agree; the floor (2 × 52 `mulSecret` on card points, the unit of the
 * other sections) is timed in the same round. Figures are CPU-time medians
 * over rounds: per-batch cost in floors for each side, and the median of the
 * per-round ratios public / own (above 1: the own code is faster). A ratio
 * of at most 1.15 means the public API is within 15 % and the own code has no
 * place; crypto/README.md ("Own arithmetic or noble's") records the choice.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ristretto255, ristretto255_hasher, x25519 } from '@noble/curves/ed25519.js';
import { interleavedMSMUnsafe, mulAddUnsafe, pippenger } from '@noble/curves/abstract/curve.js';
import {
  type Point,
  G,
  HALF,
  Fn,
  decodePoint,
  encodeDoubled,
  fixedBase,
  hashToGroup,
  msm,
  msmSecret,
  msmTable,
  mulBase,
  mulFixed,
  mulPublic,
  mulSecret,
  precomputeBase,
  randomScalar,
  randomShort,
} from '../crypto/group.js';
import { randomBytes, systemRandom } from '../crypto/random.js';
import { x25519PublicKey, x25519Shared } from '../crypto/x25519.js';

/** One comparison: both sides do the same work on the same inputs and return comparable results. */
interface Case {
  readonly name: string;
  /** What the public side calls. */
  readonly publicApi: string;
  /** The project already calls the public API here; the row shows what the own code would give. */
  readonly publicInUse?: boolean;
  readonly own: () => unknown;
  readonly pub: () => unknown;
  /** The two results describe the same values. */
  readonly same: (own: unknown, pub: unknown) => boolean;
}

export interface NobleRow {
  readonly name: string;
  readonly publicApi: string;
  /** Per batch, CPU ms, median over rounds. */
  readonly ownCpuMs: number;
  readonly publicCpuMs: number;
  /** The same in floors (2 × 52 mulSecret of the same round), medians over rounds. */
  readonly ownFloors: number;
  readonly publicFloors: number;
  /** Median over rounds of public / own of the same round (> 1.15: the own code earns its place). */
  readonly publicOverOwn: number;
  readonly publicInUse: boolean;
}

export interface NobleBench {
  readonly nobleVersion: string;
  readonly rounds: number;
  readonly floorCpuMs: number;
  readonly rows: NobleRow[];
}

const cpu = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const median = (xs: readonly number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};
const r3 = (x: number): number => Math.round(x * 1000) / 1000;

function timed(f: () => unknown): number {
  const c = cpu();
  f();
  return cpu() - c;
}

const pointsEqual = (a: readonly Point[], b: readonly Point[]): boolean =>
  a.length === b.length && a.every((p, i) => p.equals(b[i]!));
const bytesEqual = (a: Uint8Array, b: Uint8Array): boolean => a.length === b.length && a.every((x, i) => x === b[i]);

function cases(): { floor: () => unknown; list: Case[] } {
  const rng = systemRandom;
  const te = new TextEncoder();
  const DST = 'fairdeck-bench-noble_ristretto255_XMD:SHA-512_R255MAP_RO_';
  const cards = Array.from({ length: 52 }, (_, i) => hashToGroup(te.encode(`card ${i}`), DST));
  const full = (n: number): bigint[] => Array.from({ length: n }, () => randomScalar(rng));
  const k52 = full(52);
  const floorKs = full(104);
  const floor = (): unknown => {
    let last: Point = G;
    for (let i = 0; i < 104; i++) last = mulSecret(cards[i % 52]!, floorKs[i]!);
    return last;
  };

  // Fixed base other than G (the argument's chain generator H): a 32 × 256 comb
  // against noble's cached fixed-window table (window 8) on a copy of the point.
  const H = hashToGroup(te.encode('H'), DST);
  const ownH = fixedBase(H);
  const pubH = ristretto255.Point.fromBytes(H.toBytes()).precompute(8, false);

  // Public MSMs of the sizes verification runs: a lock step's Chaum–Pedersen batch
  // (2·52 + 2 terms, half of them 128-bit weights) and a shuffle argument (4·52 + 12).
  const msmInput = (n: number): { points: Point[]; scalars: bigint[] } => {
    const points = Array.from({ length: n }, (_, i) => (i < 52 ? cards[i]! : mulBase(randomScalar(rng))));
    const scalars = Array.from({ length: n }, (_, i) => (i % 2 ? randomShort(rng) : randomScalar(rng)));
    return { points, scalars };
  };
  const m106 = msmInput(106);
  const m220 = msmInput(220);
  const tables106 = m106.points.map((p) => msmTable(p));
  const tables220 = m220.points.map((p) => msmTable(p));
  const pub106 = interleavedMSMUnsafe(ristretto255.Point, m106.points, 5);
  const pub220 = interleavedMSMUnsafe(ristretto255.Point, m220.points, 5);
  // Small MSMs (2–4 terms: a Schnorr-type check, the seal proof) are repeated to time a batch of 52.
  const smalls = Array.from({ length: 52 }, () => msmInput(4));

  const halves = cards.map((p, i) => mulSecret(p, Fn.mul(k52[i]!, HALF)));
  const wholes = halves.map((h) => h.double());
  const encodings = cards.map((p) => p.toBytes());
  const hashInputs = Array.from({ length: 52 }, (_, i) => te.encode(`hash input ${i}`));
  // A 4-seat hand's seal keys: each seat makes its public key and derives a pair key with each other seat.
  const sealSecrets = Array.from({ length: 4 }, () => randomBytes(rng, 32));
  const sealPublics = sealSecrets.map((k) => x25519.getPublicKey(k));
  const pairs = sealSecrets.flatMap((k, i) =>
    sealPublics.filter((_, j) => j !== i).map((theirs) => [k, theirs] as const),
  );

  const list: Case[] = [
    {
      name: 'mulSecret ×52 (secret k, variable base)',
      publicApi: 'Point.multiply',
      own: () => cards.map((p, i) => mulSecret(p, k52[i]!)),
      pub: () => cards.map((p, i) => p.multiply(k52[i]!)),
      same: (a, b) => pointsEqual(a as Point[], b as Point[]),
    },
    {
      name: 'mulPublic ×52 (public k, variable base)',
      publicApi: 'Point.multiplyUnsafe vs own msm of one term (in use)',
      own: () => cards.map((p, i) => mulPublic(p, k52[i]!)),
      pub: () => cards.map((p, i) => p.multiplyUnsafe(k52[i]!)),
      same: (a, b) => pointsEqual(a as Point[], b as Point[]),
    },
    {
      name: 'mulBase ×52 (secret k·G)',
      publicApi: 'Point.BASE.multiply (noble’s W=6 table)',
      own: () => k52.map((k) => mulBase(k)),
      pub: () => k52.map((k) => G.multiply(k)),
      same: (a, b) => pointsEqual(a as Point[], b as Point[]),
    },
    {
      name: 'mulFixed ×52 (secret k·H, fixed base)',
      publicApi: 'H.precompute(8) then multiply',
      own: () => k52.map((k) => mulFixed(ownH, k)),
      pub: () => k52.map((k) => pubH.multiply(k)),
      same: (a, b) => pointsEqual(a as Point[], b as Point[]),
    },
    {
      name: 'msmSecret 52 terms (secret scalars)',
      publicApi: 'Σ Point.multiply (no constant-time MSM)',
      own: () => msmSecret(cards, k52),
      pub: () => cards.reduce((acc, p, i) => acc.add(p.multiply(k52[i]!)), ristretto255.Point.ZERO),
      same: (a, b) => (a as Point).equals(b as Point),
    },
    {
      name: 'msm 4 terms ×52 (public scalars)',
      publicApi: 'mulAddUnsafe',
      own: () => smalls.map((m) => msm(m.points, m.scalars)),
      pub: () => smalls.map((m) => mulAddUnsafe(ristretto255.Point, m.points, m.scalars)),
      same: (a, b) => pointsEqual(a as Point[], b as Point[]),
    },
    {
      name: 'msm 106 terms, no tables',
      publicApi: 'pippenger',
      own: () => msm(m106.points, m106.scalars),
      pub: () => pippenger(ristretto255.Point, m106.points, m106.scalars),
      same: (a, b) => (a as Point).equals(b as Point),
    },
    {
      name: 'msm 106 terms, cached tables',
      publicApi: 'pippenger',
      own: () => msm(m106.points, m106.scalars, tables106),
      pub: () => pippenger(ristretto255.Point, m106.points, m106.scalars),
      same: (a, b) => (a as Point).equals(b as Point),
    },
    {
      name: 'msm 106 terms, cached tables (W=5 both)',
      publicApi: 'interleavedMSMUnsafe (tables built once)',
      own: () => msm(m106.points, m106.scalars, tables106),
      pub: () => pub106(m106.scalars),
      same: (a, b) => (a as Point).equals(b as Point),
    },
    {
      name: 'msm 220 terms, cached tables',
      publicApi: 'pippenger',
      own: () => msm(m220.points, m220.scalars, tables220),
      pub: () => pippenger(ristretto255.Point, m220.points, m220.scalars),
      same: (a, b) => (a as Point).equals(b as Point),
    },
    {
      name: 'msm 220 terms, cached tables (W=5 both)',
      publicApi: 'interleavedMSMUnsafe (tables built once)',
      own: () => msm(m220.points, m220.scalars, tables220),
      pub: () => pub220(m220.scalars),
      same: (a, b) => (a as Point).equals(b as Point),
    },
    {
      name: 'decode ×52',
      publicApi: 'Point.fromBytes',
      own: () => encodings.map((b, i) => decodePoint(b, `card ${i}`)),
      pub: () => encodings.map((b) => ristretto255.Point.fromBytes(b)),
      same: (a, b) => pointsEqual(a as Point[], b as Point[]),
    },
    {
      name: 'encode 52 published points',
      publicApi: 'Point.toBytes each',
      own: () => encodeDoubled(halves),
      pub: () => {
        const out = new Uint8Array(32 * 52);
        wholes.forEach((p, i) => out.set(p.toBytes(), 32 * i));
        return out;
      },
      same: (a, b) => bytesEqual(a as Uint8Array, b as Uint8Array),
    },
    {
      name: 'hash to group ×52',
      publicApi: 'ristretto255_hasher.hashToCurve',
      own: () => hashInputs.map((m) => hashToGroup(m, DST)),
      pub: () => hashInputs.map((m) => ristretto255_hasher.hashToCurve(m, { DST }) as unknown as Point),
      same: (a, b) => pointsEqual(a as Point[], b as Point[]),
    },
    {
      name: "12 X25519 (a 4-seat hand's pair keys)",
      publicApi: 'x25519.getSharedSecret (the ladder)',
      own: () => pairs.map(([k, theirs]) => x25519Shared(k, theirs)),
      pub: () => pairs.map(([k, theirs]) => x25519.getSharedSecret(k, theirs)),
      same: (a, b) => (a as Uint8Array[]).every((x, i) => bytesEqual(x, (b as Uint8Array[])[i]!)),
    },
    {
      name: '4 X25519 public keys',
      publicApi: 'x25519.getPublicKey (the ladder)',
      own: () => sealSecrets.map((k) => x25519PublicKey(k)),
      pub: () => sealSecrets.map((k) => x25519.getPublicKey(k)),
      same: (a, b) => (a as Uint8Array[]).every((x, i) => bytesEqual(x, (b as Uint8Array[])[i]!)),
    },
  ];
  return { floor, list };
}

export async function nobleBench(opts: { rounds?: number } = {}): Promise<NobleBench> {
  const rounds = opts.rounds ?? 9;
  precomputeBase();
  const { floor, list } = cases();
  // Warm-up (JIT, noble's lazy tables) and the agreement check.
  floor();
  for (const c of list) {
    if (!c.same(c.own(), c.pub())) throw new Error(`bench noble: "${c.name}": own and public results differ`);
    c.own();
    c.pub();
  }
  const floors: number[] = [];
  const own = list.map(() => [] as number[]);
  const pub = list.map(() => [] as number[]);
  const ownF = list.map(() => [] as number[]);
  const pubF = list.map(() => [] as number[]);
  const ratio = list.map(() => [] as number[]);
  for (let r = 0; r < rounds; r++) {
    const f1 = timed(floor);
    const times = list.map((c) => {
      const [a, b] = r % 2 ? [timed(c.pub), timed(c.own)] : [timed(c.own), timed(c.pub)];
      return r % 2 ? [b, a] : [a, b];
    });
    const f = (f1 + timed(floor)) / 2;
    floors.push(f);
    times.forEach(([o, p], i) => {
      own[i]!.push(o!);
      pub[i]!.push(p!);
      ownF[i]!.push(o! / f);
      pubF[i]!.push(p! / f);
      ratio[i]!.push(p! / o!);
    });
  }
  const pkg = path.join(import.meta.dirname, '../node_modules/@noble/curves/package.json');
  const { version } = JSON.parse(readFileSync(pkg, 'utf8')) as { version: string };
  return {
    nobleVersion: version,
    rounds,
    floorCpuMs: r3(median(floors)),
    rows: list.map((c, i) => ({
      name: c.name,
      publicApi: c.publicApi,
      ownCpuMs: r3(median(own[i]!)),
      publicCpuMs: r3(median(pub[i]!)),
      ownFloors: r3(median(ownF[i]!)),
      publicFloors: r3(median(pubF[i]!)),
      publicOverOwn: Math.round(median(ratio[i]!) * 100) / 100,
      publicInUse: c.publicInUse ?? false,
    })),
  };
}

export function printNoble(r: NobleBench): void {
  console.log(`@noble/curves ${r.nobleVersion}, ${r.rounds} rounds, floor (2 × 52 mulSecret) ${r.floorCpuMs} CPU ms`);
  console.log(
    'case                                         own floors  public floors  public/own  verdict   public API',
  );
  for (const row of r.rows)
    console.log(
      `${row.name.padEnd(44)} ${String(row.ownFloors).padStart(10)}  ${String(row.publicFloors).padStart(13)}  ${String(row.publicOverOwn).padStart(10)}  ${(row.publicInUse ? 'in use' : row.publicOverOwn > 1.15 ? 'keep own' : 'public').padEnd(8)}  ${row.publicApi}`,
    );
}
