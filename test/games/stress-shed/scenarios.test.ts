/**
 * Stress (shedding)'s scenario-file support (scenario.ts), called directly:
 * a file's deal turned into the layout and zones the fixed-deal table fills,
 * each step into the action the reducer takes, and each refusal with the
 * message a scenario author reads. The scenario files themselves run in
 * test/games/scenarios.test.ts. scenario.ts builds its schemas when it
 * loads, so it is loaded afresh (loadedNow, docs/TESTING.md).
 */
import { describe, expect, test } from 'vitest';
import { summarize, view } from '../../../src/games/stress-shed/views.js';
import { loadedNow } from '../../helpers/loaded-now.js';
import { table, type TableSpec } from './table.js';

const three: TableSpec = {
  seats: [
    { hand: ['9C', '4C'], faceUp: ['KS'], faceDown: ['2S', '5S'] },
    { hand: ['4D'], faceUp: [], faceDown: ['6D'] },
    {},
  ],
  stack: ['7H', '3H', 'ZZ'],
  draw: ['JH', 'JD'],
  cemetery: ['10C', '8C', '8D'],
  turn: 1,
  out: [2],
};

describe('scenario support (scenario.ts)', () => {
  const load = () => loadedNow(() => import('../../../src/games/stress-shed/scenario.js'));
  const options = {
    voluntaryPickup: false,
    fourOfAKindBurns: false,
    stopAtFirstWinner: false,
    decks: 1 as const,
    endlessHandsEnd: true,
  };
  const seats = [
    { hand: ['4C'], faceUp: ['5C', '6C'], faceDown: [] },
    { hand: [], faceUp: [], faceDown: ['7C'] },
  ];

  test('a deal with a draw stack: listed zones, the rest to the cemetery', async () => {
    const { scenario } = await load();
    const dealt = scenario.deal({ seats, stack: ['9H', '3C'], draw: ['2D', 'KD'] }, 2, options);
    if (typeof dealt === 'string') throw new Error(dealt);
    expect(dealt.layout).toEqual({
      seats: [
        { hand: 1, faceUp: 2, faceDown: 0 },
        { hand: 0, faceUp: 0, faceDown: 1 },
      ],
      stack: 2,
      draw: 2,
    });
    expect(dealt.zones).toMatchObject({
      'hand@0': ['4C'],
      'faceUp@0': ['5C', '6C'],
      'faceDown@0': [],
      'faceDown@1': ['7C'],
      stack: ['9H', '3C'],
      draw: ['2D', 'KD'],
    });
    expect(dealt.zones.cemetery).toHaveLength(52 - 8);
    expect(dealt.zones.cemetery?.slice(0, 3)).toEqual(['2C', '8C', '9C']);
  });

  test('a deal without a draw stack: the rest is the draw stack in deck order, no cemetery', async () => {
    const { scenario } = await load();
    const dealt = scenario.deal({ seats, stack: [] }, 2, options);
    if (typeof dealt === 'string') throw new Error(dealt);
    expect(dealt.zones.cemetery).toEqual([]);
    expect(dealt.zones.draw).toHaveLength(52 - 4);
    expect(dealt.zones.draw?.slice(0, 2)).toEqual(['2C', '3C']);
    expect((dealt.layout as { draw: number }).draw).toBe(48);
  });

  test.each<[string, unknown, number, string]>([
    ['a seat count that differs', { seats, stack: [] }, 3, 'the deal has 2 seats, the scenario 3'],
    [
      'a card twice',
      {
        seats: [
          { hand: ['4C'], faceUp: [], faceDown: [] },
          { hand: [], faceUp: ['4C'], faceDown: [] },
        ],
        stack: [],
      },
      2,
      '"4C" is dealt twice',
    ],
    ['a card in the draw and the stack', { seats, stack: ['9H'], draw: ['9H'] }, 2, '"9H" is dealt twice'],
  ])('refuses %s', async (_name, spec, players, error) => {
    const { scenario } = await load();
    expect(scenario.deal(spec, players, options)).toBe(error);
  });

  test.each<[string, unknown]>([
    ['a seat without face-down cards', { seats: [{ hand: [], faceUp: [] }], stack: [] }],
    ['an extra key', { seats, stack: [], jokers: [] }],
    ['a seat with an extra key', { seats: [{ hand: [], faceUp: [], faceDown: [], x: [] }], stack: [] }],
    ['no stack', { seats }],
    ['a card that is not a string', { seats, stack: [5] }],
  ])('refuses a malformed deal: %s', async (_name, spec) => {
    const { scenario } = await load();
    const error = scenario.deal(spec, 2, options);
    // valibot's own message for the first issue, e.g. "Invalid key: …" or "Invalid type: …".
    expect(error).toMatch(/^bad deal: Invalid (key|type)/);
  });

  const handleOf = (card: string): number | null => ({ '4C': 0, '5C': 1, '6C': 2, '7C': 3, AS: 7 })[card] ?? null;

  test.each<[string, unknown, unknown]>([
    [
      'ready with swaps',
      { type: 'ready', swaps: [['4C', '5C']] },
      { type: 'ready', swaps: [{ hand: 0, card: '4C', faceUp: 1 }] },
    ],
    ['ready without swaps', { type: 'ready', seat: 1 }, { type: 'ready', swaps: [] }],
    [
      'play',
      { type: 'play', cards: ['5C', '6C'] },
      {
        type: 'play',
        cards: [
          { handle: 1, card: '5C' },
          { handle: 2, card: '6C' },
        ],
      },
    ],
    ['blind', { type: 'blind', card: '7C' }, { type: 'blind', handle: 3 }],
    ['pickup', { type: 'pickup', note: 'x' }, { type: 'pickup' }],
  ])('a step: %s', async (_name, spec, action) => {
    const { scenario } = await load();
    expect(scenario.action(spec as Record<string, unknown>, null as never, handleOf)).toEqual({
      ok: true,
      value: action,
    });
  });

  test.each<[string, unknown, RegExp]>([
    ['a card not dealt', { type: 'play', cards: ['KH'] }, /KH/],
    ['an unknown type', { type: 'pass' }, /^bad step: Invalid type/],
    ['a swap with three cards', { type: 'ready', swaps: [['4C', '5C', '6C']] }, /^bad step: Invalid (key|type|length)/],
    ['a play without cards', { type: 'play' }, /^bad step: Invalid (key|type)/],
    ['a blind without a card', { type: 'blind' }, /^bad step: Invalid (key|type)/],
  ])('refuses a step with %s', async (_name, spec, error) => {
    const { scenario } = await load();
    const result = scenario.action(spec as Record<string, unknown>, null as never, handleOf);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toMatch(error);
  });

  test("its summary is the views' summary", async () => {
    const { scenario } = await load();
    const t = table(three);
    const v = view(t.state, null, { known: {} });
    expect(scenario.summarize(v)).toEqual(summarize(v));
  });
});
