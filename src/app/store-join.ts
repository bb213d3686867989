/**
 * Whether the table a joiner opened answers, for the app store (store.ts):
 * the timed wait for its creator (unserved.ts); the table's server asked
 * every few seconds who else is at the table (src/net/table-peers.ts), to
 * link to them or to say at once that nobody is there; and the join-failure
 * screen that results, with the cause its dials to the creator showed
 * (link-status.ts).
 */
import { fetchTablePeers, tablePeersUrlFor } from '../net/table-peers.js';
import type { LobbyView } from '../table/lobby.js';
import { joinFailureView, type JoinFailureView } from './link-status.js';
import type { Session, SessionOut } from './store-session.js';
import { UnservedWatch } from './unserved.js';

/** How often a joiner still waiting for the creator asks the table's server who else is at the table. */
const TABLE_PEERS_EVERY_MS = 3000;

export class JoinWatch {
  /** The table open at the store (undefined at none): its links say why a dial to its creator failed. */
  private session: Session | undefined;
  private readonly served = new UnservedWatch(() => {
    // A dial to the creator that failed for a known cause has said so already (link-status.ts).
    if (!this.session?.links.creatorFailure)
      this.out.log(
        'warn',
        this.emptyTable
          ? `nobody is serving this table: ${this.emptyTable}`
          : 'nobody is serving this table: no answer from its creator (their page may be closed)',
      );
  });
  /** The table's server said nobody is registered at the table (what it said), or null. */
  private emptyTable: string | null = null;

  constructor(private readonly out: SessionOut) {}

  /** `session` is now the table open at the store. */
  opened(session: Session): void {
    this.session = session;
  }

  /**
   * Watches `session` once its table has opened: a joiner that hears nothing from the creator for a while is told
   * that nobody serves the table, and one that is not the creator asks the table's server who else is there, besides
   * the peers its link named. Nothing is said for a session no longer open at the store.
   */
  watch(session: Session): void {
    this.wait(session);
    if (!session.tableSession.lobby.isCreator) void this.askTablePeers(session);
  }

  /** The open table is closed: nothing is watched, nothing shown. */
  stop(): void {
    this.served.stop();
    this.emptyTable = null;
    this.session = undefined;
  }

  /** The join-failure screen for the open table's `lobby`, or null while it is served (or still within its wait). */
  view(lobby: LobbyView | null): JoinFailureView | null {
    return this.served.unserved && (lobby?.waitingForCreator ?? true)
      ? joinFailureView(
          this.session?.links.creatorFailure ?? {
            cause: 'unserved',
            detail: this.emptyTable ?? 'no answer came from the table’s creator',
          },
        )
      : null;
  }

  /** (Re)starts the timed wait for `session`'s creator. */
  private wait(session: Session): void {
    this.served.start(() => this.session === session && session.tableSession.lobby.view().waitingForCreator);
  }

  /**
   * While this page waits for the creator (no roster yet), asks the table's
   * server every few seconds who is registered at the table and links to
   * them beside the link's `via=`, so its join reaches the creator through
   * any seat it can reach (src/net/table-peers.ts). A server that names
   * nobody at the table (its signaling works: this page registered with it)
   * makes the page say at once that nobody serves it. A server that cannot
   * say (a bare PeerServer) is noted once; the link's `via=` and the creator
   * remain, and the timed wait of unserved.ts.
   */
  private async askTablePeers(session: Session): Promise<void> {
    const known = new Set(session.via);
    let noted = false;
    while (!session.closed && session.tableSession.lobby.view().waitingForCreator) {
      const answer = await fetchTablePeers(session.server, session.table, session.mesh.peerId);
      if (session.closed) return;
      if (answer.ok) {
        // Nobody registered at the table but this page: nobody can answer its join, so say so now (unserved.ts).
        // Someone registered but unreachable keeps the timed wait, whose dials name the cause (link-status.ts).
        if (answer.value.length === 0 && !this.served.unserved) {
          this.emptyTable = `the table’s server (${tablePeersUrlFor(session.server, session.table)}) has nobody registered at this table`;
          this.served.now();
          this.out.changed();
        } else if (answer.value.length > 0 && this.emptyTable) {
          this.emptyTable = null;
          this.wait(session);
          this.out.changed();
        }
        const before = known.size;
        for (const prefix of answer.value) known.add(prefix);
        if (known.size > before) session.tableSession.lobby.introduce([...known]);
      } else if (!noted) {
        noted = true;
        this.out.log('info', `the table's server did not say who else is at this table: ${answer.error}`);
      }
      await new Promise((resolve) => setTimeout(resolve, TABLE_PEERS_EVERY_MS));
    }
  }
}
