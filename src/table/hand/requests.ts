/**
 * The follower's checks on the key shares of crypto requests and played
 * cards, as `Step` results naming the sender: a reveal to all (each seat's
 * own layer, public, checked complete, then opened with the public ring), the
 * envelope of a private delivery (addressed to the recipient, one sealed
 * share per packet; the recipient's agent opens and checks the contents), and
 * the keys an act attaches to the cards it plays (every layer, opening to
 * exactly the claimed cards). Verified public shares are published to the
 * book's public rings.
 */
import { ALL_SEATS } from '../../../crypto/index.js';
import type { CardClaim, CardId, CryptoRequest, Handle } from '../../engine/index.js';
import type { TableEvent } from '../transcript.js';
import { fail, type Halt } from './halt.js';
import { type Result, ok } from '../../result.js';
import type { PacketBook } from './packets.js';

/** The cards a reveal to all opens to, once every contributor's share is checked. */
export function revealAllCards(
  book: PacketBook,
  request: Extract<CryptoRequest, { kind: 'reveal-all' }>,
  events: readonly TableEvent<'keys'>[],
  deck: readonly CardId[],
): Result<Record<string, CardId>, Halt> {
  for (const event of events) {
    if (event.data.to !== null) return fail('wrong-key', event.seat, 'sealed keys that were to be published');
    const checked = book.checkShares(event.seat, event.data.shares, request.handles, ALL_SEATS, 'own');
    if (!checked.ok) return checked;
    book.publish(checked.value);
  }
  const opened = book.openPublic(request.handles);
  if (!opened.ok) return opened;
  const cards: Record<string, CardId> = {};
  for (const [handle, card] of opened.value) cards[String(handle)] = deck[card]!;
  return ok(cards);
}

/** What anyone can check of a private delivery: each share addressed to the recipient, one per packet. */
export function checkDeliveryEnvelope(
  book: PacketBook,
  request: Extract<CryptoRequest, { kind: 'reveal-to' | 'forward' }>,
  events: readonly TableEvent<'keys'>[],
): Result<null, Halt> {
  const recipient = request.kind === 'reveal-to' ? request.seat : request.to;
  const packets = book.group(request.handles);
  for (const event of events) {
    if (event.data.to !== recipient)
      return fail('wrong-key', event.seat, `sent keys of request ${request.id} to the wrong seat`);
    if (!packets || event.data.shares.length !== packets.size) {
      return fail(
        'missing-key',
        event.seat,
        `sent ${event.data.shares.length} sealed shares for request ${request.id}, not one per packet`,
      );
    }
  }
  return ok(null);
}

/** An act's attached keys must hold every layer of the cards it claims and open to exactly those cards. */
export function checkPlayedCards(
  book: PacketBook,
  event: TableEvent<'act'>,
  claims: readonly CardClaim[],
  deck: readonly CardId[],
): Result<null, Halt> {
  const handles: Handle[] = claims.map((c) => c.handle);
  if (handles.some((h) => !book.locate(h)))
    return fail('unknown-handle', event.seat, 'played a card handle that does not exist');
  const checked = book.checkShares(event.seat, event.data.keys, handles, ALL_SEATS, 'all');
  if (!checked.ok) return checked;
  book.publish(checked.value);
  const opened = book.openPublic(handles);
  if (!opened.ok) return opened;
  const lie = claims.find((c) => deck[opened.value.get(c.handle)!] !== c.card);
  if (lie)
    return fail(
      'false-claim',
      event.seat,
      `claimed to play ${lie.card} but its keys open ${deck[opened.value.get(lie.handle)!]}`,
    );
  return ok(null);
}
