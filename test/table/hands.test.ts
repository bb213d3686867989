/**
 * Whole hands of stress-shed among peers that each hold their own keys,
 * talking only over the in-memory transport with the real cryptography:
 * every peer agrees on the state hash and a clean audit, no peer learns a
 * card it was not shown, and an honest peer that reloads mid-hand finishes
 * the hand from what it stored. Random seeds at 2 and 3 seats are
 * hands-seeds.deep.test.ts, in the deep suite.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { census } from '../../src/engine/index.js';
import { gameById } from '../../src/games/index.js';
import { keyHex } from '../../src/net/envelope.js';
import { handFinished, resultOf, seatPeers, until, type SimulationPeer } from '../../tools/sim/simulation.js';
import { openTablePage, closeAll } from '../helpers/table-page.js';

const game = gameById('stress-shed')!;
let running: SimulationPeer[] = [];
afterEach(() => {
  closeAll(running);
  running = [];
});

describe('hands over the in-memory transport', () => {
  it.each([2, 3])(
    '%i peers finish a hand with one state hash, a clean audit and no leaked card',
    async (players) => {
      const { peers } = await seatPeers({ game: 'stress-shed', players, hands: 1, seed: 10 + players });
      running = peers;
      let checks = 0;
      // Knowledge never exceeds what was shown, at every point we look.
      const checkKnowledge = () => {
        for (const [seat, peer] of peers.entries()) {
          const hand = peer.session.current?.session;
          const state = hand?.engineState;
          if (!hand || !state) continue;
          for (const handle of Object.keys(hand.privateView.known).map(Number)) {
            const info = state.cards[handle];
            expect(info, `seat ${seat} knows handle ${handle}, which the state does not have`).toBeDefined();
            expect(
              info!.seen.includes(seat) || info!.card !== null,
              `seat ${seat} knows handle ${handle} unshown`,
            ).toBe(true);
          }
          expect(census(game, state)).toEqual([]);
          checks++;
        }
      };
      await until(() => {
        checkKnowledge();
        return peers.every(handFinished);
      }, 20);
      const result = resultOf(peers, 'stress-shed');
      expect(result.peers.map((p) => p.halt)).toEqual(peers.map(() => null));
      expect(result.agreedHash).toMatch(/^[0-9a-f]{64}$/);
      expect(result.allClean).toBe(true);
      expect(result.moves).toBeGreaterThan(5);
      expect(result.ranking.flat().sort()).toEqual([...Array(players).keys()]);
      expect(checks).toBeGreaterThan(players);
    },
    300_000,
  );

  it('an honest peer that reloads mid-hand finishes it from what it stored', async () => {
    const { peers, network, table } = await seatPeers({ game: 'stress-shed', players: 2, hands: 1, seed: 21 });
    running = peers;
    const [ann, bob] = peers as [SimulationPeer, SimulationPeer];
    await until(() => (bob.session.current?.session.step ?? 0) > 12);
    // Bob's page goes away (nothing is said) and comes back with the same identity and storage.
    bob.session.close();
    bob.mesh.stop();
    const { mesh, session } = await openTablePage(network, table, bob.signer, {
      name: 'Bot 2',
      timing: { heartbeatMs: 200, linkDeadAfterMs: 60_000, reconnectMs: 300 },
      store: bob.store,
      session: { botDelayMs: 0, autoplay: true },
    });
    const reloaded: SimulationPeer = { signer: bob.signer, mesh, session, store: bob.store };
    running = [ann, reloaded];
    await until(() => running.every(handFinished), 20);
    const result = resultOf(running, 'stress-shed');
    expect(result.peers.map((p) => p.halt)).toEqual([null, null]);
    expect(result.agreedHash).not.toBeNull();
    expect(result.allClean).toBe(true);
  }, 300_000);
});

describe('bots on empty seats', () => {
  it('the creator gives the empty seat to a bot, which plays a whole hand through the same table API', async () => {
    const { MemoryNetwork } = await import('../../src/net/memory-transport.js');
    const { newTableId } = await import('../../src/table/table-id.js');
    const { testSigner } = await import('../helpers/signers.js');
    const network = new MemoryNetwork();
    const signer = testSigner(5);
    const table = newTableId(keyHex(signer.publicKey), new Uint8Array(8).fill(5));
    const lines: string[] = [];
    const { mesh, session, store } = await openTablePage(network, table, signer, {
      name: 'Ann',
      config: { game: 'stress-shed', seats: 2, options: {} },
      session: { onLog: (l) => lines.push(l), botDelayMs: 0, autoplay: true },
    });
    running = [{ signer, mesh, session, store }];
    expect(session.current).toBeNull();
    await session.addBot(1);
    await until(() => session.current?.session.phase === 'done' && session.current.session.auditResult !== null, 20);
    expect(session.lobby.view().seats[1]?.member?.name).toBe('Bot 2');
    expect(session.current!.session.auditResult!.clean).toBe(true);
    expect(lines).toContainEqual(expect.stringMatching(/^Bot 2 played/));
    expect(lines).toContainEqual(expect.stringMatching(/audit: clean/));
  }, 300_000);
});
