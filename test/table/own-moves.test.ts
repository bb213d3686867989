/**
 * An honest double click never gets its player blamed: a seat's move is
 * tried after its own earlier moves that the table has not applied yet, and
 * refused locally (unsigned, nothing sent) when they make it illegal. Two
 * seats and a seatless spectator over the in-memory transport
 * (helpers/hand-table.ts): in Stress (shedding) a second "ready" while the
 * first still waits for the other seat's is refused and the hand ends clean, and so is a second pick in the courier
toy game's simultaneous pass;
 * in Stress (speed), real time, the same play twice still goes (it bounces
 * as a lost race, blamed on nobody), while a move no race explains is
 * refused before it is committed to.
 */
import { afterEach, expect, it } from 'vitest';
import { gameById } from '../../src/games/index.js';
import { stressShedHeuristic } from '../../src/games/stress-shed/bot.js';
import type { StressState } from '../../src/games/stress-shed/board.js';
import { stressSpeedHeuristic } from '../../src/games/stress-speed/bot.js';
import type { SpeedAction } from '../../src/games/stress-speed/actions.js';
import type { SpeedState } from '../../src/games/stress-speed/board.js';
import type { HandSession } from '../../src/table/hand-session.js';
import { until } from '../../tools/sim/simulation.js';
import { realTimeRefusal, shownAfter, turnRefusal } from '../../src/table/hand/own-moves.js';
import { publicKnowledge } from '../../src/engine/index.js';
import { settle, shuffledDeal } from '../../src/engine/fixed-deal.js';
import { makeRng } from '../../src/bots/prng.js';
import { handTable, play, type HandTable } from '../helpers/hand-table.js';
import { raceGame } from '../helpers/race.js';
import { courierGame, type CourierAction, type CourierBoard } from './courier-game.js';
import { refusal } from '../helpers/refusal.js';

let open: HandTable | null = null;
afterEach(() => {
  open?.stop();
  open = null;
});

/** Every seat and the spectator: no halt, one hash, a clean audit. */
function expectCleanEnd(table: HandTable): void {
  const all = [...table.sessions, table.spectator];
  expect(all.map((s) => s.halt)).toEqual(all.map(() => null));
  expect(all.map((s) => s.phase)).toEqual(all.map(() => 'done'));
  expect(new Set(all.map((s) => s.hash)).size).toBe(1);
  expect(all.map((s) => s.auditResult?.clean)).toEqual(all.map(() => true));
}

it('stress-shed: a second ready before the first is applied is refused unsent; the hand ends with no halt and a clean audit', async () => {
  const game = gameById('stress-shed')!;
  const sentActs = [0, 0];
  const table = (open = await handTable({
    game,
    players: 2,
    seed: 'double-ready',
    tamper: (seat, envelope) => {
      if (envelope.body.type === 'act') sentActs[seat]!++;
      return envelope;
    },
  }));
  let double: { first: string | null; second: string | null; waiting: boolean; sent: number } | null = null;
  await play(table, (seat, legal, session) => {
    const state = session.engineState as StressState;
    if (double === null) {
      // Seat 2 waits until seat 1 has double-clicked, so seat 1's ready stays unapplied (waiting for seat 2's).
      if (seat !== 0) return null;
      const ready = legal[0];
      const first = refusal(session.act(ready));
      const waiting = (session.engineState as StressState).board.phase === 'swap';
      const second = refusal(session.act(ready));
      double = { first, second, waiting, sent: sentActs[0]! };
      return null;
    }
    return stressShedHeuristic(state, seat, session.privateView);
  });
  await until(() => table.spectator.phase === 'done' || table.spectator.halt !== null);
  expect(double).not.toBeNull();
  const seen = double!;
  expect(seen.first).toBeNull();
  expect(seen.waiting).toBe(true);
  expect(seen.second).toMatch(/^rules:/);
  expect(seen.sent).toBe(1);
  expectCleanEnd(table);
}, 300_000);

it('a simultaneous pass (courier, 3 seats): a second pick before the others have passed is refused; the first card is the one passed', async () => {
  const sentActs = [0, 0, 0];
  const table = (open = await handTable({
    game: courierGame,
    players: 3,
    seed: 'double-pass',
    tamper: (seat, envelope) => {
      if (envelope.body.type === 'act') sentActs[seat]!++;
      return envelope;
    },
  }));
  let seen: { passed: number; second: string | null; sent: number } | null = null;
  await play(table, (seat, legal) => {
    const actions = legal as CourierAction[];
    if (seen === null) {
      if (seat !== 0) return null;
      const [first, other] = actions as [Extract<CourierAction, { type: 'pass' }>, CourierAction];
      expect(refusal(table.sessions[0]!.act(first))).toBeNull();
      seen = { passed: first.handle, second: refusal(table.sessions[0]!.act(other)), sent: sentActs[0]! };
      return null;
    }
    // After the pass the first seat to move ends the hand.
    return actions.find((a) => a.type === 'end') ?? actions.find((a) => a.type === 'pass') ?? null;
  });
  await until(() => table.spectator.phase === 'done' || table.spectator.halt !== null);
  const s = seen!;
  expect(s.second).toBe('rules:not-your-turn');
  expect(s.sent).toBe(1);
  expectCleanEnd(table);
  // Seat 1's first pick went to seat 2 (clockwise), the second never left.
  expect((table.spectator.engineState!.board as CourierBoard).hands[1]).toContain(s.passed);
}, 300_000);

it('stress-speed (real time): the same play twice still goes and bounces blamelessly; a move no race explains is refused unsent', async () => {
  const game = gameById('stress-speed')!;
  const table = (open = await handTable({ game, players: 2, seed: 'double-play' }));
  let seen: { first: string | null; second: string | null; wrong: string | null; pending: number } | null = null;
  await play(table, (seat, legal, session: HandSession) => {
    const state = session.engineState as SpeedState;
    if (session.pendingMoves > 0) return null;
    if (seen === null && seat === 0) {
      const move = (legal as SpeedAction[]).find((a) => a.type === 'play');
      if (!move || move.type !== 'play') return stressSpeedHeuristic(state, seat, session.privateView);
      // onTop naming the opponent's row card: `not-a-top`, no race explains it.
      const theirs = state.board.seats[1]!.row.find((slot) => slot.length > 0)!.at(-1)!;
      const wrong = refusal(session.act({ ...move, onTop: theirs }));
      const first = refusal(session.act(move));
      const second = refusal(session.act(move));
      seen = { first, second, wrong, pending: session.pendingMoves };
      return null;
    }
    return stressSpeedHeuristic(state, seat, session.privateView);
  });
  await until(() => table.spectator.phase === 'done' || table.spectator.halt !== null);
  expect(seen).not.toBeNull();
  const s = seen!;
  expect(s.wrong).toBe('rules:not-a-top');
  expect(s.first).toBeNull();
  expect(s.second).toBeNull();
  expect(s.pending).toBe(2);
  expectCleanEnd(table);
  // The second copy of the play lost its race: a bounce of seat 1's, blamed on nobody.
  expect(table.spectator.bounces.some((b) => b.seat === 0 && b.error === 'stale-top')).toBe(true);
}, 300_000);

it('realTimeRefusal and turnRefusal: own earlier moves first; races and pending crypto let a real-time move go, nothing else does', () => {
  const start = raceGame.setup({ players: 2 });
  if (!start.ok) throw new Error(start.error);
  const claim = (onTop: number) => ({ type: 'claim', onTop });
  // Fits on the agreed state, but an own queued claim of value 0 makes it a lost race: it still goes.
  expect(realTimeRefusal(raceGame, start.value, 0, [], claim(0))).toBeNull();
  expect(realTimeRefusal(raceGame, start.value, 0, [claim(0)], claim(0))).toBeNull();
  // The same as a turn-based move is refused: it no longer fits after the own earlier one.
  expect(turnRefusal(raceGame, start.value, 0, [claim(0)], claim(0))).toBe('stale-top');
  expect(turnRefusal(raceGame, start.value, 0, [claim(0)], claim(1))).toBeNull();
  // No race explains a malformed move, nor one after own moves that end the game.
  expect(realTimeRefusal(raceGame, start.value, 0, [], claim(0.5))).toBe('malformed-action');
  const ending = Array.from({ length: 40 }, (_, value) => claim(value));
  expect(realTimeRefusal(raceGame, start.value, 0, ending, claim(40))).toBe('game-over');
  // While the table's crypto is pending the move cannot be judged yet: it goes (the ordered move waits for the crypto).
  const waiting = { ...start.value, requests: [{ id: 0, kind: 'reveal-all' as const, handles: [0] }] };
  expect(realTimeRefusal(raceGame, waiting, 0, ending, claim(40))).toBeNull();
  expect(turnRefusal(raceGame, waiting, 0, [], claim(0))).toBe('awaiting-crypto');
});

it('shownAfter: the own plays not yet ordered on the agreed state, each that fits, the crypto they ask for looked past', () => {
  const start = raceGame.setup({ players: 2 });
  if (!start.ok) throw new Error(start.error);
  const claim = (onTop: number) => ({ type: 'claim', onTop });
  const value = (state: unknown) => (state as { board: { value: number } }).board.value;
  expect(shownAfter(raceGame, start.value, 0, [])).toBe(start.value);
  expect(value(shownAfter(raceGame, start.value, 0, [claim(0), claim(1)]))).toBe(2);
  // A claim that no longer fits would bounce: it is left out, and the ones after it are tried on what is shown.
  expect(value(shownAfter(raceGame, start.value, 0, [claim(0), claim(0), claim(1)]))).toBe(2);
  // A claim that would end the race (the 40th) waits for its round: no win is shown that a lost race could take back.
  const ending = Array.from({ length: 40 }, (_, v) => claim(v));
  expect(value(shownAfter(raceGame, start.value, 0, ending))).toBe(39);
  // The agreed state waits for the table's crypto: the own moves still show.
  const waiting = { ...start.value, requests: [{ id: 0, kind: 'reveal-all' as const, handles: [0] }] };
  expect(value(shownAfter(raceGame, waiting, 0, [claim(0)]))).toBe(1);
  expect(waiting.requests).toHaveLength(1);

  // Stress (speed): a play from a slot of one card goes on its stack, the slot takes the pile's next card face down.
  const game = gameById('stress-speed')!;
  const rng = makeRng(11);
  for (let tries = 0; tries < 50; tries++) {
    const set = game.setup({ players: 2 });
    if (!set.ok) throw new Error(set.error);
    const dealt = settle(
      game,
      set.value,
      shuffledDeal(game.deck({}, 2), () => rng.next()),
    );
    if (!dealt.ok) throw new Error(dealt.error);
    const agreed = dealt.state as SpeedState;
    const plays = (game.legalActions(agreed, 0) as SpeedAction[]).filter(
      (a): a is Extract<SpeedAction, { type: 'play' }> =>
        a.type === 'play' && agreed.board.seats[0]!.row[a.slot]!.length === 1,
    );
    const move = plays[0];
    if (!move) continue;
    const before = JSON.stringify(agreed);
    const shown = shownAfter(game, agreed, 0, [move]) as SpeedState;
    expect(JSON.stringify(agreed)).toBe(before);
    expect(shown.board.stacks[move.stack]!.at(-1)).toBe(move.handle);
    const refill = shown.board.seats[0]!.row[move.slot]!;
    expect(refill).toHaveLength(1);
    expect(refill[0]).not.toBe(move.handle);
    expect(publicKnowledge(shown)(refill[0]!)).toBeNull();
    expect(shown.requests).toEqual([]);
    // The next play is chosen on it: onto that stack it names the card just played as the top.
    for (const next of game.legalActions(shown, 0) as SpeedAction[])
      if (next.type === 'play' && next.stack === move.stack) expect(next.onTop).toBe(move.handle);
    return;
  }
  throw new Error('no deal in 50 gave seat 1 a play from a slot of one card');
});
