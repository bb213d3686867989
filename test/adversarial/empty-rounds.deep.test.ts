/**
 * Item: nothing an honest seat does can be made to name itself. A real-time
 * seat that opens round after round with no move in it (cheats-moves.ts
 * `empty-rounds`) used to cost the honest seat the same commit and reveal per
 * round, until the honest seat ran into the per-author limit and named
 * itself `flood`. Rounds now count against the seat that opened them
 * (hand/event-pool.ts): the honest seat's answers are not charged, so the
 * opener is named `flood` on every honest screen and the honest seat never
 * is. The table's limits are scaled down (400 events per author) so the
 * flood shows in seconds; real time, so it runs in the deep suite.
 */
import { describe, expect, it } from 'vitest';
import { runCheat } from '../../tools/sim/cheat-run.js';
import { seedFor } from '../helpers/depth.js';

describe('empty real-time rounds', () => {
  it('name the seat that opens them (flood), never the seat that answers', async () => {
    let honestHeld = 0;
    let cheaterHeld = 0;
    let look: ReturnType<typeof setInterval> | undefined;
    const report = await runCheat({
      game: 'stress-speed',
      players: 2,
      kind: 'empty-rounds',
      seed: seedFor(11),
      onSeated: (peers) => {
        look = setInterval(() => {
          const hand = peers[0]!.session.current?.session;
          if (!hand) return;
          honestHeld = Math.max(honestHeld, hand.follower.pool.held(0).events);
          cheaterHeld = Math.max(cheaterHeld, hand.follower.pool.held(1).events);
          if (hand.halt) clearInterval(look);
        }, 20);
      },
    });
    clearInterval(look);
    expect(report!.committed).toBe(true);
    expect(report!.why).toBe('');
    expect(report!.verdicts.map((v) => [v.code, v.blamed])).toEqual([['flood', 1]]);
    expect(cheaterHeld).toBeGreaterThan(honestHeld * 4);
  }, 300_000);
});
