/**
 * A race game and a two-seat table of hand sessions joined by a network with
 * settable one-way delays: every move is a race for the current counter
 * value, so every simultaneous pair of moves is a tie that the real-time
 * ordering must settle. Used by the real-time tests and the latency bench.
 */
import { seededRandom } from '../../crypto/index.js';
import { defineGame, standardDeck, type State } from '../../src/engine/index.js';
import { keyHex, signEnvelope, type EnvelopeOf } from '../../src/net/envelope.js';
import { HandSession } from '../../src/table/hand-session.js';
import { testSigner } from './signers.js';

export interface RaceBoard {
  value: number;
  target: number;
  wins: number[];
}
export type RaceAction = { type: 'claim'; onTop: number };

/** Every move is a race for the current value; `stale-top` is the engine's race error. */
export const raceGame = defineGame<RaceBoard, RaceAction, Record<string, never>, 'stale-top', RaceBoard>({
  id: 'race-toy',
  displayName: 'Race',
  minPlayers: 2,
  maxPlayers: 2,
  defaultOptions: {},
  parseOptions: () => ({}),
  deck: () => standardDeck(),
  setup: () => ({ value: 0, target: 40, wins: [0, 0] }),
  parseAction: (raw) => {
    const a = raw as RaceAction;
    return typeof a === 'object' && a !== null && a.type === 'claim' && Number.isInteger(a.onTop) ? { type: 'claim', onTop: a.onTop } : null;
  },
  claimedCards: () => [],
  act: (draft, seat, action) => {
    if (action.onTop !== draft.board.value) return 'stale-top';
    draft.board.value += 1;
    draft.board.wins[seat] = (draft.board.wins[seat] ?? 0) + 1;
    return null;
  },
  afterCrypto: () => null,
  awaits: (state) => (state.board.value >= state.board.target ? { kind: 'over' } : { kind: 'anytime', seats: [0, 1], what: 'claim' }),
  legalActions: (state) => [{ type: 'claim', onTop: state.board.value }],
  zones: (state) => ({ deck: state.cards.map((_, h) => h) }),
  view: (state) => state.board,
  outcome: (state: State<RaceBoard, Record<string, never>>) =>
    state.board.value >= state.board.target
      ? { ranking: [[0], [1]], nextDealer: 0, scores: state.board.wins, carry: null, summary: 'race over' }
      : null,
  scenario: null,
});

export interface Net {
  sessions: HandSession[];
  /** One-way delay from seat i to seat j. */
  delay: (from: number, to: number) => number;
  /** Rewrite (or drop) what a seat sends. */
  tamper?: (seat: number, envelope: EnvelopeOf<'table-event'>) => EnvelopeOf<'table-event'> | null;
}

export const signers = [testSigner(31), testSigner(32)];
const seatKeys = signers.map((s) => keyHex(s.publicKey));
const timers: ReturnType<typeof setTimeout>[] = [];

/** Cancels every message still in flight. */
export function stopRaceNetwork(): void {
  for (const t of timers.splice(0)) clearTimeout(t);
}

export function raceTable(net: Omit<Net, 'sessions'>, seed: string): Net {
  const full: Net = { ...net, sessions: [] };
  let seq = 1;
  for (const seat of [0, 1]) {
    const session = new HandSession(
      { table: 'racetabl-0011223344556677', handNo: 0, seatKeys, mySeat: seat, game: raceGame, setup: { players: 2 }, rng: seededRandom(`${seed}-${seat}`) },
      {
        sign: (body) => signEnvelope(signers[seat]!, { kind: 'table-event', table: 'racetabl-0011223344556677', seq: seq++, to: null, body }),
        keepSecrets: () => {},
        publish: (envelope) => {
          const sent = net.tamper ? net.tamper(seat, envelope) : envelope;
          if (!sent) return;
          const other = 1 - seat;
          timers.push(setTimeout(() => full.sessions[other]!.receive(sent), net.delay(seat, other)));
        },
        changed: () => {},
      },
    );
    full.sessions.push(session);
  }
  for (const s of full.sessions) s.start();
  return full;
}

