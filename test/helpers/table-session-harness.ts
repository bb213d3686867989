/**
 * A table session (src/table/table-session.ts) on its own in-memory mesh,
 * with the other peers played by hand-signed envelopes fed to `receive`: the
 * harness of the fast table-session tests (no second table, no whole hand).
 * `table(seats)` opens the creator's (or another signer's) session with a
 * memory store, a recorded log and a spy on the mesh's sends; `from`, `join`
 * and `tableEvent` sign the envelopes other peers would send; `closeTables`
 * closes every session opened, for an afterEach.
 */
import { expect, vi } from 'vitest';
import { keyHex, signEnvelope, type Envelope, type EnvelopeOf, type Signer } from '../../src/net/envelope.js';
import { MemoryNetwork } from '../../src/net/memory-transport.js';
import type { Mesh } from '../../src/net/mesh.js';
import { newTableId, peerIdFor } from '../../src/table/table-id.js';
import type { TableSession, TableSessionOptions } from '../../src/table/table-session.js';
import { seededRandom } from '../../crypto/index.js';
import { testSigner } from './signers.js';
import { MemoryTableStore } from '../../tools/sim/memory-store.js';
import { closePage, openTablePage } from './table-page.js';

export const creator = testSigner(1);
export const bo = testSigner(2);
export const cy = testSigner(3);
export const TABLE = newTableId(keyHex(creator.publicKey), new Uint8Array(8).fill(1));
const TIMING = {
  heartbeatMs: 200,
  linkDeadAfterMs: 60_000,
  presenceMs: 1000,
  presenceFreshMs: 5000,
  reconnectMs: 300,
};

/** Waits until `condition` holds; a failure guard (a hand start under load takes a few seconds), not a speed limit. */
export async function until(condition: () => boolean): Promise<void> {
  await vi.waitFor(() => expect(condition()).toBe(true), { timeout: 15_000, interval: 5 });
}

let open: { session: TableSession; mesh: Mesh }[] = [];
/** Closes every session `table` opened and restores the spies: call it from an afterEach. */
export function closeTables(): void {
  for (const { session, mesh } of open) {
    session.close();
    mesh.stop();
  }
  open = [];
  vi.restoreAllMocks();
}

/**
 * Opens the table's session. With `reopened`, the page has been open here before (the same store, closed and opened
 * again): a reload, which waits to hear which hand the table is at before it moves (catch-up.ts); a page new to the
 * table plays live at once.
 */
export async function table(
  seats: number,
  extra: Partial<Omit<TableSessionOptions, 'store'>> & { readonly store?: MemoryTableStore } = {},
  signer: Signer = creator,
  { reopened = false }: { readonly reopened?: boolean } = {},
) {
  const network = new MemoryNetwork({ defaultDelayMs: 0 });
  const log: [string, string | undefined][] = [];
  let changes = 0;
  const config = signer === creator ? { game: 'stress-shed', seats, options: {} } : undefined;
  const store = extra.store ?? new MemoryTableStore();
  if (reopened) closePage(await openTablePage(network, TABLE, signer, { name: 'Ann', timing: TIMING, store, config }));
  const { session, mesh } = await openTablePage(network, TABLE, signer, {
    name: 'Ann',
    timing: TIMING,
    store,
    config,
    session: {
      onChange: () => changes++,
      onLog: (line, level) => log.push([line, level]),
      rng: seededRandom('routes'),
      autoplay: false,
      botDelayMs: 60_000,
      ...extra,
    },
  });
  open.push({ session, mesh });
  const sent = vi.spyOn(mesh, 'send');
  return { session, mesh, store, log, sent, changes: () => changes };
}

let seq = 100;
export function from<K extends Envelope['kind']>(signer: Signer, kind: K, body: EnvelopeOf<K>['body']): EnvelopeOf<K> {
  return signEnvelope(signer, { kind, table: TABLE, seq: seq++, to: null, body } as never) as EnvelopeOf<K>;
}
export const join = (signer: Signer, name: string, seat: number | null = null) =>
  from(signer, 'join', { peerId: peerIdFor(TABLE, keyHex(signer.publicKey)), name, seat });
export const tableEvent = (signer: Signer, hand: number, n = 0) =>
  from(signer, 'table-event', { hand, n, at: 0, hash: new Uint8Array(32), type: 'ready', data: null });
