/**
 * Who a hand waits for (hand/waiting.ts), with hand-built followers and
 * events over a real EventPool: only seats that still owe something are
 * named — a ready, the awaited cascade step, key shares for the oldest
 * request, a move or choice not held, a real-time commit or reveal once a
 * round is open, a disclosure — with the words the table shows.
 */
import { describe, expect, it } from 'vitest';
import type { Awaiting, CryptoRequest } from '../../src/engine/index.js';
import { EventPool } from '../../src/table/hand/event-pool.js';
import type { HandFollower } from '../../src/table/hand/follower.js';
import { waitingOf } from '../../src/table/hand/waiting.js';
import type { EventType, TableEvent } from '../../src/table/transcript.js';

let sigs = 0;
function event<T extends EventType>(seat: number, type: T, data: unknown): TableEvent<T> {
  const sig = ++sigs;
  const envelope = {
    sig: Uint8Array.from({ length: 64 }, (_, i) => (i < 4 ? (sig >> (8 * i)) & 255 : 0)),
    body: { hand: 0, n: sig, at: 0, hash: new Uint8Array(32), type, data },
  };
  return { envelope, seat, type, data } as unknown as TableEvent<T>;
}

interface Fake {
  halt?: unknown;
  phase: string;
  players?: number;
  pool?: EventPool;
  cascade?: unknown;
  state?: unknown;
  awaits?: Awaiting;
  pending?: number[];
  round?: number;
}
function follower(x: Fake): HandFollower {
  const players = x.players ?? 3;
  const pool = x.pool ?? new EventPool(players);
  // A pending act: the seat's first event, held (its next act to take is its first).
  for (const seat of x.pending ?? []) pool.insert(firstAct(seat));
  return {
    halt: x.halt ?? null,
    phase: x.phase,
    players,
    pool,
    cascade: x.cascade ?? null,
    state: 'state' in x ? x.state : {},
    game: { awaits: () => x.awaits ?? { kind: 'over' } },
    actsTaken: () => 0,
    round: x.round ?? 0,
  } as unknown as HandFollower;
}
function firstAct(seat: number): TableEvent<'act'> {
  const envelope = {
    sig: Uint8Array.from({ length: 64 }, (_, i) => (i === 0 ? 200 + seat : i === 1 ? ++sigs & 255 : 7)),
    body: { hand: 0, n: 0, at: 0, hash: new Uint8Array(32), type: 'act', data: { action: 'x', keys: [] } },
  };
  return { envelope, seat, type: 'act', data: envelope.body.data } as unknown as TableEvent<'act'>;
}

describe('waitingOf', () => {
  it('nothing once halted or done, or with no state, or when the game is over', () => {
    expect(
      waitingOf(follower({ phase: 'play', halt: { code: 'flood' }, awaits: { kind: 'move', seat: 0, what: 'x' } })),
    ).toBeNull();
    expect(waitingOf(follower({ phase: 'done' }))).toBeNull();
    expect(waitingOf(follower({ phase: 'halted' }))).toBeNull();
    expect(
      waitingOf(follower({ phase: 'play', state: null, awaits: { kind: 'move', seat: 0, what: 'x' } })),
    ).toBeNull();
    expect(waitingOf(follower({ phase: 'play', awaits: { kind: 'over' } }))).toBeNull();
  });

  it('ready and disclose: the seats whose event is not held', () => {
    const pool = new EventPool(3);
    pool.insert(event(1, 'ready', { sealKey: new Uint8Array(32), setup: new Uint8Array(32) }));
    pool.insert(event(2, 'disclose', { secrets: [], sealSecret: new Uint8Array(32) }));
    expect(waitingOf(follower({ phase: 'ready', pool }))).toEqual({ seats: [0, 2], what: 'to start the hand' });
    expect(waitingOf(follower({ phase: 'disclose', pool }))).toEqual({
      seats: [0, 1],
      what: 'to open their secrets for the audit',
    });
  });

  it('a cascade: the seat whose step it awaits, or nobody once locked', () => {
    for (const phase of ['dealing', 'play']) {
      expect(waitingOf(follower({ phase, cascade: { state: { phase: 'shuffle', next: 2 } } }))).toEqual({
        seats: [2],
        what: 'to shuffle the deck',
      });
      expect(waitingOf(follower({ phase, cascade: { state: { phase: 'relayer', next: 1 } } }))).toEqual({
        seats: [1],
        what: 'to relayer the deck',
      });
      expect(waitingOf(follower({ phase, cascade: { state: { phase: 'locked', next: 0 } } }))).toEqual({
        seats: [],
        what: 'to locked the deck',
      });
    }
  });

  it('crypto: the contributors of the oldest request whose keys are not held', () => {
    const pool = new EventPool(3);
    pool.insert(event(0, 'keys', { request: 7, shares: [], to: 2 }));
    pool.insert(event(1, 'keys', { request: 8, shares: [], to: 2 }));
    const reveal: CryptoRequest = { id: 7, kind: 'reveal-to', seat: 2, handles: [1] };
    const other: CryptoRequest = { id: 8, kind: 'reveal-all', handles: [2] };
    expect(waitingOf(follower({ phase: 'play', pool, awaits: { kind: 'crypto', requests: [reveal, other] } }))).toEqual(
      { seats: [1], what: 'to send card keys' },
    );
    expect(waitingOf(follower({ phase: 'play', pool, awaits: { kind: 'crypto', requests: [other, reveal] } }))).toEqual(
      { seats: [0, 2], what: 'to send card keys' },
    );
  });

  it('a move or simultaneous choices: the seats whose act is not held yet, in the game’s words', () => {
    expect(waitingOf(follower({ phase: 'play', awaits: { kind: 'move', seat: 1, what: 'to play a card' } }))).toEqual({
      seats: [1],
      what: 'to play a card',
    });
    expect(
      waitingOf(follower({ phase: 'play', pending: [1], awaits: { kind: 'move', seat: 1, what: 'to play a card' } })),
    ).toEqual({ seats: [], what: 'to play a card' });
    expect(
      waitingOf(follower({ phase: 'play', pending: [0], awaits: { kind: 'choices', seats: [0, 2], what: 'to pass' } })),
    ).toEqual({ seats: [2], what: 'to pass' });
  });

  it('a live hand: an event held but not yet shown by every seat is owed by the seats that have not shown it, not by its author', () => {
    const pool = new EventPool(3, undefined, { localSeats: [0] });
    const act = firstAct(1);
    pool.insert(act);
    const awaits: Awaiting = { kind: 'move', seat: 1, what: 'to play a card' };
    expect(waitingOf(follower({ phase: 'play', pool, awaits }))).toEqual({ seats: [2], what: 'to play a card' });
    pool.confirm(Buffer.from(act.envelope.sig).toString('hex'), [2]);
    expect(waitingOf(follower({ phase: 'play', pool, awaits }))).toEqual({ seats: [], what: 'to play a card' });
    const disclosure = event(0, 'disclose', { secrets: [], sealSecret: new Uint8Array(32) });
    pool.insert(disclosure);
    expect(waitingOf(follower({ phase: 'disclose', pool }))).toEqual({
      seats: [1, 2],
      what: 'to open their secrets for the audit',
    });
  });

  it('real time: nobody before the first commit of the open round; then those who have not committed, then those who have not revealed', () => {
    const anytime: Awaiting = { kind: 'anytime', seats: [0, 1, 2], what: 'to play when you can' };
    const pool = new EventPool(3);
    const at = (round: number) => waitingOf(follower({ phase: 'play', pool, round, awaits: anytime }));
    expect(at(1)).toEqual({ seats: [], what: 'to play when you can' });
    pool.insert(event(1, 'commit', { round: 1, digest: new Uint8Array(32) }));
    pool.insert(event(0, 'commit', { round: 0, digest: new Uint8Array(32) }));
    expect(at(1)).toEqual({ seats: [0, 2], what: 'to commit their moves' });
    pool.insert(event(0, 'commit', { round: 1, digest: new Uint8Array(32) }));
    pool.insert(event(2, 'commit', { round: 1, digest: new Uint8Array(32) }));
    expect(at(1)).toEqual({ seats: [0, 1, 2], what: 'to reveal their moves' });
    pool.insert(event(2, 'reveal', { round: 1, actions: [], salt: new Uint8Array(32) }));
    pool.insert(event(0, 'reveal', { round: 0, actions: [], salt: new Uint8Array(32) }));
    expect(at(1)).toEqual({ seats: [0, 1], what: 'to reveal their moves' });
    expect(at(0)).toEqual({ seats: [1, 2], what: 'to commit their moves' });
  });
});
