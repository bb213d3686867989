/**
 * Where each game's table element is registered: game id → custom element,
 * and the one property contract every such element takes (`GameTableElement`:
 * the seat's view and legal actions, typed per game by the registry; my seat;
 * the players' names; what the table is busy with). An element sends the
 * person's move up as an `ActEvent` carrying one of `legal`, and nothing else.
 * fd-hand renders whatever is registered here, so it never tests a game id.
 * Adding a game's table = one element file and one line in `GAME_VIEWS`
 * (the type makes a registered game without an element a compile error).
 */
import { html, unsafeStatic, type StaticValue } from 'lit/static-html.js';
import type { TemplateResult } from 'lit';
import type { HandView } from '../src/app/store.js';
import type { ActionOf, GameId, ViewOf } from '../src/games/index.js';
import type { CardHint } from '../src/games/card-hints.js';
import { FdPesten } from './fd-pesten.js';
import { FdFightingCards } from './fd-fighting-cards.js';
import { FdStressShed } from './fd-stress-shed.js';
import { FdStressSpeed } from './fd-stress-speed.js';
import { FdSchoolBlackjack } from './fd-school-blackjack.js';

/** The properties every game's table element takes. */
export interface GameTableElement<V, A> extends HTMLElement {
  /** What this seat sees (the game's `view()`). */
  view: V;
  /** The moves this seat may make now; the element offers only these (sent up as `ActEvent`). */
  legal: readonly A[];
  mySeat: number | null;
  names: readonly string[];
  /** Every seat round the table in play order from mine (src/games/seating.ts); elements draw the others in this order. */
  seatOrder?: readonly number[];
  /** This seat's cards tried through the rules: legal or not, and why not in words (src/games/card-hints.ts). */
  cardHints?: Readonly<Record<number, CardHint>>;
  /** How the hand is sorted (Settings); the element's Sort toggle sends a SortHandEvent. */
  sortHandBy?: 'suit' | 'rank';
  /** Cryptography in flight (a deal, a reveal): moves wait. Turn-based games use it. */
  busy?: boolean;
  /** Seats whose connection is gone (HandView.gone): each is marked on its own seat box (components/seat-marks.ts). */
  gone?: readonly number[];
  /** The seat that moved last (HandView.lastMoves): a card new on the pile flies in from its seat box (components/card-motion.ts). */
  lastMover?: number | null;
  /** Real time: this seat's moves that bounced so far, and those not yet ordered. */
  myBounces?: number;
  pending?: number;
}

type GameTableClass<K extends GameId> = new () => GameTableElement<ViewOf<K>, ActionOf<K>>;

const GAME_VIEWS: { readonly [K in GameId]: { readonly tag: string; readonly element: GameTableClass<K> } } = {
  'stress-shed': { tag: 'fd-stress-shed', element: FdStressShed },
  'stress-speed': { tag: 'fd-stress-speed', element: FdStressSpeed },
  pesten: { tag: 'fd-pesten', element: FdPesten },
  'fighting-cards': { tag: 'fd-fighting-cards', element: FdFightingCards },
  'school-blackjack': { tag: 'fd-school-blackjack', element: FdSchoolBlackjack },
};

const tags = new Map<GameId, StaticValue>();
for (const [game, { tag, element }] of Object.entries(GAME_VIEWS) as [GameId, (typeof GAME_VIEWS)[GameId]][]) {
  if (customElements.get(tag) !== element)
    throw new TypeError(`the table element of ${game} is not defined as <${tag}>`);
  tags.set(game, unsafeStatic(tag));
}

/** The game's table element for this hand, with the contract's properties set; null before the deal. */
export function renderGameTable(hand: HandView, sortHandBy: 'suit' | 'rank' = 'suit'): TemplateResult | null {
  const table = hand.table;
  const tag = table ? tags.get(table.game) : undefined;
  if (!table || !tag) return null;
  return html`<${tag}
    .view=${table.view}
    .legal=${table.legal}
    .mySeat=${hand.mySeat}
    .names=${hand.names}
    .seatOrder=${hand.seatOrder}
    .cardHints=${hand.cardHints}
    .sortHandBy=${sortHandBy}
    .busy=${hand.busy}
    .gone=${hand.gone}
    .lastMover=${hand.lastMoves[0]?.seat ?? null}
    .myBounces=${hand.myBounces}
    .pending=${hand.pendingMoves}
  ></${tag}>`;
}
