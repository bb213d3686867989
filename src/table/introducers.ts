/**
 * Introducers: peers a joiner may link to before it holds a roster, so that
 * its `join` can be relayed to the table's creator when no direct link to the
 * creator can open (a symmetric NAT, a blocked pair). A table's share link
 * names them (`via=`, the 16-hex key prefixes of the seats taken and live
 * when the link was shown), and the app's server names the peers registered
 * for the table (src/net/table-peers.ts, asked by the store while a joiner
 * waits for the creator); both end up here, as key prefixes.
 * An introducer is trusted with nothing: its `hello` must still prove the peer
 * id derives from its key (mesh.ts), only the creator's key may sign the
 * roster, and the creator alone decides who sits (lobby.ts).
 */
import { PEER_ID_KEY_HEX, peerIdFor } from '../net/peer-id.js';
import { MAX_SEATS } from '../net/messages.js';

const PREFIX = new RegExp(`^[0-9a-f]{${PEER_ID_KEY_HEX}}$`);

/** The key prefixes a link's `via` names (comma-separated); anything else is dropped, at most one per seat. */
export function parseIntroducers(text: string | null): string[] {
  if (!text) return [];
  const prefixes = text.split(',').filter((p) => PREFIX.test(p));
  return [...new Set(prefixes)].slice(0, MAX_SEATS);
}

/** The `via=…` query part for these key prefixes (or whole hex keys), or null when there are none. */
export function formatIntroducers(keys: readonly string[]): string | null {
  const prefixes = [...new Set(keys.map((k) => k.slice(0, PEER_ID_KEY_HEX)))]
    .filter((p) => PREFIX.test(p))
    .slice(0, MAX_SEATS);
  return prefixes.length > 0 ? `via=${prefixes.join(',')}` : null;
}

/**
 * The introducers a table's share link names: every seated person but the
 * creator (the table id names it already). Bots have no link of their own (they
 * send through their host's), so their keys would name peer ids nobody holds.
 * The store builds the shown link (and its QR) from the live lobby, so it
 * follows the seats as they fill and empty: a player who left is no longer
 * named, and seats whose connection is lost (`reachability` 'offline') are
 * left out while any other seat is live — a link made on a creator's page
 * that joiners cannot reach directly still names a seat that can pass their
 * join on.
 */
export function introducersOf(
  table: string,
  seats: readonly { readonly keyHex: string | null; readonly bot: unknown; readonly reachability?: string | null }[],
): string[] {
  const creatorPrefix = table.slice(-PEER_ID_KEY_HEX);
  const people = seats.filter((seat) => seat.keyHex && seat.bot === null && !seat.keyHex.startsWith(creatorPrefix));
  const live = people.filter((seat) => seat.reachability !== 'offline');
  const keys = (live.length > 0 ? live : people).map((seat) => seat.keyHex!.slice(0, PEER_ID_KEY_HEX));
  return [...new Set(keys)].slice(0, MAX_SEATS);
}

/** The peer ids of these introducers at `table`. */
export function introducerPeerIds(table: string, prefixes: readonly string[]): string[] {
  return prefixes.map((prefix) => peerIdFor(table, prefix));
}
