/**
 * The mesh's bookkeeping that mesh-contract.test.ts reaches only on its happy
 * paths (mesh.ts), checked rule by rule with the same one-mesh harness
 * (test/helpers/mesh-harness.ts): the keep-alive is exactly one zero byte;
 * a byte-identical copy of accepted bytes costs a hash and no signature check,
 * an oversized or non-binary frame is refused before it is hashed; a presence
 * is taken only if its seq is newer; a message skipped for a peer the author
 * reaches itself is owed to each skipped peer separately, exactly once, only
 * once fresh presence says the author no longer links to it, never to a link
 * that is gone, and for linkDeadAfterMs + 2 × presenceMs at most; presence is
 * fresh for strictly less than presenceFreshMs. Times are exact (fake timers;
 * the in-memory transport delivers at the time of sending). The limit on
 * skipped messages needs a thousand of them: mesh-skipped-limit.test.ts.
 */
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { encode as cborEncode } from 'cborg';
import { encodeEnvelope, MAX_ENVELOPE_BYTES, type Envelope } from '../../src/net/envelope.js';
import { MemoryNetwork } from '../../src/net/memory-transport.js';
import { KEEPALIVE, Mesh, type MeshTiming, type Rejection } from '../../src/net/mesh.js';
import { SeenEnvelopes } from '../../src/net/seen.js';
import type { Transport, TransportEvents } from '../../src/net/transport.js';
import { SignatureVerifier } from '../../src/net/verify.js';
import { loadedNow } from '../helpers/loaded-now.js';
import {
  bytesOf,
  envelope,
  flush,
  linkedTo,
  presence,
  startMeshOn,
  TABLE,
  TIMING,
  useMeshClock,
  type Remote,
} from '../helpers/mesh-harness.js';
import { testSigner } from '../helpers/signers.js';

let network: MemoryNetwork;
let mesh: Mesh | undefined;
let messages: { envelope: Envelope; via: string }[];
let rejections: Rejection[];
let changes: number;

const handlers = {
  message: (envelope: Envelope, via: string) => messages.push({ envelope, via }),
  rejected: (rejection: Rejection) => rejections.push(rejection),
  changed: () => changes++,
  problem: () => {},
};

beforeEach(() => {
  useMeshClock();
  network = new MemoryNetwork();
  mesh = undefined;
  messages = [];
  rejections = [];
  changes = 0;
});
afterEach(() => {
  mesh?.stop();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

async function startMesh(timing: Partial<MeshTiming> = TIMING): Promise<Mesh> {
  ({ mesh } = await startMeshOn(network, { timing, nowMs: () => Date.now() }, handlers));
  return mesh;
}
const linked = (seed: number, options: { hello?: boolean } = {}): Promise<Remote> =>
  linkedTo(mesh!, network, seed, options);
/** Runs the fake clock up to `ms` (timers due then included). */
const until = (ms: number) => vi.advanceTimersByTimeAsync(ms - Date.now());
const send = (from: Remote, bytes: Uint8Array) => from.transport.send(mesh!.peerId, bytes);
/** How many copies of `bytes` a remote got from the mesh. */
const copies = (r: Remote, bytes: Uint8Array) =>
  r.got.filter((x) => x.length === bytes.length && x.every((y, i) => y === bytes[i])).length;
const leave = (r: Remote, rosterVersion = 1) => bytesOf(r, 'leave', { rosterVersion });

describe('the keep-alive and the copy shortcut', () => {
  test('the keep-alive is exactly one zero byte: other short frames are rejected, a rejection without an author has no author field', async () => {
    await startMesh();
    const r = await linked(2);
    messages.length = 0;
    send(r, KEEPALIVE);
    await flush();
    expect(rejections).toEqual([]);
    send(r, Uint8Array.of(0, 0));
    send(r, Uint8Array.of(1));
    await flush();
    expect(messages).toEqual([]);
    expect(rejections).toHaveLength(2);
    for (const rejection of rejections) expect(Object.keys(rejection).sort()).toEqual(['reason', 'via']);
    expect(rejections[0]!.via).toBe(r.id);
    expect(rejections[0]!.reason).toMatch(/^not canonical CBOR: /);
    expect(rejections[1]!.reason).toMatch(/^bad envelope: /);
  });

  test('a byte-identical copy costs a hash and no signature check; another encoding is verified', async () => {
    await startMesh();
    const r = await linked(2);
    const s = await linked(3);
    messages.length = 0;
    s.got.length = 0;
    const verify = vi.spyOn(SignatureVerifier.prototype, 'verify');
    const e = envelope(r, 'table-event', { hand: 1, n: 0, at: 0, hash: new Uint8Array(32), type: 'ready', data: null });
    const bytes = encodeEnvelope(e);
    send(r, bytes);
    await flush();
    expect(verify).toHaveBeenCalledTimes(1);
    send(r, bytes);
    await flush();
    expect(verify).toHaveBeenCalledTimes(1);
    send(r, cborEncode({ ...e }, { mapSorter: () => 0 }));
    await flush();
    expect(verify).toHaveBeenCalledTimes(2);
    // Handed up each time (a transcript event), forwarded once.
    expect(messages.map((m) => m.envelope.kind)).toEqual(['table-event', 'table-event', 'table-event']);
    expect(copies(s, bytes)).toBe(1);
    expect(s.got.filter((x) => x.length > 1)).toHaveLength(1);
  });

  test('an oversized frame is refused before it is hashed; a frame of exactly MAX_ENVELOPE_BYTES is hashed', async () => {
    await startMesh();
    const r = await linked(2);
    const digest = vi.spyOn(SeenEnvelopes, 'digest');
    const big = () => digest.mock.calls.filter(([b]) => b.length >= MAX_ENVELOPE_BYTES).map(([b]) => b.length);
    send(r, new Uint8Array(MAX_ENVELOPE_BYTES + 1));
    await flush();
    expect(big()).toEqual([]);
    expect(rejections).toEqual([
      { via: r.id, reason: `oversized: ${MAX_ENVELOPE_BYTES + 1} bytes > ${MAX_ENVELOPE_BYTES}` },
    ]);
    send(r, new Uint8Array(MAX_ENVELOPE_BYTES).fill(0xff));
    await flush();
    expect(big()).toEqual([MAX_ENVELOPE_BYTES]);
    expect(rejections).toHaveLength(2);
  });

  test('a frame that is not binary (a hostile data channel can send text) is rejected, not hashed', async () => {
    let events: TransportEvents | undefined;
    const transport: Transport = {
      localId: 'stub',
      start: async (e) => {
        events = e;
      },
      connect: () => {},
      disconnect: () => {},
      send: () => false,
      openLinks: () => [],
      stop: () => {},
    };
    mesh = new Mesh({ table: TABLE, signer: testSigner(1), transport, name: 'Me', timing: TIMING });
    await mesh.start(handlers);
    events!.message('someone', 'not bytes' as unknown as Uint8Array);
    expect(rejections).toEqual([{ via: 'someone', reason: 'not binary data' }]);
  });

  test('the default timing is what a table runs with (loaded afresh)', async () => {
    const fresh = await loadedNow(() => import('../../src/net/mesh.js'));
    expect(fresh.DEFAULT_TIMING).toEqual({
      heartbeatMs: 1500,
      linkDeadAfterMs: 6000,
      presenceMs: 3000,
      presenceFreshMs: 8000,
      reconnectMs: 2500,
    });
  });
});

describe('presence', () => {
  test('a second presence under the same seq is not taken as newer', async () => {
    await startMesh();
    const relay = await linked(3);
    const far = await linked(2);
    send(relay, bytesOf(far, 'presence', { peerId: far.id, name: 'far', links: [relay.id] }, { seq: 2_000 }));
    await flush();
    const before = changes;
    send(relay, bytesOf(far, 'presence', { peerId: far.id, name: 'far', links: [] }, { seq: 2_000 }));
    await flush();
    expect(changes).toBe(before);
  });

  test.each([
    [799, 'skipped'],
    [800, 'sent'],
  ])(
    'with both presences %i ms old, a message straight from the author is %s to a peer both said they link to (fresh means < presenceFreshMs)',
    async (age, outcome) => {
      await startMesh();
      const a = await linked(2);
      const b = await linked(3);
      await until(100);
      send(a, presence(a, [mesh!.peerId, b.id]));
      send(b, presence(b, [mesh!.peerId, a.id]));
      await flush(1);
      await until(100 + age);
      b.got.length = 0;
      const bytes = leave(a);
      send(a, bytes);
      await flush(1);
      expect(copies(b, bytes)).toBe(outcome === 'sent' ? 1 : 0);
    },
  );
});

describe('catch-up of skipped messages', () => {
  /** a and b say they link to each other (and to us); the others link only to us. */
  async function triangle(...others: number[]) {
    await startMesh();
    const a = await linked(2);
    const b = await linked(3);
    const rest = [];
    for (const seed of others) rest.push(await linked(seed));
    send(a, presence(a, [mesh!.peerId, b.id]));
    send(b, presence(b, [mesh!.peerId, a.id]));
    for (const r of rest) send(r, presence(r, [mesh!.peerId]));
    await flush();
    for (const r of [a, b, ...rest]) r.got.length = 0;
    return { a, b, rest };
  }

  test('presence that still has the author and the peer linked owes nothing; the peer gets it once when it stops', async () => {
    const {
      a,
      b,
      rest: [c],
    } = await triangle(4);
    const bytes = leave(a);
    send(a, bytes);
    await flush();
    expect(copies(b, bytes)).toBe(0);
    send(c!, presence(c!, [mesh!.peerId]));
    send(a, presence(a, [mesh!.peerId, b.id]));
    send(b, presence(b, [mesh!.peerId, a.id]));
    await flush();
    expect(copies(b, bytes)).toBe(0);
    send(b, presence(b, [mesh!.peerId]));
    await flush();
    expect(copies(b, bytes)).toBe(1);
    send(a, presence(a, [mesh!.peerId]));
    await flush();
    expect(copies(b, bytes)).toBe(1);
  });

  test('a message skipped for two peers is owed to each when its own link to the author goes, once each', async () => {
    await startMesh();
    const a = await linked(2);
    const b = await linked(3);
    const d = await linked(4);
    send(a, presence(a, [mesh!.peerId, b.id, d.id]));
    send(b, presence(b, [mesh!.peerId, a.id]));
    send(d, presence(d, [mesh!.peerId, a.id]));
    await flush();
    const bytes = leave(a);
    send(a, bytes);
    await flush();
    expect([copies(b, bytes), copies(d, bytes)]).toEqual([0, 0]);
    send(b, presence(b, [mesh!.peerId]));
    await flush();
    expect([copies(b, bytes), copies(d, bytes)]).toEqual([1, 0]);
    send(d, presence(d, [mesh!.peerId]));
    await flush();
    expect([copies(b, bytes), copies(d, bytes)]).toEqual([1, 1]);
    send(d, presence(d, [mesh!.peerId]));
    send(b, presence(b, [mesh!.peerId]));
    await flush();
    expect([copies(b, bytes), copies(d, bytes)]).toEqual([1, 1]);
  });

  test('a skipped peer whose link is gone is owed nothing, and the presence that finds it so is taken as usual', async () => {
    const {
      a,
      b,
      rest: [c],
    } = await triangle(4);
    const bytes = leave(a);
    send(a, bytes);
    await flush();
    b.transport.disconnect(mesh!.peerId);
    await flush();
    expect(mesh!.openLinks()).toEqual([a.id, c!.id]);
    messages.length = 0;
    c!.got.length = 0;
    const before = changes;
    const news = presence(a, [mesh!.peerId]);
    send(a, news);
    await flush();
    expect(messages.map((m) => m.envelope.kind)).toEqual(['presence']);
    expect(changes).toBeGreaterThan(before);
    expect(copies(c!, news)).toBe(1);
    expect(copies(b, bytes)).toBe(0);
  });

  // keepMs = linkDeadAfterMs + 2 × presenceMs = 1000 + 800: a record made at 1000 is gone at the beat of 2800.
  test.each([
    [2799, 1],
    [2800, 0],
  ])(
    'a message skipped at 1000 ms reaches the peer at %i ms %i time(s) (kept for < linkDeadAfterMs + 2 × presenceMs)',
    async (at, expected) => {
      await startMesh();
      const a = await linked(2);
      const b = await linked(3);
      await until(500);
      send(a, presence(a, [mesh!.peerId, b.id]));
      send(b, presence(b, [mesh!.peerId, a.id]));
      await until(1000);
      const bytes = leave(a);
      send(a, bytes);
      await flush(1);
      // Keep both links alive with keep-alives only (a fresh presence would trigger a catch-up).
      for (const t of [1400, 2200]) {
        await until(t);
        send(a, KEEPALIVE);
        send(b, KEEPALIVE);
      }
      await until(at);
      expect(copies(b, bytes)).toBe(0);
      send(b, presence(b, [mesh!.peerId]));
      await flush(1);
      expect(mesh!.openLinks()).toEqual([a.id, b.id]);
      expect(copies(b, bytes)).toBe(expected);
    },
  );
});
