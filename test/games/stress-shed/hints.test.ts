/**
 * Stress (shedding)'s card hints (src/games/card-hints.ts with
 * stress-shed/hints.ts): the seat to play has each hand and face-up card
 * tried alone through the reducer; the legal ones are exactly the single
 * cards `legalActions` offers, and the refused ones say why in words — each
 * refusal's words exactly, on hand-made positions (table.ts), and the probe's
 * cards and play.
 */
import { describe, expect, test } from 'vitest';
import { privateViewOf, type ScenarioFile } from '../../../src/engine/index.js';
import { runScenario } from '../../../src/games/scenarios.js';
import { cardHints } from '../../../src/games/card-hints.js';
import { stressShedModule, type StressState } from '../../../src/games/stress-shed/index.js';
import type { CardId } from '../../../src/engine/index.js';
import { stressProbe, stressWhy } from '../../../src/games/stress-shed/hints.js';
import { loadedNow } from '../../helpers/loaded-now.js';
import { table, type TableSpec } from './table.js';

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

describe('why a card cannot be played (hints.ts)', () => {
  const spec: TableSpec = { seats: [{ hand: ['4C'], faceUp: ['5C'] }, { faceUp: ['6D'] }], stack: ['KH', '3S'] };

  test.each<[string, string, CardId, number, TableSpec, string]>([
    [
      'illegal on a top',
      'illegal-play',
      '4C',
      0,
      spec,
      '4♣ does not beat K♥: play an equal or higher card, a 2 or a 3 (or pick up the stack).',
    ],
    ['illegal with no top', 'illegal-play', '4C', 0, { ...spec, stack: ['3S'] }, '4♣ cannot be played now.'],
    [
      'a face-up card before the hand is empty',
      'not-in-source',
      '5C',
      0,
      spec,
      'Play your hand first: the face-up cards come when it is empty.',
    ],
    ['a hand card not where the seat plays from', 'not-in-source', '4C', 0, spec, '4♣ is not where you play from now.'],
    ['a face-up card with the hand empty', 'not-in-source', '6D', 1, spec, '6♦ is not where you play from now.'],
    ['an unknown seat', 'not-in-source', '5C', 5, spec, '5♣ is not where you play from now.'],
    ['the swap phase', 'not-play-phase', '4C', 0, spec, 'Swap phase: cards are played once everyone is ready.'],
    ['face-down cards only', 'must-play-blind', '4C', 0, spec, 'Only your face-down cards are left: turn one over.'],
    ["not this seat's turn", 'not-your-turn', '4C', 0, spec, 'Wait for your turn.'],
    ['any other refusal', 'mixed-ranks', '4C', 0, spec, '4♣ cannot be played now (mixed-ranks).'],
  ])('%s', (_name, error, card, seat, s, words) => {
    const t = table(s);
    expect(stressWhy(error as never, card, t.state, seat)).toBe(words);
    expect(stressProbe.words(error as never, card, t.state, seat)).toBe(words);
  });

  test('the probe tries the hand and face-up cards, each as a single play', () => {
    const t = table(spec);
    expect(stressProbe.cards(t.state, 0)).toEqual([t.h('4C'), t.h('5C')]);
    expect(stressProbe.cards(t.state, 1)).toEqual([t.h('6D')]);
    expect(stressProbe.cards(t.state, 4)).toEqual([]);
    expect(stressProbe.play(3, '9H', t.state)).toEqual({ type: 'play', cards: [{ handle: 3, card: '9H' }] });
  });

  test('"hand first" for any of several face-up cards; the probe built at load says the same words', async () => {
    const t = table({ seats: [{ hand: ['4C'], faceUp: ['5C', '6C'] }, { hand: ['4D'] }], stack: ['KH'] });
    expect(stressWhy('not-in-source', '6C', t.state, 0)).toBe(
      'Play your hand first: the face-up cards come when it is empty.',
    );
    const hints = await loadedNow(() => import('../../../src/games/stress-shed/hints.js'));
    expect(hints.stressProbe.words('not-in-source', '5C', t.state, 0)).toBe(
      'Play your hand first: the face-up cards come when it is empty.',
    );
    expect(hints.stressProbe.words('illegal-play', '4C', t.state, 0)).toBe(
      '4♣ does not beat K♥: play an equal or higher card, a 2 or a 3 (or pick up the stack).',
    );
  });
});
