/**
 * The table log's narrator (hand-narrator.ts): each applied input is
 * described with the states its follower handed over with it — the state
 * right before and right after that very input — in order; '' lines are
 * dropped; a viewer's private lines follow the public line with what that
 * seat knows (its own cards, else what the state shows everyone). The games'
 * words are mocked (games/index.js) so the lines show exactly what the
 * narrator passed them. That the narrator never runs the rules, and that the
 * lines of whole hands of every game are the ones the rules give, is
 * narrated-hands.test.ts.
 */
import { describe, expect, it, vi } from 'vitest';
import type { AnyState, Input } from '../../src/engine/index.js';
import type { AppliedInput } from '../../src/table/hand/follower.js';
import { narrate } from '../../src/table/hand-narrator.js';

interface S {
  n: number;
  cards: Record<number, { card: string | null }>;
}
const st = (x: unknown) => String((x as S).n);

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

const act = (action: string) => ({ kind: 'act', seat: 0, action }) as unknown as Input;
/** Inputs as a follower hands them over: state n → n+1 for each, handle 2 open to all (KH). */
function applied(from: number, ...actions: string[]): AppliedInput[] {
  const state = (n: number) => ({ n, cards: { 2: { card: 'KH' } } }) as unknown as AnyState;
  return actions.map((action, i) => ({ input: act(action), before: state(from + i), after: state(from + i + 1) }));
}

describe('narrate', () => {
  it('tells each input handed over, in order, with the states before and after it, dropping empty lines', () => {
    expect(narrate('public', applied(20, 'a'), ['Ann', 'Bob'])).toEqual(['public Ann+Bob a: 20→21']);
    expect(narrate('public', applied(21, 'quiet', 'b'), ['Ann', 'Bob'])).toEqual(['public Ann+Bob b: 22→23']);
    expect(narrate('public', [], ['Ann', 'Bob'])).toEqual([]);
  });

  it('the states are the ones handed over, not worked out again: an input whose states stand still reads so', () => {
    const [one] = applied(7, 'a');
    expect(narrate('public', [{ ...one!, after: one!.before }], ['A', 'B'])).toEqual(['public A+B a: 7→7']);
  });

  it('a viewer’s private lines follow, with what it knows and what is public', () => {
    const viewer = { seat: 1, known: { 1: 'AS' } };
    expect(narrate('private', applied(20, 'a', 'quiet', 'b'), ['Ann', 'Bob'], viewer)).toEqual([
      'private Ann+Bob a: 20→21',
      'only Bob: AS KH null 20→21',
      'private Ann+Bob b: 22→23',
      'only Bob: AS KH null 22→23',
    ]);
    // Without a viewer, no private line.
    expect(narrate('private', applied(20, 'a', 'c'), ['Ann', 'Bob'])).toEqual([
      'private Ann+Bob a: 20→21',
      'private Ann+Bob c: 21→22',
    ]);
  });

  it('a game without private lines, or unknown, gives only the public ones', () => {
    for (const id of ['public', 'unknown'])
      expect(narrate(id, applied(20, 'a'), ['A', 'B'], { seat: 0, known: {} })).toEqual([`${id} A+B a: 20→21`]);
  });
});
