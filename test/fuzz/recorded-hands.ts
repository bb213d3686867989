/**
 * Real signed events of whole hands, recorded for the deep session fuzz
 * (session-bodies.fuzz.test.ts): a two-seat courier hand (test/table/
 * courier-game.ts: ready, shuffle, lock, keys, act, reshuffle, disclose — every
 * crypto request kind) and a two-seat race hand (test/helpers/race.ts: real-
 * time commit and reveal), each in the order a seatless spectator received
 * them, with the game, set-up and signers needed to replay and re-sign them.
 * An abandon and a fault report, which an honest hand does not send, are
 * signed here by seat 2 at the hand's first step.
 */
import type { AnyGame } from '../../src/engine/index.js';
import { signEnvelope, type EnvelopeOf, type Signer } from '../../src/net/envelope.js';
import { HandSession } from '../../src/table/hand-session.js';
import type { HandSetup } from '../../src/table/hand/setup.js';
import { until } from '../../tools/sim/simulation.js';
import { courierScript, handTable, play, tableSigners } from '../helpers/hand-table.js';
import { raceGame, raceTable, signers as raceSigners, stopRaceNetwork, type RaceBoard } from '../helpers/race.js';
import { courierGame } from '../table/courier-game.js';

type Event = EnvelopeOf<'table-event'>;

export interface RecordedHand {
  readonly game: AnyGame;
  readonly setup: HandSetup;
  readonly signers: readonly Signer[];
  /** Every event, in the order a spectator took them in. */
  readonly events: readonly Event[];
}

export async function recordCourierHand(): Promise<RecordedHand> {
  const table = await handTable({ game: courierGame, players: 2, seed: 'deep-fuzz' });
  try {
    await play(table, courierScript());
    await until(() => table.spectator.phase === 'done' || table.spectator.halt !== null);
    if (table.spectator.halt || !table.spectator.auditResult?.clean)
      throw new Error('the recorded courier hand did not end clean');
    return {
      game: courierGame,
      setup: table.setup,
      signers: tableSigners.slice(0, 2),
      events: table.spectator.events(),
    };
  } finally {
    table.stop();
  }
}

export async function recordRaceHand(): Promise<RecordedHand> {
  const events: Event[] = [];
  const net = await raceTable(
    { delay: () => 0, tamper: (_seat, envelope) => (events.push(envelope), envelope) },
    'deep-fuzz',
  );
  try {
    const [a, b] = net.sessions as [HandSession, HandSession];
    // A few rounds are enough: claim whenever idle, until three rounds have been ordered.
    await until(() => {
      if (a.halt || b.halt || a.loggedInputs().length >= 6) return true;
      for (const s of [a, b]) {
        if (s.phase === 'play' && s.pendingMoves === 0 && s.legalActions().length > 0)
          s.act({ type: 'claim', onTop: (s.engineState!.board as RaceBoard).value });
      }
      return false;
    }, 1);
    if (a.halt || b.halt) throw new Error('the recorded race hand halted');
    const setup = a.config.setup;
    // Only events that made rounds complete (a spectator replaying them reaches the same state).
    return { game: raceGame, setup, signers: raceSigners, events };
  } finally {
    stopRaceNetwork();
  }
}

/** An event of `type` signed by `seat` at the hand's first step (hash of the initial state, taken from a recorded event made at step 0). */
export function signedExtra(
  hand: RecordedHand,
  seat: number,
  type: 'abandon' | 'fault',
  data: unknown,
  n: number,
): Event {
  const at0 = hand.events.find((e) => e.body.at === 0 && e.body.type !== 'ready')!;
  const body = { hand: hand.setup.handNo, n, at: 0, hash: at0.body.hash, type, data } as Event['body'];
  return signEnvelope(hand.signers[seat]!, {
    kind: 'table-event',
    table: hand.setup.table,
    seq: 1_000_000 + n,
    to: null,
    body,
  });
}
