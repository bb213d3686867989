/**
 * `defineGame`'s setup, replay and end-of-hand audit on the probe game:
 * setup's validation of the player count, options, dealer and layout (each
 * with its exact error code) and the envelope it builds; replay's and the
 * audit's reports when setup fails; the audit's verdicts on a permuted deal
 * and a permuting reshuffle (clean), on a statement about hidden cards that
 * the open cards disprove (blamed on its author, naming the statement), on a
 * reshuffle or a pending one whose new handles were never opened, and on
 * malformed inputs in the log (blamed on nobody unless an act names a seat).
 */
import { describe, expect, test } from 'vitest';
import { audit, replay, type OpenCards } from '../../src/engine/index.js';
import { act, PROBE_DEAL, probeGame, probeSettled, probeStart, probeStep, type ProbeState } from './probe-game.js';

const args = { players: 2 };

describe('setup', () => {
  test('builds the envelope: ledger all hidden, the deals requested, nothing claimed', () => {
    const state = probeStart(probeGame(), { players: 3, dealer: 2 });
    expect({ ...state, board: null }).toEqual({
      v: 1,
      game: 'probe',
      players: 3,
      dealer: 2,
      options: { stranger: false },
      deck: ['2H', '3H', '4H', '5H', '6H', '7H', '8H', '9H'],
      step: 0,
      cards: Array.from({ length: 8 }, () => ({ card: null, seen: [], gone: false })),
      requests: [
        { id: 0, kind: 'reveal-to', seat: 0, handles: [0, 1] },
        { id: 1, kind: 'reveal-to', seat: 1, handles: [2, 3] },
        { id: 2, kind: 'reveal-to', seat: 2, handles: [4, 5] },
      ],
      nextRequest: 3,
      claims: [],
      board: null,
    });
    expect(state.board.turn).toBe(2);
  });

  test('defaults: dealer 0, the default options, no layout, no carry', () => {
    const state = probeStart(probeGame());
    expect([state.dealer, state.board.turn]).toEqual([0, 0]);
    expect(state.options).toEqual({ stranger: false });
    expect(state.board.layout).toBeNull();
    expect(state.board.carry).toBeNull();
  });

  test('layout and carry reach the rules as given', () => {
    const state = probeStart(probeGame(), {
      players: 2,
      layout: { endgame: 1 },
      carry: { scores: [3, 4] },
      options: { stranger: true },
    });
    expect(state.board.layout).toEqual({ endgame: 1 });
    expect(state.board.carry).toEqual({ scores: [3, 4] });
    expect(state.deck).toHaveLength(9);
  });

  test.each<[string, object, string]>([
    ['one player', { players: 1 }, 'bad-player-count'],
    ['more than the maximum', { players: 4 }, 'bad-player-count'],
    ['a fractional count', { players: 2.5 }, 'bad-player-count'],
    ['a count that is not a number', { players: Number.NaN }, 'bad-player-count'],
    ['options the game refuses', { players: 2, options: { colour: 'red' } }, 'bad-options'],
    ['a negative dealer', { players: 2, dealer: -1 }, 'bad-seat'],
    ['a dealer equal to the player count', { players: 2, dealer: 2 }, 'bad-seat'],
    ['a fractional dealer', { players: 3, dealer: 0.5 }, 'bad-seat'],
    ['a layout the game refuses', { players: 2, layout: 'bad' }, 'bad-layout'],
    ['a rule that throws', { players: 2, layout: 'throw' }, 'internal-error'],
  ])('refuses %s', (_name, setupArgs, error) => {
    expect(probeGame().setup(setupArgs as { players: number })).toEqual({ ok: false, error });
  });

  test.each([2, 3])('accepts %d players, the bounds included', (players) => {
    const setup = probeGame().setup({ players, dealer: players - 1 });
    expect(setup.ok && [setup.value.players, setup.value.dealer]).toEqual([players, players - 1]);
  });
});

describe('replay and audit when setup fails', () => {
  test('replay reports the setup error at index -1', () => {
    const game = probeGame();
    expect(game.replay({ players: 9 }, [])).toEqual({ ok: false, error: { index: -1, code: 'bad-player-count' } });
    expect(replay(game, { players: 2, dealer: 5 }, [])).toEqual({ ok: false, error: { index: -1, code: 'bad-seat' } });
  });

  test('the audit reports it as a fault of nobody at index -1', () => {
    const game = probeGame();
    expect(game.audit({ players: 2, options: 'x' }, [], PROBE_DEAL)).toEqual({
      verdict: 'fault',
      index: -1,
      seat: null,
      reason: 'bad-options',
    });
    expect(audit(game, { players: 1 }, [], PROBE_DEAL)).toEqual({
      verdict: 'fault',
      index: -1,
      seat: null,
      reason: 'bad-player-count',
    });
  });
});

/** A hand dealt from `open` and the inputs so far. */
function dealtFrom(open: OpenCards): { state: ProbeState; inputs: unknown[] } {
  const game = probeGame();
  const { state, inputs } = probeSettled(game, probeStart(game, args), open);
  return { state, inputs };
}

describe('the audit', () => {
  const reversed: OpenCards = Object.fromEntries(
    Object.values(PROBE_DEAL)
      .reverse()
      .map((card, handle) => [handle, card]),
  );

  test('a deal in any order audits clean (replay and the exported helpers agree)', () => {
    const game = probeGame();
    const { state, inputs } = dealtFrom(reversed);
    const played = [...inputs, act(0, { type: 'play', cards: [{ handle: 1, card: '8H' }] })];
    expect(probeStep(game, state, played.at(-1)).cards[1]?.card).toBe('8H');
    expect(audit(game, args, played, reversed)).toEqual({
      verdict: 'clean',
      inputs: 3,
      claimsChecked: 0,
      cardsChecked: 8,
    });
    const replayed = replay(game, args, played);
    expect(replayed.ok && replayed.value.cards[1]?.card).toBe('8H');
  });

  test('a reshuffle that permutes the packet audits clean; its new handles are checked', () => {
    const game = probeGame();
    const { state, inputs } = dealtFrom(PROBE_DEAL);
    const mixing = probeStep(game, state, act(0, { type: 'mix' }));
    const reverse = (handles: readonly number[]) => [...handles].reverse();
    const done = probeSettled(game, mixing, PROBE_DEAL, reverse);
    expect([8, 9, 10, 11].map((handle) => done.open[handle])).toEqual(['9H', '8H', '7H', '6H']);
    const log = [...inputs, act(0, { type: 'mix' }), ...done.inputs];
    expect(game.audit(args, log, done.open)).toEqual({
      verdict: 'clean',
      inputs: 4,
      claimsChecked: 0,
      cardsChecked: 12,
    });
    // A new handle the open cards leave out is a fault of the table at the reshuffle.
    const { 11: _left, ...missing } = done.open;
    expect(game.audit(args, log, missing)).toEqual({ verdict: 'fault', index: 3, seat: null, reason: 'deal-mismatch' });
  });

  test('a reshuffle still pending at the end: its new handles must be opened too', () => {
    const game = probeGame();
    const { inputs } = dealtFrom(PROBE_DEAL);
    const log = [...inputs, act(0, { type: 'mix' })];
    expect(game.audit(args, log, PROBE_DEAL)).toEqual({
      verdict: 'fault',
      index: -1,
      seat: null,
      reason: 'deal-mismatch',
    });
    const opened = { ...PROBE_DEAL, 8: '6H', 9: '7H', 10: '8H', 11: '9H' };
    expect(game.audit(args, log, opened)).toEqual({ verdict: 'clean', inputs: 3, claimsChecked: 0, cardsChecked: 12 });
  });

  test('a statement about hidden cards is checked with the cards open; a false one names its author and itself', () => {
    const game = probeGame();
    const { state, inputs } = dealtFrom(PROBE_DEAL);
    // Seat 0 holds 2H, 3H: "nothing above 3" is true. Seat 1 holds 4H, 5H: "nothing above 4" is false.
    const honest = act(0, { type: 'none-above', value: 3 });
    const lie = act(1, { type: 'none-above', value: 4 });
    const afterHonest = probeStep(game, state, honest);
    const afterLie = probeStep(game, afterHonest, lie);
    expect(afterLie.claims).toEqual([
      { step: 2, seat: 0, kind: 'none-above', handles: [0, 1], note: 'seat 0 holds nothing above 3' },
      { step: 3, seat: 1, kind: 'none-above', handles: [2, 3], note: 'seat 1 holds nothing above 4' },
    ]);
    expect(game.audit(args, [...inputs, honest], PROBE_DEAL)).toEqual({
      verdict: 'clean',
      inputs: 3,
      claimsChecked: 1,
      cardsChecked: 8,
    });
    expect(game.audit(args, [...inputs, honest, lie], PROBE_DEAL)).toEqual({
      verdict: 'fault',
      index: 3,
      seat: 1,
      reason: 'has-higher: false claim "seat 1 holds nothing above 4"',
    });
  });

  test.each<[string, unknown, number | null, string]>([
    ['null', null, null, 'malformed-input'],
    ['undefined', undefined, null, 'malformed-input'],
    ['a string', 'act', null, 'malformed-input'],
    ['a system input carrying a seat', { kind: 'delivered', request: 0, seat: 1 }, null, 'malformed-input'],
    ['an act whose seat is not a number', { kind: 'act', seat: '1', action: { type: 'end' } }, null, 'malformed-input'],
    ['an act with a malformed action', act(0, { type: 'fly' }), 0, 'malformed-action'],
    ['an act out of turn', act(1, { type: 'end' }), 1, 'not-your-turn'],
  ])('a log with %s is a fault at that input', (_name, input, seat, reason) => {
    const { inputs } = dealtFrom(PROBE_DEAL);
    expect(probeGame().audit(args, [...inputs, input], PROBE_DEAL)).toEqual({
      verdict: 'fault',
      index: 2,
      seat,
      reason,
    });
  });
});
