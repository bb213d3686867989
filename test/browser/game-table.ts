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

/** A three-seat Pesten deal, dealer 0: seat 2 plays first (play goes to descending seats), on the 5♥; of its hand only 7♥ goes. */
export const PESTEN_DEAL = {
  hands: [
    ['3C', '4C', '6S', '7S', '8D'],
    ['3D', '4D', '6D', '9S', 'QD'],
    ['7H', '3S', '4S', '6C', '9D'],
  ],
  discard: ['5H'],
  stock: ['QH', '10C', 'JC', 'QC', 'KD', 'AD'],
};

/**
 * A game's table element as one seat sees it, built from the game's real
 * rules: `seatTable` plays a scenario (a fixed deal and the moves so far)
 * through the engine and reads that seat's view, legal moves and card hints
 * from the state it ends in, as the store hands them to the element;
 * `showSeatTable` hands a mounted element the table after more moves.
 * `pressIn` presses a key the way a player does, in a text field on the page
 * (the header's Name box, the chat) or with nothing focused; `sentBy`
 * collects the moves an element sends up (ActEvent); `shedTableBeforeAPlay`
 * mounts a Stress (shedding) table just before another player's play;
 * `handShowing` is a hand view as fd-hand takes it.
 */
import { userEvent } from 'vitest/browser';
import { afterEach } from 'vitest';
import type { ReactiveElement } from 'lit';
import { privateViewOf, type AnyState, type ScenarioFile } from '../../src/engine/index.js';
import { runScenario } from '../../src/games/scenarios.js';
import { cardHints } from '../../src/games/card-hints.js';
import type { AnyGameModule } from '../../src/games/module.js';
import { stressShed, type StressState } from '../../src/games/stress-shed/index.js';
import { ActEvent } from '../../components/events.js';
import type { HandView, LastMove } from '../../src/app/store-hand-view.js';
import '../../components/fd-stress-shed.js';

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

/**
 * Hands a mounted table element `seat`'s table after `file`'s moves, as the store would, and waits until it and
 * every card `cards` finds in it have drawn themselves.
 */
export async function showSeatTable(
  el: ReactiveElement,
  module: AnyGameModule,
  file: Omit<ScenarioFile, 'game'>,
  seat: number,
  cards: () => readonly Element[],
): Promise<void> {
  const { view, legal, cardHints: hints } = seatTable(module, file, seat);
  Object.assign(el, { view, legal, cardHints: hints });
  await el.updateComplete;
  await Promise.all(cards().map((card) => (card as ReactiveElement).updateComplete));
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

/**
 * Focus `control` as the keyboard does: after a key press, so the browser rings it (`:focus-visible`), which is the
 * focus a table keeps in the hand (hand-focus.ts), even when a test before it clicked with the pointer.
 */
export async function keyboardFocus(control: HTMLElement): Promise<void> {
  await pressIn('page', '{Shift}');
  control.focus();
}

/**
 * A two-seat Stress (shedding) table of SHED_DEAL, both seats ready, mounted
 * as the seat not to play sees it; `card` is the first card of the other
 * seat's hand the rules let it play. `showPlay` shows the table after that
 * play (with `more` properties besides, e.g. `lastMoves`) and waits until
 * every card element has drawn itself: a new one flies then (card-motion.ts).
 */
export async function shedTableBeforeAPlay() {
  const play = (actions: ScenarioFile['actions']) =>
    runScenario(stressShed, { game: 'stress-shed', seats: 2, deal: SHED_DEAL, actions });
  const before = play(SHED_READY);
  if (!before.ok || !before.state) throw new Error(before.failures.join('; '));
  const turn = (before.state as StressState).board.turn!;
  const me = 1 - turn;
  const runs = SHED_DEAL.seats[turn]!.hand.map((card) => ({
    card,
    run: play([...SHED_READY, { seat: turn, type: 'play', cards: [card] }]),
  }));
  const played = runs.find((r) => r.run.ok && r.run.state);
  if (!played) throw new Error(runs.map((r) => r.run.failures.join('; ')).join(' | '));
  const viewOf = (run: typeof before) =>
    stressShed.view(run.state as StressState, me, privateViewOf(run.state as AnyState, run.open, me));
  const el = document.createElement('fd-stress-shed');
  Object.assign(el, { view: viewOf(before), mySeat: me, names: ['Ann', 'Bob'], seatOrder: [me, turn] });
  document.body.append(el);
  await el.updateComplete;
  const showPlay = async (more: Record<string, unknown> = {}) => {
    Object.assign(el, { view: viewOf(played.run), lastMover: turn, ...more });
    await el.updateComplete;
    await Promise.all(
      [...el.shadowRoot!.querySelectorAll('fd-card')].map(
        (c) => (c as typeof c & { updateComplete: Promise<unknown> }).updateComplete,
      ),
    );
    await Promise.resolve();
  };
  return { el, turn, me, card: played.card, showPlay };
}

/** A Stress (shedding) hand view in play with no table yet, as fd-hand takes it: `lastMoves`, and `more` fields over it. */
export function handShowing(lastMoves: LastMove[], more: Partial<HandView> = {}): HandView {
  return {
    handNo: 0,
    game: 'stress-shed',
    phase: 'play',
    table: null,
    cardHints: {},
    lastMoves,
    busy: false,
    catchingUp: false,
    mySeat: 0,
    names: ['Ann', 'Bob', 'Cleo'],
    seatOrder: [0, 1, 2],
    waiting: null,
    stalled: null,
    gone: [],
    reports: [],
    halt: null,
    audit: null,
    outcome: null,
    rematchOffered: false,
    nextChanges: [],
    hash: null,
    step: lastMoves[0]?.step ?? 0,
    myBounces: 0,
    pendingMoves: 0,
    bounces: 0,
    verdict: null,
    summary: null,
    scores: null,
    ...more,
  };
}
