/**
 * The PeerJS transport's own decisions (src/net/peerjs-transport.ts), under
 * Node, with the `peerjs` module replaced by a scripted stand-in: a fake Peer
 * that records what the transport asks of it (the id and options it is built
 * with, connect(remote, options), destroy, reconnect) and lets each test play
 * the events PeerJS 1.5 emits, in the order its source emits them ('open' on
 * the server's OPEN; an abort before registration is 'error' then destroy,
 * whose disconnect() emits 'disconnected' before the Peer counts as
 * destroyed; a lost socket is 'error' of type network then 'disconnected';
 * reconnect() clears `disconnected` until the next 'open' or loss (or throws,
 * as PeerJS can, before or after clearing it); 'peer-
 * unavailable' names the peer at the end of its words; destroy closes every
 * connection), and fake DataConnections ('open', 'data', 'close' only from an
 * open connection, 'error'; send). The stand-in covers the adapter's
 * decisions only — options, guards, crossed dials, retries and backoff timing
 * (fake timers), outage lines, error words, byte conversion, the once-a-minute
 * report (a test that scripts something PeerJS would not do says so). The real
 * library under Node (no WebRTC: a refused start) is in
 * peerjs-transport-without-webrtc.test.ts; over real WebRTC and a real
 * signaling server it is tested in Chromium by
 * test/browser/peerjs-transport.test.ts, whose contract these tests mirror
 * and extend.
 */
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { PeerJsTransport } from '../../src/net/peerjs-transport.js';
import { loadedNow } from '../helpers/loaded-now.js';
import { SignalingError, type SignalingConfig } from '../../src/net/signaling.js';
import type { TransportEvents } from '../../src/net/transport.js';

const fake = vi.hoisted(() => {
  type Listener = (...args: unknown[]) => void;

  class Emitter {
    private readonly listeners = new Map<string, Listener[]>();
    on(event: string, listener: Listener): this {
      this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
      return this;
    }
    emit(event: string, ...args: unknown[]): boolean {
      const listeners = this.listeners.get(event) ?? [];
      for (const listener of [...listeners]) listener(...args);
      return listeners.length > 0;
    }
    listenerCount(event: string): number {
      return this.listeners.get(event)?.length ?? 0;
    }
    /** PeerJS's emitError: an Error carrying `type`. */
    emitError(type: string, message: string): void {
      this.emit('error', Object.assign(new Error(message), { name: 'PeerError', type }));
    }
  }

  class FakeConnection extends Emitter {
    private isOpen = false;
    /** Closed by either side: the real DataConnection drops its channel's handlers then. */
    ended = false;
    closeCalls = 0;
    readonly sent: unknown[] = [];
    constructor(
      readonly peer: string,
      readonly options: unknown,
    ) {
      super();
    }
    get open(): boolean {
      return this.isOpen;
    }
    /** The RTCPeerConnection under it: none unless a test gives it a stand-in (an ICE restart needs one). */
    peerConnection: unknown = null;
    send(data: unknown): void {
      if (!this.isOpen) {
        this.emitError(
          'not-open-yet',
          'Connection is not open. You should listen for the `open` event before sending messages.',
        );
        return;
      }
      this.sent.push(data);
    }
    /** As DataConnection.close(): cleans up, and says 'close' only if it was open. */
    close(): void {
      this.closeCalls += 1;
      this.ended = true;
      if (!this.isOpen) return;
      this.isOpen = false;
      this.emit('close');
    }
    // ---- what the data channel does ----
    channelOpen(): void {
      if (this.ended) return;
      this.isOpen = true;
      this.emit('open');
    }
    receive(data: unknown): void {
      if (this.ended || !this.isOpen) return;
      this.emit('data', data);
    }
    /** The remote closed (the channel's onclose calls close()). */
    remoteClose(): void {
      if (this.ended) return;
      this.close();
    }
    fail(type: string, message: string): void {
      if (this.ended) return;
      this.emitError(type, message);
    }
  }

  class FakePeer extends Emitter {
    private isOpen = false;
    private isDisconnected = false;
    private isDestroyed = false;
    private lastServerId: string | null = null;
    readonly connections: FakeConnection[] = [];
    readonly connectCalls: { remote: string; options: unknown }[] = [];
    destroyCalls = 0;
    reconnectCalls = 0;
    /**
     * reconnect() throws this many times first, leaving the Peer disconnected (as PeerJS
     * does for a destroyed Peer). PeerJS's other throw, a WebSocket the browser refuses,
     * comes after it cleared `disconnected`: see notes/peerjs-transport.md, "Bugs found".
     */
    reconnectThrows = 0;
    /**
     * reconnect() throws this many times after clearing `disconnected`, as PeerJS 1.5.5 does
     * when `new WebSocket` throws in socket.start (its reconnect() sets `_disconnected = false`
     * and then calls `_initialize`): the Peer is left neither disconnected nor open.
     */
    reconnectThrowsAfterClearing = 0;
    /** reconnect() calls on a Peer neither disconnected nor open: PeerJS logs "In a hurry?" and does nothing. */
    hurriedReconnects = 0;
    constructor(
      readonly id: string,
      readonly options: { host?: string } & Record<string, unknown>,
    ) {
      super();
      if (state.throwOnConstruct !== undefined) throw state.throwOnConstruct;
      // PeerJS reads window.location for host '/': there is none under Node.
      if (options.host === '/') throw new ReferenceError('window is not defined');
      state.peers.push(this);
    }
    get open(): boolean {
      return this.isOpen;
    }
    get disconnected(): boolean {
      return this.isDisconnected;
    }
    get destroyed(): boolean {
      return this.isDestroyed;
    }
    connect(remote: string, options: unknown): FakeConnection | undefined {
      this.connectCalls.push({ remote, options });
      if (this.isDisconnected) {
        this.emitError('disconnected', 'Cannot connect to new Peer after disconnecting from server.');
        return undefined;
      }
      const connection = new FakeConnection(remote, options);
      this.connections.push(connection);
      return connection;
    }
    destroy(): void {
      this.destroyCalls += 1;
      if (this.isDestroyed) return;
      this.disconnect();
      for (const connection of this.connections) connection.close();
      this.isDestroyed = true;
      this.emit('close');
    }
    disconnect(): void {
      if (this.isDisconnected) return;
      this.isDisconnected = true;
      this.isOpen = false;
      this.lastServerId = this.id;
      this.emit('disconnected', this.id);
    }
    reconnect(): void {
      this.reconnectCalls += 1;
      if (this.reconnectThrows > 0) {
        this.reconnectThrows -= 1;
        throw new SyntaxError('The URL is invalid.');
      }
      if (this.isDisconnected && !this.isDestroyed) {
        this.isDisconnected = false;
        if (this.reconnectThrowsAfterClearing > 0) {
          this.reconnectThrowsAfterClearing -= 1;
          throw new SyntaxError('The URL is invalid.');
        }
      } else if (this.isDestroyed) {
        throw new Error('This peer cannot reconnect to the server. It has already been destroyed.');
      } else if (!this.isDisconnected && !this.isOpen) {
        // "In a hurry? We're still trying to make the initial connection!"
        this.hurriedReconnects += 1;
      } else {
        throw new Error(`Peer ${this.id} cannot reconnect because it is not disconnected from the server!`);
      }
    }
    // ---- what the signaling server and the socket do ----
    serverOpen(): void {
      this.lastServerId = this.id;
      this.isOpen = true;
      this.emit('open', this.id);
    }
    /** PeerJS's _abort: the error, then destroy before a registration, disconnect after. */
    abort(type: string, message: string): void {
      this.emitError(type, message);
      if (this.lastServerId === null) this.destroy();
      else this.disconnect();
    }
    idTaken(): void {
      this.abort('unavailable-id', `ID "${this.id}" is taken`);
    }
    /** The socket closed under it. */
    socketLost(): void {
      if (this.isDisconnected) return;
      this.emitError('network', 'Lost connection to server.');
      this.disconnect();
    }
    /** The server's EXPIRE for an offer to `remote`. */
    expire(remote: string): void {
      this.emitError('peer-unavailable', `Could not connect to peer ${remote}`);
    }
    /** An offer from `remote` arrives. */
    offer(remote: string): FakeConnection {
      const connection = new FakeConnection(remote, { reliable: true, serialization: 'binary' });
      this.connections.push(connection);
      this.emit('connection', connection);
      return connection;
    }
  }

  const state = { peers: [] as FakePeer[], throwOnConstruct: undefined as unknown };
  return { state, FakePeer, FakeConnection };
});

vi.mock('peerjs', () => ({ Peer: fake.FakePeer }));

type FakePeer = InstanceType<typeof fake.FakePeer>;
type FakeConnection = InstanceType<typeof fake.FakeConnection>;

const LOCAL = 'fd-b';
/** Smaller than LOCAL: on crossed dials its dial wins. */
const SMALLER = 'fd-a';
/** Bigger than LOCAL: on crossed dials ours wins. */
const BIGGER = 'fd-c';
const SIGNALING: SignalingConfig = {
  host: 'sig.example',
  port: 9443,
  path: '/fairdeck',
  secure: true,
  iceServers: [{ urls: 'stun:stun.example:3478' }, { urls: 'turn:turn.example:3478', username: 'u', credential: 'c' }],
};
const URL = 'wss://sig.example:9443/fairdeck/';
const LOST = `problem lost the signaling server ${URL}; reconnecting (open links keep working)`;
const HELD = 'problem peer id still held by the signaling server (a reloaded page); retrying';
const T0 = Date.UTC(2024, 0, 1);

interface Recorded {
  readonly events: TransportEvents;
  readonly log: string[];
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
      message: (remote, bytes) => messages.push({ from: remote, bytes }),
      problem: (description) => log.push(`problem ${description}`),
    },
  };
}

interface Tracked {
  state: 'pending' | 'resolved' | 'rejected';
  error: unknown;
}

/** Follows a promise without awaiting it, so a start that never settles fails an expect, not a timeout. */
function track(promise: Promise<unknown>): Tracked {
  const tracked: Tracked = { state: 'pending', error: undefined };
  promise.then(
    () => (tracked.state = 'resolved'),
    (error: unknown) => {
      tracked.state = 'rejected';
      tracked.error = error;
    },
  );
  return tracked;
}

/** Lets pending promise callbacks run (no timer moves). */
async function flush(): Promise<void> {
  await vi.advanceTimersByTimeAsync(0);
}

async function advance(ms: number): Promise<void> {
  await vi.advanceTimersByTimeAsync(ms);
}

function lastPeer(): FakePeer {
  const peer = fake.state.peers.at(-1);
  if (!peer) throw new Error('no Peer was built');
  return peer;
}

function transportOf(id = LOCAL, signaling = SIGNALING): PeerJsTransport {
  return new PeerJsTransport(id, { signaling, token: 'secret-token' });
}

/** A transport registered with signaling (its Peer answered 'open'). */
async function registered(): Promise<{ transport: PeerJsTransport; peer: FakePeer } & Recorded> {
  const transport = transportOf();
  const recorded = recorder();
  const starting = track(transport.start(recorded.events));
  const peer = lastPeer();
  peer.serverOpen();
  await flush();
  expect(starting.state).toBe('resolved');
  return { transport, peer, ...recorded };
}

/** Registered, with an open link we dialled to `remote`. */
async function linked(
  remote = BIGGER,
): Promise<{ transport: PeerJsTransport; peer: FakePeer; connection: FakeConnection } & Recorded> {
  const setup = await registered();
  setup.transport.connect(remote);
  const connection = setup.peer.connections.at(-1)!;
  connection.channelOpen();
  expect(setup.transport.openLinks()).toEqual([remote]);
  return { ...setup, connection };
}

/** The transport's journal without times, and without the lines of links opening (each test's set-up has some). */
const journalOf = (transport: PeerJsTransport) =>
  transport.journal.map((entry) => entry.replace(/^\d+ /, '')).filter((entry) => !/: open \S+ \(/.test(entry));

function signalingErrorOf(tracked: Tracked): SignalingError {
  expect(tracked.state).toBe('rejected');
  expect(tracked.error).toBeInstanceOf(SignalingError);
  return tracked.error as SignalingError;
}

beforeEach(() => {
  vi.useFakeTimers({ now: T0 });
  fake.state.peers.length = 0;
  fake.state.throwOnConstruct = undefined;
});

afterEach(() => {
  vi.useRealTimers();
});

describe('registration', () => {
  test('builds Peer(localId, {host, port, path, secure, token, debug 1, config.iceServers}) and resolves on its open, not before', async () => {
    const transport = transportOf();
    const { events, log } = recorder();
    const starting = track(transport.start(events));
    expect(fake.state.peers).toHaveLength(1);
    const peer = lastPeer();
    expect(peer.id).toBe(LOCAL);
    expect(peer.options).toStrictEqual({
      host: 'sig.example',
      port: 9443,
      path: '/fairdeck',
      secure: true,
      token: 'secret-token',
      debug: 1,
      config: { iceServers: SIGNALING.iceServers },
    });
    expect(peer.listenerCount('open')).toBe(1);
    expect(peer.listenerCount('connection')).toBe(1);
    expect(peer.listenerCount('disconnected')).toBe(1);
    expect(peer.listenerCount('error')).toBe(1);
    await advance(7_000);
    expect(starting.state).toBe('pending');
    peer.serverOpen();
    await flush();
    expect(starting.state).toBe('resolved');
    expect(log).toEqual([]);
    expect(peer.destroyCalls).toBe(0);
    expect(transport.signalingUrl).toBe(URL);
  });

  test('names a plain signaling server ws://host:port/path/, and keeps its own id', () => {
    const transport = transportOf(LOCAL, { ...SIGNALING, secure: false, path: '/' });
    expect(transport.localId).toBe(LOCAL);
    expect(transport.signalingUrl).toBe('ws://sig.example:9443/');
  });

  test('a Peer constructor that throws (host "/" without a window) is a SignalingError of type invalid-url with its words, and no retry', async () => {
    const transport = transportOf(LOCAL, { ...SIGNALING, host: '/' });
    const { events, log } = recorder();
    const starting = track(transport.start(events));
    await flush();
    const error = signalingErrorOf(starting);
    expect(error.type).toBe('invalid-url');
    expect(error.message).toBe('could not reach the signaling server wss:///:9443/fairdeck/: window is not defined');
    expect(error.server).toEqual({ ...SIGNALING, host: '/' });
    await advance(10_000);
    expect(fake.state.peers).toHaveLength(0);
    expect(log).toEqual([]);
    // No Peer was kept: nothing to dial with, stop is quiet.
    transport.connect(BIGGER);
    transport.stop();
  });

  test('a constructor that throws something other than an Error keeps its text as the invalid-url detail', async () => {
    fake.state.throwOnConstruct = 'bad host';
    const starting = track(transportOf().start(recorder().events));
    await flush();
    const error = signalingErrorOf(starting);
    expect(error.type).toBe('invalid-url');
    expect(error.message).toBe(`could not reach the signaling server ${URL}: bad host`);
  });

  test('a lost socket before the open destroys the Peer and is a SignalingError of type network with PeerJS words, no retry, no line', async () => {
    const transport = transportOf();
    const { events, log } = recorder();
    const starting = track(transport.start(events));
    const peer = lastPeer();
    peer.socketLost();
    await flush();
    const error = signalingErrorOf(starting);
    expect(error.type).toBe('network');
    expect(error.message).toBe(`could not reach the signaling server ${URL}: Lost connection to server.`);
    expect(error.url).toBe(URL);
    expect(peer.destroyed).toBe(true);
    await advance(60_000);
    expect(fake.state.peers).toHaveLength(1);
    expect(peer.reconnectCalls).toBe(0);
    expect(log).toEqual([]);
  });

  test.each([
    ['server-error', 'Could not get an ID from the server.'],
    ['socket-error', 'socket failed'],
    ['socket-closed', 'Underlying socket is already closed.'],
    ['invalid-id', 'ID "fd-b" is invalid'],
    ['invalid-key', 'API KEY "peerjs" is invalid'],
    ['ssl-unavailable', 'no TLS'],
    ['browser-incompatible', 'The current browser does not support WebRTC'],
    ['webrtc', 'ICE failed'],
  ])(
    'a refusal of type %s before the open rejects at once with that type and words, without a retry or a line',
    async (type, words) => {
      const { events, log } = recorder();
      const starting = track(transportOf().start(events));
      const peer = lastPeer();
      peer.abort(type, words);
      await flush();
      const error = signalingErrorOf(starting);
      expect(error.type).toBe(type);
      expect(error.message).toBe(`could not reach the signaling server ${URL}: ${words}`);
      expect(peer.destroyed).toBe(true);
      await advance(10_000);
      expect(fake.state.peers).toHaveLength(1);
      expect(log).toEqual([]);
    },
  );

  test('an error event that is no PeerError (no type, which PeerJS always sets) is a SignalingError of type unknown; a non-Error keeps its text', async () => {
    const first = track(transportOf().start(recorder().events));
    lastPeer().emit('error', new Error('boom'));
    await flush();
    const plain = signalingErrorOf(first);
    expect(plain.type).toBe('unknown');
    expect(plain.message).toBe(`could not reach the signaling server ${URL}: boom`);

    const second = track(transportOf().start(recorder().events));
    lastPeer().emit('error', 'text only');
    await flush();
    const text = signalingErrorOf(second);
    expect(text.type).toBe('unknown');
    expect(text.message).toBe(`could not reach the signaling server ${URL}: text only`);
  });

  test('a registration the server never answers is given up after 8 s and asked for again with a fresh Peer of the same id; a late open of the old one changes nothing', async () => {
    const transport = transportOf();
    const { events } = recorder();
    const starting = track(transport.start(events));
    const first = lastPeer();
    await advance(7_999);
    expect(first.destroyed).toBe(false);
    await advance(1);
    expect(first.destroyed).toBe(true);
    expect(starting.state).toBe('pending');
    await advance(2_000);
    expect(fake.state.peers).toHaveLength(2);
    const second = lastPeer();
    expect(second.id).toBe(LOCAL);
    expect(second.options).toStrictEqual(first.options);
    first.serverOpen();
    await flush();
    expect(starting.state).toBe('pending');
    second.serverOpen();
    await flush();
    expect(starting.state).toBe('resolved');
  });

  test('an id still held by the server is retried every 2 s with a fresh Peer of the same id, said once, until the id is free', async () => {
    const transport = transportOf();
    const { events, log } = recorder();
    const starting = track(transport.start(events));
    const first = lastPeer();
    first.idTaken();
    await flush();
    expect(first.destroyed).toBe(true);
    expect(log).toEqual([HELD]);
    expect(starting.state).toBe('pending');
    await advance(1999);
    expect(fake.state.peers).toHaveLength(1);
    await advance(1);
    expect(fake.state.peers).toHaveLength(2);
    const second = lastPeer();
    expect(second.id).toBe(LOCAL);
    expect(second.options).toStrictEqual(first.options);
    second.idTaken();
    await flush();
    await advance(2000);
    expect(fake.state.peers).toHaveLength(3);
    lastPeer().serverOpen();
    await flush();
    expect(starting.state).toBe('resolved');
    expect(log).toEqual([HELD]);
    // Registered for real: the last Peer is the one that dials.
    transport.connect(BIGGER);
    expect(lastPeer().connectCalls.map((call) => call.remote)).toEqual([BIGGER]);
    expect(second.connectCalls).toEqual([]);
  });

  test('an id held through 15 retries is given up at the 16th refusal: SignalingError unavailable-id with PeerJS words', async () => {
    const { events, log } = recorder();
    const starting = track(transportOf().start(events));
    for (let attempt = 0; attempt < 15; attempt++) {
      expect(fake.state.peers).toHaveLength(attempt + 1);
      lastPeer().idTaken();
      await flush();
      expect(starting.state).toBe('pending');
      await advance(2000);
    }
    expect(fake.state.peers).toHaveLength(16);
    lastPeer().idTaken();
    await flush();
    const error = signalingErrorOf(starting);
    expect(error.type).toBe('unavailable-id');
    expect(error.message).toBe(`could not reach the signaling server ${URL}: ID "fd-b" is taken`);
    await advance(10_000);
    expect(fake.state.peers).toHaveLength(16);
    expect(log).toEqual([HELD]);
  });

  test('stopped while waiting to retry a held id, start ends with the refusal and builds no other Peer', async () => {
    const transport = transportOf();
    const { events, log } = recorder();
    const starting = track(transport.start(events));
    lastPeer().idTaken();
    await flush();
    transport.stop();
    await advance(2000);
    // No Peer after stop: one built then would register an id that nobody destroys.
    expect(fake.state.peers).toHaveLength(1);
    expect(signalingErrorOf(starting).type).toBe('unavailable-id');
    await advance(10_000);
    expect(fake.state.peers).toHaveLength(1);
    expect(log).toEqual([HELD]);
  });

  test('stopped while registering (the Peer destroyed before the server answered), start ends with a SignalingError instead of waiting for ever', async () => {
    const transport = transportOf();
    const { events, log } = recorder();
    const starting = track(transport.start(events));
    await flush();
    transport.stop();
    await flush();
    const error = signalingErrorOf(starting);
    expect(error.type).toBe('disconnected');
    expect(error.message).toContain('disconnected from the signaling server before it accepted the id');
    await advance(10_000);
    expect(fake.state.peers).toHaveLength(1);
    expect(log).toEqual([]);
  });
});

describe('links', () => {
  test('a dial asks connect(remote, {reliable: true, serialization: "binary"}) and the link opens on the connection\'s open', async () => {
    const { transport, peer, log } = await registered();
    transport.connect(BIGGER);
    expect(peer.connectCalls).toEqual([{ remote: BIGGER, options: { reliable: true, serialization: 'binary' } }]);
    expect(peer.connectCalls[0]!.options).toStrictEqual({ reliable: true, serialization: 'binary' });
    expect(transport.openLinks()).toEqual([]);
    expect(log).toEqual([]);
    peer.connections[0]!.channelOpen();
    expect(log).toEqual([`open ${BIGGER}`]);
    expect(transport.openLinks()).toEqual([BIGGER]);
  });

  test('send is false on an opening, unknown or own link; on an open one it hands PeerJS the very bytes, in order', async () => {
    const { transport, peer } = await registered();
    transport.connect(BIGGER);
    const connection = peer.connections[0]!;
    expect(transport.send(BIGGER, Uint8Array.of(0))).toBe(false);
    expect(connection.sent).toEqual([]);
    connection.channelOpen();
    const first = Uint8Array.of(1, 2, 3);
    const second = Uint8Array.of(4);
    expect(transport.send(BIGGER, first)).toBe(true);
    expect(transport.send(BIGGER, second)).toBe(true);
    expect(connection.sent).toHaveLength(2);
    expect(connection.sent[0]).toBe(first);
    expect(connection.sent[1]).toBe(second);
    expect(transport.send('fd-nobody', Uint8Array.of(1))).toBe(false);
    expect(transport.send(LOCAL, Uint8Array.of(1))).toBe(false);
  });

  test('an incoming connection is adopted, opens the link, and its bytes arrive from that remote in order', async () => {
    const { transport, peer, log, messages } = await registered();
    const connection = peer.offer(SMALLER);
    expect(log).toEqual([]);
    connection.channelOpen();
    expect(log).toEqual([`open ${SMALLER}`]);
    expect(transport.openLinks()).toEqual([SMALLER]);
    const bytes = Uint8Array.of(9, 8);
    connection.receive(bytes);
    connection.receive(Uint8Array.of(7).buffer);
    expect(messages.map((m) => m.from)).toEqual([SMALLER, SMALLER]);
    expect(messages[0]!.bytes).toBe(bytes);
    expect(messages[1]!.bytes).toBeInstanceOf(Uint8Array);
    expect(Array.from(messages[1]!.bytes)).toEqual([7]);
    expect(transport.send(SMALLER, Uint8Array.of(5))).toBe(true);
    expect(connection.sent).toEqual([Uint8Array.of(5)]);
  });

  test('a typed-array or DataView slice arrives as exactly its own bytes, not its whole buffer', async () => {
    const { peer, messages, log } = await registered();
    const connection = peer.offer(SMALLER);
    connection.channelOpen();
    const buffer = Uint8Array.of(10, 11, 12, 13, 14, 15, 16, 17).buffer;
    connection.receive(new Uint16Array(buffer, 2, 2));
    connection.receive(new DataView(buffer, 5, 2));
    connection.receive(new Uint8Array(buffer, 1, 3));
    expect(messages.map((m) => Array.from(m.bytes))).toEqual([
      [12, 13, 14, 15],
      [15, 16],
      [11, 12, 13],
    ]);
    expect(messages.every((m) => m.bytes instanceof Uint8Array)).toBe(true);
    expect(log).toEqual([`open ${SMALLER}`]);
  });

  test('non-binary data is dropped and reported once a minute per sender, exactly at 60 s again', async () => {
    const { peer, messages, log } = await registered();
    const a = peer.offer(SMALLER);
    a.channelOpen();
    a.receive('not bytes');
    a.receive(42);
    a.receive({ buffer: new ArrayBuffer(2) });
    a.receive(Uint8Array.of(3));
    const refused = `problem non-binary data from ${SMALLER} ignored`;
    expect(log).toEqual([`open ${SMALLER}`, refused]);
    expect(messages.map((m) => Array.from(m.bytes))).toEqual([[3]]);
    await advance(59_999);
    a.receive('still not bytes');
    expect(log).toEqual([`open ${SMALLER}`, refused]);
    await advance(1);
    a.receive('a minute later');
    expect(log).toEqual([`open ${SMALLER}`, refused, refused]);
    const c = peer.offer(BIGGER);
    c.channelOpen();
    c.receive('text');
    expect(log).toEqual([
      `open ${SMALLER}`,
      refused,
      refused,
      `open ${BIGGER}`,
      `problem non-binary data from ${BIGGER} ignored`,
    ]);
  });

  test('no dial before a start, while registering, to its own id, or to a remote already opening or open', async () => {
    const transport = transportOf();
    transport.connect(BIGGER);
    expect(fake.state.peers).toHaveLength(0);
    const { events, log } = recorder();
    const starting = track(transport.start(events));
    const peer = lastPeer();
    transport.connect(BIGGER);
    expect(peer.connectCalls).toEqual([]);
    peer.serverOpen();
    await flush();
    expect(starting.state).toBe('resolved');
    transport.connect(LOCAL);
    expect(peer.connectCalls).toEqual([]);
    transport.connect(BIGGER);
    transport.connect(BIGGER);
    expect(peer.connectCalls.map((call) => call.remote)).toEqual([BIGGER]);
    peer.connections[0]!.channelOpen();
    transport.connect(BIGGER);
    expect(peer.connectCalls.map((call) => call.remote)).toEqual([BIGGER]);
    const incoming = peer.offer(SMALLER);
    transport.connect(SMALLER);
    expect(peer.connectCalls.map((call) => call.remote)).toEqual([BIGGER]);
    incoming.channelOpen();
    expect(log).toEqual([`open ${BIGGER}`, `open ${SMALLER}`]);
  });

  test('crossed dials, we the smaller id: our dial is kept, theirs closed, one link opens and carries data', async () => {
    const { transport, peer, log, messages } = await registered();
    transport.connect(BIGGER);
    const ours = peer.connections[0]!;
    const theirs = peer.offer(BIGGER);
    expect(theirs.closeCalls).toBe(1);
    expect(ours.closeCalls).toBe(0);
    theirs.channelOpen();
    ours.channelOpen();
    expect(log).toEqual([`open ${BIGGER}`]);
    expect(transport.openLinks()).toEqual([BIGGER]);
    ours.receive(Uint8Array.of(6));
    expect(messages.map((m) => Array.from(m.bytes))).toEqual([[6]]);
    expect(transport.send(BIGGER, Uint8Array.of(5))).toBe(true);
    expect(ours.sent).toEqual([Uint8Array.of(5)]);
  });

  test('crossed dials, we the bigger id: their dial quietly replaces ours, which is closed', async () => {
    const { transport, peer, log, messages } = await registered();
    transport.connect(SMALLER);
    const ours = peer.connections[0]!;
    const theirs = peer.offer(SMALLER);
    expect(ours.closeCalls).toBe(1);
    expect(theirs.closeCalls).toBe(0);
    expect(log).toEqual([]);
    theirs.channelOpen();
    expect(log).toEqual([`open ${SMALLER}`]);
    theirs.receive(Uint8Array.of(5));
    expect(messages.map((m) => Array.from(m.bytes))).toEqual([[5]]);
    expect(transport.send(SMALLER, Uint8Array.of(6))).toBe(true);
    expect(theirs.sent).toEqual([Uint8Array.of(6)]);
  });

  test('a remote that dials again (a reload) replaces its open link: closed, then open on the new one', async () => {
    const { transport, peer, log } = await registered();
    const old = peer.offer(BIGGER);
    old.channelOpen();
    const fresh = peer.offer(BIGGER);
    expect(old.closeCalls).toBe(1);
    expect(fresh.closeCalls).toBe(0);
    expect(log).toEqual([`open ${BIGGER}`, `closed ${BIGGER}`]);
    fresh.channelOpen();
    expect(log).toEqual([`open ${BIGGER}`, `closed ${BIGGER}`, `open ${BIGGER}`]);
    expect(transport.openLinks()).toEqual([BIGGER]);
  });

  test('a dial not open after 6 s is dropped and said closed; the next dial goes out again', async () => {
    const { transport, peer, log } = await registered();
    transport.connect(BIGGER);
    await advance(5999);
    expect(log).toEqual([]);
    await advance(1);
    expect(log).toEqual([`closed ${BIGGER}`]);
    expect(peer.connections[0]!.closeCalls).toBe(1);
    transport.connect(BIGGER);
    expect(peer.connectCalls).toHaveLength(2);
  });

  test('a dial to an id nobody holds is given up at once on peer-unavailable, without a problem line', async () => {
    const { transport, peer, log } = await registered();
    transport.connect('fd-late-comer');
    peer.expire('fd-late-comer');
    expect(log).toEqual(['closed fd-late-comer']);
    expect(peer.connections[0]!.closeCalls).toBe(1);
    expect(transport.openLinks()).toEqual([]);
    transport.connect('fd-late-comer');
    peer.connections[1]!.channelOpen();
    expect(log).toEqual(['closed fd-late-comer', 'open fd-late-comer']);
  });

  test('peer-unavailable for an open link, for a remote without a link, or (not PeerJS words) naming nobody changes nothing', async () => {
    const { transport, peer, connection, log } = await linked(BIGGER);
    peer.expire(BIGGER);
    peer.expire('fd-stranger');
    peer.emitError('peer-unavailable', 'Could not connect to peer');
    expect(transport.openLinks()).toEqual([BIGGER]);
    expect(connection.closeCalls).toBe(0);
    expect(log).toEqual([`open ${BIGGER}`]);
  });

  test("peer-unavailable for an id with a space (PeerJS ids may have one) never drops the dial to the id's first word", async () => {
    const { transport, peer, log } = await registered();
    transport.connect('fd');
    transport.connect('fd x');
    expect(peer.connectCalls.map((call) => call.remote)).toEqual(['fd', 'fd x']);
    peer.expire('fd x');
    expect(log).not.toContain('closed fd');
    expect(peer.connections[0]!.closeCalls).toBe(0);
    peer.connections[0]!.channelOpen();
    expect(log).toEqual(['open fd']);
    expect(transport.openLinks()).toEqual(['fd']);
  });

  test('a connection that closes, or fails, drops its link and says so once', async () => {
    const { transport, peer, connection, log } = await linked(BIGGER);
    connection.remoteClose();
    expect(log).toEqual([`open ${BIGGER}`, `closed ${BIGGER}`]);
    expect(transport.openLinks()).toEqual([]);
    const incoming = peer.offer(SMALLER);
    incoming.channelOpen();
    incoming.fail('negotiation-failed', 'ICE failed');
    expect(log).toEqual([`open ${BIGGER}`, `closed ${BIGGER}`, `open ${SMALLER}`, `closed ${SMALLER}`]);
    expect(incoming.closeCalls).toBe(1);
    expect(transport.openLinks()).toEqual([]);
  });

  test('disconnect drops the link at once, closes it and says so; an unknown remote changes nothing', async () => {
    const { transport, connection, log } = await linked(BIGGER);
    transport.disconnect(BIGGER);
    expect(log).toEqual([`open ${BIGGER}`, `closed ${BIGGER}`]);
    expect(connection.closeCalls).toBe(1);
    expect(transport.openLinks()).toEqual([]);
    expect(transport.send(BIGGER, Uint8Array.of(1))).toBe(false);
    transport.disconnect(BIGGER);
    transport.disconnect('fd-stranger');
    expect(log).toHaveLength(2);
  });

  test('other PeerJS errors after the open are reported as "type: words", each at most once a minute', async () => {
    const { peer, log, transport } = await registered();
    peer.emitError('webrtc', 'Negotiation of connection to fd-c failed.');
    expect(log).toEqual(['problem webrtc: Negotiation of connection to fd-c failed.']);
    await advance(59_999);
    peer.emitError('webrtc', 'Negotiation of connection to fd-c failed.');
    peer.emitError('browser-incompatible', 'no data channels');
    expect(log).toEqual([
      'problem webrtc: Negotiation of connection to fd-c failed.',
      'problem browser-incompatible: no data channels',
    ]);
    await advance(1);
    peer.emitError('webrtc', 'Negotiation of connection to fd-c failed.');
    expect(log).toHaveLength(3);
    expect(log[2]).toBe('problem webrtc: Negotiation of connection to fd-c failed.');
    expect(peer.destroyCalls).toBe(0);
    transport.connect(BIGGER);
    expect(peer.connectCalls).toHaveLength(1);
  });

  test('the signaling error types (a set built when the module loads, so loaded afresh here): none is a line, other types are', async () => {
    const fresh = await loadedNow(() => import('../../src/net/peerjs-transport.js'));
    expect(fresh.PeerJsTransport).not.toBe(PeerJsTransport);
    const transport = new fresh.PeerJsTransport(LOCAL, { signaling: SIGNALING, token: 'secret-token' });
    const { events, log } = recorder();
    const starting = track(transport.start(events));
    // The fresh load gets the stand-in too (vi.mock survives vi.resetModules).
    expect(fake.state.peers).toHaveLength(1);
    const peer = lastPeer();
    peer.serverOpen();
    await flush();
    expect(starting.state).toBe('resolved');
    for (const type of ['network', 'socket-error', 'socket-closed', 'server-error', 'unavailable-id', 'disconnected'])
      peer.emitError(type, 'words');
    expect(log).toEqual([]);
    peer.emitError('webrtc', 'words');
    expect(log).toEqual(['problem webrtc: words']);
    expect(peer.destroyCalls).toBe(0);
  });

  test.each(['network', 'socket-error', 'socket-closed', 'server-error', 'unavailable-id', 'disconnected'])(
    'a %s error after the open is left to the outage handling: no line, the Peer kept',
    async (type) => {
      const { peer, log, transport } = await linked(BIGGER);
      peer.emitError(type, 'words');
      expect(log).toEqual([`open ${BIGGER}`]);
      expect(peer.destroyCalls).toBe(0);
      expect(transport.openLinks()).toEqual([BIGGER]);
    },
  );
});

describe('a signaling outage', () => {
  test('while a link lost its path (a network change) registers again at once, not after its first back-off', async () => {
    const { transport, peer, connection } = await linked(BIGGER);
    peer.socketLost();
    await advance(100);
    expect(peer.reconnectCalls).toBe(0);
    connection.peerConnection = { iceConnectionState: 'disconnected', signalingState: 'stable', onicecandidate: null };
    connection.emit('iceStateChanged', 'disconnected');
    await advance(0);
    expect(peer.reconnectCalls).toBe(1);
    expect(journalOf(transport)).toEqual([
      'signaling lost',
      `${BIGGER}: ice disconnected`,
      `${BIGGER}: trouble: ice disconnected`,
      `${BIGGER}: offer (ice disconnected)`,
      'signaling: registering again (try 1)',
    ]);
  });

  test('is one line, reconnects after 1, 2, 4 s, dials nothing meanwhile, keeps open links, and its end is one line with the seconds', async () => {
    const { transport, peer, connection, log, messages } = await linked(BIGGER);
    peer.socketLost();
    expect(log).toEqual([`open ${BIGGER}`, LOST]);
    // Open links keep working.
    expect(transport.openLinks()).toEqual([BIGGER]);
    expect(transport.send(BIGGER, Uint8Array.of(1, 1))).toBe(true);
    connection.receive(Uint8Array.of(2));
    expect(messages.map((m) => Array.from(m.bytes))).toEqual([[2]]);
    // While the socket is down no dial goes out.
    transport.connect('fd-d');
    expect(peer.connectCalls).toHaveLength(1);
    await advance(999);
    expect(peer.reconnectCalls).toBe(0);
    await advance(1);
    expect(peer.reconnectCalls).toBe(1);
    // Reconnecting (not open yet): still no dial.
    transport.connect('fd-d');
    expect(peer.connectCalls).toHaveLength(1);
    peer.socketLost();
    await advance(1999);
    expect(peer.reconnectCalls).toBe(1);
    await advance(1);
    expect(peer.reconnectCalls).toBe(2);
    peer.socketLost();
    await advance(3999);
    expect(peer.reconnectCalls).toBe(2);
    await advance(1);
    expect(peer.reconnectCalls).toBe(3);
    expect(log).toEqual([`open ${BIGGER}`, LOST]);
    // 7 s after the loss; back 0.4 s later.
    await advance(400);
    peer.serverOpen();
    expect(log).toEqual([`open ${BIGGER}`, LOST, `problem signaling server ${URL} is back after 7 s`]);
    // The journal has each step, in order, with its time.
    expect(journalOf(transport)).toEqual([
      'signaling lost',
      'signaling: registering again (try 1)',
      'signaling lost',
      'signaling: registering again (try 2)',
      'signaling lost',
      'signaling: registering again (try 3)',
      'signaling registered again',
    ]);
    transport.connect('fd-d');
    expect(peer.connectCalls.map((call) => call.remote)).toEqual([BIGGER, 'fd-d']);
    await advance(120_000);
    expect(peer.reconnectCalls).toBe(3);
    expect(transport.openLinks()).toEqual([BIGGER]);
    // Only the dial to fd-d, never opened, timed out; the open link was never touched.
    expect(log.slice(3)).toEqual(['closed fd-d']);
    expect(connection.closeCalls).toBe(0);
  });

  test('the backoff doubles up to 30 s and stays there', async () => {
    const { peer } = await registered();
    peer.socketLost();
    const delays = [1000, 2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000];
    for (const [i, delay] of delays.entries()) {
      await advance(delay - 1);
      expect(peer.reconnectCalls).toBe(i);
      await advance(1);
      expect(peer.reconnectCalls).toBe(i + 1);
      peer.socketLost();
    }
  });

  test('a second outage after signaling came back is reported again, with the backoff from 1 s and its own seconds', async () => {
    const { peer, log } = await registered();
    peer.socketLost();
    await advance(1000);
    peer.socketLost();
    await advance(2000);
    expect(peer.reconnectCalls).toBe(2);
    peer.serverOpen();
    await advance(10_000);
    peer.socketLost();
    await advance(999);
    expect(peer.reconnectCalls).toBe(2);
    await advance(1);
    expect(peer.reconnectCalls).toBe(3);
    await advance(2000);
    peer.serverOpen();
    expect(log).toEqual([
      LOST,
      `problem signaling server ${URL} is back after 3 s`,
      LOST,
      `problem signaling server ${URL} is back after 3 s`,
    ]);
  });

  test('the seconds of an outage are rounded: 1.5 s is 2 s, 1.4 s is 1 s', async () => {
    const { peer, log } = await registered();
    peer.socketLost();
    await advance(1000);
    await advance(500);
    peer.serverOpen();
    peer.socketLost();
    await advance(1000);
    await advance(400);
    peer.serverOpen();
    expect(log).toEqual([
      LOST,
      `problem signaling server ${URL} is back after 2 s`,
      LOST,
      `problem signaling server ${URL} is back after 1 s`,
    ]);
  });

  test('a reconnect() that throws and leaves the Peer disconnected is tried again after the next backoff', async () => {
    const { peer, log } = await registered();
    peer.reconnectThrows = 2;
    peer.socketLost();
    await advance(1000);
    expect(peer.reconnectCalls).toBe(1);
    expect(peer.disconnected).toBe(true);
    await advance(1999);
    expect(peer.reconnectCalls).toBe(1);
    await advance(1);
    expect(peer.reconnectCalls).toBe(2);
    await advance(4000);
    expect(peer.reconnectCalls).toBe(3);
    expect(peer.disconnected).toBe(false);
    peer.serverOpen();
    expect(log).toEqual([LOST, `problem signaling server ${URL} is back after 7 s`]);
  });

  test('a reconnect() that throws after clearing `disconnected` (PeerJS: a WebSocket the browser refuses) is not followed by reconnect() on that Peer, which is no longer disconnected', async () => {
    const { peer, log } = await registered();
    peer.reconnectThrowsAfterClearing = 1;
    peer.socketLost();
    await advance(1000);
    expect(peer.reconnectCalls).toBe(1);
    expect(peer.disconnected).toBe(false);
    expect(peer.open).toBe(false);
    await advance(120_000);
    // PeerJS would log "In a hurry? We're still trying to make the initial connection!" and do nothing.
    expect(peer.hurriedReconnects).toBe(0);
    expect(log).toEqual([LOST]);
  });

  test('stop during an outage leaves no timer pending: no reconnect attempt is kept waiting (or keeps Node alive)', async () => {
    const { transport, peer } = await registered();
    peer.socketLost();
    expect(vi.getTimerCount()).toBe(1);
    transport.stop();
    expect(vi.getTimerCount()).toBe(0);
    await advance(120_000);
    expect(peer.reconnectCalls).toBe(0);
  });

  test('stop during an outage ends the reconnects quietly and destroys the Peer', async () => {
    const { transport, peer, log } = await linked(BIGGER);
    peer.socketLost();
    await advance(1000);
    peer.socketLost();
    transport.stop();
    await advance(120_000);
    expect(peer.reconnectCalls).toBe(1);
    expect(peer.destroyed).toBe(true);
    expect(log).toEqual([`open ${BIGGER}`, LOST]);
    expect(transport.openLinks()).toEqual([]);
  });
});

describe('stop', () => {
  test('closes every link without a word, destroys the Peer, and dials or sends nothing after', async () => {
    const { transport, peer, connection, log } = await linked(BIGGER);
    const incoming = peer.offer(SMALLER);
    incoming.channelOpen();
    transport.connect('fd-d');
    const opening = peer.connections.at(-1)!;
    transport.stop();
    expect(peer.destroyed).toBe(true);
    expect(connection.closeCalls).toBeGreaterThan(0);
    expect(incoming.closeCalls).toBeGreaterThan(0);
    expect(opening.closeCalls).toBeGreaterThan(0);
    expect(transport.openLinks()).toEqual([]);
    expect(transport.send(BIGGER, Uint8Array.of(1))).toBe(false);
    expect(log).toEqual([`open ${BIGGER}`, `open ${SMALLER}`]);
    transport.connect('fd-e');
    expect(peer.connectCalls.map((call) => call.remote)).toEqual([BIGGER, 'fd-d']);
    await advance(120_000);
    expect(log).toEqual([`open ${BIGGER}`, `open ${SMALLER}`]);
    transport.stop();
    expect(peer.reconnectCalls).toBe(0);
  });

  test('before a start it dials nobody, sends nothing and stops quietly', () => {
    const transport = transportOf();
    transport.connect(BIGGER);
    expect(transport.send(BIGGER, Uint8Array.of(1))).toBe(false);
    expect(transport.openLinks()).toEqual([]);
    transport.disconnect(BIGGER);
    transport.stop();
    expect(fake.state.peers).toHaveLength(0);
  });
});
