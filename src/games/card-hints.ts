/**
 * Which of a seat's cards can be played now, and for each one that cannot,
 * why — in words. The answer comes from the rules themselves: each card is
 * tried alone through the game's pure reducer (`rules.reduce`, on a copy of
 * the live state, with the seat's own claim of the card as a real move
 * would carry it), and the reducer's error code is turned into a sentence by
 * the game's `cardProbe.words`. The reducer runs as the audit runs it, with
 * every card this seat knows open (the public ones and its own hand): a rule
 * that live play leaves to a claim about hidden cards (Fighting Cards'
 * "follow suit", decided live only from public cards and re-checked by the
 * audit) is then decided as the audit will decide it. So a card is marked
 * illegal exactly when the table (or its audit) would refuse it, and the
 * reason is the one the rules give.
 */
import {
  viewKnowledge,
  type CardId,
  type Handle,
  type OpenCards,
  type PrivateView,
  type Seat,
  type State,
} from '../engine/index.js';
import type { AnyGameModule } from './module.js';

/** One of the seat's cards: may it be played alone now, and if not, why (null when it may). */
export interface CardHint {
  readonly legal: boolean;
  readonly why: string | null;
  /**
   * For a probe that tries a card in several places (Stress (speed): stack
   * 0 and 1): the indexes of the places the rules accept, in the probe's
   * order. Absent for a probe with one move per card.
   */
  readonly places?: readonly number[];
}

/** Words for the engine's own refusals (its `EngineError` codes), shared by every game; null for any other code. */
export function engineWords(error: string): string | null {
  switch (error) {
    case 'game-over':
      return 'The game is over.';
    case 'not-your-turn':
      return 'Wait for your turn.';
    case 'awaiting-crypto':
      return 'Wait a moment: cards are on their way.';
    default:
      return null;
  }
}

/** Every card `view`'s seat knows, public or private, as the audit's open cards. */
function knownCards(state: State<unknown, unknown>, view: PrivateView): OpenCards {
  const know = viewKnowledge(state, view);
  const open: OpenCards = {};
  state.cards.forEach((_, handle) => {
    const card = know(handle);
    if (card !== null) open[handle] = card;
  });
  return open;
}

/** Whether two seats' knowledge names the same cards. */
export function sameKnown(a: PrivateView['known'], b: PrivateView['known']): boolean {
  if (a === b) return true;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((handle) => b[Number(handle)] === a[Number(handle)]);
}

/**
 * The last hints worked out for each state. A page asks at every render, and
 * most renders (a seat's link, the log, a frame that says every seat holds a
 * move) come with the same state: each answer costs one run of the rules per
 * card. A state is never changed once made (the reducer returns a new one), so
 * the answer holds while the game, the seat and what it knows are the same.
 */
const lastHints = new WeakMap<
  State<unknown, unknown>,
  {
    readonly module: AnyGameModule;
    readonly seat: Seat;
    readonly known: PrivateView['known'];
    readonly hints: Readonly<Record<Handle, CardHint>>;
  }
>();

/**
 * Hints for every card `seat` could play from (the game's `cardProbe.cards`)
 * whose face it knows, keyed by handle; empty for a game without a probe or a
 * viewer without a seat. Asked again with the same state and knowledge, the
 * same object is returned.
 */
export function cardHints(
  module: AnyGameModule,
  state: State<unknown, unknown>,
  seat: Seat | null,
  view: PrivateView,
): Readonly<Record<Handle, CardHint>> {
  const probe = module.cardProbe;
  if (!probe || seat === null) return {};
  const last = lastHints.get(state);
  if (last && last.module === module && last.seat === seat && sameKnown(last.known, view.known)) return last.hints;
  const open = knownCards(state, view);
  const hints: Record<Handle, CardHint> = {};
  for (const handle of probe.cards(state, seat) as Handle[]) {
    const card: CardId | undefined = open[handle];
    if (card === undefined) continue;
    const tried = probe.play(handle, card, state);
    const moves = Array.isArray(tried) ? (tried as readonly unknown[]) : [tried];
    const results = moves.map((action) => module.rules.reduce(state, { kind: 'act', seat, action }, { open }));
    const places = results.flatMap((r, i) => (r.ok ? [i] : []));
    const refusal = results.find((r) => !r.ok);
    const legal = places.length > 0;
    const why = legal || !refusal || refusal.ok ? null : probe.words(refusal.error, card, state, seat);
    hints[handle] = Array.isArray(tried) ? { legal, why, places } : { legal, why };
  }
  lastHints.set(state, { module, seat, known: { ...view.known }, hints });
  return hints;
}
