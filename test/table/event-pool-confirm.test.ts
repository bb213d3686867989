/**
 * Consistent delivery in the event pool (event-pool.ts, docs/SECURITY.md
 * "One event per slot on every screen"): on a live table an event takes
 * effect only once every seat but its author has shown it holds that very
 * event; this page's own events at once, except its disclosure; an abandon
 * never waits. Who owes what is the seat that has not shown it holds it, not
 * the author. And the proof of equivocation (equivocation.ts): two validly
 * signed versions of one slot check out with the seat keys alone; anything
 * else does not.
 */
import { ed25519 } from '@noble/curves/ed25519.js';
import { describe, expect, it } from 'vitest';
import { keyHex, signEnvelope, type EnvelopeOf } from '../../src/net/envelope.js';
import { EventPool } from '../../src/table/hand/event-pool.js';
import { equivocationFault, type Equivocation } from '../../src/table/hand/equivocation.js';
import { parseEvent, type TableEvent } from '../../src/table/transcript.js';

const TABLE = 'abcdefgh-0123456789abcdef';
const signers = [1, 2, 3].map((b) => {
  const secretKey = new Uint8Array(32).fill(b);
  return { publicKey: ed25519.getPublicKey(secretKey), sign: (m: Uint8Array) => ed25519.sign(m, secretKey) };
});
const seatKeys = signers.map((s) => keyHex(s.publicKey));

function envelope(seat: number, n: number, type: string, data: unknown, hand = 0): EnvelopeOf<'table-event'> {
  return signEnvelope(signers[seat]!, {
    kind: 'table-event',
    table: TABLE,
    seq: 100 + n,
    to: null,
    body: { hand, n, at: 0, hash: new Uint8Array(32), type, data },
  } as never) as EnvelopeOf<'table-event'>;
}
function event(seat: number, n: number, type: string, data: unknown): TableEvent {
  const parsed = parseEvent(envelope(seat, n, type, data), seat);
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.value;
}
const sig = (e: TableEvent) => keyHex(e.envelope.sig);
const commit = (seat: number, fill: number, n = 0) =>
  event(seat, n, 'commit', { round: 1, digest: new Uint8Array(32).fill(fill) });

describe('a live pool', () => {
  it('holds an event without letting it take effect until every other seat has shown it holds it', () => {
    const pool = new EventPool(3, undefined, { localSeats: [0] });
    const theirs = commit(1, 1);
    expect(pool.insert(theirs, 0, [1])).toBe('new');
    expect(pool.commit(1, 1)).toBeUndefined();
    expect(pool.owing(pool.slot('commit', 1, 1), 1)).toEqual([2]);
    // The author's own word and this page's count; seat 3's copy is what is missing.
    expect(pool.confirm(sig(theirs), [2])).toBe(true);
    expect(pool.commit(1, 1)).toBe(theirs);
    expect(pool.owing(pool.slot('commit', 1, 1), 1)).toEqual([]);
    expect(pool.confirmedCount).toBe(1);
  });

  it('counts a copy of an event held (a duplicate) as its sender having it', () => {
    const pool = new EventPool(3, undefined, { localSeats: [0] });
    const theirs = commit(2, 2);
    pool.insert(theirs);
    expect(pool.insert(theirs, 0, [1])).toBe('duplicate');
    expect(pool.commit(1, 2)).toBe(theirs);
  });

  it('lets this page’s own events take effect at once, but its disclosure only once every seat holds it', () => {
    const pool = new EventPool(3, undefined, { localSeats: [0] });
    const mine = commit(0, 3);
    pool.insert(mine);
    expect(pool.commit(1, 0)).toBe(mine);
    const disclosure = event(0, 1, 'disclose', { secrets: [], sealSecret: new Uint8Array(32) });
    pool.insert(disclosure);
    expect(pool.disclose(0)).toBeUndefined();
    expect(pool.owing(pool.slot('disclose', 0, 0), 0)).toEqual([1, 2]);
    pool.confirm(sig(disclosure), [1, 2]);
    expect(pool.disclose(0)).toBe(disclosure);
  });

  it('never holds an abandon back, and owes a missing event to its author', () => {
    const pool = new EventPool(3, undefined, { localSeats: [] });
    const abandon = event(1, 0, 'abandon', { reason: 'gone' });
    pool.insert(abandon);
    expect(pool.abandon()).toBe(abandon);
    expect(pool.owing(pool.slot('disclose', 0, 2), 2)).toEqual([2]);
  });

  it('a watcher (no seat of its own) needs every seat but the author', () => {
    const pool = new EventPool(3, undefined, { localSeats: [] });
    const theirs = commit(0, 4);
    pool.insert(theirs, 0, [0, 1]);
    expect(pool.commit(1, 0)).toBeUndefined();
    pool.confirm(sig(theirs), [2]);
    expect(pool.commit(1, 0)).toBe(theirs);
  });

  it('finds a second version whichever arrives first, before either took effect', () => {
    for (const order of [
      [1, 2],
      [2, 1],
    ]) {
      const pool = new EventPool(3, undefined, { localSeats: [0] });
      const versions = { 1: commit(2, 5), 2: commit(2, 6) } as Record<number, TableEvent>;
      expect(pool.insert(versions[order[0]!]!, 0, [2])).toBe('new');
      expect(pool.commit(1, 2)).toBeUndefined();
      expect(pool.rival(versions[order[1]!]!)).toBe(versions[order[0]!]);
      expect(pool.insert(versions[order[1]!]!, 0, [1])).toBe('equivocation');
    }
  });

  it('an offline pool (no confirmation) takes every event at once', () => {
    const pool = new EventPool(3);
    const theirs = commit(1, 7);
    pool.insert(theirs);
    expect(pool.commit(1, 1)).toBe(theirs);
  });
});

describe('the proof of equivocation', () => {
  const first = envelope(1, 3, 'commit', { round: 2, digest: new Uint8Array(32).fill(1) });
  const second = envelope(1, 3, 'commit', { round: 2, digest: new Uint8Array(32).fill(2) });
  const proof: Equivocation = { seat: 1, first, second };

  it('two signed versions of one slot check out with the seat keys alone', () => {
    expect(equivocationFault(proof, seatKeys, 0)).toBeNull();
    // One slot under two sequence numbers is equivocation too.
    const again = envelope(1, 4, 'commit', { round: 2, digest: new Uint8Array(32).fill(3) });
    expect(equivocationFault({ seat: 1, first, second: again }, seatKeys, 0)).toBeNull();
  });

  it.each<[string, Equivocation, string]>([
    ['one event twice', { seat: 1, first, second: first }, 'one event'],
    ['another seat named', { seat: 0, first, second }, 'not by seat 1'],
    [
      'two slots',
      { seat: 1, first, second: envelope(1, 4, 'commit', { round: 3, digest: new Uint8Array(32) }) },
      'different slots',
    ],
    [
      'another hand',
      { seat: 1, first, second: envelope(1, 3, 'commit', { round: 2, digest: new Uint8Array(32) }, 1) },
      'hand 2',
    ],
    [
      'a forged signature',
      { seat: 1, first, second: { ...second, sig: new Uint8Array(64).fill(9) } },
      'no valid signature',
    ],
    ['no such seat', { seat: 5, first, second }, 'no seat 6'],
  ])('%s is no proof', (_name, bad, why) => {
    expect(equivocationFault(bad, seatKeys, 0)).toContain(why);
  });
});

describe('real-time rounds count against the seat that opened them', () => {
  const limits = { eventsPerAuthor: 4, bytesPerAuthor: 1 << 20 };
  const open = (seat: number, round: number, n: number) =>
    event(seat, n, 'commit', { round, digest: new Uint8Array(32).fill(round) });
  const answer = (seat: number, opener: TableEvent, round: number, n: number) =>
    event(seat, n, 'commit', { round, digest: new Uint8Array(32).fill(100 + round), answers: opener.envelope.sig });
  const reveal = (seat: number, round: number, n: number, actions: unknown[] = []) =>
    event(seat, n, 'reveal', { round, actions, salt: new Uint8Array(32) });

  it('an answer to another seat’s commit, and the empty reveal behind it, are not charged to the seat that answered', () => {
    const pool = new EventPool(2, limits);
    // Seat 2 opens ten empty rounds; seat 1 answers each: only the opener runs into its limit.
    let verdict = 'new';
    for (let round = 0; round < 10 && verdict === 'new'; round++) {
      const opener = open(1, round, 2 * round);
      verdict = pool.insert(opener);
      if (verdict !== 'new') break;
      expect(pool.insert(answer(0, opener, round, 2 * round))).toBe('new');
      expect(pool.insert(reveal(0, round, 2 * round + 1))).toBe('new');
      verdict = pool.insert(reveal(1, round, 2 * round + 1));
    }
    expect(verdict).toBe('over-limit');
    expect(pool.held(0).events).toBe(0);
    expect(pool.held(1).events).toBe(4);
  });

  it.each<[string, (opener: TableEvent) => TableEvent[], number]>([
    ['names no commit held', () => [answer(0, open(1, 9, 50), 0, 0)], 1],
    [
      'names its own earlier commit',
      () => {
        const mine = open(0, 2, 0);
        return [mine, answer(0, mine, 3, 1)];
      },
      2,
    ],
    ['names a commit of another round', (opener) => [answer(0, opener, 1, 0)], 1],
    ['is followed by a reveal with moves', (opener) => [answer(0, opener, 0, 0), reveal(0, 0, 1, [{ type: 'x' }])], 1],
  ])('an answer that %s is charged', (_name, make, charged) => {
    const pool = new EventPool(2, limits);
    const opener = open(1, 0, 0);
    pool.insert(opener);
    for (const e of make(opener)) expect(pool.insert(e)).toBe('new');
    expect(pool.held(0).events).toBe(charged);
  });
});
