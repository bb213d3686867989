/**
 * The mesh on its own (no lobby: every author admitted), over the in-memory
 * transport with real signatures: what goes on the wire when a message is
 * flooded, how copies are deduplicated before any signature check without
 * hiding equivocation, how an unsigned keep-alive keeps a hello-bound link
 * (and only such a link) alive, and that a peer that squats another's peer id
 * cannot take its place (F11).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { encodeEnvelope, keyHex, signEnvelope, type Envelope } from '../../src/net/envelope.js';
import { MemoryNetwork, type MemoryTransport } from '../../src/net/memory-transport.js';
import { KEEPALIVE } from '../../src/net/link-frames.js';
import { Mesh } from '../../src/net/mesh.js';
import type { MeshTiming, Rejection } from '../../src/net/mesh-types.js';
import { peerIdFor } from '../../src/net/peer-id.js';
import { eventually } from '../helpers/lobby-peers.js';
import { testSigner } from '../helpers/signers.js';

const TABLE = 'meshtest-0011223344556677';
// A generous dead-link time: on a loaded machine a short one drops links mid-test (which is not what these tests are about).
const FAST: Partial<MeshTiming> = {
  heartbeatMs: 50,
  linkDeadAfterMs: 3000,
  presenceMs: 80,
  presenceFreshMs: 3000,
  reconnectMs: 100,
};

interface Peer {
  readonly seed: number;
  readonly key: string;
  readonly id: string;
  readonly mesh: Mesh;
  readonly transport: MemoryTransport;
  readonly received: Envelope[];
  readonly rejections: Rejection[];
  /** Every frame this peer's transport put on the wire (keep-alives included). */
  readonly sent: Uint8Array[];
}

let started: Peer[] = [];
afterEach(() => {
  for (const peer of started) peer.mesh.stop();
  started = [];
});

async function startPeer(
  network: MemoryNetwork,
  seed: number,
  options: { id?: string; timing?: Partial<MeshTiming> } = {},
): Promise<Peer> {
  const signer = testSigner(seed);
  const key = keyHex(signer.publicKey);
  const id = options.id ?? peerIdFor(TABLE, key);
  const transport = network.createTransport(id);
  const sent: Uint8Array[] = [];
  const send = transport.send.bind(transport);
  transport.send = (remote, bytes) => {
    sent.push(bytes);
    return send(remote, bytes);
  };
  const mesh = new Mesh({ table: TABLE, signer, transport, name: `p${seed}`, timing: options.timing ?? FAST });
  const peer: Peer = { seed, key, id, mesh, transport, received: [], rejections: [], sent };
  await mesh.start({
    message: (envelope) => peer.received.push(envelope),
    rejected: (rejection) => peer.rejections.push(rejection),
    changed: () => {},
    problem: () => {},
  });
  started.push(peer);
  return peer;
}

/** n peers, all linked, each having heard every other's presence (so each knows who links to whom). */
async function fullMesh(
  n: number,
  network = new MemoryNetwork({ defaultDelayMs: 1 }),
): Promise<{ network: MemoryNetwork; peers: Peer[] }> {
  const peers: Peer[] = [];
  for (let i = 1; i <= n; i++) peers.push(await startPeer(network, 40 + i));
  for (const peer of peers) peer.mesh.want(peers.map((p) => p.id));
  await eventually(() => {
    for (const peer of peers)
      for (const other of peers) expect(peer.mesh.reachability(other.key)).toMatch(/self|direct/);
    for (const peer of peers)
      for (const other of peers.filter((p) => p !== peer)) {
        expect(
          peer.received.some(
            (e) => e.kind === 'presence' && keyHex(e.from) === other.key && e.body.links.length === n - 1,
          ),
        ).toBe(true);
      }
  });
  return { network, peers };
}

const sameBytes = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((x, i) => x === b[i]);
const copiesOnWire = (peers: Peer[], bytes: Uint8Array) =>
  peers.reduce((n, p) => n + p.sent.filter((s) => sameBytes(s, bytes)).length, 0);

describe('flooding', () => {
  it('sends a message once to each peer: nobody passes on what its author sent to everyone itself', async () => {
    const { peers } = await fullMesh(4);
    const [author, ...others] = peers as [Peer, ...Peer[]];
    const envelope = author.mesh.send('leave', { rosterVersion: 1 });
    const bytes = encodeEnvelope(envelope);
    await eventually(() => {
      for (const peer of others)
        expect(peer.received.filter((e) => keyHex(e.sig) === keyHex(envelope.sig))).toHaveLength(1);
    });
    // The old flood sent 3 + 3·2 = 9 copies; now only the author's own 3 go out.
    expect(copiesOnWire(peers, bytes)).toBe(3);
  });

  it('still relays between two peers that cannot link, and to a peer whose link to the author just broke', async () => {
    const { network, peers } = await fullMesh(3);
    const [ann, bob, cat] = peers as [Peer, Peer, Peer];
    // Ann believes Bob and Cat link directly (their presence said so) when the link breaks and Bob speaks at once.
    network.blockPair(bob.id, cat.id);
    const envelope = bob.mesh.send('leave', { rosterVersion: 2 });
    await eventually(() => expect(cat.received.map((e) => keyHex(e.sig))).toContain(keyHex(envelope.sig)));
    expect(ann.received.map((e) => keyHex(e.sig))).toContain(keyHex(envelope.sig));
    // From now on Bob's presence no longer lists Cat, so Ann relays at once.
    await eventually(() => expect(cat.mesh.reachability(bob.key)).toBe('relayed'));
    const later = bob.mesh.send('leave', { rosterVersion: 3 });
    await eventually(() => expect(cat.received.map((e) => keyHex(e.sig))).toContain(keyHex(later.sig)));
  });
});

describe('deduplication before verification', () => {
  it('drops a copy of accepted bytes, still hands a transcript event up again, and never forwards it twice', async () => {
    const { peers } = await fullMesh(3);
    const [ann, bob, cat] = peers as [Peer, Peer, Peer];
    const event = ann.mesh.sign('table-event', {
      hand: 0,
      n: 0,
      at: 0,
      hash: new Uint8Array(32),
      type: 'ready',
      data: null,
    });
    ann.mesh.broadcast(event);
    await eventually(() => expect(bob.received.filter((e) => e.kind === 'table-event')).toHaveLength(1));
    const catBefore = cat.received.filter((e) => e.kind === 'table-event').length;
    const sentByBob = bob.sent.length;
    // A fetch answer: the same bytes again, straight to Bob.
    expect(ann.mesh.resend(bob.id, event)).toBe(true);
    await eventually(() => expect(bob.received.filter((e) => e.kind === 'table-event')).toHaveLength(2));
    const bytes = encodeEnvelope(event);
    expect(bob.sent.slice(sentByBob).some((s) => sameBytes(s, bytes))).toBe(false);
    expect(cat.received.filter((e) => e.kind === 'table-event')).toHaveLength(catBefore);
  });

  it('verifies a copy that shares a signature but not the bytes (and refuses it)', async () => {
    const { peers } = await fullMesh(2);
    const [ann, bob] = peers as [Peer, Peer];
    const envelope = ann.mesh.send('leave', { rosterVersion: 4 });
    await eventually(() => expect(bob.received.map((e) => keyHex(e.sig))).toContain(keyHex(envelope.sig)));
    const forged = encodeEnvelope({ ...envelope, body: { rosterVersion: 5 } });
    expect(ann.mesh.sendRaw(bob.id, forged)).toBe(true);
    await eventually(() => expect(bob.rejections.map((r) => r.reason)).toContain('bad signature'));
    expect(bob.received.filter((e) => e.kind === 'leave' && e.body.rosterVersion === 5)).toHaveLength(0);
  });

  it('hands up both of two different envelopes under one seq, so the transcript can blame the equivocation', async () => {
    const { peers } = await fullMesh(2);
    const [ann, bob] = peers as [Peer, Peer];
    const seq = ann.mesh.nextSeq();
    const body = (type: 'ready' | 'abandon') => ({ hand: 0, n: 0, at: 0, hash: new Uint8Array(32), type, data: null });
    const one = signEnvelope(testSigner(ann.seed), {
      kind: 'table-event',
      table: TABLE,
      seq,
      to: null,
      body: body('ready'),
    });
    const two = signEnvelope(testSigner(ann.seed), {
      kind: 'table-event',
      table: TABLE,
      seq,
      to: null,
      body: body('abandon'),
    });
    ann.mesh.broadcast(one);
    ann.mesh.broadcast(two);
    await eventually(() =>
      expect(bob.received.filter((e) => e.kind === 'table-event' && e.seq === seq)).toHaveLength(2),
    );
  });
});

describe('replay window', () => {
  const OLD = 60_000_000;
  const kinds = ['hello', 'presence', 'join', 'leave', 'roster'] as const;
  it.each(kinds)('refuses an old %s', async (kind) => {
    const { peers } = await fullMesh(2);
    const [ann, bob] = peers as [Peer, Peer];
    const seq = bob.mesh.nextSeq() - OLD;
    const bodies = {
      hello: { peerId: bob.id, name: 'Bob' },
      presence: { peerId: bob.id, name: 'Bob', links: [ann.id] },
      join: { peerId: bob.id, name: 'Bob', seat: null },
      leave: { rosterVersion: 1 },
      roster: { version: 1, config: { game: 'pesten' as const, seats: 2, options: {} }, seats: [null, null], hands: 0 },
    };
    const stale = signEnvelope(testSigner(bob.seed), {
      kind,
      table: TABLE,
      seq,
      to: null,
      body: bodies[kind],
    } as never);
    const receivedBefore = ann.received.length;
    expect(bob.mesh.sendRaw(ann.id, encodeEnvelope(stale))).toBe(true);
    await eventually(() =>
      expect(ann.rejections).toContainEqual({
        via: bob.id,
        author: bob.key,
        reason: `replayed: seq ${seq} is older than this author's recent messages`,
      }),
    );
    expect(ann.received.slice(receivedBefore).some((e) => e.seq === seq)).toBe(false);
    // The same message at a current seq is taken: it is the age that was refused.
    const fresh = signEnvelope(testSigner(bob.seed), {
      kind,
      table: TABLE,
      seq: bob.mesh.nextSeq(),
      to: null,
      body: bodies[kind],
    } as never);
    expect(bob.mesh.sendRaw(ann.id, encodeEnvelope(fresh))).toBe(true);
    await eventually(() => expect(ann.received.some((e) => e.seq === fresh.seq)).toBe(true));
  });
});

describe('liveness', () => {
  const QUIET: Partial<MeshTiming> = { ...FAST, linkDeadAfterMs: 1000, presenceMs: 3_600_000, reconnectMs: 3_600_000 };

  it('keeps an idle, hello-bound link alive with unsigned keep-alives, and drops it when the peer vanishes', async () => {
    const network = new MemoryNetwork({ defaultDelayMs: 1 });
    const ann = await startPeer(network, 51, { timing: QUIET });
    const bob = await startPeer(network, 52, { timing: QUIET });
    ann.mesh.want([bob.id]);
    await eventually(() => expect(ann.mesh.reachability(bob.key)).toBe('direct'));
    const sentBefore = bob.sent.length;
    // Several times the dead-link limit with nothing to say.
    while (bob.sent.length - sentBefore < 60) await new Promise((resolve) => setTimeout(resolve, 50));
    const idle = bob.sent.slice(sentBefore);
    expect(idle.every((frame) => sameBytes(frame, KEEPALIVE))).toBe(true);
    expect(ann.mesh.reachability(bob.key)).toBe('direct');
    expect(ann.mesh.openLinks()).toEqual([bob.id]);
    network.dropPeer(bob.id);
    await eventually(() => expect(ann.mesh.openLinks()).toEqual([]));
    expect(ann.mesh.reachability(bob.key)).toBe('offline');
  });

  it('does not let keep-alives hold open a link that never proved a key', async () => {
    const network = new MemoryNetwork({ defaultDelayMs: 1 });
    const ann = await startPeer(network, 53, { timing: QUIET });
    const stranger = network.createTransport(peerIdFor(TABLE, keyHex(testSigner(54).publicKey)));
    let opened = false;
    await stranger.start({
      linkOpen: () => (opened = true),
      linkClosed: () => {},
      message: () => {},
      problem: () => {},
    });
    stranger.connect(ann.id);
    await eventually(() => expect(opened).toBe(true));
    expect(ann.mesh.openLinks()).toContain(stranger.localId);
    const beat = setInterval(() => stranger.send(ann.id, KEEPALIVE), 20);
    try {
      await eventually(() => expect(ann.mesh.openLinks()).not.toContain(stranger.localId));
    } finally {
      clearInterval(beat);
      stranger.stop();
    }
  });
});

describe('peer ids belong to keys (F11)', () => {
  it('refuses a hello from a key that does not derive the link’s peer id, and drops the link', async () => {
    const network = new MemoryNetwork({ defaultDelayMs: 1 });
    const ann = await startPeer(network, 61);
    const bobId = peerIdFor(TABLE, keyHex(testSigner(62).publicKey));
    // Mallory registers Bob's peer id before Bob does and dials Ann.
    const mallory = await startPeer(network, 69, { id: bobId });
    mallory.mesh.want([ann.id]);
    await eventually(() =>
      expect(ann.rejections).toContainEqual({
        via: bobId,
        author: mallory.key,
        reason: `hello names peer id ${bobId}, but key ${mallory.key.slice(0, 16)}… owns ${peerIdFor(TABLE, mallory.key)}`,
      }),
    );
    expect(ann.mesh.reachability(mallory.key)).not.toBe('direct');
    expect(ann.mesh.reachability(keyHex(testSigner(62).publicKey))).toBe('offline');
    expect(ann.received.some((e) => keyHex(e.from) === mallory.key)).toBe(false);
  });

  it('refuses a presence or join that names a peer id its author does not own', async () => {
    const { peers } = await fullMesh(2);
    const [ann, bob] = peers as [Peer, Peer];
    const claims = signEnvelope(testSigner(bob.seed), {
      kind: 'join',
      table: TABLE,
      seq: bob.mesh.nextSeq(),
      to: null,
      body: { peerId: ann.id, name: 'Bob', seat: null },
    });
    expect(bob.mesh.sendRaw(ann.id, encodeEnvelope(claims))).toBe(true);
    await eventually(() =>
      expect(ann.rejections.map((r) => r.reason)).toContainEqual(
        expect.stringMatching(/^join names peer id .* but key .* owns /),
      ),
    );
    expect(ann.received.some((e) => e.kind === 'join')).toBe(false);
  });
});
