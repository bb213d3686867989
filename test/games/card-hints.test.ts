/**
 * Card hints as every game gets them (src/games/card-hints.ts), at their
 * edges: a game with no probe, no seat, a card the viewer does not know, and
 * the engine's own refusals in words. Each game's own hints are in its
 * folder's hints.test.ts.
 */
import { describe, expect, test } from 'vitest';
import { privateViewOf, type EngineError, type ScenarioFile } from '../../src/engine/index.js';
import { runScenario } from '../../src/games/scenarios.js';
import { cardHints, engineWords } from '../../src/games/card-hints.js';
import { type AnyGameModule } from '../../src/games/module.js';
import { stressShed, stressShedModule, type StressState } from '../../src/games/stress-shed/index.js';

/** A Stress (shedding) position after both seats are ready: seat 0 holds 4♣ 8♦ Q♦ A♦ on a 9♥, the draw stack is empty. */
function shedPosition(): { state: StressState; open: Record<number, string> } {
  const deal: ScenarioFile['deal'] = {
    seats: [
      { hand: ['4C', '8D', 'QD', 'AD'], faceUp: ['5C', '6C', '9C', 'JC'], faceDown: ['QC', 'KC', 'AC', '7C'] },
      { hand: ['5D', '2H', '9S', 'KH'], faceUp: ['8S', '5S', '6S', 'JS'], faceDown: ['QS', 'KS', '2S', '4S'] },
    ],
    stack: ['9H'],
  };
  const run = runScenario(stressShed, {
    game: 'stress-shed',
    seats: 2,
    deal,
    actions: [
      { seat: 0, type: 'ready' },
      { seat: 1, type: 'ready' },
    ],
  });
  if (!run.ok || !run.state) throw new Error(run.failures.join('; '));
  return { state: run.state as StressState, open: run.open };
}

const handleOf = (open: Record<number, string>, card: string): number =>
  Number(Object.entries(open).find(([, c]) => c === card)![0]);

describe('card-hints.ts', () => {
  test.each([
    ['game-over', 'The game is over.'],
    ['not-your-turn', 'Wait for your turn.'],
    ['awaiting-crypto', 'Wait a moment: cards are on their way.'],
    ['bad-action', null],
  ] as const)('the engine refusal %s reads %j', (error, words) => {
    expect(engineWords(error as EngineError)).toBe(words);
  });

  test('a seat holding a card hears whether it goes, and why not, with no places for a one-move probe', () => {
    const { state, open } = shedPosition();
    const seat = state.board.turn!;
    const hints = cardHints(stressShedModule, state, seat, privateViewOf(state, open, seat));
    const own = seat === 0 ? ['4C', '8D', 'QD', 'AD'] : ['5D', '2H', '9S', 'KH'];
    const legal = own.filter((card) => hints[handleOf(open, card)]!.legal);
    expect(legal.length).toBeGreaterThan(0);
    for (const card of own) {
      const hint = hints[handleOf(open, card)]!;
      expect(Object.keys(hint).sort()).toEqual(['legal', 'why']);
      expect(hint.why === null).toBe(hint.legal);
    }
  });

  test('the seat not on turn is told to wait; no seat, no probe or an unknown card give no hint', () => {
    const { state, open } = shedPosition();
    const other = 1 - state.board.turn!;
    const view = privateViewOf(state, open, other);
    const hints = cardHints(stressShedModule, state, other, view);
    const hand = state.board.seats[other]!.hand;
    expect(Object.keys(hints).map(Number).sort()).toEqual([...hand, ...state.board.seats[other]!.faceUp].sort());
    for (const handle of hand) expect(hints[handle]).toEqual({ legal: false, why: 'Wait for your turn.' });
    expect(cardHints(stressShedModule, state, null, view)).toEqual({});
    const noProbe: AnyGameModule = { ...stressShedModule, cardProbe: undefined };
    expect(cardHints(noProbe, state, other, view)).toEqual({});
    // A viewer without a seat gets no hint even from a probe that offers cards whatever the seat.
    const anyone: AnyGameModule = {
      ...stressShedModule,
      cardProbe: { ...stressShedModule.cardProbe!, cards: () => hand },
    };
    expect(
      Object.keys(cardHints(anyone, state, other, view))
        .map(Number)
        .sort(),
    ).toEqual([...hand].sort());
    expect(cardHints(anyone, state, null, view)).toEqual({});
    // Seat `other` asks about the cards of the seat on turn: it knows only their face-up ones.
    const onTurn = state.board.turn!;
    const blind = cardHints(stressShedModule, state, onTurn, view);
    expect(Object.keys(blind).map(Number).sort()).toEqual([...state.board.seats[onTurn]!.faceUp].sort());
  });

  test('asked again about the same state and knowledge, the rules do not run again; a card learnt since gets its hint', () => {
    const { state, open } = shedPosition();
    const seat = state.board.turn!;
    let runs = 0;
    const counted: AnyGameModule = {
      ...stressShedModule,
      rules: { ...stressShedModule.rules, reduce: (...args) => (runs++, stressShedModule.rules.reduce(...args)) },
    };
    const full = privateViewOf(state, open, seat);
    const hand = state.board.seats[seat]!.hand;
    // Before the last card of the hand is known to its seat, then after.
    const [unknown, ...rest] = hand;
    const partial = { known: Object.fromEntries(rest.map((h) => [h, full.known[h]!])) };
    const first = cardHints(counted, state, seat, partial);
    const firstRuns = runs;
    expect(firstRuns).toBeGreaterThan(0);
    expect(first[unknown!]).toBeUndefined();
    expect(cardHints(counted, state, seat, { known: { ...partial.known } })).toBe(first);
    expect(runs).toBe(firstRuns);
    const learnt = cardHints(counted, state, seat, full);
    expect(learnt[unknown!]).toEqual(cardHints(stressShedModule, state, seat, full)[unknown!]);
    expect(runs).toBeGreaterThan(firstRuns);
    // Another seat asking about the same state is answered for that seat.
    const other = 1 - seat;
    const theirs = cardHints(counted, state, other, privateViewOf(state, open, other));
    expect(Object.keys(theirs).map(Number).sort()).toEqual(
      [...state.board.seats[other]!.hand, ...state.board.seats[other]!.faceUp].sort(),
    );
  });
});
