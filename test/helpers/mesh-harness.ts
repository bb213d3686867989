/**
 * The one-mesh harness of the mesh's rule-by-rule tests (mesh-rules.test.ts):
 * one Mesh under test over the in-memory transport
 * with fake timers, its remotes played by bare transports that send
 * hand-signed envelopes (fixed-seed signers), and a reader of what the mesh
 * put on the wire (keep-alives apart from decoded envelopes). The state of a
 * test (the mesh, what its handlers saw) stays in the test file.
 */
import { vi } from 'vitest';
import { decode as cborDecode } from 'cborg';
import { encodeEnvelope, keyHex, signEnvelope, type EnvelopeOf, type Signer } from '../../src/net/envelope.js';
import type { MemoryNetwork, MemoryTransport } from '../../src/net/memory-transport.js';
import { Mesh } from '../../src/net/mesh.js';
import type { MeshHandlers, MeshTiming } from '../../src/net/mesh-types.js';
import type { BodyOf, Kind } from '../../src/net/messages.js';
import { peerIdFor } from '../../src/net/peer-id.js';
import { testSigner } from './signers.js';

export const TABLE = 'mc-table';
export const TIMING: MeshTiming = {
  heartbeatMs: 100,
  linkDeadAfterMs: 1000,
  presenceMs: 400,
  presenceFreshMs: 800,
  reconnectMs: 300,
};

export interface Remote {
  readonly signer: Signer;
  readonly key: string;
  readonly id: string;
  readonly transport: MemoryTransport;
  /** Frames that arrived from the mesh under test. */
  readonly got: Uint8Array[];
  seq: number;
}

/** Fake timers from time 0 (timers, performance and Date), as every harness test uses. */
export function useMeshClock(): void {
  vi.useFakeTimers({
    now: 0,
    toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'performance', 'Date'],
  });
}

/** Starts the mesh under test (signer seed 1) on `network`. */
export async function startMeshOn(
  network: MemoryNetwork,
  options: { timing?: Partial<MeshTiming>; name?: string; clockUs?: () => number; nowMs?: () => number },
  handlers: MeshHandlers,
): Promise<{ mesh: Mesh; self: Signer }> {
  const self = testSigner(1);
  const transport = network.createTransport(peerIdFor(TABLE, keyHex(self.publicKey)));
  const mesh = new Mesh({
    table: TABLE,
    signer: self,
    transport,
    name: options.name ?? 'Me',
    ...(options.clockUs ? { clockUs: options.clockUs } : {}),
    ...(options.nowMs ? { nowMs: options.nowMs } : {}),
    timing: options.timing ?? TIMING,
  });
  await mesh.start(handlers);
  return { mesh, self };
}

export async function remoteOn(network: MemoryNetwork, seed: number, id?: string): Promise<Remote> {
  const signer = testSigner(seed);
  const key = keyHex(signer.publicKey);
  const transport = network.createTransport(id ?? peerIdFor(TABLE, key));
  const r: Remote = { signer, key, id: transport.localId, transport, got: [], seq: 0 };
  await transport.start({
    linkOpen: () => {},
    linkClosed: () => {},
    message: (_from, bytes) => r.got.push(bytes),
    problem: () => {},
  });
  return r;
}

export const flush = (ms = 2) => vi.advanceTimersByTimeAsync(ms);

export interface EnvelopeOptions {
  seq?: number;
  to?: Uint8Array | null;
  table?: string;
}

export function envelope<K extends Kind>(r: Remote, kind: K, body: BodyOf<K>, options: EnvelopeOptions = {}) {
  r.seq = options.seq ?? r.seq + 1;
  return signEnvelope(r.signer, { kind, table: options.table ?? TABLE, seq: r.seq, to: options.to ?? null, body });
}
export const bytesOf = <K extends Kind>(r: Remote, kind: K, body: BodyOf<K>, options: EnvelopeOptions = {}) =>
  encodeEnvelope(envelope(r, kind, body, options));
export const hello = (r: Remote, peerId = r.id) => bytesOf(r, 'hello', { peerId, name: `r${r.key.slice(0, 2)}` });
export const presence = (r: Remote, links: string[], seq?: number) =>
  bytesOf(r, 'presence', { peerId: r.id, name: 'r', links }, { seq });

/** An envelope as CBOR decodes it, unchecked: the fields of every envelope, and the body as plain fields. */
type DecodedFrame = Omit<EnvelopeOf<Kind>, 'body'> & { readonly body: Record<string, unknown> };

/** What the mesh sent a remote: keep-alives as 'keepalive', envelopes as "kind" (with their decoded form). */
export function frames(r: Remote): { kind: string; raw: Uint8Array; decoded?: DecodedFrame }[] {
  return r.got.map((raw) => {
    if (raw.length === 1 && raw[0] === 0) return { kind: 'keepalive', raw };
    const decoded = cborDecode(raw) as DecodedFrame;
    return { kind: decoded.kind, raw, decoded };
  });
}
export const kinds = (r: Remote) => frames(r).map((f) => f.kind);

/** A remote linked to the mesh (it dialled), its hello sent so the link is bound to its key. */
export async function linkedTo(
  mesh: Mesh,
  network: MemoryNetwork,
  seed: number,
  options: { hello?: boolean } = {},
): Promise<Remote> {
  const r = await remoteOn(network, seed);
  r.transport.connect(mesh.peerId);
  await flush();
  if (options.hello !== false) {
    r.transport.send(mesh.peerId, hello(r));
    await flush();
  }
  return r;
}
