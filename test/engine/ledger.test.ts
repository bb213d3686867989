/**
 * The card ledger helpers rules call on their drafts: who has seen which
 * handle (kept ascending, no duplicates), public identities and the
 * knowledge functions built on them, and the crypto requests they queue
 * (ids in order, handles copied, empty requests never queued, a reshuffle
 * retiring the old handles and allocating fresh hidden ones), checked on a
 * hand-built ledger so each helper's contract is seen on its own.
 */
import { describe, expect, test } from 'vitest';
import {
  allSeats,
  markPublic,
  markSeen,
  publicCard,
  publicKnowledge,
  requestForward,
  requestReshuffle,
  requestRevealAll,
  requestRevealTo,
  viewKnowledge,
  type Core,
} from '../../src/engine/index.js';

/** A three-seat ledger: handle 0 public as 2H, handle 1 seen by seat 2 only, handle 2 seen by nobody, handle 3 retired. */
function ledger(): Core<unknown> {
  return {
    v: 1,
    game: 'test',
    players: 3,
    dealer: 0,
    options: {},
    deck: ['2H', '3H', '4H', '5H'],
    step: 0,
    cards: [
      { card: '2H', seen: [0, 1, 2], gone: false },
      { card: null, seen: [2], gone: false },
      { card: null, seen: [], gone: false },
      { card: null, seen: [], gone: true },
    ],
    requests: [],
    nextRequest: 7,
    claims: [],
  };
}

describe('who knows what', () => {
  test('allSeats lists every seat in order', () => {
    expect(allSeats(ledger())).toEqual([0, 1, 2]);
    expect(allSeats({ ...ledger(), players: 5 })).toEqual([0, 1, 2, 3, 4]);
  });

  test.each<[number, string | null]>([
    [0, '2H'],
    [1, null],
    [2, null],
    [99, null],
    [-1, null],
  ])('publicCard of handle %d is %j', (handle, card) => {
    expect(publicCard(ledger(), handle)).toBe(card);
    expect(publicKnowledge(ledger())(handle)).toBe(card);
  });

  test('public knowledge is live: it reads the ledger when asked, not when built', () => {
    const core = ledger();
    const know = publicKnowledge(core);
    expect(know(1)).toBeNull();
    markPublic(core, 1, '3H');
    expect(know(1)).toBe('3H');
  });

  test('a peer knows the public cards and its own private ones; the public ledger wins', () => {
    const know = viewKnowledge(ledger(), { known: { 0: 'AS', 1: '3H' } });
    expect([0, 1, 2, 99].map(know)).toEqual(['2H', '3H', null, null]);
  });
});

describe('recording reveals', () => {
  test('markSeen keeps the seats ascending and each seat once', () => {
    const core = ledger();
    markSeen(core, 2, 2);
    markSeen(core, 2, 0);
    markSeen(core, 2, 2);
    markSeen(core, 2, 1);
    markSeen(core, 2, 0);
    expect(core.cards[2]).toEqual({ card: null, seen: [0, 1, 2], gone: false });
    markSeen(core, 1, 0);
    expect(core.cards[1]?.seen).toEqual([0, 2]);
  });

  test('markPublic sets the card and shows it to every seat', () => {
    const core = ledger();
    markPublic(core, 2, '4H');
    expect(core.cards[2]).toEqual({ card: '4H', seen: [0, 1, 2], gone: false });
    expect(core.cards[1]).toEqual({ card: null, seen: [2], gone: false });
  });

  test('marking a handle that does not exist changes nothing and does not throw', () => {
    const core = ledger();
    markSeen(core, 99, 0);
    markPublic(core, 99, '4H');
    expect(core).toEqual(ledger());
  });
});

describe('queueing crypto requests', () => {
  test('each helper queues its request with the next id, oldest first', () => {
    const core = ledger();
    requestRevealAll(core, [2]);
    requestRevealTo(core, 1, [1, 2]);
    requestForward(core, 2, 0, [1]);
    expect(core.requests).toEqual([
      { id: 7, kind: 'reveal-all', handles: [2] },
      { id: 8, kind: 'reveal-to', seat: 1, handles: [1, 2] },
      { id: 9, kind: 'forward', from: 2, to: 0, handles: [1] },
    ]);
    expect(core.nextRequest).toBe(10);
  });

  test('the request keeps its own copy of the handles', () => {
    const core = ledger();
    const handles = [1, 2];
    requestRevealAll(core, handles);
    requestRevealTo(core, 0, handles);
    requestForward(core, 2, 0, handles);
    requestReshuffle(core, handles);
    handles.push(0);
    expect(core.requests.map((request) => request.handles)).toEqual([
      [1, 2],
      [1, 2],
      [1, 2],
      [1, 2],
    ]);
  });

  test('nothing to do queues nothing and uses no id', () => {
    const core = ledger();
    requestRevealAll(core, []);
    requestRevealTo(core, 0, []);
    requestForward(core, 0, 1, []);
    expect(requestReshuffle(core, [])).toEqual([]);
    expect(core).toEqual(ledger());
  });

  test('a reshuffle retires the old handles and allocates fresh hidden ones after the last', () => {
    const core = ledger();
    const into = requestReshuffle(core, [2, 0]);
    expect(into).toEqual([4, 5]);
    expect(core.requests).toEqual([{ id: 7, kind: 'reshuffle', handles: [2, 0], into: [4, 5] }]);
    expect(core.nextRequest).toBe(8);
    expect(core.cards.map((info) => info.gone)).toEqual([true, false, true, true, false, false]);
    expect(core.cards.slice(4)).toEqual([
      { card: null, seen: [], gone: false },
      { card: null, seen: [], gone: false },
    ]);
    // The retired handles keep what was known of them (the audit reads it); only `gone` changes.
    expect(core.cards[0]).toEqual({ card: '2H', seen: [0, 1, 2], gone: true });
    expect(requestReshuffle(core, [4])).toEqual([6]);
    expect(core.requests[1]).toEqual({ id: 8, kind: 'reshuffle', handles: [4], into: [6] });
  });

  test('a reshuffle naming a handle that does not exist still allocates, and retires nothing else', () => {
    const core = ledger();
    expect(requestReshuffle(core, [99])).toEqual([4]);
    expect(core.cards.map((info) => info.gone)).toEqual([false, false, false, true, false]);
  });
});
