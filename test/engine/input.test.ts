/**
 * The reducer's input envelope (src/engine/input.ts), edge by edge: the four
 * kinds it accepts, the bounds of a seat, a request number, a handle key and
 * a card text, and the extra or missing fields a peer might send. Each row
 * sits just inside or just outside a bound, so a loosened or tightened check
 * fails here.
 */
import { describe, expect, test } from 'vitest';
import { loadedNow } from '../helpers/loaded-now.js';

/** parseInput of an input.ts loaded now: its schema is built when the module loads (test/helpers/loaded-now.ts). */
async function freshParseInput() {
  return (await loadedNow(() => import('../../src/engine/input.js'))).parseInput;
}

const act = (seat: unknown, extra: Record<string, unknown> = {}) => ({
  kind: 'act',
  seat,
  action: { type: 'x' },
  ...extra,
});
const revealed = (request: unknown, cards: unknown) => ({ kind: 'revealed', request, cards });

describe('parseInput accepts the four kinds of input', () => {
  test.each<[string, unknown]>([
    ['an action by seat 0', act(0)],
    ['an action by seat 255, the highest', act(255)],
    ['an action whose body is anything (the game validates it)', { kind: 'act', seat: 1, action: [1, 'two', null] }],
    ['a reveal of handle 0', revealed(0, { 0: '2H' })],
    ['a reveal of a nine-digit handle', revealed(5, { 123456789: 'JKR~2' })],
    ['a reveal with a 16-character card text', revealed(5, { 3: 'x'.repeat(16) })],
    ['a reveal of nothing', revealed(0, {})],
    ['the highest request number', { kind: 'delivered', request: 0x7fffffff }],
    ['a delivery', { kind: 'delivered', request: 3 }],
    ['a reshuffle', { kind: 'reshuffled', request: 0 }],
  ])('%s', async (_name, raw) => {
    expect((await freshParseInput())(raw)).toEqual(raw);
  });
});

describe('parseInput refuses everything else with null', () => {
  test.each<[string, unknown]>([
    ['seat 256', act(256)],
    ['seat -1', act(-1)],
    ['seat 1.5', act(1.5)],
    ['a seat given as text', act('1')],
    ['an action without a seat', { kind: 'act', action: {} }],
    ['an action with an extra field', act(0, { by: 'me' })],
    ['request -1', { kind: 'delivered', request: -1 }],
    ['request 2^31', { kind: 'delivered', request: 0x80000000 }],
    ['request 0.5', { kind: 'reshuffled', request: 0.5 }],
    ['a delivery with an extra field', { kind: 'delivered', request: 1, cards: {} }],
    ['a reshuffle without a request', { kind: 'reshuffled' }],
    ['a handle key with a leading zero', revealed(0, { '01': '2H' })],
    ['a ten-digit handle key', revealed(0, { 1234567890: '2H' })],
    ['a negative handle key', revealed(0, { '-1': '2H' })],
    ['a handle key with a letter after it', revealed(0, { '1a': '2H' })],
    ['a 17-character card text', revealed(0, { 0: 'x'.repeat(17) })],
    ['a card that is not text', revealed(0, { 0: 7 })],
    ['cards given as text', revealed(0, '2H')],
    ['a reveal without cards', { kind: 'revealed', request: 0 }],
    ['an unknown kind', { kind: 'peek', request: 0 }],
    ['no kind', { request: 0 }],
    ['null', null],
    ['a string', 'act'],
    ['an array', [{ kind: 'delivered', request: 0 }]],
  ])('%s', async (_name, raw) => {
    expect((await freshParseInput())(raw)).toBeNull();
  });
});
