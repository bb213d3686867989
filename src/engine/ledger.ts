/**
 * The card ledger and crypto requests, as rules use them: who has been shown
 * which handle, which handles are public (and as what), and the helpers that
 * queue crypto work for the table (reveal to all, reveal to one seat, forward
 * from one seat to another, reshuffle into freshly allocated handles). Rules
 * call these on their draft; the generic reducer completes the requests when
 * the table reports them done.
 */
import type { CardId, Core, CryptoRequest, Handle, Knowledge, PrivateView, Seat } from './types.js';

export function allSeats(core: Core<unknown>): Seat[] {
  return Array.from({ length: core.players }, (_, seat) => seat);
}

/** The public identity of a handle, or null if it is hidden from someone (or not a handle). */
export function publicCard(core: Core<unknown>, handle: Handle): CardId | null {
  return core.cards[handle]?.card ?? null;
}

/** Live knowledge: what everyone knows. */
export function publicKnowledge(core: Core<unknown>): Knowledge {
  return (handle) => publicCard(core, handle);
}

/** What one peer knows: the public ledger plus its private view. */
export function viewKnowledge(core: Core<unknown>, view: PrivateView): Knowledge {
  return (handle) => publicCard(core, handle) ?? view.known[handle] ?? null;
}

function addSeen(core: Core<unknown>, handle: Handle, seat: Seat): void {
  const info = core.cards[handle];
  if (!info || info.seen.includes(seat)) return;
  info.seen.push(seat);
  info.seen.sort((a, b) => a - b);
}

/** Record that a handle is now public as `card` (caller has validated it). */
export function markPublic(core: Core<unknown>, handle: Handle, card: CardId): void {
  const info = core.cards[handle];
  if (!info) return;
  info.card = card;
  info.seen = allSeats(core);
}

/** Record that `seat` was privately shown `handle`. */
export function markSeen(core: Core<unknown>, handle: Handle, seat: Seat): void {
  addSeen(core, handle, seat);
}

function push(core: Core<unknown>, request: CryptoRequest): CryptoRequest {
  core.requests.push(request);
  core.nextRequest += 1;
  return request;
}

/** Ask the table to reveal handles to every seat (a blind card, a turned stack card). */
export function requestRevealAll(core: Core<unknown>, handles: Handle[]): void {
  if (handles.length === 0) return;
  push(core, { id: core.nextRequest, kind: 'reveal-all', handles: [...handles] });
}

/** Ask the table to reveal handles to one seat (dealing, drawing). */
export function requestRevealTo(core: Core<unknown>, seat: Seat, handles: Handle[]): void {
  if (handles.length === 0) return;
  push(core, { id: core.nextRequest, kind: 'reveal-to', seat, handles: [...handles] });
}

/** Ask the table to pass handles known to `from` on to `to` (Pesten's 10). */
export function requestForward(core: Core<unknown>, from: Seat, to: Seat, handles: Handle[]): void {
  if (handles.length === 0) return;
  push(core, { id: core.nextRequest, kind: 'forward', from, to, handles: [...handles] });
}

/**
 * Ask the table to reshuffle `handles` into a new hidden packet. Allocates
 * and returns the new handles (the next free numbers, in order) and retires
 * the old ones at once; the caller puts the new handles where the packet
 * goes. Their identities are unknown to everyone until revealed.
 */
export function requestReshuffle(core: Core<unknown>, handles: Handle[]): Handle[] {
  const into: Handle[] = [];
  for (const handle of handles) {
    const info = core.cards[handle];
    if (info) info.gone = true;
    into.push(core.cards.length);
    core.cards.push({ card: null, seen: [], gone: false });
  }
  if (handles.length > 0) push(core, { id: core.nextRequest, kind: 'reshuffle', handles: [...handles], into });
  return into;
}

/**
 * Which seats must contribute key shares or shuffle passes to complete a
 * request (for the table's timeouts and blame): everyone for a reveal to all,
 * everyone but the recipient for a private reveal, the sender for a forward,
 * everyone for a reshuffle (each seat re-masks its own layer and permutes).
 */
export function contributors(request: CryptoRequest, players: number): Seat[] {
  const seats = Array.from({ length: players }, (_, seat) => seat);
  switch (request.kind) {
    case 'reveal-all':
      return seats;
    case 'reveal-to':
      return seats.filter((seat) => seat !== request.seat);
    case 'forward':
      return [request.from];
    case 'reshuffle':
      return seats;
  }
}
