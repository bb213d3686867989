/**
 * Fighting Cards' reducer (rules.ts) on the moves the whole-deal tests never
 * make: each action sent by the awaited seat in a phase that does not take it
 * (refused `wrong-phase`: a bid during the skat decision, a trump during play,
 * a card during the auction…), a card that is not in the player's hand
 * (`not-in-hand`), an auction that goes on after a bid and a pass or after a
 * later bid, the trick's leader recorded for each trick, a suit claimed void
 * only once, and no void claim when the off-suit card was the seat's last.
 * Fixed positions of deal M (RULES.md §4 examples); fast and deterministic.
 */
import { describe, expect, test } from 'vitest';
import type { Knowledge } from '../../../src/engine/index.js';
import { fightingCards } from '../../../src/games/fighting-cards/game.js';
import { act } from '../../../src/games/fighting-cards/rules.js';
import type { FightingState } from '../../../src/games/fighting-cards/board.js';
import { M, handleOf, position } from './helpers.js';

const auction = [
  { seat: 1, type: 'bid', bid: 26 },
  { seat: 2, type: 'pass' },
  { seat: 0, type: 'pass' },
];
const trumps = [...auction, { seat: 1, type: 'hand' }, { seat: 1, type: 'trump', suit: 'S' }];
const at = (actions: object[]) => position({ deal: M, actions: actions as never });
const send = (state: FightingState, seat: number, action: object) =>
  fightingCards.reduce(state, { kind: 'act', seat, action });

describe('a move in a phase that does not take it is refused: wrong-phase', () => {
  test.each<[string, object[], number, object]>([
    ['a bid during the skat decision', auction, 1, { type: 'bid', bid: 30 }],
    ['a pass during the skat decision', auction, 1, { type: 'pass' }],
    ['hand during the auction', [], 1, { type: 'hand' }],
    ['take during the auction', [], 1, { type: 'take' }],
    ['take while naming trumps', [...auction, { seat: 1, type: 'hand' }], 1, { type: 'take' }],
    ['a discard during the skat decision', auction, 1, { type: 'discard', handles: [10, 11] }],
    ['a discard after a hand game', [...auction, { seat: 1, type: 'hand' }], 1, { type: 'discard', handles: [10, 11] }],
    ['a trump during the auction', [], 1, { type: 'trump', suit: 'S' }],
    ['a trump during the skat decision', auction, 1, { type: 'trump', suit: 'S' }],
    ['a second trump once play started', trumps, 2, { type: 'trump', suit: 'H' }],
    ['a bid during play', trumps, 2, { type: 'bid', bid: 30 }],
  ])('%s', (_what, steps, seat, action) => {
    const { state } = at(steps);
    expect(fightingCards.awaits(state)).toMatchObject({ kind: 'move', seat });
    expect(send(state, seat, action)).toEqual({ ok: false, error: 'wrong-phase' });
  });

  test('a card during the auction', () => {
    const { state, open } = at([]);
    const h = handleOf(state, open, 'AS');
    expect(send(state, 1, { type: 'play', handle: h, card: 'AS' })).toEqual({ ok: false, error: 'wrong-phase' });
  });

  test('a card while naming trumps', () => {
    const { state, open } = at([...auction, { seat: 1, type: 'hand' }]);
    const h = handleOf(state, open, 'AS');
    expect(send(state, 1, { type: 'play', handle: h, card: 'AS' })).toEqual({ ok: false, error: 'wrong-phase' });
  });
});

describe('the reducer itself', () => {
  const openKnow =
    (open: Record<number, string>): Knowledge =>
    (h) =>
      open[h] ?? null;

  test('a card from another hand is not in hand', () => {
    const { state, open } = at(trumps);
    const draft = structuredClone(state);
    expect(act(draft, 2, { type: 'play', handle: handleOf(state, open, 'AS'), card: 'AS' }, openKnow(open))).toBe(
      'not-in-hand',
    );
    expect(draft.board.hands).toEqual(state.board.hands);
  });

  test('a suit is claimed void once, however often the seat shows it', () => {
    // Cleo leads A♣: Ann (no ♣) 9♦, Bob trumps 7♠. Bob then A♥ (Cleo Q♥, Ann 7♥), then 8♠ and 9♠:
    // Cleo (no ♠) and Ann (no ♠) show off suit twice each on a spade lead.
    const { state } = at([
      ...trumps,
      { seat: 2, type: 'play', card: 'AC' },
      { seat: 0, type: 'play', card: '9D' },
      { seat: 1, type: 'play', card: '7S' },
      { seat: 1, type: 'play', card: 'AH' },
      { seat: 2, type: 'play', card: 'QH' },
      { seat: 0, type: 'play', card: '7H' },
      { seat: 1, type: 'play', card: '8S' },
      { seat: 2, type: 'play', card: 'KC' },
      { seat: 0, type: 'play', card: '10D' },
      { seat: 1, type: 'play', card: '9S' },
      { seat: 2, type: 'play', card: '9C' },
      { seat: 0, type: 'play', card: 'JD' },
    ]);
    expect(state.board.voids).toEqual([['C', 'S'], ['C'], ['S']]);
    expect(state.claims.filter((c) => c.seat === 0).map((c) => c.note)).toEqual([
      'seat 0 holds no C card',
      'seat 0 holds no S card',
      'seat 0 holds no S card',
    ]);
  });

  test('each trick records who led it', () => {
    const { state } = at([
      ...trumps,
      { seat: 2, type: 'play', card: 'QH' },
      { seat: 0, type: 'play', card: '10H' },
      { seat: 1, type: 'play', card: 'AH' },
      { seat: 1, type: 'play', card: 'KH' },
      { seat: 2, type: 'play', card: 'JH' },
      { seat: 0, type: 'play', card: '9H' },
      { seat: 1, type: 'play', card: '7S' },
      { seat: 2, type: 'play', card: '7C' },
      { seat: 0, type: 'play', card: '8H' },
    ]);
    expect(state.board.tricks.map((t) => [t.leader, t.winner])).toEqual([
      [2, 1],
      [1, 1],
      [1, 1],
    ]);
  });

  test('the last card played off suit leaves nothing to claim', () => {
    const { state, open } = at([...trumps, { seat: 2, type: 'play', card: 'AC' }]);
    const draft = structuredClone(state);
    const last = handleOf(state, open, '9D');
    draft.board.hands[0] = [last];
    const claims = draft.claims.length;
    expect(act(draft, 0, { type: 'play', handle: last, card: '9D' }, openKnow(open))).toBeNull();
    expect(draft.claims).toHaveLength(claims);
    expect(draft.board.voids[0]).toEqual(['C']);
    expect(draft.board.hands[0]).toEqual([]);
  });
});

describe('the auction goes on', () => {
  test.each<[string, object[], number]>([
    [
      'after a bid and one pass',
      [
        { seat: 1, type: 'bid', bid: 21 },
        { seat: 2, type: 'pass' },
      ],
      0,
    ],
    [
      'after a bid, a pass and a higher bid',
      [
        { seat: 1, type: 'bid', bid: 21 },
        { seat: 2, type: 'pass' },
        { seat: 0, type: 'bid', bid: 22 },
      ],
      1,
    ],
    [
      'after a bid, a pass, a higher bid and a pass',
      [
        { seat: 1, type: 'bid', bid: 21 },
        { seat: 2, type: 'pass' },
        { seat: 0, type: 'bid', bid: 22 },
        { seat: 1, type: 'pass' },
      ],
      2,
    ],
    [
      'after two passes and a bid',
      [
        { seat: 1, type: 'pass' },
        { seat: 2, type: 'pass' },
        { seat: 0, type: 'bid', bid: 21 },
      ],
      1,
    ],
  ])('%s', (_what, steps, turn) => {
    const { state } = at(steps);
    expect(state.board.phase).toBe('bidding');
    expect(state.board.declarer).toBeNull();
    expect(fightingCards.awaits(state)).toEqual({ kind: 'move', seat: turn, what: 'bidding' });
  });

  test('and ends when the last bid is followed by two passes', () => {
    const { state } = at([
      { seat: 1, type: 'bid', bid: 21 },
      { seat: 2, type: 'pass' },
      { seat: 0, type: 'bid', bid: 22 },
      { seat: 1, type: 'pass' },
      { seat: 2, type: 'pass' },
    ]);
    expect(state.board).toMatchObject({ phase: 'skat', declarer: 0, contract: 22, turn: 0 });
  });
});
