/**
 * Whole table sessions (lobby, mesh, store, hands) over the in-memory
 * transport for the adversarial tests of the table layer: like
 * tools/sim/simulation.ts, but each peer's store can be swapped (a store whose
 * saves fail), its log is recorded, and its mesh and signer are exposed so a
 * test can inject what a hostile peer would send (a re-seating roster, a
 * flood of events for a far hand), or rewrite what it sends (`tamper`).
 */
import { ed25519 } from '@noble/curves/ed25519.js';
import { seededRandom } from '../../crypto/index.js';
import { heuristicBot } from '../../src/bots/index.js';
import { makeRng } from '../../src/bots/prng.js';
import { keyHex, type Signer } from '../../src/net/envelope.js';
import { MemoryNetwork } from '../../src/net/memory-transport.js';
import { Mesh } from '../../src/net/mesh.js';
import type { RelayFilter } from '../../src/net/relay.js';
import { MemoryTableStore } from '../../tools/sim/memory-store.js';
import { newTableId, peerIdFor } from '../../src/table/table-id.js';
import { TableSession, type TableSessionOptions } from '../../src/table/table-session.js';
import { until } from '../../tools/sim/simulation.js';
import { tamperSends, type Tamper } from '../../tools/sim/tamper-sends.js';

export interface TablePeer {
  readonly signer: Signer & { secretKey: Uint8Array };
  readonly mesh: Mesh;
  readonly session: TableSession;
  readonly store: MemoryTableStore;
  readonly log: { line: string; level: string }[];
}

const TIMING = { heartbeatMs: 200, linkDeadAfterMs: 60_000, presenceMs: 1000, presenceFreshMs: 5000, reconnectMs: 300 };

export async function tablePeers(options: {
  game: string;
  players: number;
  seed: number;
  store?: (seat: number) => MemoryTableStore;
  extra?: (seat: number, signer: Signer) => Partial<TableSessionOptions>;
  /** What a hostile seat sends instead of each table event it publishes (tools/sim/tamper-sends.ts). */
  tamper?: (seat: number, signer: Signer) => Tamper | undefined;
  /** What a seat's mesh keeps from a link when passing a message on: a relay the network loses (src/net/relay.ts). */
  relayFilter?: (seat: number) => RelayFilter | undefined;
}): Promise<{ peers: TablePeer[]; table: string; network: MemoryNetwork }> {
  const keyRng = seededRandom(`adv-${options.seed}-keys`);
  const signers = Array.from({ length: options.players }, () => {
    const secretKey = ed25519.utils.randomSecretKey(keyRng(32));
    return {
      secretKey,
      publicKey: ed25519.getPublicKey(secretKey),
      sign: (m: Uint8Array) => ed25519.sign(m, secretKey),
    };
  });
  const table = newTableId(keyHex(signers[0]!.publicKey), keyRng(8));
  const network = new MemoryNetwork({ defaultDelayMs: 0 });
  const peers: TablePeer[] = [];
  for (const [seat, signer] of signers.entries()) {
    const relayFilter = options.relayFilter?.(seat);
    const mesh = new Mesh({
      table,
      signer,
      transport: network.createTransport(peerIdFor(table, keyHex(signer.publicKey))),
      name: `P${seat + 1}`,
      timing: TIMING,
      ...(relayFilter ? { relayFilter } : {}),
    });
    const tamper = options.tamper?.(seat, signer);
    if (tamper) tamperSends(mesh, tamper);
    const store = options.store?.(seat) ?? new MemoryTableStore();
    const log: { line: string; level: string }[] = [];
    const session = new TableSession({
      mesh,
      signer,
      store,
      name: `P${seat + 1}`,
      onChange: () => {},
      onLog: (line, level = 'info') => log.push({ line, level }),
      rng: seededRandom(`adv-${options.seed}-crypto`),
      bot: heuristicBot({ rng: makeRng(options.seed * 31 + seat) }),
      botDelayMs: 0,
      autoplay: true,
      ...options.extra?.(seat, signer),
    });
    await mesh.start({
      message: (envelope, via) => session.receive(envelope, via),
      rejected: () => {},
      changed: () => {},
      problem: () => {},
    });
    await session.open(seat === 0 ? { game: options.game, seats: options.players, options: {} } : undefined);
    peers.push({ signer, mesh, session, store, log });
  }
  await until(() => peers.every((p) => p.session.lobby.view().seats.every((s) => s.member !== null)));
  return { peers, table, network };
}

export { closeAll } from '../helpers/table-page.js';

/** The peer is at hand `hand` and that hand is over (done or halted). */
export const handOver =
  (hand: number) =>
  (p: TablePeer): boolean => {
    const current = p.session.current;
    return current?.handNo === hand && (current.session.phase === 'done' || current.session.phase === 'halted');
  };
