/**
 * crypto/seal-proof.ts: a recipient proves that a published X25519 shared
 * secret is the Diffie–Hellman of its own announced seal key and the
 * sender's, so anyone derives the pair key and opens one disputed payload.
 * Known answers on RFC 7748 §6.1's keys (the Edwards lift is checked against
 * noble's ed25519 directly), properties over random key pairs, and a table of
 * hostile inputs: each must be refused with a reason, never thrown.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ed25519, x25519 } from '@noble/curves/ed25519.js';
import {
  SEAL_PROOF_BYTES,
  type RandomSource,
  type SealKeyOpening,
  type SealKeyPair,
  assertSealPublicKey,
  openWith,
  pairKey,
  proveSealKey,
  sealKeyPair,
  sealWith,
  seededRandom,
  verifySealKey,
} from '../../crypto/index.js';
import { runs, seedFor } from '../helpers/depth.js';

const unhex = (h: string) => new Uint8Array(Buffer.from(h, 'hex'));
const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');
const ascii = (s: string) => new Uint8Array(Buffer.from(s, 'ascii'));
const P = 2n ** 255n - 19n;
const L = 2n ** 252n + 27742317777372353535851937790883648493n;
const le = (b: Uint8Array) => b.reduceRight((x, byte) => (x << 8n) | BigInt(byte), 0n);
const toLe = (u: bigint) => {
  const b = new Uint8Array(32);
  for (let i = 0, v = u; i < 32; i++, v >>= 8n) b[i] = Number(v & 255n);
  return b;
};
const Fp = ed25519.Point.Fp;
/** The Edwards point with y = (u−1)/(u+1) and even x (RFC 7748 §4.1 map), written out with noble's field. */
const liftOf = (u: Uint8Array) => ed25519.Point.fromBytes(Fp.toBytes(Fp.div(Fp.sub(le(u), 1n), Fp.add(le(u), 1n))));
/** The u-coordinate (RFC 7748 §4.1: u = (1+y)/(1−y)) of an Edwards point. */
const uOf = (p: InstanceType<typeof ed25519.Point>) => toLe(Fp.div(Fp.add(1n, p.y), Fp.sub(1n, p.y)));

// RFC 7748 §6.1: Alice (the recipient, who proves) and Bob (the sender).
const alice: SealKeyPair = {
  secretKey: unhex('77076d0a7318a57d3c16c17251b26645df4c2f87ebc0992ab177fba51db92c2a'),
  publicKey: unhex('8520f0098930a754748b7ddcb43ef75a0dbf3a0d26381af4eba4a98eaa9b4e6a'),
};
const bob: SealKeyPair = {
  secretKey: unhex('5dab087e624a8a4b79e17f8b83800ee66f3bb1292618b6fd1c2f8b27ff88e0eb'),
  publicKey: unhex('de9edb7d7b7dc1b4d35b61c2ece435373f8343c85b78674dadfc7e146f882b4f'),
};
const SHARED = '4a5d9d5ba4ce2de1728e3bf480350f25e07e21c947d19e3376f09b3c1e161742';
const table = { tableId: ascii('table'), handNo: 3 };
const ctx = { ...table, from: 1, to: 0, message: new Uint8Array(32).fill(7) };

let rng: RandomSource;
let opening: SealKeyOpening;
beforeAll(() => {
  rng = seededRandom('seal-proof');
  opening = proveSealKey(alice, bob.publicKey, ctx, seededRandom('seal-proof-vector'));
});

describe('seal-proof known answers (RFC 7748 §6.1 keys)', () => {
  it('the published Z is the RFC shared secret, and the verified pair key is the one both seats derive', () => {
    expect(hex(opening.shared)).toBe(SHARED);
    expect(opening.proof).toHaveLength(SEAL_PROOF_BYTES);
    const verified = verifySealKey(alice.publicKey, bob.publicKey, opening, ctx, rng);
    expect(verified).toEqual({ ok: true, value: pairKey(alice, bob.publicKey, table) });
    expect(hex(pairKey(bob, alice.publicKey, table))).toBe(hex(pairKey(alice, bob.publicKey, table)));
  });

  it('the proof for a fixed nonce source is these bytes (flip ‖ A ‖ B ‖ z: a change to the transcript, the lift or the layout shows here)', () => {
    expect(hex(opening.proof)).toBe(
      '01c45c5c9d5d1b3fd3ac91f08c4fd5f843cf04e083cb5395d9e670fb90fcb3372d' +
        'c2b23a2d66aa0c4be53c6929a644212a09eb87fd0406a172a1dff6a59e120537' +
        '6da638bcab43354a092fe07bbaf38e1968f5d5988fc74f0e528f7821373ba309',
    );
  });

  it('the lift the proof works on: lift(A) = ±(a/8)·8B and lift(Z) = ±(a/8)·8·lift(B), by noble ed25519 directly', () => {
    const clamp = (k: Uint8Array) => {
      const c = Uint8Array.from(k);
      c[0]! &= 248;
      c[31]! &= 127;
      c[31]! |= 64;
      return le(c);
    };
    const h = clamp(alice.secretKey) >> 3n;
    const G8 = ed25519.Point.BASE.multiply(8n);
    const A = liftOf(alice.publicKey);
    expect([G8.multiply(h), G8.multiply(h).negate()].some((p) => p.equals(A))).toBe(true);
    const Z = liftOf(unhex(SHARED));
    const hP = liftOf(bob.publicKey).clearCofactor().multiply(h);
    expect([hP, hP.negate()].some((p) => p.equals(Z))).toBe(true);
    // and back: the u-coordinates are the RFC's
    expect(hex(uOf(A))).toBe(hex(alice.publicKey));
    expect(hex(uOf(Z))).toBe(SHARED);
  });

  it('a payload sealed by the sender opens under the verified key (the point of publishing it)', () => {
    const sealCtx = { ...table, packet: 4, purpose: 'keys', from: 1, to: 0 };
    const sealed = sealWith(pairKey(bob, alice.publicKey, table), ascii('shares'), sealCtx, rng);
    const verified = verifySealKey(alice.publicKey, bob.publicKey, opening, ctx, rng);
    if (!verified.ok) throw new Error(verified.error);
    expect(hex(openWith(verified.value, sealed, sealCtx).plaintext)).toBe(hex(ascii('shares')));
  });
});

describe('seal-proof properties', () => {
  it('for random key pairs and contexts, an honest opening verifies and gives both seats’ pair key', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 12 }), fc.nat(1000), (seed, handNo) => {
        const r = seededRandom(`prop-${seed}`);
        const me = sealKeyPair(r);
        const them = sealKeyPair(r);
        const c = { tableId: ascii(`t${seed}`), handNo, from: 2, to: 5, message: ascii(seed) };
        const o = proveSealKey(me, them.publicKey, c, r);
        expect(hex(o.shared)).toBe(hex(x25519.getSharedSecret(me.secretKey, them.publicKey)));
        const v = verifySealKey(me.publicKey, them.publicKey, o, c, r);
        expect(v).toEqual({ ok: true, value: pairKey(them, me.publicKey, { tableId: c.tableId, handNo }) });
      }),
      { numRuns: runs(8, 200), seed: seedFor(9497) },
    );
  });

  it('every honest seal key is accepted when announced (none lies on the twist)', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 32, maxLength: 32 }), (secret) => {
        expect(() => assertSealPublicKey(x25519.getPublicKey(secret))).not.toThrow();
      }),
      { numRuns: runs(50, 2000), seed: seedFor(7748) },
    );
  });
});

describe('seal-proof hostile inputs: refused with a reason, never thrown', () => {
  /** A u-coordinate on the quadratic twist (u³ + 486662u² + u a non-square). */
  const twistU = (() => {
    for (let u = 2n; ; u++) {
      const rhs = Fp.add(Fp.mul(Fp.mul(u, u), u + 486662n), u);
      if (Fp.pow(rhs, (P - 1n) / 2n) === P - 1n) return toLe(u);
    }
  })();
  /** A point of order 8 (the u of RFC 7748 §6.1's list, lifted). */
  const order8 = liftOf(toLe(39382357235489614581723060781553021112529911719440698176882885853963445705823n));
  const carol = sealKeyPair(seededRandom('carol'));
  const withProof = (mutate: (p: Uint8Array) => void): SealKeyOpening => {
    const proof = Uint8Array.from(opening.proof);
    mutate(proof);
    return { shared: opening.shared, proof };
  };
  const rows: {
    what: string;
    recipient?: Uint8Array;
    sender?: Uint8Array;
    opening?: () => SealKeyOpening;
    context?: typeof ctx;
    reason: RegExp;
  }[] = [
    {
      what: 'a wrong Z (the DH with another key), with the honest proof',
      opening: () => ({ shared: x25519.getSharedSecret(alice.secretKey, carol.publicKey), proof: opening.proof }),
      reason: /does not verify/,
    },
    {
      what: 'a wrong Z with its own proof against another sender key',
      opening: () => proveSealKey(alice, carol.publicKey, ctx, rng),
      reason: /does not verify/,
    },
    {
      what: 'the proof for another message',
      context: { ...ctx, message: new Uint8Array(32).fill(8) },
      reason: /does not verify/,
    },
    { what: 'the proof for another hand', context: { ...ctx, handNo: 4 }, reason: /does not verify/ },
    { what: 'the proof for another sender seat', context: { ...ctx, from: 2 }, reason: /does not verify/ },
    {
      what: 'swapped keys (the sender as the prover)',
      recipient: bob.publicKey,
      sender: alice.publicKey,
      reason: /does not verify/,
    },
    { what: 'the flip bit flipped', opening: () => withProof((p) => (p[0]! ^= 1)), reason: /does not verify/ },
    { what: 'a flip byte of 2', opening: () => withProof((p) => (p[0] = 2)), reason: /flip byte/ },
    { what: 'a response changed by one', opening: () => withProof((p) => (p[65]! ^= 1)), reason: /does not verify/ },
    {
      what: 'a commitment that is not a ristretto255 encoding',
      opening: () => withProof((p) => p.set(new Uint8Array(32).fill(0xff), 1)),
      reason: /commitment A/,
    },
    {
      what: 'an identity commitment',
      opening: () => withProof((p) => p.set(new Uint8Array(32), 33)),
      reason: /identity/,
    },
    { what: 'a response ≥ ℓ', opening: () => withProof((p) => p.set(toLe(L), 65)), reason: /out of range/ },
    {
      what: 'a proof one byte short',
      opening: () => ({ shared: opening.shared, proof: opening.proof.slice(0, 96) }),
      reason: /97/,
    },
    {
      what: 'Z all zeros (low order)',
      opening: () => ({ shared: new Uint8Array(32), proof: opening.proof }),
      reason: /prime-order subgroup|Curve25519/,
    },
    {
      what: 'Z non-canonical (u + p)',
      opening: () => ({ shared: toLe(le(opening.shared) + P), proof: opening.proof }),
      reason: /canonical/,
    },
    {
      what: 'Z with its top bit set (masked by X25519, but not the bytes both seats derive)',
      opening: () => ({
        shared: Uint8Array.from(opening.shared, (b, i) => (i === 31 ? b | 0x80 : b)),
        proof: opening.proof,
      }),
      reason: /canonical/,
    },
    {
      what: 'Z plus a point of order 8',
      opening: () => ({ shared: uOf(liftOf(opening.shared).add(order8)), proof: opening.proof }),
      reason: /prime-order subgroup/,
    },
    { what: 'Z on the twist', opening: () => ({ shared: twistU, proof: opening.proof }), reason: /Curve25519/ },
    { what: 'a low-order sender key', sender: new Uint8Array(32), reason: /low order/ },
    { what: 'a low-order recipient key', recipient: toLe(1n), reason: /low order/ },
    { what: 'a sender key on the twist', sender: twistU, reason: /twist/ },
    {
      what: 'a recipient key plus a point of order 8',
      recipient: uOf(liftOf(alice.publicKey).add(order8)),
      reason: /prime-order subgroup|does not verify/,
    },
    { what: 'a 31-byte recipient key', recipient: alice.publicKey.slice(0, 31), reason: /32/ },
  ];

  it.each(rows.map((r) => [r.what, r] as const))('%s', (_what, row) => {
    const result = verifySealKey(
      row.recipient ?? alice.publicKey,
      row.sender ?? bob.publicKey,
      row.opening ? row.opening() : opening,
      row.context ?? ctx,
      rng,
    );
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toMatch(row.reason);
  });

  it('the prover refuses a public key that is not its own, and a sender key it cannot prove against', () => {
    expect(() =>
      proveSealKey({ secretKey: alice.secretKey, publicKey: bob.publicKey }, carol.publicKey, ctx, rng),
    ).toThrow(/not the X25519 public key of my secret key/);
    expect(() => proveSealKey(alice, new Uint8Array(32), ctx, rng)).toThrow(/low order/);
    expect(() => proveSealKey(alice, twistU, ctx, rng)).toThrow(/twist/);
  });

  it('announcing a key on the twist is refused like a low-order one', () => {
    expect(() => assertSealPublicKey(twistU, 'their key')).toThrow(/their key: .*twist/);
  });
});
