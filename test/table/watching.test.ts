/**
 * Watching from a table session: a page with its own identity and
 * no seat opens a table where two seats are already in the middle of a
 * stress-shed hand. Its TableSession follows the hand with a seatless
 * HandSession, fetches the events played before it came, follows the rest
 * live and reaches the seats' state hash and a clean audit; it cannot act,
 * signs nothing, and the seats list it as watching. Over the in-memory
 * transport with the real cryptography and the seats' own bots.
 */
import { afterEach, expect, it } from 'vitest';
import { keyHex } from '../../src/net/envelope.js';
import type { Mesh } from '../../src/net/mesh.js';
import type { TableSession } from '../../src/table/table-session.js';
import { handFinished, seatPeers, until, type SimulationPeer } from '../../tools/sim/simulation.js';
import { testSigner } from '../helpers/signers.js';
import { openTablePage, closeAll } from '../helpers/table-page.js';
import { refusal } from '../helpers/refusal.js';

let running: { session: TableSession; mesh: Mesh }[] = [];
afterEach(() => {
  closeAll(running);
  running = [];
});

it('a page without a seat arrives mid-hand, fetches what it missed and follows the hand to the seats’ hash and a clean audit', async () => {
  const { peers, network, table } = await seatPeers({ game: 'stress-shed', players: 2, hands: 1, seed: 31 });
  running = [...peers];
  await until(() => (peers[0]!.session.current?.session.step ?? 0) > 10);

  const signer = testSigner(77);
  const { mesh, session, store, rejected } = await openTablePage(network, table, signer, {
    name: 'Cat',
    timing: { heartbeatMs: 50, presenceMs: 80, reconnectMs: 100 },
    beforeOpen: (s) => s.lobby.watch(),
  });
  running.push({ session, mesh });

  await until(() => session.current !== null);
  expect(session.isWatching).toBe(true);
  expect(session.current!.mySeat).toBeNull();
  expect(session.current!.session.agent).toBeNull();
  const watched = (): SimulationPeer => ({ signer, mesh, session, store });
  await until(() => [...peers, watched()].every(handFinished), 20);

  const hands = [...peers.map((p) => p.session.current!.session), session.current!.session];
  expect(hands.map((h) => h.halt)).toEqual([null, null, null]);
  expect(session.current!.session.hash).toMatch(/^[0-9a-f]{64}$/);
  expect(new Set(hands.map((h) => h.hash)).size).toBe(1);
  expect(session.current!.session.auditResult?.clean).toBe(true);
  // It held every event of the hand, including those played before it came: only a seat's answer to its fetch carries those.
  expect(session.current!.session.events().length).toBe(peers[0]!.session.current!.session.events().length);
  // A watcher cannot act, and it signed no table event.
  expect(refusal(session.act({ type: 'pickup' }))).toBe('not-playing');
  expect(hands.flatMap((h) => h.events()).some((e) => keyHex(e.from) === keyHex(signer.publicKey))).toBe(false);
  // What it refused is only events heard before the roster told it who sits (fetched again later).
  expect(rejected.filter((r) => !/^table-event from an unknown seat/.test(r))).toEqual([]);
  // The seats list it as watching.
  await until(() => peers.every((p) => p.session.watcherList().some((w) => w.name === 'Cat')));
  expect(peers[0]!.session.watcherList().map((w) => w.keyHex)).toEqual([keyHex(signer.publicKey)]);
}, 300_000);
