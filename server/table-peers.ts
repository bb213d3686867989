/**
 * Which peer ids are registered with the embedded PeerServer for a table,
 * for `GET /table-peers?table=<table id>` (src/net/table-peers.ts): a joiner
 * that cannot link to a table's creator dials these and joins through any it
 * reaches. The PeerServer itself lists nobody (`allow_discovery: false`);
 * this answers only for the one table asked, whose id the asker holds
 * already (it is the link), and only ids of the `fd-<table>-<16 hex>` form
 * Fairdeck pages register — the same ids anyone at the table learns from the
 * roster and presence.
 */

const TABLE_ID = /^[a-z2-9]{8}-[0-9a-f]{16}$/;
const PEER_ID = /^fd-([a-z2-9]{8}-[0-9a-f]{16})-[0-9a-f]{16}$/;
/** At most this many ids in one answer (a table's seats, watchers and joiners). */
const MAX_ANSWER = 32;

/** The ids registered now, kept from PeerServer's `connection` and `disconnect` events. */
export class TablePeers {
  private readonly byTable = new Map<string, Set<string>>();

  /** A client registered (PeerServer `connection`); ids of other shapes are not kept. */
  add(id: string): void {
    const table = PEER_ID.exec(id)?.[1];
    if (!table) return;
    let ids = this.byTable.get(table);
    if (!ids) this.byTable.set(table, (ids = new Set()));
    ids.add(id);
  }

  /** A client is gone (PeerServer `disconnect`: its socket closed, or it timed out). */
  remove(id: string): void {
    const table = PEER_ID.exec(id)?.[1];
    const ids = table ? this.byTable.get(table) : undefined;
    if (!table || !ids) return;
    ids.delete(id);
    if (ids.size === 0) this.byTable.delete(table);
  }

  /** The answer to `GET /table-peers?table=…`: 400 for anything that is not a table id. */
  answer(table: unknown): { status: 200; body: { peers: string[] } } | { status: 400; body: { error: string } } {
    if (typeof table !== 'string' || !TABLE_ID.test(table))
      return { status: 400, body: { error: 'table: not a Fairdeck table id' } };
    return { status: 200, body: { peers: [...(this.byTable.get(table) ?? [])].slice(0, MAX_ANSWER) } };
  }
}
