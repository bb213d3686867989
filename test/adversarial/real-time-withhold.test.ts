/**
 * Real time under a withholding peer (F12). The order of a round is
 * fixed before the round opens — its coin comes from the set-up hash and the
 * salts of earlier rounds only — so the last revealer learns nothing at
 * reveal time that withholding could exploit: the test recomputes every
 * round's first mover from earlier rounds' reveals alone and checks that the
 * tie went to it on both peers. A seat that withholds its reveal anyway
 * stalls the hand and, after the table's deadline (`tick`), is blamed
 * `no-reveal`; it never wins the tie.
 */
import { afterEach, expect, it } from 'vitest';
import type { HandSession } from '../../src/table/hand-session.js';
import { firstSeed, nextSeed, roundCoin } from '../../src/table/hand/real-time.js';
import { setupHash } from '../../src/table/hand/setup.js';
import { until } from '../../tools/sim/simulation.js';
import { raceTable, stopRaceNetwork, type Net, type RaceBoard } from '../helpers/race.js';

afterEach(() => stopRaceNetwork());

async function playTies(net: Net, stop: () => boolean = () => false): Promise<void> {
  const [a, b] = net.sessions as [HandSession, HandSession];
  await until(() => {
    if (a.halt || b.halt || stop()) return true;
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

it('every tie goes to the seat a coin fixed before its round names, on both peers', async () => {
  const net = await raceTable({ delay: (from) => (from === 0 ? 0 : 40) }, 'fixed-order');
  await playTies(net);
  const [a, b] = net.sessions as [HandSession, HandSession];
  await until(() => a.phase === 'done' && b.phase === 'done');
  expect(a.hash).toBe(b.hash);
  const reveals = new Map<number, Uint8Array[]>();
  const claims = new Map<number, number>();
  for (const e of a.events()) {
    if (e.body.type !== 'reveal') continue;
    const data = e.body.data as { round: number; actions: unknown[]; salt: Uint8Array };
    const seat = a.config.setup.seatKeys.indexOf(Buffer.from(e.from).toString('hex'));
    const salts = reveals.get(data.round) ?? [];
    salts[seat] = data.salt;
    reveals.set(data.round, salts);
    if (data.actions.length > 0) claims.set(data.round, (claims.get(data.round) ?? 0) + 1);
  }
  // The seed of each round from the set-up and the salts of the rounds before it only.
  let seed = firstSeed(setupHash(a.config.setup));
  const expectedWinner = new Map<number, number>();
  for (let round = 0; reveals.has(round); round++) {
    if (claims.get(round) === 2) expectedWinner.set(round, roundCoin(seed, round, 2));
    seed = nextSeed(seed, reveals.get(round)!);
  }
  // The last round's losing claim meets a finished game (no bounce to see): it is left out.
  expectedWinner.delete(Math.max(...reveals.keys()));
  expect(expectedWinner.size).toBeGreaterThanOrEqual(30);
  for (const session of [a, b]) {
    const bounced = new Map(session.bounces.map((x) => [x.round, x.seat]));
    for (const [round, winner] of expectedWinner) expect(bounced.get(round), `round ${round}`).toBe(1 - winner);
  }
}, 120_000);

it('a seat that withholds its reveal cannot win the tie: after the deadline it is blamed no-reveal', async () => {
  const net = await raceTable(
    {
      delay: () => 5,
      tamper: (seat, env) =>
        seat === 1 && env.body.type === 'reveal' && (env.body.data as { round: number }).round === 3 ? null : env,
    },
    'withhold-deadline',
  );
  const [a] = net.sessions as [HandSession, HandSession];
  await playTies(net, () => {
    const w = a.waiting();
    return !!w && w.seats.length === 1 && w.seats[0] === 1 && /reveal/.test(w.what);
  });
  const before = (a.engineState!.board as RaceBoard).wins.slice();
  a.tick(1_000);
  a.tick(30_999);
  expect(a.halt).toBeNull();
  a.tick(31_000);
  expect(a.halt?.code).toBe('no-reveal');
  expect(a.halt?.seat).toBe(1);
  expect((a.engineState!.board as RaceBoard).wins).toEqual(before);
}, 120_000);
