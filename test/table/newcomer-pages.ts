/**
 * What the newcomer tests share: pages that open a table with their own
 * identity, storage and bot and ask for a seat (`newcomerPage`), a
 * three-seat stress-shed hand played to a clean audit after which the second
 * seat leaves (`handPlayedThenBobLeaves`), and a wait that says what it was
 * waiting for. Every page opened is kept in `pages.running`, for the test
 * file's afterEach to close.
 */
import { expect } from 'vitest';
import { seededRandom } from '../../crypto/index.js';
import { heuristicBot } from '../../src/bots/index.js';
import type { MemoryNetwork } from '../../src/net/memory-transport.js';
import type { Mesh } from '../../src/net/mesh.js';
import type { TableSession } from '../../src/table/table-session.js';
import { handFinished, seatPeers, type SimulationPeer } from '../../tools/sim/simulation.js';
import { testSigner } from '../helpers/signers.js';
import { closeAll, openTablePage } from '../helpers/table-page.js';

/** The pages a test opened, closed after it. */
export const pages = {
  running: [] as { session: TableSession; mesh: Mesh }[],
  closeAll(): void {
    closeAll(pages.running);
    pages.running = [];
  },
};

const TIMING = { heartbeatMs: 50, presenceMs: 80, reconnectMs: 100 };

/** A page with its own identity (test signer `seed`) and storage that opens `table` and asks for a seat. */
export async function newcomerPage(
  network: MemoryNetwork,
  table: string,
  seed: number,
  name: string,
): Promise<SimulationPeer & { logs: string[] }> {
  const signer = testSigner(seed);
  const logs: string[] = [];
  const { mesh, session, store } = await openTablePage(network, table, signer, {
    name,
    timing: TIMING,
    session: {
      onLog: (line) => logs.push(line),
      rng: seededRandom(`newcomer-${seed}`),
      bot: heuristicBot(),
      botDelayMs: 0,
      autoplay: true,
    },
  });
  session.lobby.sit();
  pages.running.push({ session, mesh });
  return { signer, mesh, session, store, logs };
}

/** Three seats play one stress-shed hand to a clean audit; then seat 2 leaves and seat 2 is free. */
export async function handPlayedThenBobLeaves(
  seed: number,
): Promise<{ peers: SimulationPeer[]; network: MemoryNetwork; table: string; seatLogs: string[][] }> {
  const seatLogs: string[][] = [[], [], []];
  const { peers, network, table } = await seatPeers({
    game: 'stress-shed',
    players: 3,
    hands: 1,
    seed,
    onLog: (seat, line) => seatLogs[seat]!.push(line),
  });
  pages.running = [...peers];
  await waitFor(
    'the first hand to be played and audited on every page',
    () => peers.every(handFinished),
    240_000,
    () => peers.map((p) => `${p.session.current?.session.phase ?? 'no hand'}`).join(', '),
  );
  expect(peers.map((p) => p.session.current!.session.auditResult?.clean)).toEqual([true, true, true]);
  peers[1]!.session.leave();
  await waitFor(
    'every page to see seat 2 free',
    () => peers.every((p) => p.session.lobby.view().seats[1]!.member === null),
    60_000,
  );
  return { peers, network, table, seatLogs };
}

/** Waits for `condition`, or fails naming `what` (and what `state` says) after `ms`. */
export async function waitFor(
  what: string,
  condition: () => boolean,
  ms = 40_000,
  state?: () => string,
): Promise<void> {
  const end = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}${state ? `: ${state()}` : ''}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
