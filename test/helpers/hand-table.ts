/**
 * A table of hand sessions for one hand of any game, without the lobby: each
 * seat its own Mesh on the in-memory transport (signed envelopes, real
 * links), each a HandSession with its own seat agent, plus a spectator — a
 * seatless HandSession that holds no secret and is fed every event the seats
 * send. A test drives the seats' moves with `play` and can rewrite what one
 * seat sends (`tamper`, re-signing with `signers[seat]`) or have the seats
 * make their cascade steps as a page with a worker does (`stepMaker`).
 */
import { seededRandom } from '../../crypto/index.js';
import type { AnyGame } from '../../src/engine/index.js';
import { keyHex, signEnvelope, type EnvelopeOf } from '../../src/net/envelope.js';
import { MemoryNetwork } from '../../src/net/memory-transport.js';
import { Mesh } from '../../src/net/mesh.js';
import { peerIdFor } from '../../src/net/peer-id.js';
import { HandSession } from '../../src/table/hand-session.js';
import type { StepMaker } from '../../src/table/hand/steps-elsewhere.js';
import type { DealProofCheck } from '../../src/table/hand/deal-proofs.js';
import type { HandSetup } from '../../src/table/hand/setup.js';
import { until } from '../../tools/sim/simulation.js';
import { testSigner } from './signers.js';
import type { CourierAction, CourierBoard } from '../table/courier-game.js';

type Event = EnvelopeOf<'table-event'>;

export interface HandTable {
  readonly sessions: HandSession[];
  readonly spectator: HandSession;
  readonly setup: HandSetup;
  stop(): void;
}

export const tableSigners = Array.from({ length: 6 }, (_, seat) => testSigner(60 + seat));
const TABLE = 'handtabl-0011223344556677';

/** Re-signs `body` as `seat` (a cheater rewriting its own event, so the mesh accepts it). */
export function resign(seat: number, envelope: Event, body: Event['body']): Event {
  return signEnvelope(tableSigners[seat]!, {
    kind: 'table-event',
    table: envelope.table,
    seq: envelope.seq,
    to: envelope.to,
    body,
  });
}

export async function handTable(options: {
  game: AnyGame;
  players: number;
  seed: string;
  tamper?: (seat: number, envelope: Event, table: HandTable) => Event | Event[] | null;
  /** Where the seats make their cascade steps (hand/steps-elsewhere.ts); absent: each on its own thread, at once. */
  stepMaker?: StepMaker;
  /** Where the seats have their cascades' proofs checked (hand/deal-proofs.ts); absent: each itself, at once. */
  dealProofs?: DealProofCheck;
}): Promise<HandTable> {
  const { game, players } = options;
  const signers = tableSigners.slice(0, players);
  const seatKeys = signers.map((s) => keyHex(s.publicKey));
  const setup: HandSetup = {
    table: TABLE,
    handNo: 0,
    game: game.id,
    options: {},
    seatKeys,
    dealer: 0,
    carry: null,
    previous: null,
  };
  const network = new MemoryNetwork();
  // Peer ids derived from the keys, as the mesh checks on every hello.
  const peerIds = seatKeys.map((key) => peerIdFor(TABLE, key));
  const meshes = signers.map(
    (signer, seat) =>
      new Mesh({
        table: TABLE,
        signer,
        transport: network.createTransport(peerIds[seat]!),
        name: `seat ${seat + 1}`,
        timing: { heartbeatMs: 500, linkDeadAfterMs: 60_000 },
      }),
  );
  const spectator = new HandSession(
    { setup, game, mySeat: null, rng: seededRandom(`${options.seed}-spectator`) },
    { changed: () => {} },
  );
  const sessions: HandSession[] = [];
  const table: HandTable = {
    sessions,
    spectator,
    setup,
    stop: () => {
      for (const s of sessions) s.dispose();
      for (const mesh of meshes) mesh.stop();
    },
  };
  for (let seat = 0; seat < players; seat++) {
    const mesh = meshes[seat]!;
    const session = new HandSession(
      {
        setup,
        game,
        mySeat: seat,
        rng: seededRandom(`${options.seed}-${seat}`),
        ...(options.stepMaker ? { stepMaker: options.stepMaker } : {}),
        ...(options.dealProofs ? { dealProofs: options.dealProofs } : {}),
      },
      {
        sign: (body) => mesh.sign('table-event', body),
        keepSecrets: () => {},
        publish: (envelope) => {
          const sent = options.tamper ? options.tamper(seat, envelope, table) : envelope;
          for (const out of sent === null ? [] : Array.isArray(sent) ? sent : [sent]) {
            mesh.broadcast(out);
            spectator.receive(out);
          }
        },
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
    meshes.every((mesh, i) => signers.every((s, j) => i === j || mesh.reachability(keyHex(s.publicKey)) === 'direct')),
  );
  spectator.start();
  for (const s of sessions) s.start();
  return table;
}

/**
 * Plays until every seat is done, any seat halts, or `stop` holds: whenever a
 * seat has legal actions and no move of its own still on its way, `choose`
 * picks one (null: wait). A seat waits for its own move as the table's bots
 * do (src/table/table-bots.ts): in a real-time game a loop that acted every
 * tick would send the same play again and again, each one a race to order.
 */
export async function play(
  table: HandTable,
  choose: (seat: number, legal: unknown[], session: HandSession) => unknown,
  stop: () => boolean = () => false,
): Promise<void> {
  await until(() => {
    if (table.sessions.some((s) => s.halt) || stop()) return true;
    if (table.sessions.every((s) => s.phase === 'done')) return true;
    table.sessions.forEach((session, seat) => {
      if (session.pendingMoves > 0) return;
      const legal = session.legalActions();
      if (legal.length === 0) return;
      const action = choose(seat, legal, session);
      if (action !== null) session.act(action);
    });
    return false;
  }, 2);
}

/**
 * The courier script of turns, one per seat in play: flip (reveal-all), mix (reshuffle + draw), secret choice
 * (discarding the card at `discardIndex`), show a forwarded card (the last of the hand: its keys came in the act), end.
 */
export function courierScript(discardIndex = 0) {
  const turns: CourierAction['type'][] = ['flip', 'mix', 'secret', 'show', 'end'];
  let next = 0;
  return (_seat: number, legal: unknown[], session: HandSession): unknown => {
    const actions = legal as CourierAction[];
    const b = session.engineState!.board as CourierBoard;
    if (b.phase === 'pass') return actions[0]!;
    if (b.phase === 'discard') return actions[discardIndex % actions.length]!;
    const want = turns[Math.min(next, turns.length - 1)]!;
    const pick =
      want === 'show' ? actions.filter((a) => a.type === 'show').at(-1) : actions.find((a) => a.type === want);
    if (!pick) return null;
    next++;
    return pick;
  };
}
