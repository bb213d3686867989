/**
 * Each rule of the mesh (src/net/mesh.ts) shown on one Mesh under test, over
 * the in-memory transport with fake timers, its remotes played by bare
 * transports that send hand-signed envelopes (test/helpers/mesh-harness.ts),
 * so every frame the mesh puts on the wire and every rejection reason it logs
 * can be asserted exactly, at exact times. Covered: hello and presence on a
 * new link; the gate in its order (the keep-alive byte, binary frames, size,
 * the copy shortcut that costs a hash and no signature check, parse,
 * signature, re-encoding, replay window, own-link kinds, peer-id derivation,
 * hello over its own link, admission) and delivery to us or not; flooding
 * (which kinds are passed on, not back, not to the author, directed
 * envelopes, the skip of peers the author reaches itself while presence on
 * both sides is fresh, the catch-up owed to each skipped peer once that link
 * is gone, for how long, and at most 1024 skipped messages kept); presence
 * freshness and reachability; keep-alives and dead links; reconnection of
 * wanted peers, sequence numbers and stop. The whole-mesh tests (mesh.test.ts,
 * convergence.test.ts) show the same rules end to end.
 */

import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { encode as cborEncode } from 'cborg';
import { encodeEnvelope, keyHex, MAX_ENVELOPE_BYTES, type Envelope, type Signer } from '../../src/net/envelope.js';
import { MemoryNetwork } from '../../src/net/memory-transport.js';
import { HOLDS_TAG, KEEPALIVE, MAX_HOLDS } from '../../src/net/link-frames.js';
import { Mesh } from '../../src/net/mesh.js';
import type { MeshTiming, Rejection } from '../../src/net/mesh-types.js';
import type { BodyOf, Kind } from '../../src/net/messages.js';
import { peerIdFor } from '../../src/net/peer-id.js';
import { SeenEnvelopes } from '../../src/net/seen.js';
import type { Transport, TransportEvents } from '../../src/net/transport.js';
import { SignatureVerifier } from '../../src/net/verify.js';
import {
  bytesOf,
  envelope,
  flush,
  frames,
  hello,
  kinds,
  linkedTo,
  presence,
  remoteOn,
  startMeshOn,
  TABLE,
  TIMING,
  useMeshClock,
  type Remote,
} from '../helpers/mesh-harness.js';
import { testSigner } from '../helpers/signers.js';

let network: MemoryNetwork;
let mesh: Mesh;
let self: Signer;
let messages: { envelope: Envelope; via: string }[];
let rejections: Rejection[];
let changes: number;
let problems: string[];
let clockUs: number;

beforeEach(() => {
  useMeshClock();
  network = new MemoryNetwork();
  messages = [];
  rejections = [];
  changes = 0;
  problems = [];
  clockUs = 1_000_000_000;
});
afterEach(() => {
  mesh?.stop();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

const handlers = {
  message: (envelope: Envelope, via: string) => messages.push({ envelope, via }),
  rejected: (rejection: Rejection) => rejections.push(rejection),
  changed: () => changes++,
  problem: (description: string) => problems.push(description),
};

async function startMesh(
  options: { timing?: Partial<MeshTiming>; clock?: boolean; name?: string } = {},
): Promise<Mesh> {
  ({ mesh, self } = await startMeshOn(
    network,
    {
      timing: options.timing,
      name: options.name,
      ...(options.clock === false ? {} : { clockUs: () => clockUs, nowMs: () => Date.now() }),
    },
    handlers,
  ));
  return mesh;
}

const remote = (seed: number, id?: string): Promise<Remote> => remoteOn(network, seed, id);
const linked = (seed: number, options: { hello?: boolean } = {}): Promise<Remote> =>
  linkedTo(mesh, network, seed, options);
/** Runs the fake clock up to `ms` (timers due then included). */
const until = (ms: number) => vi.advanceTimersByTimeAsync(ms - Date.now());
const send = (from: Remote, bytes: Uint8Array) => from.transport.send(mesh.peerId, bytes);
const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');
/** How many copies of each of `sent` a remote got from the mesh (counted in one pass: a thousand frames). */
function copiesOf(r: Remote, sent: Uint8Array[]): number[] {
  const got = new Map<string, number>();
  for (const frame of r.got) got.set(hex(frame), (got.get(hex(frame)) ?? 0) + 1);
  return sent.map((bytes) => got.get(hex(bytes)) ?? 0);
}
/** How many copies of `bytes` a remote got from the mesh. */
const copies = (r: Remote, bytes: Uint8Array) => copiesOf(r, [bytes])[0];
const leave = (r: Remote, rosterVersion = 1) => bytesOf(r, 'leave', { rosterVersion });

describe('a new link', () => {
  test('the mesh says hello (signed, its own peer id and name) then its presence', async () => {
    await startMesh({ name: 'Ann' });
    const r = await linked(2, { hello: false });
    const got = frames(r);
    expect(got.map((f) => f.kind)).toEqual(['hello', 'presence']);
    expect(got[0]!.decoded!.body).toEqual({ peerId: mesh.peerId, name: 'Ann' });
    expect(got[0]!.decoded!.to).toBeNull();
    expect(got[0]!.decoded!.table).toBe(TABLE);
    expect(got[1]!.decoded!.body).toEqual({ peerId: mesh.peerId, name: 'Ann', links: [r.id] });
    expect(mesh.openLinks()).toEqual([r.id]);
    expect(mesh.peerId).toBe(peerIdFor(TABLE, keyHex(self.publicKey)));
    expect(mesh.selfKey).toBe(keyHex(self.publicKey));
    expect(mesh.table).toBe(TABLE);
    expect(changes).toBeGreaterThan(0);
  });

  test('setName changes the name in what is sent next', async () => {
    await startMesh();
    mesh.setName('Bea');
    const r = await linked(2, { hello: false });
    expect(frames(r)[0]!.decoded!.body.name).toBe('Bea');
  });

  test('a hello binds the link: the remote is "direct", and its message is handed up', async () => {
    await startMesh();
    const r = await remote(2);
    expect(mesh.reachability(r.key)).toBe('offline');
    r.transport.connect(mesh.peerId);
    await flush();
    // Linked but not bound: not yet direct.
    expect(mesh.reachability(r.key)).toBe('offline');
    r.transport.send(mesh.peerId, hello(r));
    await flush();
    expect(mesh.reachability(r.key)).toBe('direct');
    expect(mesh.reachability(mesh.selfKey)).toBe('self');
    expect(messages.map((m) => [m.envelope.kind, m.via])).toEqual([['hello', r.id]]);
    expect(rejections).toEqual([]);
  });

  test('a link that closes is announced in a presence to the others, and "changed" fires', async () => {
    await startMesh();
    const a = await linked(2);
    const b = await linked(3);
    a.got.length = 0;
    const before = changes;
    b.transport.disconnect(mesh.peerId);
    await flush();
    expect(mesh.openLinks()).toEqual([a.id]);
    const p = frames(a).filter((f) => f.kind === 'presence');
    expect(p.at(-1)!.decoded!.body.links).toEqual([a.id]);
    expect(changes).toBeGreaterThan(before);
  });

  test('a link that never was is only "changed"', async () => {
    await startMesh();
    const before = changes;
    mesh.want(['nobody-here']);
    await flush();
    expect(changes).toBe(before + 1);
    expect(mesh.openLinks()).toEqual([]);
  });
});

describe('what the mesh announces as changed', () => {
  test('a presence that repeats what is known says nothing; new links in it do, and so does its going stale', async () => {
    await startMesh();
    const a = await linked(2);
    const b = await linked(3);
    a.transport.send(mesh.peerId, presence(a, [mesh.peerId]));
    await flush();
    const known = changes;
    // The peer repeats itself, as every peer does every few seconds; the mesh's own presence goes out meanwhile.
    for (let i = 0; i < 3; i++) {
      a.transport.send(mesh.peerId, presence(a, [mesh.peerId]));
      b.transport.send(mesh.peerId, hello(b));
      await flush(TIMING.presenceMs / 4);
    }
    expect(changes).toBe(known);
    // A link of its own that is new: who reaches whom changed.
    a.transport.send(mesh.peerId, presence(a, [mesh.peerId, b.id]));
    await flush();
    expect(changes).toBe(known + 1);
    expect(mesh.reachability(a.key)).toBe('direct');
    // Then a falls silent: its word goes stale, which the heartbeat announces once, while its link still counts
    // as alive (a link is dead only later).
    const quiet = changes;
    await until(Date.now() + TIMING.presenceFreshMs + TIMING.heartbeatMs);
    expect(TIMING.presenceFreshMs + TIMING.heartbeatMs).toBeLessThan(TIMING.linkDeadAfterMs);
    expect(mesh.reachability(a.key)).toBe('direct');
    expect(changes).toBe(quiet + 1);
  });
});

describe('the gate', () => {
  test('the keep-alive is exactly one zero byte: other short frames are rejected, a rejection without an author has no author field', async () => {
    await startMesh();
    const r = await linked(2);
    messages.length = 0;
    send(r, KEEPALIVE);
    await flush();
    expect(rejections).toEqual([]);
    send(r, Uint8Array.of(0, 0));
    send(r, Uint8Array.of(2));
    await flush();
    expect(messages).toEqual([]);
    expect(rejections).toHaveLength(2);
    for (const rejection of rejections) expect(Object.keys(rejection).sort()).toEqual(['reason', 'via']);
    expect(rejections[0]!.via).toBe(r.id);
    expect(rejections[0]!.reason).toMatch(/^not canonical CBOR: /);
    expect(rejections[1]!.reason).toMatch(/^bad envelope: /);
  });

  test('a holds frame names event signatures: handed to the listener from a bound link, refused from an unbound one or when its length is not 1 + 64 × (1 to MAX_HOLDS)', async () => {
    await startMesh();
    const heard: { sigs: string[]; via: string }[] = [];
    mesh.onHolds((sigs, via) => heard.push({ sigs: sigs.map(hex), via }));
    const bound = await linked(2);
    const unbound = await linked(3, { hello: false });
    messages.length = 0;
    rejections.length = 0;
    const sig = (fill: number) => new Uint8Array(64).fill(fill);
    const frame = (...sigs: Uint8Array[]) => Uint8Array.of(HOLDS_TAG, ...sigs.flatMap((s) => [...s]));
    send(bound, frame(sig(7), sig(8)));
    send(unbound, frame(sig(9)));
    send(bound, frame());
    send(bound, Uint8Array.of(HOLDS_TAG, ...sig(7), 1));
    send(bound, frame(...Array.from({ length: MAX_HOLDS + 1 }, () => sig(5))));
    await flush();
    expect(heard).toEqual([{ sigs: [hex(sig(7)), hex(sig(8))], via: bound.id }]);
    expect(messages).toEqual([]);
    expect(rejections.map((r) => [r.via, r.reason])).toEqual([
      [unbound.id, 'holds frame on a link no signed hello has bound to a key'],
      [bound.id, 'holds frame of 1 bytes: not 1 + 64 × (1 to 256)'],
      [bound.id, 'holds frame of 66 bytes: not 1 + 64 × (1 to 256)'],
      [bound.id, `holds frame of ${1 + 64 * (MAX_HOLDS + 1)} bytes: not 1 + 64 × (1 to 256)`],
    ]);
  });

  test('sendHolds sends one frame per MAX_HOLDS signatures on a bound link, and nothing on an unbound one', async () => {
    await startMesh();
    const bound = await linked(2);
    const unbound = await linked(3, { hello: false });
    for (const r of [bound, unbound]) r.got.length = 0;
    const events = Array.from({ length: MAX_HOLDS + 3 }, (_, n) =>
      envelope(bound, 'table-event', { hand: 0, n, at: 0, hash: new Uint8Array(32), type: 'ready', data: null }),
    );
    const sigs = events.map((e) => e.sig);
    expect(mesh.sendHolds(bound.id, events)).toBe(true);
    expect(mesh.sendHolds(unbound.id, events)).toBe(false);
    await flush();
    const holds = (r: Remote) => r.got.filter((f) => f[0] === HOLDS_TAG);
    expect(holds(bound).map((f) => (f.length - 1) / 64)).toEqual([MAX_HOLDS, 3]);
    expect(hex(holds(bound)[1]!.slice(1, 65))).toBe(hex(sigs[MAX_HOLDS]!));
    expect(holds(unbound)).toEqual([]);
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

  test('garbage and forgeries are rejected with the reason, naming the link', async () => {
    await startMesh();
    const r = await linked(2);
    const other = await remote(3);
    const wrongTable = bytesOf(r, 'leave', { rosterVersion: 1 }, { table: 'elsewhere' });
    const honest = envelope(r, 'leave', { rosterVersion: 1 });
    const forged = encodeEnvelope({ ...honest, from: other.signer.publicKey });
    r.transport.send(mesh.peerId, wrongTable);
    r.transport.send(mesh.peerId, forged);
    await flush();
    expect(rejections).toEqual([
      { via: r.id, reason: 'for another table (elsewhere)' },
      { via: r.id, reason: 'bad signature' },
    ]);
  });

  test('a copy of accepted bytes is dropped silently; another encoding too', async () => {
    await startMesh();
    const r = await linked(2);
    messages.length = 0;
    const e = envelope(r, 'leave', { rosterVersion: 1 });
    const bytes = encodeEnvelope(e);
    r.transport.send(mesh.peerId, bytes);
    r.transport.send(mesh.peerId, bytes);
    // The same signed content in a non-canonical but valid map order.
    const reordered = cborEncode(
      { sig: e.sig, body: e.body, to: e.to, seq: e.seq, from: e.from, table: e.table, kind: e.kind, v: e.v },
      { mapSorter: () => 0 },
    );
    r.transport.send(mesh.peerId, reordered);
    await flush();
    expect(messages.map((m) => m.envelope.kind)).toEqual(['leave']);
    expect(rejections).toEqual([]);
  });

  test('a transcript event seen before is handed up again (if admitted), never forwarded twice', async () => {
    await startMesh();
    const r = await linked(2);
    const s = await linked(3);
    messages.length = 0;
    s.got.length = 0;
    const e = envelope(r, 'table-event', { hand: 1, n: 0, at: 0, hash: new Uint8Array(32), type: 'ready', data: null });
    const bytes = encodeEnvelope(e);
    r.transport.send(mesh.peerId, bytes);
    r.transport.send(mesh.peerId, bytes);
    const reordered = cborEncode({ ...e }, { mapSorter: () => 0 });
    r.transport.send(mesh.peerId, reordered);
    await flush();
    expect(messages.map((m) => m.envelope.kind)).toEqual(['table-event', 'table-event', 'table-event']);
    expect(kinds(s).filter((k) => k === 'table-event')).toEqual(['table-event']);
    // Once the table refuses the author, a copy is not handed up.
    mesh.authorize((env) => (env.kind === 'table-event' ? 'no seat' : null));
    r.transport.send(mesh.peerId, bytes);
    r.transport.send(mesh.peerId, reordered);
    await flush();
    expect(messages).toHaveLength(3);
  });

  test('a byte-identical copy costs a hash and no signature check; another encoding is verified', async () => {
    await startMesh();
    const r = await linked(2);
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
  });

  test('a copy of another kind is not handed up again', async () => {
    await startMesh();
    const r = await linked(2);
    messages.length = 0;
    const e = envelope(r, 'leave', { rosterVersion: 1 });
    r.transport.send(mesh.peerId, encodeEnvelope(e));
    r.transport.send(mesh.peerId, encodeEnvelope(e));
    await flush();
    expect(messages).toHaveLength(1);
  });

  test("the replay window: a seq more than 30 s older than the author's newest is refused, for replay-checked kinds only", async () => {
    await startMesh();
    const r = await linked(2, { hello: false });
    const start = 100_000_000;
    r.transport.send(mesh.peerId, bytesOf(r, 'hello', { peerId: r.id, name: 'r' }, { seq: start }));
    await flush();
    messages.length = 0;
    // Exactly 30 s (in µs) back is still in; one more microsecond is a replay.
    r.transport.send(mesh.peerId, bytesOf(r, 'leave', { rosterVersion: 1 }, { seq: start - 30_000_000 }));
    r.transport.send(mesh.peerId, bytesOf(r, 'leave', { rosterVersion: 2 }, { seq: start - 30_000_000 - 1 }));
    r.transport.send(
      mesh.peerId,
      bytesOf(
        r,
        'table-event',
        { hand: 1, n: 0, at: 0, hash: new Uint8Array(32), type: 'ready', data: null },
        { seq: 1 },
      ),
    );
    r.transport.send(mesh.peerId, bytesOf(r, 'fetch', { hand: 1, have: {} }, { seq: 2 }));
    await flush();
    expect(messages.map((m) => m.envelope.kind)).toEqual(['leave', 'table-event', 'fetch']);
    expect(rejections).toEqual([
      {
        via: r.id,
        author: r.key,
        reason: `replayed: seq ${start - 30_000_000 - 1} is older than this author's recent messages`,
      },
    ]);
  });

  test("fetch must come over the author's own link; relayed kinds need not", async () => {
    await startMesh();
    const r = await linked(2);
    const relay = await linked(3);
    messages.length = 0;
    const fetch = bytesOf(r, 'fetch', { hand: 1, have: {} });
    relay.transport.send(mesh.peerId, fetch);
    relay.transport.send(mesh.peerId, bytesOf(r, 'leave', { rosterVersion: 1 }));
    await flush();
    expect(rejections).toEqual([
      { via: relay.id, author: r.key, reason: "fetch must come over the author's own link" },
    ]);
    r.transport.send(mesh.peerId, bytesOf(r, 'fetch', { hand: 1, have: {} }));
    await flush();
    expect(messages.map((m) => [m.envelope.kind, m.via])).toEqual([
      ['leave', relay.id],
      ['fetch', r.id],
    ]);
  });

  test('a fetch on a link not bound by a hello is refused', async () => {
    await startMesh();
    const r = await linked(2, { hello: false });
    r.transport.send(mesh.peerId, bytesOf(r, 'fetch', { hand: 1, have: {} }));
    await flush();
    expect(rejections.map((x) => x.reason)).toEqual(["fetch must come over the author's own link"]);
  });

  test.each(['presence', 'join'] as const)(
    'a %s naming a peer id not derived from its key is refused; the link stays',
    async (kind) => {
      await startMesh();
      const r = await linked(2);
      const other = await remote(3);
      const body =
        kind === 'presence' ? { peerId: other.id, name: 'x', links: [] } : { peerId: other.id, name: 'x', seat: null };
      r.transport.send(mesh.peerId, bytesOf(r, kind, body as never));
      await flush();
      expect(rejections).toEqual([
        {
          via: r.id,
          author: r.key,
          reason: `${kind} names peer id ${other.id}, but key ${r.key.slice(0, 16)}… owns ${r.id}`,
        },
      ]);
      expect(mesh.openLinks()).toEqual([r.id]);
    },
  );

  test('a hello naming a peer id not derived from its key is refused and its link dropped', async () => {
    await startMesh();
    const squatter = await remote(2, peerIdFor(TABLE, keyHex(testSigner(3).publicKey)));
    squatter.transport.connect(mesh.peerId);
    await flush();
    squatter.transport.send(mesh.peerId, hello(squatter, squatter.id));
    await flush();
    expect(rejections).toEqual([
      {
        via: squatter.id,
        author: squatter.key,
        reason: `hello names peer id ${squatter.id}, but key ${squatter.key.slice(0, 16)}… owns ${peerIdFor(TABLE, squatter.key)}`,
      },
    ]);
    expect(mesh.openLinks()).toEqual([]);
    expect(squatter.transport.openLinks()).toEqual([]);
  });

  test("a hello relayed over someone else's link is refused and that link dropped", async () => {
    await startMesh();
    const relay = await linked(3);
    const r = await remote(2);
    relay.transport.send(mesh.peerId, hello(r));
    await flush();
    expect(rejections).toEqual([
      { via: relay.id, author: r.key, reason: `hello from ${r.id} came over the link of ${relay.id}: not its own` },
    ]);
    expect(mesh.openLinks()).toEqual([]);
    expect(mesh.reachability(relay.key)).toBe('offline');
  });

  test('admission: a refusal is logged with the author and nothing is delivered or forwarded', async () => {
    await startMesh();
    const r = await linked(2);
    const s = await linked(3);
    messages.length = 0;
    s.got.length = 0;
    const seen: string[] = [];
    mesh.authorize((env) => {
      seen.push(env.kind);
      return env.kind === 'leave' ? 'not seated' : null;
    });
    r.transport.send(mesh.peerId, bytesOf(r, 'leave', { rosterVersion: 1 }));
    await flush();
    expect(seen).toEqual(['leave']);
    expect(rejections).toEqual([{ via: r.id, author: r.key, reason: 'not seated' }]);
    expect(messages).toEqual([]);
    expect(kinds(s)).toEqual([]);
    // A refused envelope is not remembered: admitted later, it goes through.
    mesh.authorize(() => null);
    r.transport.send(mesh.peerId, encodeEnvelope(envelope(r, 'leave', { rosterVersion: 1 }, { seq: r.seq })));
    await flush();
    expect(messages.map((m) => m.envelope.kind)).toEqual(['leave']);
  });

  test('an envelope for another key is forwarded but not handed up; one for us is handed up', async () => {
    await startMesh();
    const r = await linked(2);
    const s = await remote(3);
    messages.length = 0;
    r.transport.send(mesh.peerId, bytesOf(r, 'leave', { rosterVersion: 1 }, { to: s.signer.publicKey }));
    r.transport.send(mesh.peerId, bytesOf(r, 'leave', { rosterVersion: 2 }, { to: self.publicKey }));
    await flush();
    expect(messages.map((m) => (m.envelope.body as { rosterVersion: number }).rosterVersion)).toEqual([2]);
  });

  test('nothing is handled after stop', async () => {
    await startMesh();
    const r = await linked(2);
    messages.length = 0;
    mesh.stop();
    expect(mesh.openLinks()).toEqual([]);
    r.transport.send(mesh.peerId, bytesOf(r, 'leave', { rosterVersion: 1 }));
    await flush(5000);
    expect(messages).toEqual([]);
    expect(rejections).toEqual([]);
    expect(r.transport.openLinks()).toEqual([]);
  });
});

describe('flooding', () => {
  test('a relayed kind goes to every other link, not back and not to its author', async () => {
    await startMesh();
    const a = await linked(2);
    const b = await linked(3);
    const c = await linked(4);
    for (const r of [a, b, c]) r.got.length = 0;
    const bytes = bytesOf(a, 'leave', { rosterVersion: 1 });
    b.transport.send(mesh.peerId, bytes);
    await flush();
    expect(kinds(a)).toEqual([]);
    expect(kinds(b)).toEqual([]);
    expect(c.got).toEqual([bytes]);
  });

  test('a direct-only kind is not forwarded', async () => {
    await startMesh();
    const a = await linked(2);
    const b = await linked(3);
    b.got.length = 0;
    a.transport.send(mesh.peerId, bytesOf(a, 'fetch', { hand: 0, have: {} }));
    a.transport.send(mesh.peerId, hello(a));
    await flush();
    expect(kinds(b)).toEqual([]);
  });

  test.each<[Kind, boolean]>([
    ['hello', false],
    ['fetch', false],
    ['presence', true],
    ['join', true],
    ['leave', true],
    ['roster', true],
    ['table-event', true],
    ['echo', true],
    ['chat', true],
  ])('a %s from a linked author is passed on to the other links: %s', async (kind, passedOn) => {
    await startMesh();
    const a = await linked(2);
    const b = await linked(3);
    b.got.length = 0;
    const bodies: { [K in Kind]: BodyOf<K> } = {
      hello: { peerId: a.id, name: 'a' },
      fetch: { hand: 0, have: {} },
      presence: { peerId: a.id, name: 'a', links: [mesh.peerId] },
      join: { peerId: a.id, name: 'a', seat: null },
      leave: { rosterVersion: 1 },
      roster: { version: 1, config: { game: 'pesten', seats: 2, options: {} }, seats: [null, null], hands: 0 },
      'table-event': { hand: 0, n: 0, at: 0, hash: new Uint8Array(32), type: 'ready', data: null },
      echo: { hand: 0, events: [new Uint8Array(64).fill(7)] },
      chat: { type: 'text', text: 'hi' },
    };
    const bytes = bytesOf(a, kind, bodies[kind] as never);
    send(a, bytes);
    await flush();
    expect(messages.map((m) => m.envelope.kind)).toContain(kind);
    expect(copies(b, bytes)).toBe(passedOn ? 1 : 0);
  });

  test('what we send goes to every link; a directed one straight to its key if linked, else flooded', async () => {
    await startMesh();
    const a = await linked(2);
    const b = await linked(3);
    const far = await remote(5);
    a.got.length = 0;
    b.got.length = 0;
    const all = mesh.send('leave', { rosterVersion: 1 });
    expect(all.to).toBeNull();
    const toB = mesh.send('leave', { rosterVersion: 2 }, b.signer.publicKey);
    const toFar = mesh.send('leave', { rosterVersion: 3 }, far.signer.publicKey);
    const toSelf = mesh.send('leave', { rosterVersion: 4 }, self.publicKey);
    await flush();
    expect(a.got).toEqual([encodeEnvelope(all), encodeEnvelope(toFar)]);
    expect(b.got).toEqual([encodeEnvelope(all), encodeEnvelope(toB), encodeEnvelope(toFar)]);
    expect(toSelf.to).toEqual(self.publicKey);
    // Our own envelope coming back is a copy: dropped.
    a.transport.send(mesh.peerId, encodeEnvelope(all));
    await flush();
    expect(messages.filter((m) => m.envelope.kind === 'leave')).toEqual([]);
  });

  test('a directed envelope relayed to us goes on to its linked target only', async () => {
    await startMesh();
    const a = await linked(2);
    const b = await linked(3);
    const c = await linked(4);
    for (const r of [a, b, c]) r.got.length = 0;
    const bytes = bytesOf(a, 'leave', { rosterVersion: 1 }, { to: c.signer.publicKey });
    a.transport.send(mesh.peerId, bytes);
    await flush();
    expect(b.got).toEqual([]);
    expect(c.got).toEqual([bytes]);
  });

  test('a table event addressed to one key is handed up here and passed on to every link but its author, as any table event (the hand is public: its author cannot keep an event on one page)', async () => {
    await startMesh();
    const a = await linked(2);
    const b = await linked(3);
    const c = await linked(4);
    for (const r of [a, b, c]) r.got.length = 0;
    const body = { hand: 0, n: 0, at: 0, hash: new Uint8Array(32), type: 'fault', data: null } as const;
    const toC = bytesOf(a, 'table-event', body, { to: c.signer.publicKey });
    const toUs = bytesOf(a, 'table-event', { ...body, n: 1 }, { to: self.publicKey });
    send(a, toC);
    send(a, toUs);
    await flush();
    expect(messages.filter((m) => m.envelope.kind === 'table-event').map((m) => m.envelope.body)).toEqual([
      body,
      { ...body, n: 1 },
    ]);
    expect([copies(a, toC), copies(b, toC), copies(c, toC)]).toEqual([0, 1, 1]);
    expect([copies(a, toUs), copies(b, toUs), copies(c, toUs)]).toEqual([0, 1, 1]);
  });

  test('sign does not send; broadcast sends it and remembers it; resend and sendRaw send on one link', async () => {
    await startMesh();
    const a = await linked(2);
    const b = await linked(3);
    a.got.length = 0;
    b.got.length = 0;
    const signed = mesh.sign('leave', { rosterVersion: 5 });
    const directed = mesh.sign('leave', { rosterVersion: 6 }, a.signer.publicKey);
    expect(directed.to).toEqual(a.signer.publicKey);
    await flush();
    expect(a.got).toEqual([]);
    mesh.broadcast(signed);
    await flush();
    expect(a.got).toEqual([encodeEnvelope(signed)]);
    expect(mesh.resend(b.id, signed)).toBe(true);
    expect(mesh.sendRaw(b.id, Uint8Array.of(9))).toBe(true);
    expect(mesh.resend('nobody', signed)).toBe(false);
    await flush();
    expect(b.got).toEqual([encodeEnvelope(signed), encodeEnvelope(signed), Uint8Array.of(9)]);
    a.transport.send(mesh.peerId, encodeEnvelope(signed));
    await flush();
    expect(messages.filter((m) => m.envelope.kind === 'leave')).toEqual([]);
  });

  test('the skip needs both sides: if only the author says it links to the peer, the peer gets it', async () => {
    await startMesh();
    const a = await linked(2);
    const b = await linked(3);
    a.transport.send(mesh.peerId, presence(a, [mesh.peerId, b.id]));
    b.transport.send(mesh.peerId, presence(b, [mesh.peerId]));
    await flush();
    b.got.length = 0;
    const bytes = bytesOf(a, 'leave', { rosterVersion: 1 });
    a.transport.send(mesh.peerId, bytes);
    await flush();
    expect(b.got).toEqual([bytes]);
  });

  test('the skip needs the remote to list the author too', async () => {
    await startMesh();
    const a = await linked(2);
    const b = await linked(3);
    a.transport.send(mesh.peerId, presence(a, [mesh.peerId]));
    b.transport.send(mesh.peerId, presence(b, [mesh.peerId, a.id]));
    await flush();
    b.got.length = 0;
    const bytes = bytesOf(a, 'leave', { rosterVersion: 1 });
    a.transport.send(mesh.peerId, bytes);
    await flush();
    expect(b.got).toEqual([bytes]);
  });

  test('a table event straight from its author is not passed to a peer the author links to, nor back where it came from (each page says what it holds in a holds frame instead)', async () => {
    await startMesh();
    const a = await linked(2);
    const b = await linked(3);
    const relay = await linked(5);
    a.transport.send(mesh.peerId, presence(a, [mesh.peerId, b.id]));
    b.transport.send(mesh.peerId, presence(b, [mesh.peerId, a.id]));
    await flush();
    for (const r of [a, b, relay]) r.got.length = 0;
    const ready = (n: number) =>
      bytesOf(a, 'table-event', { hand: 0, n, at: 0, hash: new Uint8Array(32), type: 'ready', data: null });
    const straight = ready(0);
    a.transport.send(mesh.peerId, straight);
    await flush();
    expect([copies(a, straight), copies(b, straight), copies(relay, straight)]).toEqual([0, 0, 1]);
    // Relayed to us: on to everyone but the relay and the author.
    const relayed = ready(1);
    relay.transport.send(mesh.peerId, relayed);
    await flush();
    expect([copies(relay, relayed), copies(b, relayed), copies(a, relayed)]).toEqual([0, 1, 0]);
  });

  test('a message relayed (not from its author) is not skipped', async () => {
    await startMesh();
    const a = await remote(2);
    const relay = await linked(5);
    const b = await linked(3);
    relay.transport.send(mesh.peerId, bytesOf(a, 'presence', { peerId: a.id, name: 'a', links: [b.id] }));
    b.transport.send(mesh.peerId, presence(b, [mesh.peerId, a.id]));
    await flush();
    b.got.length = 0;
    const bytes = bytesOf(a, 'leave', { rosterVersion: 1 });
    relay.transport.send(mesh.peerId, bytes);
    await flush();
    expect(b.got).toEqual([bytes]);
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
      send(a, presence(a, [mesh.peerId, b.id]));
      send(b, presence(b, [mesh.peerId, a.id]));
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
    send(a, presence(a, [mesh.peerId, b.id]));
    send(b, presence(b, [mesh.peerId, a.id]));
    for (const r of rest) send(r, presence(r, [mesh.peerId]));
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
    expect(copies(c!, bytes)).toBe(1);
    send(c!, presence(c!, [mesh.peerId]));
    send(a, presence(a, [mesh.peerId, b.id]));
    send(b, presence(b, [mesh.peerId, a.id]));
    await flush();
    expect(copies(b, bytes)).toBe(0);
    send(b, presence(b, [mesh.peerId]));
    await flush();
    expect(copies(b, bytes)).toBe(1);
    send(a, presence(a, [mesh.peerId]));
    await flush();
    expect(copies(b, bytes)).toBe(1);
  });

  test('a message skipped for two peers is owed to each when its own link to the author goes, once each', async () => {
    await startMesh();
    const a = await linked(2);
    const b = await linked(3);
    const d = await linked(4);
    send(a, presence(a, [mesh.peerId, b.id, d.id]));
    send(b, presence(b, [mesh.peerId, a.id]));
    send(d, presence(d, [mesh.peerId, a.id]));
    await flush();
    const bytes = leave(a);
    send(a, bytes);
    await flush();
    expect([copies(b, bytes), copies(d, bytes)]).toEqual([0, 0]);
    send(b, presence(b, [mesh.peerId]));
    await flush();
    expect([copies(b, bytes), copies(d, bytes)]).toEqual([1, 0]);
    send(d, presence(d, [mesh.peerId]));
    await flush();
    expect([copies(b, bytes), copies(d, bytes)]).toEqual([1, 1]);
    send(d, presence(d, [mesh.peerId]));
    send(b, presence(b, [mesh.peerId]));
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
    b.transport.disconnect(mesh.peerId);
    await flush();
    expect(mesh.openLinks()).toEqual([a.id, c!.id]);
    messages.length = 0;
    c!.got.length = 0;
    const before = changes;
    const news = presence(a, [mesh.peerId]);
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
      send(a, presence(a, [mesh.peerId, b.id]));
      send(b, presence(b, [mesh.peerId, a.id]));
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
      send(b, presence(b, [mesh.peerId]));
      await flush(1);
      expect(mesh.openLinks()).toEqual([a.id, b.id]);
      expect(copies(b, bytes)).toBe(expected);
    },
  );
});

describe('at most 1024 skipped messages are kept', () => {
  /** a and b link each other, as do e and d; every remote links to us. */
  async function twoPairs() {
    await startMesh();
    const [a, b, d, e] = [await linked(2), await linked(3), await linked(4), await linked(5)];
    send(a, presence(a, [mesh.peerId, b.id]));
    send(b, presence(b, [mesh.peerId, a.id]));
    send(e, presence(e, [mesh.peerId, d.id]));
    send(d, presence(d, [mesh.peerId, e.id]));
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
    send(d, presence(d, [mesh.peerId]));
    await flush();
    expect(copies(d, ofE)).toBe(1);
    // Our own message is sent to everyone: skipped for nobody.
    mesh.send('leave', { rosterVersion: 9 });
    const rest = await burst(a, 1023);
    expect(copies(b, first!)).toBe(0);
    send(b, presence(b, [mesh.peerId]));
    await flush();
    expect(copiesOf(b, [first!, ...rest])).toEqual(new Array(1024).fill(1));
  });

  test('the 1025th skipped message makes the mesh forget the oldest', async () => {
    const { a, b } = await twoPairs();
    const sent = await burst(a, 1025);
    send(b, presence(b, [mesh.peerId]));
    await flush();
    expect(copiesOf(b, sent)).toEqual([0, ...new Array(1024).fill(1)]);
  });
});

describe('presence and reachability', () => {
  test('a relayed presence makes its author "relayed" until it is stale', async () => {
    await startMesh();
    const relay = await linked(3);
    const far = await remote(2);
    changes = 0;
    relay.transport.send(mesh.peerId, bytesOf(far, 'presence', { peerId: far.id, name: 'far', links: [relay.id] }));
    await flush();
    expect(changes).toBe(1);
    expect(mesh.reachability(far.key)).toBe('relayed');
    await vi.advanceTimersByTimeAsync(TIMING.presenceFreshMs - 3);
    expect(mesh.reachability(far.key)).toBe('relayed');
    await vi.advanceTimersByTimeAsync(1);
    expect(mesh.reachability(far.key)).toBe('offline');
  });

  test('an older presence arriving late does not replace a newer one', async () => {
    await startMesh();
    const relay = await linked(3);
    const far = await remote(2);
    const newer = bytesOf(far, 'presence', { peerId: far.id, name: 'far', links: [relay.id] }, { seq: 2_000 });
    const older = bytesOf(far, 'presence', { peerId: far.id, name: 'far', links: [] }, { seq: 1_000 });
    relay.transport.send(mesh.peerId, newer);
    await flush();
    await vi.advanceTimersByTimeAsync(500);
    changes = 0;
    relay.transport.send(mesh.peerId, older);
    await flush();
    // Not taken as fresh: the newer one's time still counts.
    expect(changes).toBe(0);
    await vi.advanceTimersByTimeAsync(TIMING.presenceFreshMs - 504);
    expect(mesh.reachability(far.key)).toBe('offline');
  });

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

  test('a presence with seq 0 is taken', async () => {
    await startMesh();
    const relay = await linked(3);
    const far = await remote(2);
    relay.transport.send(mesh.peerId, bytesOf(far, 'presence', { peerId: far.id, name: 'far', links: [] }, { seq: 0 }));
    await flush();
    expect(mesh.reachability(far.key)).toBe('relayed');
  });

  test('presence is announced every presenceMs while there are links, with the open links', async () => {
    await startMesh();
    const a = await linked(2);
    a.got.length = 0;
    await vi.advanceTimersByTimeAsync(TIMING.presenceMs * 2 + 1);
    const p = frames(a).filter((f) => f.kind === 'presence');
    expect(p).toHaveLength(2);
    expect(p[0]!.decoded!.body).toEqual({ peerId: mesh.peerId, name: 'Me', links: [a.id] });
  });

  test('no presence with no links', async () => {
    await startMesh();
    const before = changes;
    await vi.advanceTimersByTimeAsync(TIMING.presenceMs * 3);
    expect(changes).toBe(before);
  });
});

describe('liveness', () => {
  test('an idle link gets a keep-alive once half a heartbeat passed since we last sent', async () => {
    await startMesh({ timing: { ...TIMING, presenceMs: 100_000 } });
    const a = await linked(2);
    a.got.length = 0;
    await vi.advanceTimersByTimeAsync(TIMING.heartbeatMs);
    expect(kinds(a)).toEqual(['keepalive']);
    // Sending something resets the idle time: no keep-alive on the next beat.
    await vi.advanceTimersByTimeAsync(TIMING.heartbeatMs - 30);
    mesh.send('leave', { rosterVersion: 1 });
    await vi.advanceTimersByTimeAsync(30);
    expect(kinds(a)).toEqual(['keepalive', 'leave']);
    await vi.advanceTimersByTimeAsync(TIMING.heartbeatMs);
    expect(kinds(a)).toEqual(['keepalive', 'leave', 'keepalive']);
  });

  test('a beat exactly half a heartbeat after the last send sends a keep-alive', async () => {
    await startMesh({ timing: { ...TIMING, presenceMs: 100_000 } });
    const a = await linked(2);
    // Beats are at 100, 200 …: send at 150, so the beat at 200 finds it exactly 50 ms idle.
    await vi.advanceTimersByTimeAsync(150 - Date.now());
    a.got.length = 0;
    mesh.send('leave', { rosterVersion: 1 });
    await vi.advanceTimersByTimeAsync(50);
    await flush();
    expect(kinds(a)).toEqual(['leave', 'keepalive']);
  });

  test('a bound link that says nothing for linkDeadAfterMs is dropped; keep-alives keep it', async () => {
    await startMesh({ timing: { ...TIMING, presenceMs: 100_000 } });
    const quiet = await linked(2);
    const chatty = await linked(3);
    changes = 0;
    for (let t = 0; t < TIMING.linkDeadAfterMs + 200; t += 100) {
      chatty.transport.send(mesh.peerId, KEEPALIVE);
      await vi.advanceTimersByTimeAsync(100);
    }
    expect(mesh.openLinks()).toEqual([chatty.id]);
    expect(mesh.reachability(quiet.key)).toBe('offline');
    expect(mesh.reachability(chatty.key)).toBe('direct');
    expect(changes).toBeGreaterThan(0);
    await flush();
    expect(quiet.transport.openLinks()).toEqual([]);
  });

  test('a link is dead only after more than linkDeadAfterMs', async () => {
    await startMesh({
      timing: {
        heartbeatMs: 100,
        linkDeadAfterMs: 200,
        presenceMs: 100_000,
        presenceFreshMs: 800,
        reconnectMs: 100_000,
      },
    });
    const r = await linked(2);
    // Last heard at exactly 100; the beat at 300 finds it exactly 200 ms quiet: still alive.
    await vi.advanceTimersByTimeAsync(100 - Date.now());
    r.transport.send(mesh.peerId, KEEPALIVE);
    await vi.advanceTimersByTimeAsync(200);
    expect(Date.now()).toBe(300);
    expect(mesh.openLinks()).toEqual([r.id]);
    await vi.advanceTimersByTimeAsync(100);
    expect(mesh.openLinks()).toEqual([]);
  });

  test('direct ends exactly linkDeadAfterMs after last heard', async () => {
    await startMesh({
      timing: {
        heartbeatMs: 100_000,
        linkDeadAfterMs: 300,
        presenceMs: 100_000,
        presenceFreshMs: 100,
        reconnectMs: 100_000,
      },
    });
    const r = await linked(2);
    await vi.advanceTimersByTimeAsync(100 - Date.now());
    r.transport.send(mesh.peerId, KEEPALIVE);
    await vi.advanceTimersByTimeAsync(299);
    expect(mesh.reachability(r.key)).toBe('direct');
    await vi.advanceTimersByTimeAsync(1);
    expect(mesh.reachability(r.key)).toBe('offline');
  });

  test('keep-alives on a link no hello bound do not keep it alive', async () => {
    await startMesh({ timing: { ...TIMING, presenceMs: 100_000 } });
    const r = await linked(2, { hello: false });
    for (let t = 0; t < TIMING.linkDeadAfterMs + 200; t += 100) {
      r.transport.send(mesh.peerId, KEEPALIVE);
      await vi.advanceTimersByTimeAsync(100);
    }
    expect(mesh.openLinks()).toEqual([]);
  });

  test('anything from a bound link keeps it alive, not only keep-alives', async () => {
    await startMesh({ timing: { ...TIMING, presenceMs: 100_000 } });
    const r = await linked(2);
    for (let t = 0; t < TIMING.linkDeadAfterMs + 200; t += 100) {
      r.transport.send(mesh.peerId, Uint8Array.of(1, 2));
      await vi.advanceTimersByTimeAsync(100);
    }
    expect(mesh.openLinks()).toEqual([r.id]);
  });
});

describe('wanted peers and sequence numbers', () => {
  test('want dials the wanted peers (not itself) and again every reconnectMs until linked', async () => {
    await startMesh({ timing: { ...TIMING, presenceMs: 100_000 } });
    const a = await remote(2);
    const later = testSigner(3);
    const laterId = peerIdFor(TABLE, keyHex(later.publicKey));
    mesh.want([a.id, mesh.peerId, laterId]);
    await flush();
    expect(mesh.openLinks()).toEqual([a.id]);
    const b = await remote(3);
    await vi.advanceTimersByTimeAsync(TIMING.reconnectMs - Date.now());
    await flush();
    expect(mesh.openLinks()).toEqual([a.id, b.id]);
    // want replaces the list: a peer no longer wanted is not redialled.
    mesh.want([]);
    b.transport.disconnect(mesh.peerId);
    await vi.advanceTimersByTimeAsync(TIMING.reconnectMs * 2);
    expect(mesh.openLinks()).toEqual([a.id]);
  });

  test('seq follows the clock, and is strictly increasing when the clock stalls', async () => {
    await startMesh();
    clockUs = 5_000.7;
    expect(mesh.nextSeq()).toBe(5_000);
    expect(mesh.nextSeq()).toBe(5_001);
    clockUs = 10;
    expect(mesh.nextSeq()).toBe(5_002);
    clockUs = 9_000;
    expect(mesh.sign('leave', { rosterVersion: 0 }).seq).toBe(9_000);
    expect(mesh.send('leave', { rosterVersion: 0 }).seq).toBe(9_001);
  });

  test('by default seq is the wall clock in µs and time is the wall clock', async () => {
    vi.setSystemTime(1_700_000_000_000);
    await startMesh({ clock: false });
    expect(mesh.nextSeq()).toBe(1_700_000_000_000_000);
    const relay = await linked(3);
    const far = await remote(2);
    relay.transport.send(mesh.peerId, bytesOf(far, 'presence', { peerId: far.id, name: 'far', links: [] }));
    await flush();
    expect(mesh.reachability(far.key)).toBe('relayed');
    await vi.advanceTimersByTimeAsync(TIMING.presenceFreshMs);
    expect(mesh.reachability(far.key)).toBe('offline');
  });

  test('with default timing, presence is every 3 s and a quiet bound link dies after 6 s', async () => {
    self = testSigner(1);
    const transport = network.createTransport(peerIdFor(TABLE, keyHex(self.publicKey)));
    mesh = new Mesh({ table: TABLE, signer: self, transport, name: 'Me', timing: { reconnectMs: 2500 } });
    await mesh.start({ message: () => {}, rejected: () => {}, changed: () => {}, problem: () => {} });
    const r = await linked(2);
    r.got.length = 0;
    await vi.advanceTimersByTimeAsync(3000);
    expect(kinds(r).filter((k) => k === 'presence')).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(3000);
    expect(mesh.openLinks()).toEqual([r.id]);
    await vi.advanceTimersByTimeAsync(1500);
    expect(mesh.openLinks()).toEqual([]);
  });

  test('with default timing, a relayed presence is fresh for 8 s and a wanted peer is dialled again every 2.5 s', async () => {
    self = testSigner(1);
    const transport = network.createTransport(peerIdFor(TABLE, keyHex(self.publicKey)));
    mesh = new Mesh({ table: TABLE, signer: self, transport, name: 'Me' });
    await mesh.start(handlers);
    const started = Date.now();
    const later = testSigner(4);
    mesh.want([peerIdFor(TABLE, keyHex(later.publicKey))]);
    const relay = await linked(3);
    const far = await remote(2);
    relay.transport.send(mesh.peerId, bytesOf(far, 'presence', { peerId: far.id, name: 'far', links: [relay.id] }));
    await flush();
    const heard = Date.now();
    // The relay stays linked by keep-alives; only the age of the presence counts.
    const keepAliveUntil = async (ms: number) => {
      while (Date.now() < ms) {
        relay.transport.send(mesh.peerId, KEEPALIVE);
        await vi.advanceTimersByTimeAsync(Math.min(1000, ms - Date.now()));
      }
    };
    await keepAliveUntil(heard + 7_900);
    expect(mesh.reachability(far.key)).toBe('relayed');
    await keepAliveUntil(heard + 8_100);
    expect(mesh.reachability(far.key)).toBe('offline');
    // The wanted peer comes online; the mesh dials it at the next multiple of 2.5 s after its start.
    const late = await remote(4);
    const nextDial = started + Math.ceil((Date.now() - started + 1) / 2500) * 2500;
    await keepAliveUntil(nextDial - 100);
    expect(mesh.openLinks()).not.toContain(late.id);
    await keepAliveUntil(nextDial + 100);
    expect(mesh.openLinks()).toContain(late.id);
  });

  test('problems from the transport reach the handlers', async () => {
    await startMesh();
    network.signalingDown();
    expect(problems).toEqual(['lost the signaling server; reconnecting (open links keep working)']);
    network.signalingUp();
  });

  test('stop clears the timers', async () => {
    await startMesh();
    await linked(2);
    mesh.stop();
    await flush(10);
    expect(vi.getTimerCount()).toBe(0);
  });
});
