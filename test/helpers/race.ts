/**
 * A race game and a two-seat table of hand sessions joined by a network with
 * settable one-way delays on the in-memory transport (each seat its own Mesh): every move is a race for the current counter
 * value, so every simultaneous pair of moves is a tie that the real-time
 * ordering must settle. Used by the real-time tests and the latency bench.
 */
import { seededRandom } from '../../crypto/index.js';
import { defineGame, standardDeck, type State } from '../../src/engine/index.js';
import { keyHex, type EnvelopeOf } from '../../src/net/envelope.js';
import { MemoryNetwork } from '../../src/net/memory-transport.js';
import { Mesh } from '../../src/net/mesh.js';
import { peerIdFor } from '../../src/net/peer-id.js';
import { until } from '../../tools/sim/simulation.js';
import { HandSession } from '../../src/table/hand-session.js';
import { testSigner } from './signers.js';

export interface RaceBoard {
  value: number;
  target: number;
  wins: number[];
}
export type RaceAction = { type: 'claim'; onTop: number };

/** Every move is a race for the current value; `stale-top` is its race error (`raceErrors`). */
export const raceGame = defineGame<RaceBoard, RaceAction, Record<string, never>, 'stale-top', RaceBoard>({
  id: 'race-toy',
  displayName: 'Race',
  minPlayers: 2,
  maxPlayers: 2,
  defaultOptions: {},
  raceErrors: ['stale-top'],
  parseOptions: () => ({}),
  deck: () => standardDeck(),
  setup: () => ({ value: 0, target: 40, wins: [0, 0] }),
  parseAction: (raw) => {
    const a = raw as RaceAction;
    return typeof a === 'object' && a !== null && a.type === 'claim' && Number.isInteger(a.onTop)
      ? { type: 'claim', onTop: a.onTop }
      : null;
  },
  claimedCards: () => [],
  act: (draft, seat, action) => {
    if (action.onTop !== draft.board.value) return 'stale-top';
    draft.board.value += 1;
    draft.board.wins[seat] = (draft.board.wins[seat] ?? 0) + 1;
    return null;
  },
  afterCrypto: () => null,
  awaits: (state) =>
    state.board.value >= state.board.target ? { kind: 'over' } : { kind: 'anytime', seats: [0, 1], what: 'claim' },
  legalActions: (state) => [{ type: 'claim', onTop: state.board.value }],
  zones: (state) => ({ deck: state.cards.map((_, h) => h) }),
  view: (state) => state.board,
  outcome: (state: State<RaceBoard, Record<string, never>>) =>
    state.board.value >= state.board.target
      ? { ranking: [[0], [1]], nextDealer: 0, scores: state.board.wins, carry: null, summary: 'race over' }
      : null,
});

export interface Net {
  sessions: HandSession[];
  /** One-way delay from seat i to seat j (ms), set on the in-memory transport. */
  delay: (from: number, to: number) => number;
  /** Rewrite (or drop) what a seat sends. */
  tamper?: (seat: number, envelope: EnvelopeOf<'table-event'>) => EnvelopeOf<'table-event'> | null;
}

export const signers = [testSigner(31), testSigner(32)];
const seatKeys = signers.map((s) => keyHex(s.publicKey));
const TABLE = 'racetabl-0011223344556677';
const meshes: Mesh[] = [];

/** Stops both peers (their meshes, heartbeats and links). */
export function stopRaceNetwork(): void {
  for (const mesh of meshes.splice(0)) mesh.stop();
}

/**
 * Two seats, each its own Mesh on the in-memory transport (signed envelopes,
 * ordered links, the one-way delays of `net.delay`), each running a
 * HandSession of the race game.
 */
export async function raceTable(net: Omit<Net, 'sessions'>, seed: string): Promise<Net> {
  const full: Net = { ...net, sessions: [] };
  const network = new MemoryNetwork();
  // Peer ids derived from the keys, as the mesh checks on every hello.
  const peerIds = seatKeys.map((key) => peerIdFor(TABLE, key));
  network.setDelay(peerIds[0]!, peerIds[1]!, net.delay(0, 1));
  network.setDelay(peerIds[1]!, peerIds[0]!, net.delay(1, 0));
  const pair = [0, 1].map(
    (seat) =>
      new Mesh({
        table: TABLE,
        signer: signers[seat]!,
        transport: network.createTransport(peerIds[seat]!),
        name: `seat ${seat + 1}`,
        timing: { heartbeatMs: 500, linkDeadAfterMs: 60_000 },
      }),
  );
  meshes.push(...pair);
  for (const seat of [0, 1]) {
    const mesh = pair[seat]!;
    const session = new HandSession(
      {
        setup: {
          table: TABLE,
          handNo: 0,
          game: raceGame.id,
          options: {},
          seatKeys,
          dealer: 0,
          carry: null,
          previous: null,
        },
        mySeat: seat,
        game: raceGame,
        rng: seededRandom(`${seed}-${seat}`),
      },
      {
        sign: (body) => mesh.sign('table-event', body),
        keepSecrets: () => {},
        publish: (envelope) => {
          const sent = net.tamper ? net.tamper(seat, envelope) : envelope;
          if (sent) mesh.broadcast(sent);
        },
        changed: () => {},
      },
    );
    full.sessions.push(session);
    await mesh.start({
      message: (envelope) => {
        if (envelope.kind === 'table-event') session.receive(envelope);
      },
      rejected: () => {},
      changed: () => {},
      problem: () => {},
    });
  }
  pair[0]!.want([peerIds[1]!]);
  await until(() =>
    pair.every((mesh) => mesh.reachability(keyHex(signers[1 - pair.indexOf(mesh)]!.publicKey)) === 'direct'),
  );
  for (const s of full.sessions) s.start();
  return full;
}
