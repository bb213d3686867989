/**
 * Which of a seat's cards can be played now, and for each one that cannot,
 * why — in words. The answer comes from the rules themselves: each card is
 * tried alone through the game's pure reducer (`rules.reduce`, on a copy of
 * the live state, with the seat's own claim of the card as a real move
 * would carry it), and the reducer's error code is turned into a sentence by
 * the game's `cardProbe.words`. So a card is marked illegal exactly when the
 * table would refuse it, and the reason is the one the table would give.
 */
import type { CardId, EngineError, Handle, PrivateView, Seat, State } from '../engine/index.js';
import type { AnyGameModule } from './module.js';

/** One of the seat's cards: may it be played alone now, and if not, why (null when it may). */
export interface CardHint {
  readonly legal: boolean;
  readonly why: string | null;
}

/** Words for the engine's own refusals, shared by every game. */
export function engineWords(error: EngineError): string | null {
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

/**
 * Hints for every card `seat` could play from (the game's `cardProbe.cards`)
 * whose face it knows, keyed by handle; empty for a game without a probe or a
 * viewer without a seat.
 */
export function cardHints(module: AnyGameModule, state: State<unknown, unknown>, seat: Seat | null, view: PrivateView): Record<Handle, CardHint> {
  const probe = module.cardProbe;
  if (!probe || seat === null) return {};
  const hints: Record<Handle, CardHint> = {};
  for (const handle of probe.cards(state, seat) as Handle[]) {
    const card: CardId | undefined = view.known[handle];
    if (card === undefined) continue;
    const result = module.rules.reduce(state, { kind: 'act', seat, action: probe.play(handle, card, state) });
    hints[handle] = result.ok ? { legal: true, why: null } : { legal: false, why: probe.words(result.error, card, state, seat) };
  }
  return hints;
}
