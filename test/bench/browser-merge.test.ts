/**
 * What the browser bench stores after a run of one game's hands
 * (bench/browser.ts `mergeBrowser`): that game's rows, runs and click → shown
 * figures replace the earlier ones, and the other game's stay as measured.
 */
import { describe, expect, it } from 'vitest';
import { mergeBrowser, type BrowserBench, type GameRow, type HandRun } from '../../bench/browser.js';

// The merge reads only a row's game, still and a run's game: the rest of each figure is carried as is.
const row = (game: string, still: boolean, date: string) => ({ game, still, date }) as unknown as GameRow;
const run = (game: string, seed: number) => ({ game, seed }) as unknown as HandRun;
const bench = (rows: GameRow[], runs: HandRun[], plays: number, date: string): BrowserBench =>
  ({ rows, runs, clickToShown: { plays, date } }) as unknown as BrowserBench;

const full = bench(
  [row('stress-shed', false, 'full'), row('stress-shed', true, 'full'), row('stress-speed', false, 'full')],
  [run('stress-shed', 1), run('stress-speed', 1)],
  105,
  'full',
);

describe('storing a browser bench run', () => {
  it('a stress-speed run replaces the speed row, runs and click → shown, and keeps both shed rows', () => {
    const speed = bench([row('stress-speed', false, 'speed')], [run('stress-speed', 2)], 60, 'speed');
    const merged = mergeBrowser(full, speed);
    expect(merged.rows.map((r) => `${r.game} ${r.still} ${r.date}`)).toEqual([
      'stress-shed false full',
      'stress-shed true full',
      'stress-speed false speed',
    ]);
    expect(merged.runs.map((r) => `${r.game} ${r.seed}`)).toEqual(['stress-shed 1', 'stress-speed 2']);
    expect(merged.clickToShown.date).toBe('speed');
  });

  it('a stress-shed run keeps the speed row and the click → shown figures it did not measure', () => {
    const shed = bench(
      [row('stress-shed', false, 'shed'), row('stress-shed', true, 'shed')],
      [run('stress-shed', 3)],
      0,
      'shed',
    );
    const merged = mergeBrowser(full, shed);
    expect(merged.rows.map((r) => r.date)).toEqual(['shed', 'shed', 'full']);
    expect(merged.runs.map((r) => `${r.game} ${r.seed}`)).toEqual(['stress-speed 1', 'stress-shed 3']);
    expect(merged.clickToShown.date).toBe('full');
  });

  it('with nothing stored the run is stored as it is; a row measured again takes the stored row’s place', () => {
    expect(mergeBrowser(undefined, full)).toBe(full);
    const again = bench(
      [row('stress-speed', false, 'new'), row('stress-shed', false, 'new')],
      [run('stress-shed', 4)],
      9,
      'new',
    );
    expect(mergeBrowser(full, again).rows.map((r) => `${r.game} ${r.still} ${r.date}`)).toEqual([
      'stress-shed false new',
      'stress-shed true full',
      'stress-speed false new',
    ]);
  });
});
