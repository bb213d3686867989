/**
 * One hand with one cheating seat, judged: `npm run simulate --
 * --cheat KIND` and the attacker suite (test/adversarial/) play a hand among
 * bot peers where one seat cheats (cheats.ts), with a knowledge monitor on
 * every honest peer, drive the disclosure deadline with a simulated clock
 * where the cheat needs it (each page's own once-a-second tick reads that
 * clock too, so a hand never sees two), stop as soon as every honest peer
 * has its verdict, and say whether the cheat was caught as it must be: named (that
 * seat, an expected code) on every honest peer — or, for an abort, named as
 * stalled; for a replay, nothing changed — no honest peer could read a
 * card the rules do not show it (a card the cheater has seen excepted: it can
 * always give away what it knows, as a split view of its own move does), and
 * no honest peer was made to disclose its secrets mid-hand (the audit at once).
 */
import { SLOW_TURN_TIMERS } from '../../src/table/gone-seats.js';
import { gameModule, type GameId } from '../../src/games/index.js';
import { cheaterSeat, makeCheat, type Cheat, type CheatKind } from './cheats.js';
import type { Leak } from './knowledge-monitor.js';
import { seatPeers, until, type SimulationPeer } from './simulation.js';

export interface CheatVerdict {
  readonly seat: number;
  /** What the honest peer concluded: a halt or audit code, 'stalled', 'clean', or what it is still waiting for. */
  readonly code: string;
  readonly blamed: number | null;
  readonly detail: string;
}

export interface CheatReport {
  readonly kind: CheatKind;
  readonly game: GameId;
  readonly cheater: number;
  readonly cheat: Cheat;
  /** The cheat was actually committed in the hand. */
  readonly committed: boolean;
  readonly verdicts: readonly CheatVerdict[];
  readonly leaks: readonly Leak[];
  /** What honest peers could read that the rules did not show them (a card the cheater had seen excepted). */
  readonly honestLeaks: readonly Leak[];
  readonly ok: boolean;
  /** Why it failed (empty when ok). */
  readonly why: string;
}

export interface CheatRunOptions {
  readonly game: GameId;
  readonly players: number;
  readonly kind: CheatKind;
  readonly seed?: number;
  /** Monitor the cheater's knowledge too (to show what a cheat would have read). */
  readonly monitorCheater?: boolean;
  /** The table's options (the game's defaults if absent). */
  readonly options?: Record<string, boolean | number | string>;
  /** These options make moves rest on hidden-card claims (School Blackjack with voluntaryDraw off), so a false claim can be played. */
  readonly claimsByOptions?: boolean;
  /** Pairs of seats that cannot link directly (a partial mesh: relays carry what passes between them). */
  readonly blocked?: readonly (readonly [number, number])[];
  /** Called with the peers once seated (tests look inside). */
  readonly onSeated?: (peers: SimulationPeer[]) => void;
}

const STALL_MS = 15_000;
const FORGED_STALL_MS = 1_500;
/** Simulated table clock: this much per poll of the loop in which no peer got a new event (the disclosure deadline is 60 s). */
const CLOCK_STEP_MS = 1_000;

function verdictOf(peer: SimulationPeer, seat: number): CheatVerdict | null {
  const current = peer.session.current;
  const hand = current?.session;
  if (!current || !hand) return null;
  if (hand.halt) return { seat, code: hand.halt.code, blamed: hand.halt.seat, detail: hand.halt.detail };
  if (hand.phase === 'done' && hand.auditResult) {
    const a = hand.auditResult;
    return a.clean
      ? { seat, code: 'clean', blamed: null, detail: 'audit clean' }
      : { seat, code: a.code ?? 'unclean', blamed: a.seat, detail: a.detail };
  }
  if (current.stalled)
    return {
      seat,
      code: 'stalled',
      blamed: current.stalled.seats.length === 1 ? current.stalled.seats[0]! : null,
      detail: `stalled: ${current.stalled.what} (${current.stalled.seats.map((s) => s + 1).join(', ')})`,
    };
  return null;
}

/** The ledger of the honest peer that could read `leak`'s card says the cheater has seen that card. */
function cheaterSaw(peers: readonly SimulationPeer[], leak: Leak, cheater: number): boolean {
  if (leak.seat === null || leak.handle === null) return false;
  const state = peers[leak.seat]?.session.current?.session.engineState;
  return state?.cards[leak.handle]?.seen.includes(cheater) ?? false;
}

/** Plays one hand with `kind` cheating; null if the game offers no such cheat. */
export async function runCheat(options: CheatRunOptions): Promise<CheatReport | null> {
  const cheat = makeCheat(options.kind, options.game, options.claimsByOptions === true);
  const module = gameModule(options.game);
  if (!cheat || !module) return null;
  const cheater = cheaterSeat(options.kind, options.players);
  /** The simulated table clock (ms), when the cheat needs one. */
  let clock = 0;
  const { peers, cheat: ctx } = await seatPeers({
    game: options.game,
    players: options.players,
    hands: 1,
    seed: options.seed ?? 1,
    ...(options.options ? { options: options.options } : {}),
    ...(options.blocked ? { blocked: options.blocked } : {}),
    ...(cheat.limits ? { limits: cheat.limits } : {}),
    // A cheater stays connected: it is named as stalled after SLOW_TURN_TIMERS turn timers, so the timer is that much shorter.
    stallMs: (cheat.expect.caught === 'stall' ? FORGED_STALL_MS : STALL_MS) / SLOW_TURN_TIMERS,
    cheat: { seat: cheater, cheat },
    monitor: options.monitorCheater ? 'all' : 'honest',
    // Each page also ticks its hand once a second: by the simulated clock too, or its first tick of the disclosure
    // phase (by the real clock) could start the deadline, which the simulated clock then never reaches.
    ...(cheat.needsClock ? { handClock: () => clock } : {}),
  });
  options.onSeated?.(peers);
  const honest = peers.map((_, seat) => seat).filter((seat) => seat !== cheater);
  let lastHeld = -1;
  const stallMs = cheat.expect.caught === 'stall' ? FORGED_STALL_MS : STALL_MS;
  /** When the cheat was first seen made (a stall named before that is about something else). */
  let doneAt: number | null = null;
  try {
    await until(() => {
      if (ctx!.done && doneAt === null) doneAt = Date.now();
      if (cheat.needsClock) {
        // The table's clock moves only while nothing new arrives, so a deadline measures silence, not how
        // slowly a loaded machine lets the peers work (an honest seat still busy must not be named).
        const held = peers.reduce((n, peer) => n + (peer.session.current?.session.events().length ?? 0), 0);
        if (held === lastHeld) clock += CLOCK_STEP_MS;
        lastHeld = held;
        for (const seat of honest) peers[seat]!.session.current?.session.tick(clock);
      }
      return honest.every((seat) => {
        const v = verdictOf(peers[seat]!, seat);
        // A stall counts only once it can be about the cheat (a slow honest step may look like a stall before).
        return v !== null && (v.code !== 'stalled' || (doneAt !== null && Date.now() - doneAt > stallMs + 500));
      });
    }, 20);
    const verdicts = honest.map((seat) => verdictOf(peers[seat]!, seat)!);
    for (const peer of peers) peer.monitor?.()?.observe();
    const leaks = peers.flatMap((peer, seat) =>
      seat === cheater && !options.monitorCheater ? [] : (peer.monitor?.()?.leaks ?? []),
    );
    // A card the cheater has seen is one it can always give away (its keys are its own to publish): an honest
    // peer that can read such a card learnt nothing the cheater had to keep from it.
    const honestLeaks = leaks.filter((l) => l.seat !== cheater && !cheaterSaw(peers, l, cheater));
    const problems: string[] = [];
    if (!ctx!.done) problems.push('the cheat never happened in this hand');
    for (const v of verdicts) {
      const name = `seat ${v.seat + 1}`;
      if (cheat.expect.caught === 'blame' && !(v.blamed === cheater && cheat.expect.codes.includes(v.code as never))) {
        problems.push(
          `${name} concluded ${v.code} blaming ${v.blamed === null ? 'nobody' : `seat ${v.blamed + 1}`} (${v.detail}), expected ${cheat.expect.codes.join(' or ')} blaming seat ${cheater + 1}`,
        );
      }
      if (cheat.expect.caught === 'stall' && !(v.code === 'stalled' && v.blamed === cheater))
        problems.push(`${name} concluded ${v.code} (${v.detail}), expected seat ${cheater + 1} named as stalled`);
      if (cheat.expect.caught === 'nothing' && v.code !== 'clean')
        problems.push(`${name} concluded ${v.code} (${v.detail}), expected a clean hand`);
    }
    // A cheat must not make an honest seat disclose its secrets mid-hand: the audit at once starts only on checked
    // evidence of a fault with no seat, which no cheat of the registry can make with the step proofs in force.
    for (const seat of honest) {
      const cause = peers[seat]!.session.current?.session.follower.auditCause;
      if (cause)
        problems.push(
          `seat ${seat + 1} went to the audit at once, disclosing its secrets mid-hand (${cause.reporter === null ? 'a fault it found' : `seat ${cause.reporter + 1}'s report`}: ${cause.fault.code})`,
        );
    }
    for (const leak of honestLeaks)
      problems.push(
        `${leak.seat === null ? 'a spectator' : `seat ${leak.seat + 1}`} could read ${leak.card}${leak.handle !== null ? ` (handle ${leak.handle})` : ''}: ${leak.how}`,
      );
    if (cheat.expect.caught === 'nothing') {
      const hashes = new Set(honest.map((seat) => peers[seat]!.session.current?.session.hash));
      if (hashes.size !== 1) problems.push('the honest peers disagree on the final state');
    }
    return {
      kind: options.kind,
      game: options.game,
      cheater,
      cheat,
      committed: ctx!.done,
      verdicts,
      leaks,
      honestLeaks,
      ok: problems.length === 0,
      why: problems.join('; '),
    };
  } finally {
    for (const peer of peers) {
      peer.session.close();
      peer.mesh.stop();
    }
  }
}
