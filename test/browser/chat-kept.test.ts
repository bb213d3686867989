/**
 * The chat survives a reload, in Chromium's own sessionStorage: the lines a
 * page showed come back (above the new session's, in order, with their
 * names and ids that never clash), only at their own table; what comes back
 * is read as untrusted input (a line that does not read as one is dropped,
 * the rest kept), and a storage that refuses to save leaves the chat working.
 */
import { afterEach, expect, test } from 'vitest';
import { ChatState } from '../../src/app/chat.js';
import type { ChatEntry } from '../../src/table/table-chat.js';

const TABLE = 'kept-0011223344556677';
const KEY = `fairdeck.chat.${TABLE}`;

afterEach(() => sessionStorage.clear());

let atMs = 0;
const entry = (id: number, body: ChatEntry['body'], who: { seatName?: string; mine?: boolean } = {}): ChatEntry => ({
  id,
  atMs: atMs++,
  key: who.mine ? 'aa' : 'bb',
  seat: who.seatName ? 1 : null,
  seatName: who.seatName ?? null,
  mine: who.mine ?? false,
  body,
});

const linesOf = (state: ChatState, entries: readonly ChatEntry[] = []) =>
  state.view(entries, null, false, []).lines.map((l) => ({ who: l.who, text: l.text, reaction: l.reaction?.words }));

test('the lines shown come back after a reload, above the new session’s, with unique ids', () => {
  const before = new ChatState();
  before.reset(TABLE);
  linesOf(before, [
    entry(1, { type: 'text', text: 'hi all' }, { seatName: 'Bob' }),
    entry(2, { type: 'reaction', reaction: 'nice' }, { mine: true }),
  ]);

  const after = new ChatState();
  after.reset(TABLE);
  const entries = [entry(1, { type: 'text', text: 'back again' }, { seatName: 'Bob' })];
  // Kept lines were seen before the reload: with the chat hidden, only the new session's line counts as unread.
  expect(after.view(entries, null, true, []).unread).toBe(1);
  expect(linesOf(after, entries)).toEqual([
    { who: 'Bob', text: 'hi all', reaction: undefined },
    { who: 'You', text: null, reaction: 'nice one' },
    { who: 'Bob', text: 'back again', reaction: undefined },
  ]);
  const ids = after.view(entries, null, false, []).lines.map((l) => l.id);
  expect(new Set(ids).size).toBe(3);

  // A second reload keeps all three.
  const again = new ChatState();
  again.reset(TABLE);
  expect(linesOf(again).map((l) => l.text)).toEqual(['hi all', null, 'back again']);
});

test('another table shows none of them, and a table with nothing kept starts empty', () => {
  const state = new ChatState();
  state.reset(TABLE);
  linesOf(state, [entry(1, { type: 'text', text: 'only here' }, { seatName: 'Bob' })]);
  const other = new ChatState();
  other.reset('other-0011223344556677');
  expect(linesOf(other)).toEqual([]);
});

test.each([
  ['not JSON', '{lines:'],
  ['another format', JSON.stringify({ v: 2, lines: [{ who: 'Bob', mine: false, body: { type: 'text', text: 'x' } }] })],
  ['no list', JSON.stringify({ v: 1, lines: 'hi' })],
])('a kept chat that is %s is dropped, nothing thrown', (_, stored) => {
  sessionStorage.setItem(KEY, stored);
  const state = new ChatState();
  expect(() => state.reset(TABLE)).not.toThrow();
  expect(linesOf(state)).toEqual([]);
});

test('kept lines that do not read as chat are dropped one by one; the others come back', () => {
  const good = { who: 'Bob', mine: false, body: { type: 'text', text: 'fine' } };
  sessionStorage.setItem(
    KEY,
    JSON.stringify({
      v: 1,
      lines: [
        good,
        { who: 'Eve', mine: false, body: { type: 'text', text: 'a\u202Eb' } }, // direction override
        { who: 'Eve', mine: false, body: { type: 'reaction', reaction: 'boo' } }, // no such reaction
        { who: 'x'.repeat(10_000), mine: false, body: { type: 'text', text: 'long name' } },
        { who: 'Eve', mine: 'yes', body: { type: 'text', text: 'not a flag' } },
        { who: 'Eve', mine: false, body: { type: 'text', text: 'extra' }, html: '<b>' },
        null,
        { ...good, body: { type: 'reaction', reaction: 'wow' } },
      ],
    }),
  );
  const state = new ChatState();
  state.reset(TABLE);
  expect(linesOf(state)).toEqual([
    { who: 'Bob', text: 'fine', reaction: undefined },
    { who: 'Bob', text: null, reaction: 'wow' },
  ]);
});

test('a storage that refuses to save leaves the chat working', () => {
  const refusing = Object.assign(Object.create(Storage.prototype) as Storage, {
    getItem: () => null,
    setItem: () => {
      throw new DOMException('quota', 'QuotaExceededError');
    },
  });
  const state = new ChatState(refusing);
  state.reset(TABLE);
  expect(linesOf(state, [entry(1, { type: 'text', text: 'still shown' }, { seatName: 'Bob' })])).toEqual([
    { who: 'Bob', text: 'still shown', reaction: undefined },
  ]);
});
