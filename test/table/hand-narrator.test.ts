/**
 * The table log's narrator (hand-narrator.ts): each input not told yet is
 * described with the state right before and right after that very input,
 * from its own copy of the state (the reducer re-run from the hand's initial
 * state); '' lines are dropped; a viewer's private lines follow the public
 * line with what that seat knows; a refused input ends the narration with
 * plain lines (no state). The games' words are mocked (games/index.js) so the
 * lines show exactly what the narrator passed them.
 */
import { describe, expect, it, vi } from 'vitest';
import type { AnyGame, Input, SetupArgs } from '../../src/engine/index.js';
import { HandNarrator } from '../../src/table/hand-narrator.js';

interface S {
  n: number;
  cards: Record<number, { card: string | null }>;
}
const st = (x: unknown) => (x === null ? 'none' : String((x as S).n));

vi.mock('../../src/games/index.js', () => ({
  describeInput: (id: string, input: { action: string }, names: readonly string[], after: unknown, before: unknown) =>
    input.action === 'quiet' ? '' : `${id} ${names.join('+')} ${input.action}: ${st(before)}→${st(after)}`,
  gameModule: (id: string) =>
    id === 'private'
      ? {
          describePrivate: (
            input: { action: string },
            seat: number,
            know: (h: number) => string | null,
            before: unknown,
            after: unknown,
            names: readonly string[],
          ) =>
            input.action === 'quiet'
              ? ''
              : `only ${names[seat]}: ${know(1)} ${know(2)} ${know(3)} ${st(before)}→${st(after)}`,
        }
      : id === 'public'
        ? {}
        : null,
}));

function game(id: string, setupOk = true): AnyGame {
  return {
    id,
    setup: (args: SetupArgs) =>
      setupOk
        ? { ok: true, state: { n: args.players * 10, cards: { 2: { card: 'KH' } } } }
        : { ok: false, error: 'no' },
    reduce: (state: S, input: { action: string }) =>
      input.action === 'bad' ? { ok: false, error: 'refused' } : { ok: true, state: { ...state, n: state.n + 1 } },
  } as unknown as AnyGame;
}
const act = (action: string) => ({ kind: 'act', seat: 0, action }) as unknown as Input;
const args = { players: 2, options: {}, dealer: 0 } as SetupArgs;

describe('HandNarrator', () => {
  it('tells each input once, with the state before and after it, dropping empty lines', () => {
    const n = new HandNarrator(game('public'), args);
    expect(n.count).toBe(0);
    const inputs = [act('a'), act('quiet'), act('b')];
    expect(n.narrate(inputs.slice(0, 1), ['Ann', 'Bob'])).toEqual(['public Ann+Bob a: 20→21']);
    expect(n.count).toBe(1);
    expect(n.narrate(inputs, ['Ann', 'Bob'])).toEqual(['public Ann+Bob b: 22→23']);
    expect(n.count).toBe(3);
    expect(n.narrate(inputs, ['Ann', 'Bob'])).toEqual([]);
  });

  it('a refused input ends the narration with plain lines', () => {
    const n = new HandNarrator(game('public'), args);
    expect(n.narrate([act('a'), act('bad'), act('c')], ['A', 'B'])).toEqual([
      'public A+B a: 20→21',
      'public A+B bad: 21→none',
      'public A+B c: none→none',
    ]);
  });

  it('a set-up the rules refuse narrates without state', () => {
    const n = new HandNarrator(game('public', false), args);
    expect(n.narrate([act('a')], ['A', 'B'])).toEqual(['public A+B a: none→none']);
  });

  it('a viewer’s private lines follow, with what it knows and what is public', () => {
    const n = new HandNarrator(game('private'), args);
    const viewer = { seat: 1, known: { 1: 'AS' } };
    expect(n.narrate([act('a'), act('quiet'), act('b')], ['Ann', 'Bob'], viewer)).toEqual([
      'private Ann+Bob a: 20→21',
      'only Bob: AS KH null 20→21',
      'private Ann+Bob b: 22→23',
      'only Bob: AS KH null 22→23',
    ]);
    // Without a viewer, or after a refused input, no private line.
    const m = new HandNarrator(game('private'), args);
    expect(m.narrate([act('a'), act('bad'), act('c')], ['Ann', 'Bob'])).toEqual([
      'private Ann+Bob a: 20→21',
      'private Ann+Bob bad: 21→none',
      'private Ann+Bob c: none→none',
    ]);
    const k = new HandNarrator(game('private'), args);
    expect(k.narrate([act('bad'), act('c')], ['Ann', 'Bob'], viewer)).toEqual([
      'private Ann+Bob bad: 20→none',
      'private Ann+Bob c: none→none',
    ]);
  });

  it('a game without private lines, or unknown, gives only the public ones', () => {
    for (const id of ['public', 'unknown']) {
      const n = new HandNarrator(game(id), args);
      expect(n.narrate([act('a')], ['A', 'B'], { seat: 0, known: {} })).toEqual([`${id} A+B a: 20→21`]);
    }
  });
});
