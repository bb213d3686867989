/**
 * Publishing a table event from this page: signed as the seat that made it
 * (this page's own key through the mesh, or a bot this page hosts), stored
 * with the secrets it depends on before it is sent (table-outbox.ts), then
 * broadcast on the mesh and handed at once to the other seats this page
 * plays (its bots), which would otherwise never hear it.
 */
import { keyHex, signEnvelope, type EnvelopeOf, type Signer } from '../net/envelope.js';
import type { Mesh } from '../net/mesh.js';
import type { TableNow } from './table-now.js';
import type { TableOutbox } from './table-outbox.js';

type TableEvent = EnvelopeOf<'table-event'>;

export interface PublisherHost {
  readonly mesh: Mesh;
  /** This page's own identity: its events are signed through the mesh (its sequence numbers). */
  readonly signer: Signer;
  readonly outbox: TableOutbox;
  /** The table's id, whether the page closed it, the current hand's sessions on this page (by seat) and the one it shows. */
  readonly now: Pick<TableNow, 'table' | 'closed' | 'hands' | 'current'>;
}

export class TablePublisher {
  constructor(private readonly host: PublisherHost) {}

  /** A table event's body signed as `signer`: this page's key, or a bot's it hosts. */
  signAs(signer: Signer, body: TableEvent['body']): TableEvent {
    const { mesh } = this.host;
    if (signer === this.host.signer) return mesh.sign('table-event', body);
    return signEnvelope(signer, {
      kind: 'table-event',
      table: this.host.now.table,
      seq: mesh.nextSeq(),
      to: null,
      body,
    });
  }

  /**
   * Persists (the event and the secrets it depends on) before sending, in
   * order: a reload must never produce a second, different event for the
   * same slot.
   */
  publish(envelope: TableEvent): void {
    const { host } = this;
    if (host.now.closed) return;
    const author = keyHex(envelope.from);
    host.outbox.sendAfterStoring((host.now.current?.config.setup.seatKeys ?? []).indexOf(author), envelope, (bytes) => {
      host.mesh.broadcast(envelope, bytes);
      for (const [seat, { session }] of host.now.hands)
        if (session.config.setup.seatKeys[seat] !== author) session.receive(envelope);
    });
  }
}
