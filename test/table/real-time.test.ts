/**
 * The real-time ordering (commit–reveal rounds, a coin from every seat's
 * salt), tested on two hand sessions joined by a network whose one-way delays
 * the test sets. A race game makes every move a tie: both seats claim the
 * same counter value at the same moment, exactly one claim lands and the
 * other bounces. Both peers must agree on every outcome, the seat with the
 * faster network must win no more ties than the coin gives it, and a seat
 * that withholds its reveal or reveals other moves than it committed to is
 * caught.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { signEnvelope } from '../../src/net/envelope.js';
import type { HandSession } from '../../src/table/hand-session.js';
import { until } from '../../tools/sim/simulation.js';
import { raceTable, signers, stopRaceNetwork, type Net, type RaceBoard } from '../helpers/race.js';

// Set when a test ends, so no polling loop of playTies outlives its test (one that waits for a reveal never sent would poll for ever).
let testOver = false;
afterEach(() => {
  testOver = true;
  stopRaceNetwork();
});
beforeEach(() => {
  testOver = false;
});

/** Both seats claim the current value at the same instant, every time both are idle, until the race ends or `stop` holds. */
async function playTies(net: Net, stop: () => boolean = () => false): Promise<void> {
  const [a, b] = net.sessions as [HandSession, HandSession];
  await until(() => {
    if (testOver || stop()) return true;
    if (a.halt || b.halt) return true;
    if (a.phase !== 'play' && b.phase !== 'play') return a.phase === 'done' || a.phase === 'disclose';
    const va = (a.engineState?.board as RaceBoard | undefined)?.value;
    const vb = (b.engineState?.board as RaceBoard | undefined)?.value;
    if (
      a.phase === 'play' &&
      b.phase === 'play' &&
      va === vb &&
      a.pendingMoves === 0 &&
      b.pendingMoves === 0 &&
      a.legalActions().length > 0
    ) {
      a.act({ type: 'claim', onTop: va });
      b.act({ type: 'claim', onTop: vb });
    }
    return false;
  }, 1);
}

describe('real-time ordering', () => {
  it.each([
    [0, 0],
    [0, 80],
    [80, 0],
  ])(
    'with one-way delays %i ms → seat 2 and %i ms → seat 1, both peers agree on every tie and the coin, not the network, decides',
    async (toB, toA) => {
      const net = await raceTable({ delay: (from) => (from === 0 ? toB : toA) }, `ties-${toB}-${toA}`);
      await playTies(net);
      const [a, b] = net.sessions as [HandSession, HandSession];
      await until(() => a.phase === 'done' && b.phase === 'done');
      expect(a.halt).toBeNull();
      expect(a.hash).toBe(b.hash);
      expect(a.auditResult?.clean).toBe(true);
      const wins = (a.engineState!.board as RaceBoard).wins;
      expect(wins[0]! + wins[1]!).toBe(40);
      // Nearly every claim met a rival claim for the same value: one landed, the other bounced; both peers saw the same bounces.
      expect(a.bounces.length).toBeGreaterThanOrEqual(35);
      expect(a.bounces.every((x) => x.error === 'stale-top')).toBe(true);
      expect(b.bounces.map((x) => x.seat)).toEqual(a.bounces.map((x) => x.seat));
      // 40 fair coin flips: each seat wins between 8 and 32 with probability > 0.9999 (binomial tails).
      // A rule that let the faster network win would give one seat all 40.
      expect(Math.min(...wins)).toBeGreaterThanOrEqual(8);
    },
    120_000,
  );

  it("shows a seat's own claims at once, chooses the next on them, and two quick claims of one seat both land", async () => {
    const net = await raceTable({ delay: () => 20 }, 'shown-own');
    const [a, b] = net.sessions as [HandSession, HandSession];
    const value = (s: HandSession, state = s.engineState) => (state?.board as RaceBoard | undefined)?.value;
    await until(() => a.phase === 'play' && b.phase === 'play' && a.legalActions().length > 0, 5);
    const start = value(a)!;
    expect(a.act(a.legalActions()[0])).toEqual({ ok: true, value: undefined });
    // Before the round that orders it: the agreed state is unchanged, this seat's table shows the claim made.
    expect(value(a)).toBe(start);
    expect(value(a, a.shownState)).toBe(start + 1);
    expect(value(b, b.shownState)).toBe(start);
    // The next claim is chosen on what the seat sees: it names the value after its own first claim.
    expect(a.legalActions()).toEqual([{ type: 'claim', onTop: start + 1 }]);
    expect(a.act(a.legalActions()[0])).toEqual({ ok: true, value: undefined });
    expect(value(a, a.shownState)).toBe(start + 2);
    await until(() => a.pendingMoves === 0 && value(a) === start + 2 && value(b) === start + 2, 5);
    // Both landed, on both peers; nothing bounced, and what the seat shows is the agreed state again.
    expect(a.bounces).toEqual([]);
    expect(b.bounces).toEqual([]);
    expect(a.shownState).toBe(a.engineState);
  }, 60_000);

  it('names a seat that withholds its reveal, and blames one that reveals other moves than it committed to', async () => {
    const withheld = await raceTable(
      {
        delay: () => 5,
        tamper: (seat, env) =>
          seat === 1 && env.body.type === 'reveal' && env.body.data && (env.body.data as { round: number }).round === 3
            ? null
            : env,
      },
      'withhold',
    );
    let named = false;
    const play = playTies(withheld, () => named);
    await until(() => {
      const w = withheld.sessions[0]!.waiting();
      return !!w && w.seats.length === 1 && w.seats[0] === 1 && /reveal/.test(w.what);
    }, 5);
    expect(withheld.sessions[0]!.halt).toBeNull();
    // The hand waits for the withheld reveal for ever (no deadline is ticked here): stop playing it.
    named = true;
    await play;

    const lying = await raceTable(
      {
        delay: () => 5,
        tamper: (seat, env) => {
          if (seat !== 1 || env.body.type !== 'reveal') return env;
          const data = env.body.data as { round: number; actions: unknown[]; salt: Uint8Array };
          // The same salt, other moves: what a seat that saw the other's reveal would like to do.
          const body = { ...env.body, data: { ...data, actions: [{ type: 'claim', onTop: 999 }] } };
          return signEnvelope(signers[1]!, { kind: 'table-event', table: env.table, seq: env.seq, to: null, body });
        },
      },
      'lying',
    );
    await playTies(lying);
    const halt = lying.sessions[0]!.halt;
    expect(halt?.seat).toBe(1);
    expect(halt?.code).toBe('reveal-mismatch');
  }, 120_000);
});
