/**
 * How a page reaches its table (lobby.ts does the sending): which seat a joiner's `join` names (`joinSeat`), and which
 * peers a page keeps links to (`peersToLink`): the creator, every seated peer (a full mesh) and, while this page holds
 * no seat, the introducers its table link names, through whom a join reaches a creator it cannot link to
 * (introducers.ts).
 */
import type { Roster } from '../net/messages.js';

/**
 * The seat a joiner's join names (null: none), or undefined while it sends none. A seated joiner names its own seat,
 * else the one it asked for. At a table where play has started the creator seats a newcomer only in the free seat its
 * join names (roster-keeping.ts `withJoiner`), and a newcomer names one (the first free) only once it may (`mayJoin`:
 * it has followed every hand played, table-history.ts); before any roster has come its join names none and only
 * brings the roster (the creator answers every join with it, through introducers too).
 */
export function joinSeat(
  roster: Roster | undefined,
  mySeat: number | null,
  wanted: number | null,
  mayJoin: () => boolean,
): number | null | undefined {
  const started = (roster?.hands ?? 0) > 0;
  if (started && !mayJoin()) return undefined;
  const free = roster?.seats.findIndex((m) => m === null) ?? -1;
  return mySeat ?? wanted ?? (started && free >= 0 ? free : null);
}

/** The peer ids a page links to: the creator's, every seat's, and the introducers' while the page holds no seat. */
export function peersToLink(
  creatorPeerId: string,
  roster: Roster | undefined,
  seated: boolean,
  introducers: readonly string[],
): Set<string> {
  const peers = new Set<string>([creatorPeerId]);
  for (const member of roster?.seats ?? []) if (member) peers.add(member.peerId);
  if (!seated) for (const id of introducers) peers.add(id);
  return peers;
}
