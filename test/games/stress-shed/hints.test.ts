/**
 * Stress (shedding)'s card hints (src/games/card-hints.ts with
 * stress-shed/hints.ts): the seat to play has each hand and face-up card
 * tried alone through the reducer; the legal ones are exactly the single
 * cards `legalActions` offers, and the refused ones say why in words.
 */
import { describe, expect, test } from 'vitest';
import { privateViewOf, runScenario, type ScenarioFile } from '../../../src/engine/index.js';
import { cardHints } from '../../../src/games/card-hints.js';
import { stressShedModule, type StressState } from '../../../src/games/stress-shed/index.js';

function position(
  deal: ScenarioFile['deal'],
  actions: ScenarioFile['actions'],
): { state: StressState; open: Record<number, string> } {
  const run = runScenario(stressShedModule.rules, { game: 'stress-shed', seats: 2, deal, actions });
  if (!run.ok || !run.state) throw new Error(run.failures.join('; '));
  return { state: run.state as StressState, open: run.open };
}

describe('card hints', () => {
  test('on a 9: higher cards, 2 and 3 go; lower ones and the face-up cards say why', () => {
    const { state, open } = position(
      {
        seats: [
          { hand: ['4C', '8D', 'QD', 'AD'], faceUp: ['5C', '6C', '9C', 'JC'], faceDown: ['QC', 'KC', 'AC', '7C'] },
          { hand: ['5D', '2H', '9S', 'KH'], faceUp: ['8S', '5S', '6S', 'JS'], faceDown: ['QS', 'KS', '2S', '4S'] },
        ],
        stack: ['9H'],
      },
      [
        { seat: 0, type: 'ready' },
        { seat: 1, type: 'ready' },
      ],
    );
    const seat = state.board.turn!;
    const view = privateViewOf(state, open, seat);
    const hints = cardHints(stressShedModule, state, seat, view);
    const byCard = Object.fromEntries(Object.entries(hints).map(([h, hint]) => [open[Number(h)]!, hint]));
    const offered = new Set(
      stressShedModule.rules
        .legalActions(state, seat, view)
        .flatMap((a) => (a.type === 'play' && a.cards.length === 1 ? [open[a.cards[0]!.handle]] : [])),
    );
    expect(Object.keys(byCard).length).toBe(8);
    for (const [card, hint] of Object.entries(byCard)) expect(hint.legal, card).toBe(offered.has(card));
    expect(offered.size).toBeGreaterThan(0);
    const refusedHand = Object.entries(byCard).filter(
      ([card, hint]) => !hint.legal && state.board.seats[seat]!.hand.some((h) => open[h] === card),
    );
    expect(refusedHand.length).toBeGreaterThan(0);
    for (const [card, hint] of refusedHand)
      expect(hint.why).toMatch(new RegExp(`^${card.slice(0, -1)}. does not beat 9♥`));
    for (const handle of state.board.seats[seat]!.faceUp)
      expect(hints[handle]!.why).toBe('Play your hand first: the face-up cards come when it is empty.');
  });
});
