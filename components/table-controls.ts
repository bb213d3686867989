/**
 * What every game's table element does the same way, as one Lit reactive
 * controller (`new TableControls(this, { onKey, clear })`): it listens for
 * the table's shortcut keys on `window` while the element is on the page
 * (from connect to disconnect) and hands them to the game's own key handler,
 * except keys typed in a text field or with a modifier (keys.ts); it names a
 * seat ("Seat N" when the roster has no name); it sends a move up as an
 * ActEvent after the game clears its own selection; and it asks the shell
 * for the other hand order (SortHandEvent). `sortCards` orders a hand of a
 * standard deck by suit or by rank, or by a game's own key. `SeatContext`
 * is what a game's words read besides its view; `clockwiseFrom` and
 * `seatAfter` count seats round the table.
 */
import { html, type ReactiveController, type ReactiveElement } from 'lit';
import { ActEvent, SortHandEvent } from './events.js';
import { isTypingKey } from './keys.js';

/** How a hand is ordered (Settings; the Sort toggle asks for the other one). */
export type SortBy = 'suit' | 'rank';

/** The element the controller serves: the roster's names are on it. */
export type TableHost = ReactiveElement & { readonly names: readonly string[] };

/**
 * The status line of the seat whose turn it is while cards are still being opened (`SeatContext.busy`: its own card
 * shown to the table, a draw): the wait is said, so the turn never shows with nothing to press. Other seats keep
 * their turn line as it was (a wording that changed on every move would flicker).
 */
export const yourTurnCardsComing = html`<strong>Your turn</strong> — one moment, cards are on their way…`;

/** What a game's words (status line, why a card is refused) read besides its view: who looks, whether moves wait, seat names. */
export interface SeatContext<V> {
  readonly view: V;
  readonly mySeat: number | null;
  /** Cryptography in flight (in play: cards being opened): moves wait. */
  readonly busy: boolean;
  /** The seat's name on the roster, else "Seat N" (TableControls.name). */
  readonly name: (seat: number | null) => string;
}

export interface TableControlsOptions<A> {
  /** The game's own shortcut keys; never called for a key typed in a text field or with Ctrl/Meta/Alt. */
  readonly onKey: (event: KeyboardEvent) => void;
  /** Forget what the player had picked for the move `action` now sent (selection, notes): the game says what. */
  readonly clear: (action: A) => void;
}

/** One table element's keys, seat names, moves sent and Sort toggle. */
export class TableControls<A> implements ReactiveController {
  constructor(
    private readonly host: TableHost,
    private readonly options: TableControlsOptions<A>,
  ) {
    host.addController(this);
  }

  private readonly listener = (event: KeyboardEvent): void => {
    if (isTypingKey(event)) return;
    this.options.onKey(event);
  };

  hostConnected(): void {
    window.addEventListener('keydown', this.listener);
  }

  hostDisconnected(): void {
    window.removeEventListener('keydown', this.listener);
  }

  /** The seat's name on the roster, else "Seat N" (counted from 1); "?" for no seat. */
  name(seat: number | null): string {
    return seat === null ? '?' : this.host.names[seat] || `Seat ${seat + 1}`;
  }

  /** Send `action` up (one of the legal moves the store passed in), after the game has cleared its selection. */
  send(action: A): void {
    this.options.clear(action);
    this.host.dispatchEvent(new ActEvent(action));
  }

  /** Ask the shell to sort the hand the other way than `now`. */
  toggleSort(now: SortBy): void {
    this.host.dispatchEvent(new SortHandEvent(otherSort(now)));
  }
}

/** The order the Sort toggle offers when the hand is sorted `by`. */
export function otherSort(by: SortBy): SortBy {
  return by === 'suit' ? 'rank' : 'suit';
}

/** All `n` seats clockwise (descending seat numbers, wrapping round) starting with `from`. */
export function clockwiseFrom(from: number, n: number): number[] {
  return Array.from({ length: n }, (_, i) => (((from - i) % n) + n) % n);
}

/** The seat `steps` places after `seat` of `n`, the way play goes (clockwise: descending seat numbers). */
export function seatAfter(seat: number, n: number, clockwise: boolean, steps = 1): number {
  return (((seat + (clockwise ? -steps : steps)) % n) + n) % n;
}

const RANKS = ['2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K', 'A'];
const SUITS = ['C', 'D', 'H', 'S'];

/** Where a card of a standard deck goes: suits ♣ ♦ ♥ ♠ and ranks 2 … A, an unknown card last. */
export function standardKey(card: string | null, by: SortBy): number {
  const m = /^(10|[2-9JQKA])([CDHS])/.exec(card ?? '');
  if (!m) return 999;
  const rank = RANKS.indexOf(m[1]!);
  const suit = SUITS.indexOf(m[2]!);
  return by === 'suit' ? suit * 20 + rank : rank * 4 + suit;
}

/** The cards sorted `by` suit or rank (by `key`, the standard deck's unless the game has its own), ties by handle. */
export function sortCards<C extends { readonly handle: number; readonly card: string | null }>(
  cards: readonly C[],
  by: SortBy,
  key: (card: string | null, by: SortBy) => number = standardKey,
): C[] {
  return [...cards].sort((a, b) => key(a.card, by) - key(b.card, by) || a.handle - b.handle);
}
