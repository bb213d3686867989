/**
 * A hostile peer's outgoing table events, rewritten on its mesh: every table
 * event the page broadcasts (its own, a bot's it hosts, a fault report) goes
 * through `tamper` first, which may change it (re-signed by the caller), drop
 * it (null) or send several (a list). The page's own sessions still take the
 * event as written, as the table session hands it to them directly. The
 * simulation and the adversarial tests use it; the app never does.
 */
import type { EnvelopeOf } from '../../src/net/envelope.js';
import type { Mesh } from '../../src/net/mesh.js';

type TableEvent = EnvelopeOf<'table-event'>;

export type Tamper = (envelope: TableEvent) => TableEvent | TableEvent[] | null;

export function tamperSends(mesh: Mesh, tamper: Tamper): void {
  const broadcast = mesh.broadcast.bind(mesh);
  mesh.broadcast = ((envelope: TableEvent) => {
    if (envelope.kind !== 'table-event') return broadcast(envelope);
    const sent = tamper(envelope);
    for (const out of sent === null ? [] : Array.isArray(sent) ? sent : [sent]) broadcast(out);
  }) as Mesh['broadcast'];
}
