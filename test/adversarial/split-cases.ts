/**
 * The split-view cases shared by split-view.test.ts (npm test) and
 * split-view.deep.test.ts: a cheat, a game, a table size and which seats
 * cannot link directly (a partial mesh: relays carry what passes between
 * them), and the one test each gets — the cheater named on every honest
 * screen (`equivocation` for a split view, `no-disclosure` for a relay that
 * withholds its word), no honest seat named, no card learnt.
 */
import { expect, it } from 'vitest';
import type { GameId } from '../../src/games/index.js';
import { runCheat } from '../../tools/sim/cheat-run.js';
import type { CheatKind } from '../../tools/sim/cheats.js';

export interface SplitCase {
  readonly kind: CheatKind;
  readonly game: GameId;
  readonly players: number;
  /** Seats that cannot link directly (0-based). */
  readonly blocked: readonly (readonly [number, number])[];
  readonly shape: string;
}

export const SPLIT_CASES: readonly SplitCase[] = [
  { kind: 'split-shuffle', game: 'stress-shed', players: 3, blocked: [], shape: 'a full mesh' },
  { kind: 'split-shuffle', game: 'stress-shed', players: 4, blocked: [[0, 1]], shape: 'seats 1 and 2 unlinked' },
  { kind: 'split-move', game: 'pesten', players: 3, blocked: [], shape: 'a full mesh' },
  { kind: 'split-move', game: 'pesten', players: 4, blocked: [[0, 1]], shape: 'seats 1 and 2 unlinked' },
  { kind: 'drop-relay', game: 'stress-shed', players: 3, blocked: [], shape: 'a full mesh' },
];

/** The shapes that take a whole hand over a partial mesh (tens of seconds): the deep suite's. */
export const WIDER_CASES: readonly SplitCase[] = [
  { kind: 'drop-relay', game: 'stress-shed', players: 4, blocked: [[0, 1]], shape: 'seats 1 and 2 unlinked' },
  {
    kind: 'split-shuffle',
    game: 'stress-shed',
    players: 5,
    blocked: [
      [0, 1],
      [1, 2],
    ],
    shape: 'two unlinked pairs',
  },
  {
    kind: 'split-move',
    game: 'pesten',
    players: 5,
    blocked: [
      [0, 2],
      [1, 3],
    ],
    shape: 'two unlinked pairs',
  },
  {
    kind: 'drop-relay',
    game: 'stress-shed',
    players: 5,
    blocked: [
      [0, 1],
      [0, 2],
    ],
    shape: 'seat 1 linked to two seats only',
  },
];

export function itNamesTheCheater(cases: readonly SplitCase[], seed: number): void {
  it.each(cases.map((c) => [`${c.kind}, ${c.players} seats, ${c.shape}`, c] as const))(
    '%s: the cheater is named on every honest screen, no honest seat, no card learnt',
    async (_title, c) => {
      const report = await runCheat({ game: c.game, players: c.players, kind: c.kind, seed, blocked: c.blocked });
      expect(report).not.toBeNull();
      expect(report!.committed, 'the cheat never happened').toBe(true);
      expect(report!.why).toBe('');
      for (const v of report!.verdicts) {
        expect(v.blamed, `seat ${v.seat + 1}: ${v.code} ${v.detail}`).toBe(report!.cheater);
        expect(v.code).toBe(c.kind === 'drop-relay' ? 'no-disclosure' : 'equivocation');
      }
      expect(report!.honestLeaks).toEqual([]);
    },
    600_000, // a hang guard, not a speed check: a loaded machine took over 120 s for a 5-seat hand over a partial mesh
  );
}
