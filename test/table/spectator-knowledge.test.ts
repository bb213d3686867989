/**
 * Watching never shows a hidden card: in each built game, a
 * spectator — its own identity and its own Mesh on the in-memory transport,
 * linked to every seat like any peer, following the hand with a seatless
 * HandSession fed only by what its mesh delivers — watches a whole hand that
 * the seats play with their heuristic bots. Everything it receives is
 * inspected: every envelope of every kind is kept, and the knowledge monitor
 * (tools/sim/knowledge-monitor.ts) opens every card point it could open with
 * the keys it holds (every published key share and the keys carried by moves;
 * it has no lock key and no seal secret of its own) and compares that with
 * what the rules show to nobody in particular: public cards only. A point it
 * can open that the rules keep hidden is a leak, named with its card. The
 * spectator must also follow the hand to the same agreed end as the seats.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { seededRandom } from '../../crypto/index.js';
import { keyHex, type Envelope } from '../../src/net/envelope.js';
import { MemoryNetwork } from '../../src/net/memory-transport.js';
import { Mesh } from '../../src/net/mesh.js';
import { peerIdFor } from '../../src/net/peer-id.js';
import { gameModules } from '../../src/games/index.js';
import { HandSession } from '../../src/table/hand-session.js';
import type { HandSetup } from '../../src/table/hand/setup.js';
import { KnowledgeMonitor } from '../../tools/sim/knowledge-monitor.js';
import { until } from '../../tools/sim/simulation.js';
import { tableSigners } from '../helpers/hand-table.js';
import { testSigner } from '../helpers/signers.js';

const TABLE = 'watching-8899aabbccddeeff';
let cleanup: (() => void) | null = null;
afterEach(() => {
  cleanup?.();
  cleanup = null;
});

describe.each(gameModules.map((m) => [m.id, m] as const))('a spectator of %s', (_id, module) => {
  it(
    'follows a whole hand to the seats’ end and can open no card the rules keep hidden',
    { timeout: 300_000 },
    async () => {
      const players = module.minPlayers;
      const ownBot = await module.loadBot();
      const signers = tableSigners.slice(0, players);
      const seatKeys = signers.map((s) => keyHex(s.publicKey));
      const watcherSigner = testSigner(90);
      const setup: HandSetup = {
        table: TABLE,
        handNo: 0,
        game: module.id,
        options: { ...module.options.defaults },
        seatKeys,
        dealer: 0,
        carry: null,
        previous: null,
      };
      const network = new MemoryNetwork();
      const peerIds = [...seatKeys, keyHex(watcherSigner.publicKey)].map((key) => peerIdFor(TABLE, key));
      const timing = { heartbeatMs: 500, linkDeadAfterMs: 60_000 };
      const meshes = [...signers, watcherSigner].map(
        (signer, i) =>
          new Mesh({
            table: TABLE,
            signer,
            transport: network.createTransport(peerIds[i]!),
            name: i < players ? `seat ${i + 1}` : 'watcher',
            timing,
          }),
      );
      const sessions: HandSession[] = [];
      cleanup = () => {
        for (const s of sessions) s.dispose();
        for (const mesh of meshes) mesh.stop();
      };

      // The spectator: no seat, no secrets; it hears only what its own mesh delivers.
      const received: Envelope[] = [];
      const spectator = new HandSession(
        { setup, game: module.rules, mySeat: null, rng: seededRandom(`watch-${module.id}-spectator`) },
        { changed: () => {} },
      );
      sessions.push(spectator);
      const monitor = new KnowledgeMonitor(null, spectator, () => undefined);
      const watcherMesh = meshes[players]!;
      await watcherMesh.start({
        message: (envelope) => {
          received.push(envelope);
          if (envelope.kind === 'table-event') {
            spectator.receive(envelope);
            monitor.observe();
          }
        },
        rejected: () => {},
        changed: () => {},
        problem: () => {},
      });

      for (let seat = 0; seat < players; seat++) {
        const mesh = meshes[seat]!;
        const session = new HandSession(
          { setup, game: module.rules, mySeat: seat, rng: seededRandom(`watch-${module.id}-${seat}`) },
          {
            sign: (body) => mesh.sign('table-event', body),
            keepSecrets: () => {},
            publish: (envelope) => mesh.broadcast(envelope),
            changed: () => {},
          },
        );
        sessions.push(session);
        await mesh.start({
          message: (envelope) => {
            if (envelope.kind === 'table-event') session.receive(envelope);
          },
          rejected: () => {},
          changed: () => {},
          problem: () => {},
        });
      }
      meshes.forEach((mesh, i) => mesh.want(peerIds.filter((_, j) => j > i)));
      await until(() =>
        meshes.every((mesh, i) =>
          peerIds.every(
            (_, j) => i === j || mesh.reachability([...seatKeys, keyHex(watcherSigner.publicKey)][j]!) === 'direct',
          ),
        ),
      );
      for (const s of sessions) s.start();

      const seats = sessions.slice(1);
      await until(() => {
        if (seats.some((s) => s.halt) || seats.every((s) => s.phase === 'done')) return true;
        seats.forEach((session, seat) => {
          const state = session.engineState;
          // Each seat waits for its own move to be ordered, as the table's bots do.
          if (!state || session.pendingMoves > 0 || session.legalActions().length === 0) return;
          const action = ownBot(state as never, seat, session.privateView);
          if (action !== null) session.act(action);
        });
        return false;
      }, 2);
      expect(seats.map((s) => s.halt?.detail ?? null)).toEqual(seats.map(() => null));
      await until(() => spectator.phase === 'done' || spectator.halt !== null);
      expect(spectator.halt).toBeNull();
      expect(spectator.phase).toBe('done');

      // It heard the hand through its own links: every table event any seat holds reached it too.
      const events = received.filter((e) => e.kind === 'table-event').length;
      expect(events).toBeGreaterThan(players * 3);
      expect(spectator.hash).toBe(seats[0]!.hash);
      // The monitor judged at the start of disclosure (when the rules open every hand to all), before that it saw only public cards.
      expect(monitor.leaks).toEqual([]);
      // It did open cards (the public ones), so the check had something to check.
      expect(monitor.readableCards().size).toBeGreaterThan(0);
    },
  );
});
