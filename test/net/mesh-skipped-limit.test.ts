/**
 * At most SKIPPED_LIMIT (1024) messages skipped for a peer the author reaches
 * itself are kept by the mesh (mesh.ts forward/catchUp), the oldest forgotten
 * first, and neither a record catch-up has emptied nor a message skipped for
 * nobody takes a place. Reaching the limit takes a thousand messages, tens of
 * seconds on a busy machine, so this lives apart from mesh-forwarding.test.ts
 * (which the mutation run uses) and runs with the unit suite.
 */
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { encodeEnvelope } from '../../src/net/envelope.js';
import { MemoryNetwork } from '../../src/net/memory-transport.js';
import type { Mesh } from '../../src/net/mesh.js';
import { SignatureVerifier } from '../../src/net/verify.js';
import {
  bytesOf,
  envelope,
  flush,
  linkedTo,
  presence,
  startMeshOn,
  TIMING,
  useMeshClock,
  type Remote,
} from '../helpers/mesh-harness.js';

let network: MemoryNetwork;
let mesh: Mesh | undefined;

beforeEach(() => {
  useMeshClock();
  network = new MemoryNetwork();
});
afterEach(() => {
  mesh?.stop();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

async function startMesh(): Promise<Mesh> {
  ({ mesh } = await startMeshOn(
    network,
    { timing: TIMING, nowMs: () => Date.now() },
    { message: () => {}, rejected: () => {}, changed: () => {}, problem: () => {} },
  ));
  return mesh;
}
const linked = (seed: number): Promise<Remote> => linkedTo(mesh!, network, seed);
const send = (from: Remote, bytes: Uint8Array) => from.transport.send(mesh!.peerId, bytes);
const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');
/** How many copies of each of `sent` a remote got from the mesh (counted in one pass: a thousand frames). */
function copiesOf(r: Remote, sent: Uint8Array[]): number[] {
  const got = new Map<string, number>();
  for (const frame of r.got) got.set(hex(frame), (got.get(hex(frame)) ?? 0) + 1);
  return sent.map((bytes) => got.get(hex(bytes)) ?? 0);
}
const copies = (r: Remote, bytes: Uint8Array) => copiesOf(r, [bytes])[0];
const leave = (r: Remote, rosterVersion = 1) => bytesOf(r, 'leave', { rosterVersion });

describe('at most SKIPPED_LIMIT (1024) skipped messages', () => {
  /** a and b link each other, as do e and d; every remote links to us. */
  async function twoPairs() {
    await startMesh();
    const [a, b, d, e] = [await linked(2), await linked(3), await linked(4), await linked(5)];
    send(a, presence(a, [mesh!.peerId, b.id]));
    send(b, presence(b, [mesh!.peerId, a.id]));
    send(e, presence(e, [mesh!.peerId, d.id]));
    send(d, presence(d, [mesh!.peerId, e.id]));
    await flush();
    return { a, b, d, e };
  }
  /**
   * `n` messages straight from `a`, sent in one go. Signing and checking a thousand signatures
   * takes a minute on a busy machine, and signatures are not what this is about: the verifier
   * says yes, and each message carries a distinct made-up signature (the mesh keys copies by it).
   */
  async function burst(a: Remote, n: number): Promise<Uint8Array[]> {
    vi.spyOn(SignatureVerifier.prototype, 'verify').mockReturnValue(true);
    const base = envelope(a, 'leave', { rosterVersion: 0 });
    a.seq += n;
    const sent = Array.from({ length: n }, (_, i) => {
      const sig = new Uint8Array(64);
      new DataView(sig.buffer).setUint32(0, base.seq + i + 1);
      return encodeEnvelope({ ...base, seq: base.seq + i + 1, body: { rosterVersion: i + 1 }, sig });
    });
    for (const bytes of sent) send(a, bytes);
    await flush();
    return sent;
  }

  test('a full list is caught up whole: an emptied record and a message skipped for nobody take no place', async () => {
    const { a, b, d, e } = await twoPairs();
    const [first] = await burst(a, 1);
    // A message of e's skipped for d, caught up at once: its record empties.
    const ofE = leave(e);
    send(e, ofE);
    await flush();
    send(d, presence(d, [mesh!.peerId]));
    await flush();
    expect(copies(d, ofE)).toBe(1);
    // Our own message is sent to everyone: skipped for nobody.
    mesh!.send('leave', { rosterVersion: 9 });
    const rest = await burst(a, 1023);
    expect(copies(b, first!)).toBe(0);
    send(b, presence(b, [mesh!.peerId]));
    await flush();
    expect(copiesOf(b, [first!, ...rest])).toEqual(new Array(1024).fill(1));
  });

  test('the 1025th skipped message makes the mesh forget the oldest', async () => {
    const { a, b } = await twoPairs();
    const sent = await burst(a, 1025);
    send(b, presence(b, [mesh!.peerId]));
    await flush();
    expect(copiesOf(b, sent)).toEqual([0, ...new Array(1024).fill(1)]);
  });
});
