/**
 * The link book both transports keep (link-book.ts), driven directly with
 * plain connection objects and fake timers: one connection per remote,
 * crossed dials settled by the smaller id, a remote's new dial replacing its
 * old one (quietly if it never opened, with a "closed" if it had), the dial
 * timeout, and that only the current connection may open or close a link.
 */
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { LinkBook, type BookConnection } from '../../src/net/link-book.js';

class Conn implements BookConnection {
  open = false;
  closes = 0;
  constructor(readonly name: string) {}
  close(): void {
    this.closes++;
    this.open = false;
  }
}

const TIMEOUT = 1000;
let log: string[];
let live: boolean;
function book(localId = 'b'): LinkBook<Conn> {
  return new LinkBook<Conn>(
    localId,
    () => (live ? { linkOpen: (r) => log.push(`open ${r}`), linkClosed: (r) => log.push(`closed ${r}`) } : undefined),
    TIMEOUT,
  );
}
/** Adopted and opened, as a transport does when the channel opens. */
function openLink(links: LinkBook<Conn>, remote: string, conn: Conn, startedByUs: boolean): void {
  expect(links.adopt(remote, conn, startedByUs)).toBe(true);
  conn.open = true;
  links.opened(remote, conn);
}

beforeEach(() => {
  vi.useFakeTimers();
  log = [];
  live = true;
});
afterEach(() => {
  vi.useRealTimers();
});

describe('adopting connections', () => {
  test('a first connection is held, current, and not open until it opens', () => {
    const links = book();
    const c = new Conn('c');
    expect(links.has('a')).toBe(false);
    expect(links.get('a')).toBeUndefined();
    expect(links.adopt('a', c, true)).toBe(true);
    expect(links.has('a')).toBe(true);
    expect(links.get('a')).toBe(c);
    expect(links.isCurrent('a', c)).toBe(true);
    expect(links.isCurrent('a', new Conn('x'))).toBe(false);
    expect(links.isCurrent('z', c)).toBe(false);
    expect(links.openRemotes()).toEqual([]);
    c.open = true;
    links.opened('a', c);
    expect(log).toEqual(['open a']);
    expect(links.openRemotes()).toEqual(['a']);
  });

  test('adopting the same connection again keeps it', () => {
    const links = book();
    const c = new Conn('c');
    openLink(links, 'a', c, true);
    expect(links.adopt('a', c, true)).toBe(true);
    expect(c.closes).toBe(0);
    expect(links.get('a')).toBe(c);
    expect(log).toEqual(['open a']);
  });

  test('crossed dials, smaller id local: ours is kept, theirs refused and closed', () => {
    const links = book('a');
    const ours = new Conn('ours');
    const theirs = new Conn('theirs');
    expect(links.adopt('b', ours, true)).toBe(true);
    expect(links.adopt('b', theirs, false)).toBe(false);
    expect(theirs.closes).toBe(1);
    expect(ours.closes).toBe(0);
    expect(links.get('b')).toBe(ours);
    expect(log).toEqual([]);
  });

  test('crossed dials, larger id local: theirs replaces ours quietly (ours never opened)', () => {
    const links = book('b');
    const ours = new Conn('ours');
    const theirs = new Conn('theirs');
    expect(links.adopt('a', ours, true)).toBe(true);
    expect(links.adopt('a', theirs, false)).toBe(true);
    expect(ours.closes).toBe(1);
    expect(theirs.closes).toBe(0);
    expect(links.get('a')).toBe(theirs);
    expect(log).toEqual([]);
  });

  test("the remote's new dial replaces its open one, and the mesh hears the old is gone", () => {
    const links = book('a');
    const old = new Conn('old');
    openLink(links, 'b', old, false);
    const fresh = new Conn('fresh');
    expect(links.adopt('b', fresh, false)).toBe(true);
    expect(old.closes).toBe(1);
    expect(links.get('b')).toBe(fresh);
    expect(log).toEqual(['open b', 'closed b']);
    // The old one's late events change nothing.
    links.closed('b', old);
    expect(links.get('b')).toBe(fresh);
    expect(log).toEqual(['open b', 'closed b']);
  });

  test('a connection opening for a remote the book no longer holds is closed, not announced', () => {
    const links = book();
    const c = new Conn('c');
    links.opened('a', c);
    expect(c.closes).toBe(1);
    expect(links.has('a')).toBe(false);
    expect(log).toEqual([]);
  });

  test('a replaced connection that opens late is closed, not announced', () => {
    const links = book('b');
    const ours = new Conn('ours');
    const theirs = new Conn('theirs');
    links.adopt('a', ours, true);
    links.adopt('a', theirs, false);
    const closesBefore = ours.closes;
    links.opened('a', ours);
    expect(ours.closes).toBe(closesBefore + 1);
    expect(log).toEqual([]);
  });
});

describe('the dial timeout', () => {
  test('a connection not open after the timeout is dropped, and the mesh told', () => {
    const links = book();
    const c = new Conn('c');
    links.adopt('a', c, true);
    vi.advanceTimersByTime(TIMEOUT - 1);
    expect(links.has('a')).toBe(true);
    expect(c.closes).toBe(0);
    vi.advanceTimersByTime(1);
    expect(links.has('a')).toBe(false);
    expect(c.closes).toBe(1);
    expect(log).toEqual(['closed a']);
  });

  test('a connection that opened in time outlives the timeout', () => {
    const links = book();
    const c = new Conn('c');
    openLink(links, 'a', c, true);
    vi.advanceTimersByTime(TIMEOUT * 3);
    expect(links.get('a')).toBe(c);
    expect(c.closes).toBe(0);
    expect(log).toEqual(['open a']);
    expect(vi.getTimerCount()).toBe(0);
  });

  test('open but not yet reported open: the timer leaves it alone', () => {
    const links = book();
    const c = new Conn('c');
    links.adopt('a', c, true);
    c.open = true;
    vi.advanceTimersByTime(TIMEOUT);
    expect(links.get('a')).toBe(c);
    expect(log).toEqual([]);
  });

  test("a replaced connection's timer does not drop its successor", () => {
    const links = book('b');
    const first = new Conn('first');
    links.adopt('a', first, false);
    vi.advanceTimersByTime(TIMEOUT / 2);
    const second = new Conn('second');
    links.adopt('a', second, false);
    // The first's timer was cleared with it: no timer but the second's.
    expect(vi.getTimerCount()).toBe(1);
    vi.advanceTimersByTime(TIMEOUT / 2);
    expect(links.get('a')).toBe(second);
    expect(second.closes).toBe(0);
    vi.advanceTimersByTime(TIMEOUT / 2);
    expect(links.has('a')).toBe(false);
    expect(log).toEqual(['closed a']);
  });

  test('with no one listening, the timeout still drops the link silently', () => {
    const links = book();
    live = false;
    const c = new Conn('c');
    links.adopt('a', c, true);
    vi.advanceTimersByTime(TIMEOUT);
    expect(links.has('a')).toBe(false);
    expect(log).toEqual([]);
  });
});

describe('closing', () => {
  test('the current connection closing drops the link; a stale one does nothing', () => {
    const links = book();
    const c = new Conn('c');
    openLink(links, 'a', c, true);
    links.closed('a', new Conn('stale'));
    expect(links.has('a')).toBe(true);
    links.closed('a', c);
    expect(links.has('a')).toBe(false);
    expect(c.closes).toBe(1);
    expect(log).toEqual(['open a', 'closed a']);
    links.closed('a', c);
    expect(log).toEqual(['open a', 'closed a']);
  });

  test('forget closes without a word and returns the connection; drop says so', () => {
    const links = book();
    const c = new Conn('c');
    const d = new Conn('d');
    openLink(links, 'a', c, true);
    openLink(links, 'x', d, true);
    expect(links.forget('a')).toBe(c);
    expect(c.closes).toBe(1);
    expect(links.forget('a')).toBeUndefined();
    expect(c.closes).toBe(1);
    links.drop('x');
    links.drop('x');
    expect(d.closes).toBe(1);
    expect(log).toEqual(['open a', 'open x', 'closed x']);
  });

  test('forget clears the dial timer', () => {
    const links = book();
    links.adopt('a', new Conn('c'), true);
    expect(vi.getTimerCount()).toBe(1);
    links.forget('a');
    expect(vi.getTimerCount()).toBe(0);
  });

  test('openRemotes lists only open links; forgetAll closes them all quietly', () => {
    const links = book();
    const conns = ['p', 'q', 'r'].map((name) => new Conn(name));
    openLink(links, 'p', conns[0]!, true);
    links.adopt('q', conns[1]!, true);
    openLink(links, 'r', conns[2]!, false);
    expect(links.openRemotes()).toEqual(['p', 'r']);
    links.forgetAll();
    expect(conns.map((c) => c.closes)).toEqual([1, 1, 1]);
    expect(['p', 'q', 'r'].map((r) => links.has(r))).toEqual([false, false, false]);
    expect(log).toEqual(['open p', 'open r']);
    expect(vi.getTimerCount()).toBe(0);
  });

  test('opening with no one listening is harmless', () => {
    const links = book();
    live = false;
    const c = new Conn('c');
    openLink(links, 'a', c, true);
    links.drop('a');
    expect(log).toEqual([]);
    expect(c.closes).toBe(1);
  });
});
