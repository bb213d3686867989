/**
 * Engine-level conformance for every registered game (src/games/index.ts
 * `games`): a new game gets this safety net by registering. At the minimum
 * and maximum player counts, for a few fixed seeds, bots play a whole hand
 * from a shuffled deal with every card in exactly one zone at every step; the
 * inputs replay to the same state hash and the audit with every card open is
 * clean. Garbage — random JSON as an action of any seat, random JSON as an
 * input — is refused with an error code at any point, never thrown and never
 * an internal error.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { heuristicBot, makeRng, type Bot, type Rng } from '../../src/bots/index.js';
import {
  census,
  completeOldest,
  privateViewOf,
  shuffledDeal,
  stateHash,
  type AnyGame,
  type AnyState,
  type OpenCards,
  type SetupArgs,
} from '../../src/engine/index.js';
import { gameModules } from '../../src/games/index.js';

const SEEDS = [1, 2, 3];

export function playerCounts(game: AnyGame): number[] {
  return [...new Set([game.minPlayers, game.maxPlayers])];
}

type Played =
  { ok: true; finished: boolean; state: AnyState; inputs: unknown[]; open: OpenCards } | { ok: false; reason: string };

/**
 * Bots play from a fixed deal with crypto completed from it: a turn or a
 * choice asks the awaited seats; in real time every awaited seat with a move
 * is asked on the current state and one of them (picked by `order`) lands.
 */
function autoplayAny(
  game: AnyGame,
  start: AnyState,
  deal: OpenCards,
  bots: readonly Bot[],
  order: Rng,
  onStep: (state: AnyState, open: OpenCards) => void,
  maxInputs: number,
): Played {
  let state = start;
  let open = deal;
  const inputs: unknown[] = [];
  while (inputs.length < maxInputs) {
    const awaiting = game.awaits(state);
    if (awaiting.kind === 'over') return { ok: true, finished: true, state, inputs, open };
    let input: unknown;
    if (awaiting.kind === 'crypto') {
      const done = completeOldest(state, open);
      if (!done) return { ok: false, reason: 'crypto awaited but no request' };
      input = done.input;
      open = done.open;
    } else {
      const seats = awaiting.kind === 'move' ? [awaiting.seat] : awaiting.seats;
      const moves = seats.flatMap((seat) => {
        const action = bots[seat]!(game, state, seat, privateViewOf(state, open, seat));
        return action === null ? [] : [{ seat, action }];
      });
      const pick = moves[order.int(moves.length)];
      if (!pick) return { ok: false, reason: `nobody awaited has a move (${awaiting.kind})` };
      input = { kind: 'act', ...pick };
    }
    const next = game.reduce(state, input);
    if (!next.ok) return { ok: false, reason: `refused ${JSON.stringify(input)}: ${next.error}` };
    state = next.value;
    inputs.push(input);
    onStep(state, open);
  }
  return { ok: true, finished: false, state, inputs, open };
}

function playHand(game: AnyGame, players: number, seed: number) {
  const args: SetupArgs = { players, options: game.defaultOptions };
  const setup = game.setup(args);
  if (!setup.ok) throw new Error(`${game.id} setup: ${setup.error}`);
  const rng = makeRng(seed);
  const deal = shuffledDeal(setup.value.deck, () => rng.next());
  const bots = Array.from({ length: players }, (_, seat) =>
    heuristicBot({ rng: makeRng(seed * 31 + seat), noise: 0.1 }),
  );
  const states: AnyState[] = [];
  let problems = 0;
  const result = autoplayAny(
    game,
    setup.value,
    deal,
    bots,
    makeRng(seed + 7),
    (state, open) => {
      // A reshuffle's fresh handles have no card in the deal until it is done: check zones only then.
      const found = census(game, state, state.requests.some((r) => r.kind === 'reshuffle') ? undefined : open);
      if (found.length > 0) {
        problems++;
        expect(found, `census after input ${states.length}`).toEqual([]);
      }
      states.push(state);
    },
    5000,
  );
  return { args, result, states, problems };
}

describe.each(gameModules.map((m) => [m.id, m.rules] as const))('%s', (_id, game) => {
  const cases = playerCounts(game).flatMap((players) => SEEDS.map((seed) => [players, seed] as const));

  it.each(cases)(
    '%i players, seed %i: bots finish a hand, every card in one zone; replay equals state; clean audit',
    (players, seed) => {
      const { args, result, states, problems } = playHand(game, players, seed);
      expect(result.ok, result.ok ? '' : result.reason).toBe(true);
      if (!result.ok) return;
      expect(result.finished).toBe(true);
      expect(problems).toBe(0);
      expect(states.length).toBe(result.inputs.length);
      const replayed = game.replay(args, result.inputs);
      expect(replayed.ok).toBe(true);
      if (replayed.ok) expect(stateHash(replayed.value)).toBe(stateHash(result.state));
      expect(game.audit(args, result.inputs, result.open)).toMatchObject({ verdict: 'clean' });
      expect(game.outcome(result.state)).not.toBeNull();
    },
  );

  it('garbage actions and inputs are refused with a code at any point, never thrown', () => {
    const players = game.minPlayers;
    const { states } = playHand(game, players, 9);
    expect(states.length).toBeGreaterThan(3);
    fc.assert(
      fc.property(
        fc.nat(states.length - 1),
        fc.nat(players + 1),
        fc.anything(),
        fc.anything(),
        (at, seat, action, input) => {
          const state = states[at]!;
          for (const raw of [
            { kind: 'act', seat, action },
            input,
            { kind: 'revealed', request: seat, cards: action },
          ]) {
            const result = game.reduce(state, raw);
            if (result.ok) continue; // a random value can, rarely, be a legal move
            expect(typeof result.error).toBe('string');
            expect(result.error).not.toBe('internal-error');
          }
        },
      ),
      { seed: 20_251_123, numRuns: 300 },
    );
  });
});
