/**
 * The table log of School Blackjack: each card reads as played ("Ann played
 * 9♥", "Ann names ♠ with A♠", a king reverses), and the input that finishes a
 * turn reads with its consequences from the state right after it (the whole
 * turn's cards, an uncapped end and its draw, who owes, who is skipped, a
 * reshuffle, the win). A later state never lends its consequences to an older
 * input: the line is then the action alone. Through the registry, as the
 * table does, and line by line: each way a turn can end with a draw
 * (uncapped, no follower after a 3 or queen, a power card as the last card),
 * several skipped seats named together, a line without a state or for
 * another game's state. Exact strings: they are the contract with the player.
 */
import { describe, expect, it, test } from 'vitest';
import { describeInput } from '../../../src/games/index.js';
import { apply, playOf, position, type Table, playAll } from './helpers.js';
import { describeAction, describeInput as describeGameInput } from '../../../src/games/school-blackjack/describe.js';
import { schoolBlackjack } from '../../../src/games/school-blackjack/index.js';
import { loadedNow } from '../../helpers/loaded-now.js';

// Dealer 1, so seat 0 (Ann) starts; clockwise is descending seats: Ann (0) → Bob (2) → Cleo (1) → Ann.
const names = ['Ann', 'Cleo', 'Bob'];
const line = (table: Table, seat: number, action: unknown) =>
  describeInput('school-blackjack', { kind: 'act', seat, action }, names, table.state);

/** Apply an action and return its log line against the state right after it. */
function step(table: Table, seat: number, action: unknown): string {
  const error = apply(table, seat, action);
  if (error) throw new Error(`refused: ${error}`);
  return line(table, seat, action);
}

const deal = (ann: string[], pile: string[] = [], deck?: string[]) => ({
  seats: [{ hand: ann }, { hand: ['2c', '5c', '6c'] }, { hand: ['2d', '5d', '6s'] }],
  pile,
  ...(deck ? { deck } : {}),
});

describe('school-blackjack log lines', () => {
  it('names each card, then the whole turn when it ends', () => {
    const t = position(deal(['9h', '9c', '3c', '4c', '7d']), { seats: 3 });
    expect(['9h', '9c', '3c', '4c'].map((c) => step(t, 0, playOf(t, c)))).toEqual([
      'Ann played 9♥',
      'Ann played 9♣',
      'Ann played 3♣',
      'Ann played 4♣',
    ]);
    expect(step(t, 0, { type: 'end' })).toBe('Ann played 9♥ 9♣ 3♣ 4♣ and ends the turn');
  });

  it('an ace names its suit; a king reverses; an uncapped end draws 1', () => {
    const t = position(deal(['As', 'Ks', 'Kh', '7d']), { seats: 3 });
    expect(step(t, 0, playOf(t, 'As', 'S'))).toBe('Ann names ♠ with A♠');
    expect(step(t, 0, { type: 'end' })).toBe('Ann played A♠ and ends the turn');
    const u = position(deal(['Ks', 'Kh', '7d']), { seats: 3 });
    expect(step(u, 0, playOf(u, 'Ks'))).toBe('Ann played K♠; direction reversed');
    expect(step(u, 0, playOf(u, 'Kh'))).toBe('Ann played K♥; direction reversed');
    expect(step(u, 0, { type: 'end' })).toBe('Ann played K♠ K♥ and ends the turn uncapped and draws 1');
  });

  it('a pick-up names who owes and the draw names how many; an 8 names who is skipped', () => {
    const t = position(deal(['Js', '8s', '7d']), { seats: 3 });
    step(t, 0, playOf(t, 'Js'));
    expect(step(t, 0, { type: 'end' })).toBe('Ann played J♠ and ends the turn; Bob owes 5');
    expect(step(t, 2, { type: 'draw' })).toBe('Bob draws 5');
    const e = position(deal(['8s', '7d']), { seats: 3 });
    step(e, 0, playOf(e, '8s'));
    expect(step(e, 0, { type: 'end' })).toBe('Ann played 8♠ and ends the turn; Bob is skipped');
  });

  it('a draw that needs the pile says it is reshuffled; the last card wins', () => {
    const t = position(deal(['5h', '9c'], ['5s', '7s', '8s'], []), { seats: 3 });
    expect(step(t, 0, { type: 'draw' })).toBe('Ann draws 1; the pile is reshuffled into the deck');
    const w = position(deal(['5h'], ['5s']), { seats: 3 });
    expect(step(w, 0, playOf(w, '5h'))).toBe('Ann played 5♥; Ann wins');
  });

  it('an older input described against a later state is only the action', () => {
    const t = position(deal(['Js', '8s', '7d']), { seats: 3 });
    const jack = playOf(t, 'Js');
    step(t, 0, jack);
    step(t, 0, { type: 'end' });
    step(t, 2, { type: 'draw' });
    expect(line(t, 0, { type: 'end' })).toBe('Ann ends the turn');
    expect(line(t, 0, jack)).toBe('Ann played J♠');
    expect(describeInput('school-blackjack', { kind: 'act', seat: 0, action: { type: 'fly' } }, names, t.state)).toBe(
      'Ann moved',
    );
  });
});

describe('school-blackjack log lines: two consequences, a later turn begun, another game', () => {
  it('two 8s then a jack: the skipped seats and the seat that owes (with three seats, Ann herself), each after its own "; "', () => {
    const t = position(deal(['8h', '8d', 'Jd', '7d']), { seats: 3 });
    step(t, 0, playOf(t, '8h'));
    step(t, 0, playOf(t, '8d'));
    step(t, 0, playOf(t, 'Jd'));
    expect(step(t, 0, { type: 'end' })).toBe(
      'Ann played 8♥ 8♦ J♦ and ends the turn; Bob and Cleo are skipped; Ann owes 3',
    );
  });

  it('once the next seat has played its first card, the finished turn is no longer described from the state', () => {
    const t = position(deal(['5h', '7d']), { seats: 3 });
    const five = playOf(t, '5h');
    step(t, 0, five);
    expect(step(t, 0, { type: 'end' })).toBe('Ann played 5♥ and ends the turn');
    // Bob (seat 2) begins his turn: Ann's turn is still the board's last finished turn, but no longer the latest news.
    expect(t.state.board.lastTurn?.seat).toBe(0);
    step(t, 2, playOf(t, '5d'));
    expect(t.state.board.lastTurn?.seat).toBe(0);
    expect(line(t, 0, { type: 'end' })).toBe('Ann ends the turn');
    expect(line(t, 0, five)).toBe('Ann played 5♥');
  });

  it('no state, or a state of another game: the action alone', async () => {
    const t = position(deal(['Js', '8s', '7d']), { seats: 3 });
    const jack = playOf(t, 'Js');
    step(t, 0, jack);
    const { pesten } = await import('../../../src/games/pesten/index.js');
    const other = pesten.setup({ players: 3, dealer: 1, options: {}, layout: null });
    if (!other.ok) throw new Error('pesten setup');
    const input = (action: unknown) => ({ kind: 'act' as const, seat: 0, action });
    expect(describeInput('school-blackjack', input({ type: 'end' }), names, other.value)).toBe('Ann ends the turn');
    expect(describeInput('school-blackjack', input(jack), names, other.value)).toBe('Ann played J♠');
    expect(describeInput('school-blackjack', input({ type: 'end' }), names, null)).toBe('Ann ends the turn');
    expect(describeInput('school-blackjack', input({ type: 'draw' }), names, null)).toBe('Ann draws');
  });
});

const rest = (cards: string[]) => ({ hand: cards });
// Dealer 1: seat 0 starts, clockwise (descending): 0 → 3 → 2 → 1 with four seats.
const fourNames = ['Ann', 'Dan', 'Cleo', 'Bob'];
const fourLine = (table: Table, seat: number, action: unknown) =>
  describeGameInput(schoolBlackjack, { kind: 'act', seat, action }, fourNames, table.state);
const four = (hand0: string[], pile: string[]) =>
  position({ seats: [rest(hand0), rest(['7c']), rest(['7h']), rest(['7s'])], pile }, { seats: 4 });

describe('log lines of a finished turn', () => {
  test('a 3 with nothing after it: no follower, draws 1', () => {
    const t = four(['3h', '9c'], ['5h']);
    playAll(t, 0, ['3h']);
    expect(apply(t, 0, { type: 'end' })).toBeNull();
    expect(fourLine(t, 0, { type: 'end' })).toBe(
      'Ann played 3♥ and ends the turn with nothing on its last card and draws 1',
    );
  });

  test('a power card as the last card: the turn ends and draws 1 instead of winning', () => {
    const t = four(['Kh'], ['5h']);
    const king = playOf(t, 'Kh');
    expect(apply(t, 0, king)).toBeNull();
    expect(fourLine(t, 0, king)).toBe(
      'Ann played K♥; direction reversed; that was the last card: Ann ends the turn on a power card and draws 1',
    );
  });

  test('the last card, a plain one after a queen: the win', () => {
    const t = four(['Qh', '9c'], ['5h']);
    playAll(t, 0, ['Qh']);
    const nine = playOf(t, '9c');
    expect(apply(t, 0, nine)).toBeNull();
    expect(fourLine(t, 0, nine)).toBe('Ann played 9♣; Ann wins');
  });

  test('the last card of a step-2 pair: uncapped, draws 1, and the next seat owes nothing', () => {
    const t = four(['9h', '9c'], ['5h']);
    playAll(t, 0, ['9h']);
    const nine = playOf(t, '9c');
    expect(apply(t, 0, nine)).toBeNull();
    expect(fourLine(t, 0, nine)).toBe('Ann played 9♣; that was the last card: Ann ends the turn uncapped and draws 1');
    expect(fourLine(t, 0, playOf(t, '9h'))).toBe('Ann played 9♥');
  });

  test('two 8s: both skipped seats, named together; three 8s: a list', () => {
    const t = four(['8h', '8d', '5s'], ['5h']);
    playAll(t, 0, ['8h', '8d']);
    expect(apply(t, 0, { type: 'end' })).toBeNull();
    expect(fourLine(t, 0, { type: 'end' })).toBe(
      'Ann played 8♥ 8♦ and ends the turn uncapped and draws 1; Bob and Cleo are skipped',
    );
    const u = four(['8h', '8d', '8c', '5s'], ['5h']);
    playAll(u, 0, ['8h', '8d', '8c']);
    expect(apply(u, 0, { type: 'end' })).toBeNull();
    expect(fourLine(u, 0, { type: 'end' })).toBe(
      'Ann played 8♥ 8♦ 8♣ and ends the turn; Bob, Cleo and Dan are skipped',
    );
  });

  test('a draw is described only right after it; an end is not a draw', () => {
    const t = four(['9h', '5s'], ['5h']);
    expect(apply(t, 0, { type: 'draw' })).toBeNull();
    expect(fourLine(t, 0, { type: 'draw' })).toBe('Ann draws 1');
    expect(fourLine(t, 0, { type: 'end' })).toBe('Ann ends the turn');
    expect(fourLine(t, 3, { type: 'draw' })).toBe('Bob draws');
    const u = four(['9h', '5s'], ['5h']);
    playAll(u, 0, ['9h']);
    expect(apply(u, 0, { type: 'end' })).toBeNull();
    expect(fourLine(u, 0, { type: 'draw' })).toBe('Ann draws');
  });

  test("mid-turn, a play is only the card; without a state or with another game's, only the action", () => {
    const t = four(['9h', '9c', '5s'], ['5h']);
    const nine = playOf(t, '9h');
    expect(apply(t, 0, nine)).toBeNull();
    expect(fourLine(t, 0, nine)).toBe('Ann played 9♥');
    expect(fourLine(t, 0, { type: 'end' })).toBe('Ann ends the turn');
    expect(describeGameInput(schoolBlackjack, { kind: 'act', seat: 0, action: { type: 'end' } }, fourNames, null)).toBe(
      'Ann ends the turn',
    );
    expect(
      describeGameInput(
        { id: 'pesten' } as never,
        { kind: 'act', seat: 0, action: { type: 'end' } },
        fourNames,
        t.state,
      ),
    ).toBe('Ann ends the turn');
    expect(
      describeGameInput(schoolBlackjack, { kind: 'act', seat: 1, action: { type: 'hop' } }, fourNames, t.state),
    ).toBe('Dan moved');
    expect(describeGameInput(schoolBlackjack, { kind: 'keys', seat: 0 } as never, fourNames, t.state)).toBe('');
  });

  test('describeAction alone', () => {
    const none = () => null;
    expect(describeAction({ type: 'play', handle: 1, card: 'AS', suit: 'H' }, 'Ann', none, null)).toBe(
      'Ann names ♥ with A♠',
    );
    expect(describeAction({ type: 'play', handle: 1, card: 'AC', suit: 'D' }, 'Ann', none, null)).toBe(
      'Ann names ♦ with A♣',
    );
    expect(describeAction({ type: 'play', handle: 1, card: 'AD', suit: 'C' }, 'Ann', none, null)).toBe(
      'Ann names ♣ with A♦',
    );
    expect(describeAction({ type: 'play', handle: 1, card: 'AH', suit: 'S' }, 'Ann', none, null)).toBe(
      'Ann names ♠ with A♥',
    );
    expect(describeAction({ type: 'play', handle: 1, card: 'KD' }, 'Bob', none, '; x')).toBe(
      'Bob played K♦; direction reversed; x',
    );
    expect(describeAction({ type: 'play', handle: 1, card: '9D' }, 'Bob', none, null)).toBe('Bob played 9♦');
    expect(describeAction({ type: 'end' }, 'Bob', none, 'the turn line')).toBe('the turn line');
    expect(describeAction({ type: 'draw' }, 'Bob', none, 'the draw line')).toBe('the draw line');
    expect(describeAction({ type: 'end' }, 'Bob', none, null)).toBe('Bob ends the turn');
    expect(describeAction({ type: 'draw' }, 'Bob', none, null)).toBe('Bob draws');
  });

  test("an ace names each suit; an uncapped end, a queen's end and a king as the last card read with their draw (describe.ts loaded afresh: its words are tables built when it loads)", async () => {
    const d = await loadedNow(() => import('../../../src/games/school-blackjack/describe.js'));
    const none = () => null;
    expect(
      (['C', 'D', 'H', 'S'] as const).map((suit) =>
        d.describeAction({ type: 'play', handle: 1, card: 'AS', suit }, 'Ann', none, null),
      ),
    ).toEqual(['Ann names ♣ with A♠', 'Ann names ♦ with A♠', 'Ann names ♥ with A♠', 'Ann names ♠ with A♠']);
    const freshLine = (table: Table, seat: number, action: unknown) =>
      d.describeInput(schoolBlackjack, { kind: 'act', seat, action }, fourNames, table.state);
    const u = four(['9h', '9c', '5s'], ['5h']);
    playAll(u, 0, ['9h', '9c']);
    expect(apply(u, 0, { type: 'end' })).toBeNull();
    expect(freshLine(u, 0, { type: 'end' })).toBe('Ann played 9♥ 9♣ and ends the turn uncapped and draws 1');
    const q = four(['Qh', '5s'], ['5h']);
    playAll(q, 0, ['Qh']);
    expect(apply(q, 0, { type: 'end' })).toBeNull();
    expect(freshLine(q, 0, { type: 'end' })).toBe(
      'Ann played Q♥ and ends the turn with nothing on its last card and draws 1',
    );
    const k = four(['Kh'], ['5h']);
    const king = playOf(k, 'Kh');
    expect(apply(k, 0, king)).toBeNull();
    expect(freshLine(k, 0, king)).toBe(
      'Ann played K♥; direction reversed; that was the last card: Ann ends the turn on a power card and draws 1',
    );
  });
});
