/**
 * Links converge: over the in-memory transport (which keeps its links in the
 * same LinkBook as the PeerJS transport and models its dials: an offer through
 * signaling, open after a round trip), peers that all dial each other at once,
 * under uneven one-way delays, end with exactly one agreed link per pair; an
 * offer lost when signaling goes down mid-flight does not pin a remote as
 * "opening" (the dial timeout drops it and the mesh dials again); nobody dials
 * while signaling is down; a peer that reloads during an outage cannot
 * register until signaling is back, then links up again, its fresh dial
 * replacing the stale link its partner still held.
 */
import { afterEach, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { keyHex } from '../../src/net/envelope.js';
import { MemoryNetwork, type MemoryTransport } from '../../src/net/memory-transport.js';
import { Mesh } from '../../src/net/mesh.js';
import type { MeshTiming } from '../../src/net/mesh-types.js';
import { peerIdFor } from '../../src/net/peer-id.js';
import { keepExistingLink, reconnectDelayMs } from '../../src/net/transport.js';
import { eventually } from '../helpers/lobby-peers.js';
import { testSigner } from '../helpers/signers.js';

const TABLE = 'converge-0011223344556677';
const TIMING: Partial<MeshTiming> = {
  heartbeatMs: 50,
  linkDeadAfterMs: 1500,
  presenceMs: 80,
  presenceFreshMs: 1500,
  reconnectMs: 60,
};
const DIAL_TIMEOUT_MS = 300;

interface Peer {
  readonly seed: number;
  readonly key: string;
  readonly id: string;
  mesh: Mesh;
  transport: MemoryTransport;
  readonly problems: string[];
  /** Bytes each remote sent this peer over the link the transport holds now. */
  readonly heard: Map<string, number>;
}

let running: Peer[] = [];
afterEach(() => {
  for (const peer of running) peer.mesh.stop();
  running = [];
});

async function startPeer(network: MemoryNetwork, seed: number, existing?: Peer): Promise<Peer> {
  const signer = testSigner(seed);
  const key = keyHex(signer.publicKey);
  const id = peerIdFor(TABLE, key);
  const transport = network.createTransport(id);
  const mesh = new Mesh({ table: TABLE, signer, transport, name: `p${seed}`, timing: TIMING });
  const peer: Peer = existing ?? { seed, key, id, mesh, transport, problems: [], heard: new Map() };
  peer.mesh = mesh;
  peer.transport = transport;
  await mesh.start({
    message: () => {},
    rejected: () => {},
    changed: () => {},
    problem: (text) => peer.problems.push(text),
  });
  if (!existing) running.push(peer);
  return peer;
}

/** Every pair: each side holds an open link to the other, and the mesh on each side has bound it by a hello (so both use the same one). */
function expectOneAgreedLinkPerPair(peers: Peer[]): void {
  for (const peer of peers) {
    const others = peers.filter((p) => p !== peer);
    expect(peer.transport.openLinks().sort()).toEqual(others.map((p) => p.id).sort());
    for (const other of others) expect(peer.mesh.reachability(other.key)).toBe('direct');
  }
}

describe('crossed dials', () => {
  it('the tie rule: a remote’s new dial replaces its old one; crossed dials keep the one the smaller id started', () => {
    expect(keepExistingLink('a', 'b', false)).toBe(false);
    expect(keepExistingLink('b', 'a', false)).toBe(false);
    expect(keepExistingLink('a', 'b', true)).toBe(true);
    expect(keepExistingLink('b', 'a', true)).toBe(false);
    expect([0, 1, 2, 3, 4, 5, 6, 20].map(reconnectDelayMs)).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000,
    ]);
  });

  it('peers that all dial each other at once, under uneven delays, agree on one link per pair', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.integer({ min: 0, max: 40 }), { minLength: 12, maxLength: 12 }), async (delays) => {
        const network = new MemoryNetwork({ defaultDelayMs: 1, dialTimeoutMs: DIAL_TIMEOUT_MS });
        const peers: Peer[] = [];
        for (let i = 0; i < 4; i++) peers.push(await startPeer(network, 60 + i));
        let d = 0;
        for (const a of peers) for (const b of peers) if (a !== b) network.setDelay(a.id, b.id, delays[d++]!);
        for (const peer of peers) peer.mesh.want(peers.map((p) => p.id));
        await eventually(() => expectOneAgreedLinkPerPair(peers));
        for (const peer of peers) peer.mesh.stop();
        running = running.filter((p) => !peers.includes(p));
      }),
      { seed: 20261123, numRuns: 6 },
    );
  });
});

describe('a signaling outage', () => {
  it('an offer lost in flight is dropped by the dial timeout and dialled again once signaling is back', async () => {
    const network = new MemoryNetwork({ defaultDelayMs: 1, dialTimeoutMs: DIAL_TIMEOUT_MS });
    const ann = await startPeer(network, 71);
    const bob = await startPeer(network, 72);
    // Ann's offer takes a while; signaling goes down before it arrives, so it is lost.
    network.setDelay(ann.id, bob.id, 80);
    ann.mesh.want([bob.id]);
    network.signalingDown();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(ann.transport.openLinks()).toEqual([]);
    expect(bob.transport.openLinks()).toEqual([]);
    // While signaling is down nobody dials: Bob wants Ann too, and nothing happens.
    bob.mesh.want([ann.id]);
    await new Promise((resolve) => setTimeout(resolve, DIAL_TIMEOUT_MS * 2));
    expect(bob.transport.openLinks()).toEqual([]);
    expect(ann.problems.filter((p) => p.startsWith('lost the signaling server'))).toHaveLength(1);
    network.signalingUp();
    await eventually(() => expectOneAgreedLinkPerPair([ann, bob]));
    expect(ann.problems.filter((p) => p.includes('is back'))).toHaveLength(1);
  });

  it('open links keep working through an outage; a peer reloaded during it registers once signaling is back and links up again', async () => {
    const network = new MemoryNetwork({ defaultDelayMs: 2, dialTimeoutMs: DIAL_TIMEOUT_MS });
    const peers = [await startPeer(network, 81), await startPeer(network, 82), await startPeer(network, 83)];
    network.setDelay(peers[0]!.id, peers[2]!.id, 25);
    network.setDelay(peers[2]!.id, peers[1]!.id, 15);
    for (const peer of peers) peer.mesh.want(peers.map((p) => p.id));
    await eventually(() => expectOneAgreedLinkPerPair(peers));

    network.signalingDown();
    // Still linked without signaling.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expectOneAgreedLinkPerPair(peers);

    // Cat reloads: her page is gone (no close reaches anyone), and the new one cannot register yet.
    const cat = peers[2]!;
    network.dropPeer(cat.id);
    cat.mesh.stop();
    await expect(startPeer(network, cat.seed, cat)).rejects.toThrow(/signaling/);
    network.signalingUp();
    await startPeer(network, cat.seed, cat);
    cat.mesh.want(peers.map((p) => p.id));
    await eventually(() => expectOneAgreedLinkPerPair(peers));
  });
});
