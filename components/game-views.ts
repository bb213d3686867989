/**
 * Where each game's table element is registered: game id → custom element,
 * and the one property contract every such element takes (`GameTableElement`:
 * the seat's view and legal actions, typed per game by the registry; my seat;
 * the players' names; what the table is busy with). An element sends the
 * person's move up as an `ActEvent` carrying one of `legal`, and nothing else.
 * fd-hand renders whatever is registered here, so it never tests a game id.
 * Adding a game's table = one element file and one line in `GAME_VIEWS`
 * (the type makes a registered game without an element a compile error).
 *
 * Each element is imported when a hand of its game is first shown (a chunk
 * of its own in the built app, beside the game's rules): until it is
 * defined, the table shows "Loading <game>…", and a failed load says what
 * failed and what to do, never a blank table.
 */
import { html, unsafeStatic, type StaticValue } from 'lit/static-html.js';
import type { TemplateResult } from 'lit';
import { until } from 'lit/directives/until.js';
import type { HandView } from '../src/app/store.js';
import type { ActionOf, GameId, ViewOf } from '../src/games/index.js';
import { catalogEntry } from '../src/app/catalog.js';
import type { CardHint } from '../src/games/card-hints.js';
import type { SeatMove } from './fd-seat-ring.js';

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
  /** Each seat's newest move in words, newest first (HandView.lastMoves): shown in that seat's box (fd-seat-ring.ts). */
  lastMoves?: readonly SeatMove[];
  /** Real time: this seat's moves that bounced so far, and those not yet ordered. */
  myBounces?: number;
  pending?: number;
  /** Games with points: for each scored hand of the match in view, the names its seats played under (score rows). */
  matchNames?: readonly (readonly string[])[];
  /** The hand stopped (HandView.halt): no audit will come, so nothing may be shown as waiting for it. */
  stopped?: boolean;
}

type GameTableClass<K extends GameId> = new () => GameTableElement<ViewOf<K>, ActionOf<K>>;

const GAME_VIEWS: {
  readonly [K in GameId]: { readonly tag: string; readonly load: () => Promise<GameTableClass<K>> };
} = {
  'stress-shed': { tag: 'fd-stress-shed', load: () => import('./fd-stress-shed.js').then((m) => m.FdStressShed) },
  'stress-speed': { tag: 'fd-stress-speed', load: () => import('./fd-stress-speed.js').then((m) => m.FdStressSpeed) },
  pesten: { tag: 'fd-pesten', load: () => import('./fd-pesten.js').then((m) => m.FdPesten) },
  'fighting-cards': {
    tag: 'fd-fighting-cards',
    load: () => import('./fd-fighting-cards.js').then((m) => m.FdFightingCards),
  },
  'school-blackjack': {
    tag: 'fd-school-blackjack',
    load: () => import('./fd-school-blackjack.js').then((m) => m.FdSchoolBlackjack),
  },
};

/** Defined elements' tags, by game. */
const tags = new Map<GameId, StaticValue>();
/** Loads under way, or failed (kept, so every render shows the same failure until the page reloads). */
const loads = new Map<GameId, Promise<void>>();

/** Imports game `game`'s table element and checks it is defined under its tag; rejects with what went wrong. */
export function loadGameView(game: GameId): Promise<void> {
  let load = loads.get(game);
  if (!load) {
    const { tag, load: importElement } = GAME_VIEWS[game];
    load = importElement().then((element) => {
      if (customElements.get(tag) !== element)
        throw new TypeError(`the table element of ${game} is not defined as <${tag}>`);
      tags.set(game, unsafeStatic(tag));
    });
    loads.set(game, load);
  }
  return load;
}

function loadingTable(name: string): TemplateResult {
  return html`<p class="muted game-loading" role="status" id="game-view-loading">Loading ${name}…</p>`;
}

function failedTable(name: string, error: unknown): TemplateResult {
  const reason = error instanceof Error ? error.message : String(error);
  return html`<div class="failure game-load-failed" role="alert" id="game-view-failed">
    <p>
      The ${name} table could not be loaded (${reason}): this page is offline, or the server it came from cannot be
      reached, and has no saved copy of it. Reconnect, then reload the page; the hand waits for you.
    </p>
    <button @click=${() => location.reload()}>Reload</button>
  </div>`;
}

/**
 * The game's table element for this hand, with the contract's properties set; null before the deal. While the
 * element loads: "Loading <game>…", then the table; a load that failed: what failed and what to do.
 */
export function renderGameTable(
  hand: HandView,
  sortHandBy: 'suit' | 'rank' = 'suit',
): TemplateResult | ReturnType<typeof until> | null {
  const table = hand.table;
  if (!table) return null;
  const tag = tags.get(table.game);
  if (tag) return tableOf(tag, hand, sortHandBy);
  const name = catalogEntry(table.game)?.name ?? table.game;
  return until(
    loadGameView(table.game).then(
      () => tableOf(tags.get(table.game)!, hand, sortHandBy),
      (error: unknown) => failedTable(name, error),
    ),
    loadingTable(name),
  );
}

function tableOf(tag: StaticValue, hand: HandView, sortHandBy: 'suit' | 'rank'): TemplateResult | null {
  const table = hand.table;
  if (!table) return null;
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
    .lastMoves=${hand.lastMoves}
    .myBounces=${hand.myBounces}
    .pending=${hand.pendingMoves}
    .matchNames=${hand.scores?.matchNames ?? []}
    .stopped=${hand.halt !== null}
  ></${tag}>`;
}
