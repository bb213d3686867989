/** A two-seat Stress (shedding) deal: once both are ready, seat 1 plays on the 9♥ (5♦ or 2♥ from its hand, not 9♠ or K♥). */
export const SHED_DEAL = {
  seats: [
    { hand: ['4C', '8D', 'QD', 'AD'], faceUp: ['5C', '6C', '9C', 'JC'], faceDown: ['QC', 'KC', 'AC', '7C'] },
    { hand: ['5D', '2H', '9S', 'KH'], faceUp: ['8S', '5S', '6S', 'JS'], faceDown: ['QS', 'KS', '2S', '4S'] },
  ],
  stack: ['9H'],
};
/** Both seats of SHED_DEAL ready, swapping nothing. */
export const SHED_READY = [
  { seat: 0, type: 'ready' },
  { seat: 1, type: 'ready' },
];

/**
 * A game's table element as one seat sees it, built from the game's real
 * rules: `seatTable` plays a scenario (a fixed deal and the moves so far)
 * through the engine and reads that seat's view, legal moves and card hints
 * from the state it ends in, as the store hands them to the element.
 * `pressIn` presses a key the way a player does, in a text field on the page
 * (the header's Name box, the chat) or with nothing focused; `sentBy`
 * collects the moves an element sends up (ActEvent).
 */
import { userEvent } from 'vitest/browser';
import { afterEach } from 'vitest';
import { privateViewOf, runScenario, type ScenarioFile } from '../../src/engine/index.js';
import { cardHints } from '../../src/games/card-hints.js';
import type { AnyGameModule } from '../../src/games/module.js';
import { ActEvent } from '../../components/events.js';

export function seatTable(module: AnyGameModule, file: Omit<ScenarioFile, 'game'>, seat: number) {
  const run = runScenario(module.rules, { game: module.id, ...file });
  if (!run.state || run.rejected) throw new Error(run.failures.join('; ') || 'the scenario did not run');
  const known = privateViewOf(run.state, run.open, seat);
  return {
    view: module.rules.view(run.state, seat, known),
    legal: module.rules.legalActions(run.state, seat, known) as unknown[],
    cardHints: cardHints(module, run.state, seat, known),
  };
}

/** Every move `el` sends up from now on. */
export function sentBy<A>(el: HTMLElement): A[] {
  const sent: A[] = [];
  el.addEventListener(ActEvent.type, (e) => sent.push((e as ActEvent<A>).action));
  return sent;
}

let field: HTMLInputElement | null = null;
afterEach(() => {
  field?.remove();
  field = null;
});

/**
 * Press `keys` (userEvent.keyboard syntax) typing in a text field ('field'; returns what the field then holds)
 * or with the page itself focused ('page').
 */
export async function pressIn(where: 'field' | 'page', keys: string): Promise<string> {
  if (where === 'field') {
    field ??= Object.assign(document.createElement('input'), { type: 'text', id: 'name-box' });
    if (!field.isConnected) document.body.prepend(field);
    field.focus();
  } else {
    (document.activeElement as HTMLElement | null)?.blur();
  }
  await userEvent.keyboard(keys);
  return where === 'field' ? field!.value : '';
}
