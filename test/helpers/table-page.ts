/**
 * One page at a table, as the table tests build it: its own mesh on an
 * in-memory network (peer id derived from its key), a TableSession over a
 * memory store, the mesh started with the session as its receiver, then the
 * session opened (with the creator's config, or none to join). What the
 * tests vary is an option: the mesh's timing, the session's options (a bot,
 * a seeded rng, a log), the store a reloaded page finds, and a step before
 * `open` (watch, ask for a name first). The gate's reasons for what it
 * dropped are kept in `rejected`. `closePage` closes what it opened, `closeAll`
 * every page a test left open.
 */
import { keyHex, type Signer } from '../../src/net/envelope.js';
import type { MemoryNetwork } from '../../src/net/memory-transport.js';
import { Mesh } from '../../src/net/mesh.js';
import type { MeshTiming } from '../../src/net/mesh-types.js';
import { peerIdFor } from '../../src/table/table-id.js';
import { TableSession } from '../../src/table/table-session.js';
import type { TableSessionOptions } from '../../src/table/table-session-types.js';
import { MemoryTableStore } from '../../tools/sim/memory-store.js';

export interface TablePage {
  readonly signer: Signer;
  readonly mesh: Mesh;
  readonly session: TableSession;
  readonly store: MemoryTableStore;
  /** Why this page's mesh dropped what it dropped (the gate's and the table's reasons). */
  readonly rejected: string[];
}

export interface TablePageOptions {
  /** The player's name; the mesh announces `meshName` if given (a name the page does not use). */
  readonly name: string;
  readonly meshName?: string | undefined;
  readonly timing?: Partial<MeshTiming> | undefined;
  /** The storage the page opens (a reloaded page's); default a fresh one. */
  readonly store?: MemoryTableStore | undefined;
  /** The creator's table config; none to join. */
  readonly config?: Parameters<TableSession['open']>[0] | undefined;
  /** More session options (a bot, an rng, a log); onChange and onLog default to nothing. */
  readonly session?: Partial<Omit<TableSessionOptions, 'mesh' | 'signer' | 'store' | 'name'>>;
  /** A step before `open`: `(s) => s.lobby.watch()`, `(s) => s.lobby.askNameFirst()`. */
  readonly beforeOpen?: (session: TableSession) => void | undefined;
}

export async function openTablePage(
  network: MemoryNetwork,
  table: string,
  signer: Signer,
  options: TablePageOptions,
): Promise<TablePage> {
  const mesh = new Mesh({
    table,
    signer,
    transport: network.createTransport(peerIdFor(table, keyHex(signer.publicKey))),
    name: options.meshName ?? options.name,
    ...(options.timing ? { timing: options.timing } : {}),
  });
  const store = options.store ?? new MemoryTableStore();
  const session = new TableSession({
    mesh,
    signer,
    store,
    name: options.name,
    onChange: () => {},
    onLog: () => {},
    ...options.session,
  });
  const rejected: string[] = [];
  await mesh.start({
    message: (envelope, via) => session.receive(envelope, via),
    rejected: (r) => rejected.push(r.reason),
    changed: () => {},
    problem: () => {},
  });
  options.beforeOpen?.(session);
  await session.open(options.config);
  return { signer, mesh, session, store, rejected };
}

/** Closes a page `openTablePage` opened (its session, then its mesh). */
export function closePage(page: Pick<TablePage, 'session' | 'mesh'>): void {
  page.session.close();
  page.mesh.stop();
}

/** Closes every page of `pages` (what a test left open, in its afterEach). */
export function closeAll(pages: readonly Pick<TablePage, 'session' | 'mesh'>[]): void {
  for (const page of pages) closePage(page);
}
