/**
 * School Blackjack unit tests: options, the deal, the turn grammar's edge
 * cases (capping, runs of one rank, aces, 3s, queens, answering a pick-up),
 * skips and reversal, drawing and the reshuffle of the play pile, the
 * `voluntaryDraw` option both ways (with false, a false "cannot play" claim
 * is accepted live and named by the audit), legal actions, views and the
 * outcome. Whole example turns are in the scenario files; random play is in
 * properties.test.ts; the bot in bot.test.ts.
 */
import { describe, expect, test } from 'vitest';
import { census, privateViewOf, settle } from '../../../src/engine/index.js';
import { schoolBlackjack, type BlackjackState } from '../../../src/games/school-blackjack/index.js';
import { apply, dealtHand, handleOf, knowledgeProblems, playAll, playOf, position } from './helpers.js';

const rest = (cards: string[]): { hand: string[] } => ({ hand: cards });

describe('options', () => {
  test.each<[unknown, object | null]>([
    [{}, { voluntaryDraw: true }],
    [undefined, { voluntaryDraw: true }],
    [{ voluntaryDraw: false }, { voluntaryDraw: false }],
    [{ voluntaryDraw: 'no' }, null],
    [{ decks: 2 }, null],
    ['fast', null],
  ])('%j', (raw, expected) => {
    expect(schoolBlackjack.parseOptions(raw, 3)).toEqual(expected);
  });
});

describe('the deal', () => {
  test.each([2, 3, 4, 5, 6])(
    '%i players: the whole deck dealt, hands differ by at most one, extras to the seats first in turn',
    (players) => {
      const dealer = players - 1;
      const { state } = dealtHand({ players, dealer }, players);
      const sizes = state.board.hands.map((hand) => hand.length);
      expect(sizes.reduce((a, b) => a + b, 0)).toBe(52);
      expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1);
      // Clockwise from the dealer is descending seat order: dealer-1, dealer-2, …
      const order = Array.from({ length: players }, (_, i) => (((dealer - 1 - i) % players) + players) % players);
      const extras = 52 % players;
      order.forEach((seat, i) => expect(sizes[seat]).toBe(Math.floor(52 / players) + (i < extras ? 1 : 0)));
      expect(state.board.turn).toBe(order[0]);
      expect(state.board.direction).toBe('clockwise');
      expect(state.board.deck).toEqual([]);
      expect(state.board.pile).toEqual([]);
      expect(state.requests.map((r) => (r.kind === 'reveal-to' ? r.seat : -1))).toEqual(
        Array.from({ length: players }, (_, s) => s),
      );
      expect(census(schoolBlackjack, state)).toEqual([]);
    },
  );

  test('2 and 7 players are refused; so is an option of another game', () => {
    expect(schoolBlackjack.setup({ players: 1 })).toMatchObject({ ok: false, error: 'bad-player-count' });
    expect(schoolBlackjack.setup({ players: 7 })).toMatchObject({ ok: false, error: 'bad-player-count' });
    expect(schoolBlackjack.setup({ players: 3, options: { decks: 2 } })).toMatchObject({
      ok: false,
      error: 'bad-options',
    });
  });

  test('each seat is shown its own hand only', () => {
    const { state, open } = dealtHand({ players: 4, dealer: 0 }, 9);
    const settled = settle(schoolBlackjack, state, open);
    expect(settled.ok).toBe(true);
    if (!settled.ok) return;
    expect(knowledgeProblems(settled.state as BlackjackState)).toEqual([]);
    const board = (settled.state as BlackjackState).board;
    board.hands.forEach((hand, seat) =>
      expect(
        Object.keys(privateViewOf(settled.state, settled.open, seat).known)
          .map(Number)
          .sort((a, b) => a - b),
      ).toEqual([...hand].sort((a, b) => a - b)),
    );
  });
});

describe('the turn grammar', () => {
  const deal = {
    seats: [rest(['9h', '9c', '9d', '9s', '4s', '4c', 'Ah', 'As', '5d', 'Qh', '3s', '7s']), rest(['7d', '7c', 'Kc'])],
    pile: ['5h'],
  };

  test.each<[string, string[], boolean]>([
    ['one card', ['9h'], false],
    ['exactly two of a rank', ['9h', '9c'], true],
    ['three of a rank (the third is the cap)', ['9h', '9c', '9d'], false],
    ['four of a rank', ['9h', '9c', '9d', '9s'], false],
    ['two of a rank and a cap', ['9h', '9c', '4c'], false],
    ['three of a rank and then a cap of another rank', ['9h', '9c', '9d', '5d'], false],
    ['two aces after a 3 ("3h Ah Ac" pattern)', ['Qh', '3s', 'As', 'Ah'], true],
    ['a 3 and nothing after it', ['Qh', '3s'], true],
    ['a queen and nothing after it', ['Qh'], true],
    ['a queen, then anything', ['Qh', '7s'], false],
  ])('%s: ending draws 1 → %s', (_name, cards, draws) => {
    const table = position(deal);
    playAll(table, 0, cards);
    expect(apply(table, 0, { type: 'end' })).toBeNull();
    expect(table.state.board.lastTurn).toMatchObject({ seat: 0, asked: draws ? 1 : 0, drew: draws ? 1 : 0 });
    expect(table.state.board.turn).toBe(1);
  });

  test.each<[string, string[], string, string]>([
    ['a card of another rank in step 2', ['9h'], '4s', 'not-same-rank'],
    ['an ace in step 2 (it cannot stand in for another rank)', ['9h'], 'Ah', 'not-same-rank'],
    ['a cap that matches neither suit nor rank', ['9h', '9c'], '4s', 'no-match'],
    ['a card that does not follow a 3', ['9h', '9c', '4c', '4s', '3s'], '5d', 'no-match'],
    ['a step-1 card on the wrong suit', [], '4c', 'no-match'],
  ])('refused: %s', (_name, before, card, code) => {
    const table = position(deal);
    playAll(table, 0, before);
    expect(apply(table, 0, playOf(table, card))).toBe(code);
  });

  test('an ace goes on anything and its named suit rules the next step-1 card; with several aces the top one counts', () => {
    const table = position(deal);
    playAll(table, 0, ['9h']);
    expect(apply(table, 0, { type: 'end' })).toBeNull();
    expect(apply(table, 1, { type: 'draw' })).toBeNull();
    expect(apply(table, 0, playOf(table, 'Ah', 'C'))).toBeNull();
    expect(apply(table, 0, playOf(table, 'As', 'D'))).toBeNull();
    expect(table.state.board).toMatchObject({ namedSuit: 'D', step: 'cap', run: 2 });
    expect(apply(table, 0, playOf(table, '4c'))).toBe('no-match');
    expect(apply(table, 0, playOf(table, '5d'))).toBeNull();
  });

  test('an ace must name a suit, and only an ace may', () => {
    const table = position(deal);
    expect(apply(table, 0, { type: 'play', handle: handleOf(table, 'Ah'), card: 'AH' })).toBe('must-name-suit');
    expect(apply(table, 0, { type: 'play', handle: handleOf(table, '5d'), card: '5D', suit: 'D' })).toBe(
      'suit-without-ace',
    );
    expect(apply(table, 0, { type: 'play', handle: handleOf(table, 'Ah'), card: 'AH', suit: 'X' })).toBe(
      'malformed-action',
    );
  });

  test('`end` needs a card played this turn, `draw` only starts one; a pile card is not in the hand', () => {
    const table = position(deal);
    expect(apply(table, 0, { type: 'end' })).toBe('nothing-played');
    expect(apply(table, 1, { type: 'draw' })).toBe('not-your-turn');
    expect(apply(table, 0, { type: 'play', handle: handleOf(table, '5h'), card: '5H' })).toBe('not-in-hand');
    playAll(table, 0, ['9h']);
    expect(apply(table, 0, { type: 'draw' })).toBe('turn-started');
  });
});

describe('pick-ups', () => {
  const owing = (answer: string[]) => {
    const table = position({ seats: [rest(['9c', '9h', 'Jh', '5s', '8h', '8d', 'Jd']), rest(answer)] });
    playAll(table, 0, ['9c', '9h', 'Jh']);
    expect(apply(table, 0, { type: 'end' })).toBeNull();
    expect(table.state.board).toMatchObject({ turn: 1, owed: 3 });
    return table;
  };

  test.each<[string, string[], string[], string | null, number]>([
    ['an ace cancels', ['As', '5d'], ['As'], null, 0],
    ['a matching jack adds', ['Jc', '5d'], ['Jc'], null, 8],
    ['a matching 2 adds', ['2h', '5d'], ['2h'], null, 5],
    ['a 2 of another suit does not match', ['2c', '5d'], ['2c'], 'no-match', 3],
    ['a card matching by suit is no answer', ['5h', '5d'], ['5h'], 'owes-cards', 3],
  ])('%s', (_name, hand, answer, refusal, next) => {
    const table = owing(hand);
    for (const card of answer.slice(0, -1)) expect(apply(table, 1, playOf(table, card))).toBeNull();
    const error = apply(table, 1, playOf(table, answer.at(-1) ?? ''));
    expect(error).toBe(refusal);
    if (error === null) {
      expect(apply(table, 1, { type: 'end' })).toBeNull();
      expect(table.state.board.owed).toBe(next);
    } else {
      expect(apply(table, 1, { type: 'draw' })).toBeNull();
      expect(table.state.board.lastTurn).toMatchObject({ reason: 'pick-up', asked: 3, drew: 3 });
    }
  });

  test('a skip that comes round gives the pick-up to the player themselves (3 players, 8h 8d Jd)', () => {
    const table = position({ seats: [rest(['8h', '8d', 'Jd', '5s']), rest(['7c']), rest(['7h'])] }, { seats: 3 });
    playAll(table, 0, ['8h', '8d', 'Jd']);
    expect(apply(table, 0, { type: 'end' })).toBeNull();
    expect(table.state.board).toMatchObject({ turn: 0, owed: 3 });
  });
});

describe('skips and reversal', () => {
  test('skips count in the direction current at the end of the turn (4 players: 8h 8d then Kd)', () => {
    const table = position(
      { seats: [rest(['8h', '8d', 'Kd', '5s']), rest(['7c']), rest(['7h']), rest(['7s'])] },
      { seats: 4 },
    );
    playAll(table, 0, ['8h', '8d', 'Kd']);
    expect(apply(table, 0, { type: 'end' })).toBeNull();
    // Counter-clockwise (ascending) after the king: seat 1 and 2 skipped, seat 3 plays. Clockwise it would have been seat 1.
    expect(table.state.board).toMatchObject({ direction: 'counterclockwise', turn: 3 });
  });

  test('with 2 players a king changes nothing; one 8 gives the same player another turn', () => {
    const table = position({ seats: [rest(['Kh', '8h', '5s']), rest(['7c'])] });
    playAll(table, 0, ['Kh']);
    expect(apply(table, 0, { type: 'end' })).toBeNull();
    expect(table.state.board.turn).toBe(1);
    expect(apply(table, 1, { type: 'draw' })).toBeNull();
    playAll(table, 0, ['8h']);
    expect(apply(table, 0, { type: 'end' })).toBeNull();
    expect(table.state.board.turn).toBe(0);
  });
});

describe('drawing and the reshuffle', () => {
  test('the pile but its top goes back into the deck as fresh handles nobody knows; the drawer sees only what it drew', () => {
    const table = position({
      seats: [rest(['9h', '5s']), rest(['7d', '7c'])],
      pile: ['4h', '6h', '8h', 'Kh'],
      deck: [],
    });
    const before = [...table.state.board.pile];
    expect(apply(table, 0, { type: 'draw' })).toBeNull();
    const board = table.state.board;
    expect(board.reshuffles).toBe(1);
    expect(board.pile).toEqual([before.at(-1)]);
    expect(before.slice(0, -1).every((h) => table.state.cards[h]?.gone)).toBe(true);
    expect(board.deck).toHaveLength(2);
    expect(board.hands[0]).toHaveLength(3);
    expect(knowledgeProblems(table.state)).toEqual([]);
    expect(census(schoolBlackjack, table.state, table.open)).toEqual([]);
    expect(schoolBlackjack.audit(table.args, table.inputs, table.open)).toMatchObject({ verdict: 'clean' });
  });

  test('a draw needs no reshuffle while the deck lasts', () => {
    const table = position({ seats: [rest(['9h', '5s']), rest(['7d', '7c'])], pile: ['4h', '6h'], deck: ['Kd'] });
    expect(apply(table, 0, { type: 'draw' })).toBeNull();
    expect(table.state.board).toMatchObject({ reshuffles: 0, deck: [] });
    expect(table.state.board.pile).toHaveLength(2);
  });
});

describe('voluntaryDraw', () => {
  const deal = { seats: [rest(['9h', '9s']), rest(['5h', '7c'])] };
  const afterNineOfHearts = (rules: Record<string, unknown>) => {
    const table = position(deal, { rules });
    playAll(table, 0, ['9h']);
    expect(apply(table, 0, { type: 'end' })).toBeNull();
    return table;
  };

  test('true (default): a seat may draw while it holds a playable card; nothing to audit', () => {
    const table = afterNineOfHearts({});
    expect(schoolBlackjack.legalActions(table.state, 1, privateViewOf(table.state, table.open, 1))).toContainEqual({
      type: 'draw',
    });
    expect(apply(table, 1, { type: 'draw' })).toBeNull();
    expect(table.state.claims).toEqual([]);
    expect(schoolBlackjack.audit(table.args, table.inputs, table.open)).toMatchObject({
      verdict: 'clean',
      claimsChecked: 0,
    });
  });

  test('false: draw is not offered with a playable card; drawing anyway is accepted live as a claim and the audit names the seat', () => {
    const table = afterNineOfHearts({ voluntaryDraw: false });
    const legal = schoolBlackjack.legalActions(table.state, 1, privateViewOf(table.state, table.open, 1));
    expect(legal).not.toContainEqual({ type: 'draw' });
    expect(legal).toContainEqual(playOf(table, '5h'));
    const index = table.inputs.length;
    expect(apply(table, 1, { type: 'draw' })).toBeNull();
    expect(table.state.claims).toMatchObject([
      { seat: 1, kind: 'cannot-play', note: 'seat 1 holds no card that may be played on 9H' },
    ]);
    const report = schoolBlackjack.audit(table.args, table.inputs, table.open);
    expect(report).toMatchObject({ verdict: 'fault', index, seat: 1 });
    expect(report.verdict === 'fault' && report.reason).toMatch(/^has-legal-play: false claim "seat 1 holds no card/);
  });

  test('false: an uncapped `end` while holding a cap is a claim too, and the audit names the seat', () => {
    const table = position(
      { seats: [rest(['9h', '9c', '4c', '5s']), rest(['7c'])] },
      { rules: { voluntaryDraw: false } },
    );
    playAll(table, 0, ['9h', '9c']);
    expect(schoolBlackjack.legalActions(table.state, 0, privateViewOf(table.state, table.open, 0))).not.toContainEqual({
      type: 'end',
    });
    const index = table.inputs.length;
    expect(apply(table, 0, { type: 'end' })).toBeNull();
    expect(schoolBlackjack.audit(table.args, table.inputs, table.open)).toMatchObject({
      verdict: 'fault',
      index,
      seat: 0,
    });
  });

  test('false: after a queen every card may follow, so ending with cards in hand is refused live', () => {
    const table = position({ seats: [rest(['Qh', '5s']), rest(['7c'])] }, { rules: { voluntaryDraw: false } });
    playAll(table, 0, ['Qh']);
    expect(apply(table, 0, { type: 'end' })).toBe('has-legal-play');
  });

  test('false: a true "cannot play" audits clean', () => {
    const table = position({ seats: [rest(['9h', '9s']), rest(['5c', '7c'])] }, { rules: { voluntaryDraw: false } });
    playAll(table, 0, ['9h']);
    expect(apply(table, 0, { type: 'end' })).toBeNull();
    expect(schoolBlackjack.legalActions(table.state, 1, privateViewOf(table.state, table.open, 1))).toEqual([
      { type: 'draw' },
    ]);
    expect(apply(table, 1, { type: 'draw' })).toBeNull();
    expect(schoolBlackjack.audit(table.args, table.inputs, table.open)).toMatchObject({
      verdict: 'clean',
      claimsChecked: 1,
    });
  });
});

describe('legal actions, views, outcome', () => {
  test('an ace is offered once per suit; nobody but the awaited seat has moves', () => {
    const table = position({ seats: [rest(['Ah', '9c']), rest(['7c'])], pile: ['5d'] });
    const legal = schoolBlackjack.legalActions(table.state, 0, privateViewOf(table.state, table.open, 0));
    expect(
      legal.filter((a) => a.type === 'play' && a.card === 'AH').map((a) => (a.type === 'play' ? a.suit : null)),
    ).toEqual(['C', 'D', 'H', 'S']);
    expect(legal).toContainEqual({ type: 'draw' });
    expect(legal.some((a) => a.type === 'play' && a.card === '9C')).toBe(false);
    expect(schoolBlackjack.legalActions(table.state, 1, privateViewOf(table.state, table.open, 1))).toEqual([]);
  });

  test('a spectator sees the pile and counts, not the hands; a seat sees its own hand', () => {
    const table = position({ seats: [rest(['Ah', '9c']), rest(['7c'])], pile: ['5d'] });
    const spectator = schoolBlackjack.view(table.state, null);
    expect(spectator.pile).toEqual(['5D']);
    expect(spectator.hands.flat().every((c) => c.card === null)).toBe(true);
    const own = schoolBlackjack.view(table.state, 0, privateViewOf(table.state, table.open, 0));
    expect(own.hands[0]?.map((c) => c.card).sort()).toEqual(['9C', 'AH']);
    expect(own.hands[1]?.map((c) => c.card)).toEqual([null]);
  });

  test('a win ends the hand; the seat clockwise of the dealer deals next', () => {
    const table = position({ seats: [rest(['9h']), rest(['7c']), rest(['7h']), rest(['7s'])] }, { seats: 4 });
    playAll(table, 0, ['9h']);
    expect(schoolBlackjack.awaits(table.state)).toEqual({ kind: 'over' });
    // Dealer 1; clockwise (descending) of seat 1 is seat 0.
    expect(schoolBlackjack.outcome(table.state)).toMatchObject({ ranking: [[0], [1, 2, 3]], nextDealer: 0 });
    expect(apply(table, 1, { type: 'draw' })).toBe('game-over');
  });
});
