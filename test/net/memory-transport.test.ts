/**
 * The in-memory transport (memory-transport.ts) on its own, with fake timers:
 * what tests and bots rely on it to model — registration and a taken id,
 * a dial opening after one round trip of the pair's delay, ordered delivery
 * even when a delay changes mid-stream, a blocked pair, a dropped peer, a
 * signaling outage (no new peer, no dial, an offer in flight lost, open links
 * untouched), crossed dials settling on one link, and stop.
 */
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { MemoryNetwork, type MemoryTransport } from '../../src/net/memory-transport.js';
import type { TransportEvents } from '../../src/net/transport.js';

let log: string[];
function events(id: string): TransportEvents {
  return {
    linkOpen: (remote) => log.push(`${id}: open ${remote}`),
    linkClosed: (remote) => log.push(`${id}: closed ${remote}`),
    message: (remote, bytes) => log.push(`${id}: from ${remote} [${[...bytes].join(',')}]`),
    problem: (description) => log.push(`${id}: problem ${description}`),
  };
}
async function started(network: MemoryNetwork, ...ids: string[]): Promise<MemoryTransport[]> {
  const out: MemoryTransport[] = [];
  for (const id of ids) {
    const t = network.createTransport(id);
    await t.start(events(id));
    out.push(t);
  }
  return out;
}

/** Lets zero-delay deliveries (and the answers they schedule) run. */
const flush = () => vi.advanceTimersByTimeAsync(2);

beforeEach(() => {
  vi.useFakeTimers({
    toFake: ['setTimeout', 'clearTimeout', 'setImmediate', 'setInterval', 'clearInterval', 'performance', 'Date'],
  });
  log = [];
});
afterEach(() => {
  vi.useRealTimers();
});

describe('registration', () => {
  test('defaults: no delay, the 6 s dial timeout', () => {
    const network = new MemoryNetwork();
    expect(network.defaultDelayMs).toBe(0);
    expect(network.dialTimeoutMs).toBe(6000);
    expect(network.signaling).toBe(true);
    const custom = new MemoryNetwork({ defaultDelayMs: 5, dialTimeoutMs: 50 });
    expect(custom.defaultDelayMs).toBe(5);
    expect(custom.dialTimeoutMs).toBe(50);
  });

  test('a taken id is refused with a problem; the holder is untouched', async () => {
    const network = new MemoryNetwork();
    const [a] = await started(network, 'a');
    const copy = network.createTransport('a');
    await expect(copy.start(events('a2'))).rejects.toThrow('peer id a is taken');
    expect(log).toEqual(['a2: problem peer id a is taken']);
    expect(a!.localId).toBe('a');
  });

  test('no registration while signaling is down', async () => {
    const network = new MemoryNetwork();
    network.signalingDown();
    await expect(network.createTransport('a').start(events('a'))).rejects.toThrow(
      'could not reach the signaling server (it is down)',
    );
    network.signalingUp();
    await started(network, 'a');
  });

  test('a stopped id can register again', async () => {
    const network = new MemoryNetwork();
    const [a] = await started(network, 'a');
    a!.stop();
    await started(network, 'a');
    expect(log).toEqual([]);
  });
});

describe('links', () => {
  test('a dial opens on the answering side after one delay and on the dialler after two', async () => {
    const network = new MemoryNetwork({ defaultDelayMs: 10 });
    const [a, b] = await started(network, 'a', 'b');
    a!.connect('b');
    expect(a!.openLinks()).toEqual([]);
    await vi.advanceTimersByTimeAsync(9);
    expect(log).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(log).toEqual(['b: open a']);
    expect(b!.openLinks()).toEqual(['a']);
    expect(a!.openLinks()).toEqual([]);
    await vi.advanceTimersByTimeAsync(10);
    expect(log).toEqual(['b: open a', 'a: open b']);
    expect(a!.openLinks()).toEqual(['b']);
  });

  test('bytes arrive in order, as a copy, and send says whether there was a link', async () => {
    const network = new MemoryNetwork();
    const [a, b] = await started(network, 'a', 'b');
    const buffer = Uint8Array.of(1, 2);
    expect(a!.send('b', buffer)).toBe(false);
    a!.connect('b');
    await flush();
    expect(a!.send('b', buffer)).toBe(true);
    buffer[0] = 9;
    expect(b!.send('a', Uint8Array.of(3))).toBe(true);
    expect(a!.send('b', Uint8Array.of(4))).toBe(true);
    await flush();
    expect(log).toEqual(['b: open a', 'a: open b', 'b: from a [1,2]', 'a: from b [3]', 'b: from a [4]']);
    expect(a!.send('c', Uint8Array.of(5))).toBe(false);
  });

  test('a link stays ordered when its delay shrinks mid-stream; each direction has its own delay', async () => {
    const network = new MemoryNetwork();
    const [a, b] = await started(network, 'a', 'b');
    a!.connect('b');
    await flush();
    log = [];
    network.setDelay('a', 'b', 100);
    a!.send('b', Uint8Array.of(1));
    network.setDelay('a', 'b', 10);
    a!.send('b', Uint8Array.of(2));
    b!.send('a', Uint8Array.of(3));
    await flush();
    expect(log).toEqual(['a: from b [3]']);
    await vi.advanceTimersByTimeAsync(97);
    expect(log).toEqual(['a: from b [3]']);
    await vi.advanceTimersByTimeAsync(1);
    expect(log).toEqual(['a: from b [3]', 'b: from a [1]', 'b: from a [2]']);
  });

  test('nextTurn: a zero-delay delivery runs on the next turn without a timer, never ahead of a timed one on its link', async () => {
    const network = new MemoryNetwork({ nextTurn: true });
    const [a, b] = await started(network, 'a', 'b');
    a!.connect('b');
    await flush();
    log = [];
    a!.send('b', Uint8Array.of(1));
    await vi.advanceTimersByTimeAsync(0);
    expect(log).toEqual(['b: from a [1]']);
    // Behind a timed delivery on the same link it waits its turn; the other direction does not.
    network.setDelay('a', 'b', 10);
    a!.send('b', Uint8Array.of(2));
    network.setDelay('a', 'b', 0);
    a!.send('b', Uint8Array.of(3));
    b!.send('a', Uint8Array.of(4));
    await vi.advanceTimersByTimeAsync(0);
    expect(log).toEqual(['b: from a [1]', 'a: from b [4]']);
    await vi.advanceTimersByTimeAsync(10);
    expect(log).toEqual(['b: from a [1]', 'a: from b [4]', 'b: from a [2]', 'b: from a [3]']);
  });

  test('dialling yourself, an unknown peer, or one you already link to', async () => {
    const network = new MemoryNetwork();
    const [a] = await started(network, 'a');
    a!.connect('a');
    await flush();
    expect(log).toEqual([]);
    a!.connect('nobody');
    await flush();
    expect(log).toEqual(['a: closed nobody']);
    await started(network, 'b');
    log = [];
    a!.connect('b');
    a!.connect('b');
    await flush();
    expect(log).toEqual(['b: open a', 'a: open b']);
  });

  test('a transport not started dials nobody', async () => {
    const network = new MemoryNetwork();
    await started(network, 'b');
    const a = network.createTransport('a');
    a.connect('b');
    await flush();
    expect(log).toEqual([]);
    expect(a.send('b', Uint8Array.of(1))).toBe(false);
  });

  test('disconnect closes both ends', async () => {
    const network = new MemoryNetwork({ defaultDelayMs: 5 });
    const [a, b] = await started(network, 'a', 'b');
    a!.connect('b');
    await vi.advanceTimersByTimeAsync(10);
    log = [];
    a!.disconnect('b');
    expect(log).toEqual(['a: closed b']);
    expect(a!.openLinks()).toEqual([]);
    await vi.advanceTimersByTimeAsync(5);
    expect(log).toEqual(['a: closed b', 'b: closed a']);
    expect(b!.openLinks()).toEqual([]);
    // A second close of either end does nothing more.
    a!.disconnect('b');
    await vi.advanceTimersByTimeAsync(10);
    expect(log).toEqual(['a: closed b', 'b: closed a']);
  });

  test('crossed dials settle on one link, kept by both', async () => {
    const network = new MemoryNetwork({ defaultDelayMs: 10 });
    const [a, b] = await started(network, 'a', 'b');
    a!.connect('b');
    b!.connect('a');
    await vi.advanceTimersByTimeAsync(50);
    expect(a!.openLinks()).toEqual(['b']);
    expect(b!.openLinks()).toEqual(['a']);
    log = [];
    expect(a!.send('b', Uint8Array.of(1))).toBe(true);
    expect(b!.send('a', Uint8Array.of(2))).toBe(true);
    await vi.advanceTimersByTimeAsync(10);
    expect(log).toEqual(['b: from a [1]', 'a: from b [2]']);
  });
});

describe('faults', () => {
  test('a blocked pair cannot link, and an open link between them closes', async () => {
    const network = new MemoryNetwork();
    const [a, b, c] = await started(network, 'a', 'b', 'c');
    a!.connect('b');
    a!.connect('c');
    await flush();
    log = [];
    network.blockPair('b', 'a');
    expect(log).toEqual(['b: closed a', 'a: closed b']);
    a!.connect('b');
    b!.connect('a');
    await flush();
    expect(log).toEqual(['b: closed a', 'a: closed b', 'a: closed b', 'b: closed a']);
    expect(a!.openLinks()).toEqual(['c']);
    expect(c!.openLinks()).toEqual(['a']);
  });

  test('a pair blocked while the offer travels never links', async () => {
    const network = new MemoryNetwork({ defaultDelayMs: 10 });
    const [a, b] = await started(network, 'a', 'b');
    a!.connect('b');
    network.blockPair('a', 'b');
    await vi.advanceTimersByTimeAsync(30);
    expect(b!.openLinks()).toEqual([]);
    expect(log).toEqual(['a: closed b']);
  });

  test('a dropped peer goes silent both ways, and nobody is told', async () => {
    const network = new MemoryNetwork();
    const [a, b] = await started(network, 'a', 'b');
    a!.connect('b');
    await flush();
    log = [];
    network.setDelay('a', 'b', 5);
    a!.send('b', Uint8Array.of(1));
    network.dropPeer('b');
    expect(a!.send('b', Uint8Array.of(2))).toBe(true);
    b!.send('a', Uint8Array.of(3));
    await vi.advanceTimersByTimeAsync(20);
    expect(log).toEqual([]);
    expect(a!.openLinks()).toEqual(['b']);
  });

  test('a dropped sender is silent too, and a dropped peer that registers again is heard', async () => {
    const network = new MemoryNetwork();
    const [a, b] = await started(network, 'a', 'b');
    a!.connect('b');
    await flush();
    log = [];
    network.dropPeer('a');
    a!.send('b', Uint8Array.of(1));
    await flush();
    expect(log).toEqual([]);
    a!.stop();
    const [a2] = await started(network, 'a');
    a2!.connect('b');
    await flush();
    // b never heard the old link close (a was silent): the new dial replaces it.
    expect(log).toEqual(['b: closed a', 'b: open a', 'a: open b']);
    expect(b!.openLinks()).toEqual(['a']);
  });

  test('signaling down: everyone hears it once, no dials, open links keep working; back: heard once', async () => {
    const network = new MemoryNetwork();
    const [a, b] = await started(network, 'a', 'b', 'c');
    a!.connect('b');
    await flush();
    log = [];
    network.signalingDown();
    network.signalingDown();
    expect(network.signaling).toBe(false);
    expect(log).toEqual([
      'a: problem lost the signaling server; reconnecting (open links keep working)',
      'b: problem lost the signaling server; reconnecting (open links keep working)',
      'c: problem lost the signaling server; reconnecting (open links keep working)',
    ]);
    log = [];
    a!.connect('c');
    b!.send('a', Uint8Array.of(7));
    await flush();
    expect(log).toEqual(['a: from b [7]']);
    log = [];
    network.signalingUp();
    network.signalingUp();
    expect(network.signaling).toBe(true);
    expect(log).toEqual([
      'a: problem signaling server is back',
      'b: problem signaling server is back',
      'c: problem signaling server is back',
    ]);
    log = [];
    a!.connect('c');
    await flush();
    expect(log).toEqual(['c: open a', 'a: open c']);
  });

  test('an offer in flight when signaling goes down is lost; the dial timeout drops it', async () => {
    const network = new MemoryNetwork({ defaultDelayMs: 10, dialTimeoutMs: 100 });
    const [a, b] = await started(network, 'a', 'b');
    a!.connect('b');
    await vi.advanceTimersByTimeAsync(5);
    network.signalingDown();
    await vi.advanceTimersByTimeAsync(20);
    network.signalingUp();
    log = [];
    expect(b!.openLinks()).toEqual([]);
    await vi.advanceTimersByTimeAsync(74);
    expect(log).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(log).toEqual(['a: closed b']);
  });

  test('an offer to a peer that stopped meanwhile opens nothing', async () => {
    const network = new MemoryNetwork({ defaultDelayMs: 10 });
    const [a, b] = await started(network, 'a', 'b');
    a!.connect('b');
    b!.stop();
    await vi.advanceTimersByTimeAsync(30);
    expect(log).toEqual([]);
    expect(a!.openLinks()).toEqual([]);
  });

  test('an answer to a dial the dialler gave up meanwhile opens nothing there', async () => {
    const network = new MemoryNetwork({ defaultDelayMs: 10 });
    const [a, b] = await started(network, 'a', 'b');
    a!.connect('b');
    await vi.advanceTimersByTimeAsync(10);
    expect(b!.openLinks()).toEqual(['a']);
    a!.disconnect('b');
    await vi.advanceTimersByTimeAsync(30);
    expect(a!.openLinks()).toEqual([]);
    expect(b!.openLinks()).toEqual([]);
    expect(log).toEqual(['b: open a', 'a: closed b', 'b: closed a']);
  });

  test('the answer reaches a dialler that stopped: nothing opens', async () => {
    const network = new MemoryNetwork({ defaultDelayMs: 10 });
    const [a] = await started(network, 'a', 'b');
    a!.connect('b');
    await vi.advanceTimersByTimeAsync(10);
    network.unregister('a', a!);
    await vi.advanceTimersByTimeAsync(10);
    expect(log).toEqual(['b: open a']);
  });

  test('stop closes every link and leaves the hub', async () => {
    const network = new MemoryNetwork();
    const [a, b, c] = await started(network, 'a', 'b', 'c');
    a!.connect('b');
    a!.connect('c');
    await flush();
    log = [];
    a!.stop();
    expect(a!.openLinks()).toEqual([]);
    await flush();
    expect(log).toEqual(['b: closed a', 'c: closed a']);
    expect(b!.send('a', Uint8Array.of(1))).toBe(false);
    b!.connect('a');
    await flush();
    expect(log).toEqual(['b: closed a', 'c: closed a', 'b: closed a']);
    expect(c!.openLinks()).toEqual([]);
  });

  test('bytes in flight to a link replaced meanwhile are not delivered', async () => {
    const network = new MemoryNetwork({ defaultDelayMs: 10 });
    const [a, b] = await started(network, 'a', 'b');
    a!.connect('b');
    await vi.advanceTimersByTimeAsync(20);
    log = [];
    network.setDelay('a', 'b', 50);
    a!.send('b', Uint8Array.of(1));
    // b dials anew: its new link replaces the one the bytes travel on.
    b!.disconnect('a');
    b!.connect('a');
    await vi.advanceTimersByTimeAsync(100);
    expect(log.filter((line) => line.includes('from'))).toEqual([]);
  });

  test('blocking peers the hub does not know is harmless, and blocks only that pair', async () => {
    const network = new MemoryNetwork();
    network.blockPair('x', 'y');
    const [a] = await started(network, 'a', 'b', 'c');
    network.blockPair('a', 'b');
    a!.connect('c');
    await flush();
    expect(a!.openLinks()).toEqual(['c']);
  });

  test('stopping a transport refused for a taken id leaves the holder registered', async () => {
    const network = new MemoryNetwork();
    const [a, b] = await started(network, 'a', 'b');
    const copy = network.createTransport('a');
    await copy.start(events('a2')).catch(() => undefined);
    copy.stop();
    b!.connect('a');
    await flush();
    expect(a!.openLinks()).toEqual(['b']);
  });

  test('a dial given up before its offer arrives opens nothing on the other side', async () => {
    const network = new MemoryNetwork({ defaultDelayMs: 10 });
    const [a, b] = await started(network, 'a', 'b');
    a!.connect('b');
    a!.disconnect('b');
    await vi.advanceTimersByTimeAsync(30);
    expect(b!.openLinks()).toEqual([]);
    expect(log).toEqual(['a: closed b']);
  });

  test('a failed dial answered after the dialler stopped tells nobody', async () => {
    const network = new MemoryNetwork({ defaultDelayMs: 10 });
    const [a] = await started(network, 'a');
    a!.connect('nobody');
    a!.stop();
    await vi.advanceTimersByTimeAsync(30);
    expect(log).toEqual([]);
  });

  test('the dialler cannot send before the answer is back, though the other side is open', async () => {
    const network = new MemoryNetwork({ defaultDelayMs: 10 });
    const [a, b] = await started(network, 'a', 'b');
    a!.connect('b');
    await vi.advanceTimersByTimeAsync(10);
    expect(b!.openLinks()).toEqual(['a']);
    expect(a!.send('b', Uint8Array.of(1))).toBe(false);
    await vi.advanceTimersByTimeAsync(10);
    expect(a!.send('b', Uint8Array.of(2))).toBe(true);
    await vi.advanceTimersByTimeAsync(10);
    expect(log).toEqual(['b: open a', 'a: open b', 'b: from a [2]']);
  });

  test('crossed dials a little apart: both keep the dial of the smaller id, and it carries data', async () => {
    const network = new MemoryNetwork({ defaultDelayMs: 10 });
    const [a, b] = await started(network, 'a', 'b');
    a!.connect('b');
    await vi.advanceTimersByTimeAsync(5);
    b!.connect('a');
    await vi.advanceTimersByTimeAsync(50);
    expect(log).toEqual(['b: open a', 'a: open b']);
    expect(a!.openLinks()).toEqual(['b']);
    expect(b!.openLinks()).toEqual(['a']);
    log = [];
    a!.send('b', Uint8Array.of(1));
    b!.send('a', Uint8Array.of(2));
    await vi.advanceTimersByTimeAsync(10);
    expect(log).toEqual(['b: from a [1]', 'a: from b [2]']);
  });
});
