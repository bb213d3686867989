/**
 * The PeerJS transport (src/net/peerjs-transport.ts) where it really runs: in
 * Chromium (Vitest browser mode), over real WebRTC data channels, registered
 * with a real signaling server (the `peer` package, started and stopped by
 * signaling-commands.ts). Two or three transports share one page, exactly as
 * two tabs would share a machine. Checked: registration, links both ways,
 * bytes in order and intact (also past PeerJS's 16 KiB chunk size), crossed
 * dials settled to one link, a dial to nobody given up at once, an id still
 * held by the server retried until free, the same id and token again
 * answered at once by Fairdeck's server and, on a bare PeerServer that adopts
 * the second socket without answering, let go and asked again, a signaling outage reported once
 * and its end once with open links untouched (never dropped for being
 * quiet), a quiet link kept alive under the application and never
 * restarted, non-binary data refused, and stop. The mesh above it (heartbeats, signatures) is not involved.
 */
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { commands } from 'vitest/browser';
import { Peer } from 'peerjs';
import { PeerJsTransport } from '../../src/net/peerjs-transport.js';
import { RESTART_GIVE_UP_MS, SILENT_MS } from '../../src/net/ice-restart-policy.js';
import { sdpAttribute } from '../../src/net/ice-restart-message.js';
import { KEEPALIVE_MS } from '../../src/net/keep-alive.js';
import { SignalingError, type SignalingConfig } from '../../src/net/signaling.js';
import type { TransportEvents } from '../../src/net/transport.js';

const PATH = '/fairdeck';
let port = 0;
let run = 0;
const started: { stop(): void }[] = [];

beforeAll(async () => {
  port = await commands.startSignaling();
});

afterEach(() => {
  for (const transport of started.splice(0)) transport.stop();
});

afterAll(async () => {
  await commands.stopSignaling(port);
});

function signaling(onPort = port): SignalingConfig {
  return { host: '127.0.0.1', port: onPort, path: PATH, secure: false, iceServers: [] };
}

/** A fresh id per test and name, so no test meets a registration another left behind. */
function idOf(name: string): string {
  return `fd-bt-${run}-${name}`;
}

interface Recorded {
  readonly events: TransportEvents;
  /** 'open X', 'closed X', 'problem …' in the order they came. */
  readonly log: string[];
  /** Every message as `from: bytes`. */
  readonly messages: { from: string; bytes: Uint8Array }[];
}

function recorder(): Recorded {
  const log: string[] = [];
  const messages: { from: string; bytes: Uint8Array }[] = [];
  return {
    log,
    messages,
    events: {
      linkOpen: (remote) => log.push(`open ${remote}`),
      linkClosed: (remote) => log.push(`closed ${remote}`),
      message: (remote, bytes) => messages.push({ from: remote, bytes: bytes.slice() }),
      problem: (description) => log.push(`problem ${description}`),
    },
  };
}

async function startTransport(
  name: string,
  onPort = port,
  token = `token-${name}`,
): Promise<{ transport: PeerJsTransport } & Recorded> {
  const transport = new PeerJsTransport(idOf(name), { signaling: signaling(onPort), token });
  const recorded = recorder();
  started.push(transport);
  await transport.start(recorded.events);
  return { transport, ...recorded };
}

const until = (check: () => void) => vi.waitFor(check, { timeout: 30_000, interval: 20 });

/**
 * What a transport's open connection to `remote` shows of its path: the local
 * ICE ufrag (a restart changes it), the ICE state, and the keep-alive beats
 * received (the data channel's own statistics). PeerJS keeps its connections
 * on the Peer, which the transport keeps private.
 */
async function pathOf(
  transport: PeerJsTransport,
  remote: string,
): Promise<{ ufrag: string | null; ice: RTCIceConnectionState; beatsIn: number }> {
  const peer = (transport as unknown as { peer: Peer }).peer;
  const connections = (peer.connections as Record<string, { open: boolean; peerConnection: RTCPeerConnection }[]>)[
    remote
  ];
  const pc = connections?.find((c) => c.open)?.peerConnection;
  if (!pc) throw new Error(`no open connection to ${remote}`);
  let beatsIn = 0;
  (await pc.getStats()).forEach((s: { type: string; label?: string; messagesReceived?: number }) => {
    if (s.type === 'data-channel' && s.label === 'fairdeck-keepalive') beatsIn = s.messagesReceived ?? 0;
  });
  return { ufrag: sdpAttribute(pc.localDescription?.sdp ?? '', 'ice-ufrag'), ice: pc.iceConnectionState, beatsIn };
}

/** Two registered transports with one open link between them (a dialled b). */
async function linkedPair(): Promise<{
  a: Awaited<ReturnType<typeof startTransport>>;
  b: Awaited<ReturnType<typeof startTransport>>;
}> {
  const a = await startTransport('a');
  const b = await startTransport('b');
  a.transport.connect(b.transport.localId);
  await until(() => {
    expect(a.transport.openLinks()).toEqual([b.transport.localId]);
    expect(b.transport.openLinks()).toEqual([a.transport.localId]);
  });
  return { a, b };
}

describe('the PeerJS transport in Chromium, over WebRTC', () => {
  afterEach(() => {
    run += 1;
  });

  test('a dial opens one link on both sides, and bytes arrive intact and in order both ways', async () => {
    const { a, b } = await linkedPair();
    expect(a.log).toEqual([`open ${b.transport.localId}`]);
    expect(b.log).toEqual([`open ${a.transport.localId}`]);
    const big = Uint8Array.from({ length: 100_000 }, (_, i) => (i * 7 + 3) & 0xff);
    expect(a.transport.send(b.transport.localId, Uint8Array.of(1, 2, 3))).toBe(true);
    expect(a.transport.send(b.transport.localId, big)).toBe(true);
    expect(a.transport.send(b.transport.localId, Uint8Array.of(4))).toBe(true);
    expect(b.transport.send(a.transport.localId, Uint8Array.of(9, 8))).toBe(true);
    await until(() => expect(b.messages).toHaveLength(3));
    await until(() => expect(a.messages).toHaveLength(1));
    expect(b.messages.map((m) => m.from)).toEqual([a.transport.localId, a.transport.localId, a.transport.localId]);
    expect(Array.from(b.messages[0]!.bytes)).toEqual([1, 2, 3]);
    expect(b.messages[1]!.bytes).toEqual(big);
    expect(Array.from(b.messages[2]!.bytes)).toEqual([4]);
    expect(a.messages[0]!.from).toBe(b.transport.localId);
    expect(Array.from(a.messages[0]!.bytes)).toEqual([9, 8]);
    // A second dial while linked, a dial to itself: nothing new.
    a.transport.connect(b.transport.localId);
    b.transport.connect(a.transport.localId);
    a.transport.connect(a.transport.localId);
    expect(a.transport.send(a.transport.localId, Uint8Array.of(1))).toBe(false);
    expect(a.transport.send(idOf('nobody'), Uint8Array.of(1))).toBe(false);
    expect(a.transport.openLinks()).toEqual([b.transport.localId]);
    expect(a.log).toEqual([`open ${b.transport.localId}`]);
    expect(b.log).toEqual([`open ${a.transport.localId}`]);
  });

  test('crossed dials settle on one link that carries data', async () => {
    const a = await startTransport('a');
    const b = await startTransport('b');
    a.transport.connect(b.transport.localId);
    b.transport.connect(a.transport.localId);
    await until(() => {
      expect(a.transport.openLinks()).toEqual([b.transport.localId]);
      expect(b.transport.openLinks()).toEqual([a.transport.localId]);
    });
    expect(a.transport.send(b.transport.localId, Uint8Array.of(5))).toBe(true);
    expect(b.transport.send(a.transport.localId, Uint8Array.of(6))).toBe(true);
    await until(() => expect(b.messages.map((m) => Array.from(m.bytes))).toEqual([[5]]));
    await until(() => expect(a.messages.map((m) => Array.from(m.bytes))).toEqual([[6]]));
    expect(a.log.filter((line) => line.startsWith('open'))).toEqual([`open ${b.transport.localId}`]);
    expect(b.log.filter((line) => line.startsWith('open'))).toEqual([`open ${a.transport.localId}`]);
  });

  test('disconnect drops the link at once and says so; a new dial opens it again', async () => {
    const { a, b } = await linkedPair();
    a.transport.disconnect(b.transport.localId);
    expect(a.transport.openLinks()).toEqual([]);
    expect(a.transport.send(b.transport.localId, Uint8Array.of(1))).toBe(false);
    expect(a.log).toEqual([`open ${b.transport.localId}`, `closed ${b.transport.localId}`]);
    a.transport.disconnect(b.transport.localId);
    expect(a.log).toHaveLength(2);
    a.transport.connect(b.transport.localId);
    await until(() => expect(a.transport.openLinks()).toEqual([b.transport.localId]));
    expect(a.transport.send(b.transport.localId, Uint8Array.of(7))).toBe(true);
    await until(() => expect(b.messages.map((m) => Array.from(m.bytes))).toEqual([[7]]));
  });

  test('a dial to an id nobody holds is given up and said so, and a later dial to it once it registers opens', async () => {
    const a = await startTransport('a');
    const late = idOf('late');
    a.transport.connect(late);
    await until(() => expect(a.log).toEqual([`closed ${late}`]));
    expect(a.transport.openLinks()).toEqual([]);
    const c = await startTransport('late');
    a.transport.connect(late);
    await until(() => expect(a.transport.openLinks()).toEqual([late]));
    await until(() => expect(c.log).toEqual([`open ${a.transport.localId}`]));
    expect(a.log).toEqual([`closed ${late}`, `open ${late}`]);
  });

  test('a reloaded page whose id the server still holds retries, says so once, and gets the id when it is free', async () => {
    const first = await startTransport('same', port, 'token-same');
    const second = new PeerJsTransport(first.transport.localId, { signaling: signaling(), token: 'token-same-2' });
    started.push(second);
    const recorded = recorder();
    const registering = second.start(recorded.events);
    await until(() =>
      expect(recorded.log).toEqual(['problem peer id still held by the signaling server (a reloaded page); retrying']),
    );
    first.transport.stop();
    await registering;
    expect(recorded.log).toEqual(['problem peer id still held by the signaling server (a reloaded page); retrying']);
    // Registered for real: another peer reaches it.
    const other = await startTransport('other');
    other.transport.connect(second.localId);
    await until(() => expect(second.openLinks()).toEqual([other.transport.localId]));
  });

  test('a page that asks for its id again with its own token while the server still holds its socket gets the id', async () => {
    // Fairdeck's servers (here `npm run signal`) say OPEN when they move a held id and token to the new socket.
    const first = await startTransport('again', port, 'token-again');
    const second = new PeerJsTransport(first.transport.localId, { signaling: signaling(), token: 'token-again' });
    started.push(second);
    const recorded = recorder();
    await second.start(recorded.events);
    expect(recorded.log).toEqual([]);
    // Registered for real: another peer reaches it.
    const other = await startTransport('other');
    other.transport.connect(second.localId);
    await until(() => expect(second.openLinks()).toEqual([other.transport.localId]));
  });

  test('the same on a bare PeerServer, which moves the id without a word: the page lets it go, asks again, gets it', async () => {
    // The `peer` package alone adopts the new socket for an id and token it holds and sends no OPEN: the page gives up
    // waiting, lets the id go and asks again (Retry on a table page, or a quick reload, meets this).
    const bare = await commands.startBareSignaling();
    try {
      const first = await startTransport('again-bare', bare, 'token-again-bare');
      const second = new PeerJsTransport(first.transport.localId, {
        signaling: signaling(bare),
        token: 'token-again-bare',
      });
      started.push(second);
      const recorded = recorder();
      await second.start(recorded.events);
      expect(recorded.log).toEqual(['problem peer id still held by the signaling server (a reloaded page); retrying']);
      const other = await startTransport('other-bare', bare);
      other.transport.connect(second.localId);
      await until(() => expect(second.openLinks()).toEqual([other.transport.localId]));
    } finally {
      await commands.stopSignaling(bare);
    }
  });

  test('a signaling server that is not there is a SignalingError naming it, at once', async () => {
    const free = await commands.startSignaling();
    await commands.stopSignaling(free);
    const transport = new PeerJsTransport(idOf('alone'), { signaling: signaling(free), token: 't' });
    started.push(transport);
    const recorded = recorder();
    const error = await transport.start(recorded.events).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(SignalingError);
    expect((error as SignalingError).type).toBe('network');
    expect((error as SignalingError).message).toMatch(
      new RegExp(`^could not reach the signaling server ws://127\\.0\\.0\\.1:${free}/fairdeck/: \\S`),
    );
    expect(recorded.log).toEqual([]);
  });

  test('a signaling outage is reported once, open links keep working, and its end is reported once', async () => {
    const own = await commands.startSignaling();
    const a = await startTransport('a', own);
    const b = await startTransport('b', own);
    a.transport.connect(b.transport.localId);
    await until(() => expect(b.transport.openLinks()).toEqual([a.transport.localId]));
    await commands.stopSignaling(own);
    const lost = `problem lost the signaling server ws://127.0.0.1:${own}/fairdeck/; reconnecting (open links keep working)`;
    await until(() => expect(a.log).toContain(lost));
    await until(() => expect(b.log).toContain(lost));
    // While signaling is down, no dial goes out (PeerJS would drop its offer silently).
    a.transport.connect(idOf('c'));
    expect(a.transport.openLinks()).toEqual([b.transport.localId]);
    expect(a.transport.send(b.transport.localId, Uint8Array.of(1, 1))).toBe(true);
    await until(() => expect(b.messages.map((m) => Array.from(m.bytes))).toEqual([[1, 1]]));
    // Let a few reconnect attempts fail (1 s, 2 s …): still one line.
    await new Promise((resolve) => setTimeout(resolve, 3500));
    expect(a.log.filter((line) => line.startsWith('problem'))).toEqual([lost]);
    await commands.startSignaling(own);
    await until(() => expect(a.log.filter((line) => line.startsWith('problem signaling server'))).toHaveLength(1));
    const back = a.log.filter((line) => line.startsWith('problem'));
    expect(back[0]).toBe(lost);
    const seconds = new RegExp(
      `^problem signaling server ws://127\\.0\\.0\\.1:${own}/fairdeck/ is back after (\\d+) s$`,
    ).exec(back[1] ?? '');
    expect(seconds, back[1]).not.toBeNull();
    // The server was down for the 3.5 s waited above at least (and the next retry came later).
    expect(Number(seconds![1])).toBeGreaterThanOrEqual(3);
    expect(back).toHaveLength(2);
    // Back for real: a newcomer is reached through it.
    const c = await startTransport('c', own);
    a.transport.connect(c.transport.localId);
    await until(() => expect(c.transport.openLinks()).toEqual([a.transport.localId]));
    expect(a.log.filter((line) => line.startsWith('closed'))).toEqual([]);
    await commands.stopSignaling(own);
  });

  test('a side that sends data and hears the other side sends no beats of its own meanwhile, and the link is neither restarted nor dropped', async () => {
    const { a, b } = await linkedPair();
    // Each side's first beat tells the other that it keeps the link alive; it goes whatever else the link carries.
    await until(async () => {
      for (const path of [
        await pathOf(a.transport, b.transport.localId),
        await pathOf(b.transport, a.transport.localId),
      ])
        expect(path.beatsIn).toBeGreaterThanOrEqual(1);
    });
    const before = await Promise.all([
      pathOf(a.transport, b.transport.localId),
      pathOf(b.transport, a.transport.localId),
    ]);
    // a sends a byte every 100 ms for longer than a silence that would be trouble, and then some; b sends nothing.
    const sends = Math.ceil((SILENT_MS + 1500) / 100);
    for (let i = 0; i < sends; i++) {
      expect(a.transport.send(b.transport.localId, Uint8Array.of(i % 256))).toBe(true);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const after = await Promise.all([
      pathOf(a.transport, b.transport.localId),
      pathOf(b.transport, a.transport.localId),
    ]);
    await until(() => expect(b.messages).toHaveLength(sends));
    // b heard a's data and no beat from a; a heard b's beats all along.
    expect(after[1]!.beatsIn).toBe(before[1]!.beatsIn);
    expect(after[0]!.beatsIn - before[0]!.beatsIn).toBeGreaterThanOrEqual(Math.floor(SILENT_MS / KEEPALIVE_MS));
    expect(after.map((p) => p.ufrag)).toEqual(before.map((p) => p.ufrag));
    expect(after.map((p) => p.ice)).toEqual(['connected', 'connected']);
    expect(a.log).toEqual([`open ${b.transport.localId}`]);
    expect(b.log).toEqual([`open ${a.transport.localId}`]);
  });

  test('a link the application leaves quiet is kept alive under it: neither restarted nor dropped', async () => {
    const { a, b } = await linkedPair();
    const before = await Promise.all([
      pathOf(a.transport, b.transport.localId),
      pathOf(b.transport, a.transport.localId),
    ]);
    // Past the silence a dead path shows, a restart's whole episode, and then some; nobody sends a thing.
    await new Promise((resolve) => setTimeout(resolve, SILENT_MS + RESTART_GIVE_UP_MS + 1500));
    const after = await Promise.all([
      pathOf(a.transport, b.transport.localId),
      pathOf(b.transport, a.transport.localId),
    ]);
    // The same ICE credentials: no restart was offered or answered. Keep-alive beats went both ways.
    expect(after.map((p) => p.ufrag)).toEqual(before.map((p) => p.ufrag));
    for (const path of after) {
      expect(path.beatsIn).toBeGreaterThanOrEqual(Math.floor((SILENT_MS + RESTART_GIVE_UP_MS) / KEEPALIVE_MS));
      expect(path.ice).toBe('connected');
    }
    expect(a.log).toEqual([`open ${b.transport.localId}`]);
    expect(b.log).toEqual([`open ${a.transport.localId}`]);
    expect(a.transport.send(b.transport.localId, Uint8Array.of(2))).toBe(true);
    await until(() => expect(b.messages.map((m) => Array.from(m.bytes))).toEqual([[2]]));
  });

  test('a link dropped and dialled again from the other side is kept alive too', async () => {
    const { a, b } = await linkedPair();
    a.transport.disconnect(b.transport.localId);
    await until(() => expect(b.transport.openLinks()).toEqual([]));
    b.transport.connect(a.transport.localId);
    await until(() => {
      expect(a.transport.openLinks()).toEqual([b.transport.localId]);
      expect(b.transport.openLinks()).toEqual([a.transport.localId]);
    });
    await until(async () => {
      for (const path of [
        await pathOf(a.transport, b.transport.localId),
        await pathOf(b.transport, a.transport.localId),
      ])
        expect(path.beatsIn).toBeGreaterThanOrEqual(2);
    });
  });

  test('text instead of bytes is dropped and reported, once a minute at most', async () => {
    const a = await startTransport('a');
    const raw = new Peer(idOf('raw'), {
      host: '127.0.0.1',
      port,
      path: PATH,
      secure: false,
      token: 'raw',
      debug: 0,
      config: { iceServers: [] },
    });
    started.push({ stop: () => raw.destroy() });
    await new Promise<void>((resolve, reject) => {
      raw.once('open', () => resolve());
      raw.once('error', reject);
    });
    const connection = raw.connect(a.transport.localId, { reliable: true, serialization: 'binary' });
    await new Promise<void>((resolve) => connection.once('open', () => resolve()));
    await until(() => expect(a.transport.openLinks()).toEqual([idOf('raw')]));
    void connection.send('not bytes');
    void connection.send('still not bytes');
    void connection.send(Uint8Array.of(3));
    await until(() => expect(a.messages).toHaveLength(1));
    expect(Array.from(a.messages[0]!.bytes)).toEqual([3]);
    expect(a.log).toEqual([`open ${idOf('raw')}`, `problem non-binary data from ${idOf('raw')} ignored`]);
  });

  test('stop closes every link and leaves signaling: the remote sees the link go, the id is free again', async () => {
    const { a, b } = await linkedPair();
    a.transport.stop();
    expect(a.transport.openLinks()).toEqual([]);
    expect(a.transport.send(b.transport.localId, Uint8Array.of(1))).toBe(false);
    await until(() => expect(b.log).toContain(`closed ${a.transport.localId}`));
    expect(b.transport.openLinks()).toEqual([]);
    a.transport.connect(b.transport.localId);
    expect(a.transport.openLinks()).toEqual([]);
    const again = new PeerJsTransport(a.transport.localId, { signaling: signaling(), token: 'token-a' });
    started.push(again);
    // The server frees the id when it sees the signaling socket close, which can come after the link's close
    // reached b: a start at once may be told the id is still held and retry. A held id (a stop that did not
    // leave signaling) would stay held for the server's alive timeout (60 s), past every retry.
    const recorded = recorder();
    await again.start(recorded.events);
    expect(recorded.log.filter((line) => !/^problem peer id still held .*; retrying$/.test(line))).toEqual([]);
  });
});
