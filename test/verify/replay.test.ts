/**
 * The replay viewer's data (src/app/replay.ts), run on a real transcript: the
 * file is verified by the offline verifier, each hand steps from the start to
 * the end and back, each step has the game's table and the move in words,
 * and every card is face up — including the cards in each seat's hand that
 * no other seat saw during play. The steps are the states the verifier's
 * follower applied: replaying a file runs the rules no more than verifying
 * it. A tampered file replays its verdict (the
 * fault) instead of a clean report. Also the #/replay route.
 */
import { describe, expect, it, vi } from 'vitest';
import { Replay } from '../../src/app/replay.js';
import { parseRoute } from '../../src/app/router.js';
import { rulesVersions } from '../../src/games/rules-versions.js';
import { transcriptJson } from '../../src/verify/transcript-file.js';
import { verifyTranscript } from '../../src/verify/verify-transcript.js';
import { firstHand, fixture, fixtureText, withEvents } from './transcripts.js';

describe('replay of a transcript', () => {
  it('replays an old transcript by the rules version it was played under, to its last move', () => {
    // Fighting Cards rules version 1 (no score table rows in the match): today's rules could not even set it up again.
    const replay = new Replay(fixtureText('fighting-cards-3p-rules1.json'));
    expect(replay.view.ok).toBe(true);
    expect(replay.view.steps).toBe(replay.report.hands[0]!.inputs.length);
    replay.stepBy(10_000);
    const end = replay.view.table!.table!.view as { phase: string; match: { totals: number[] } };
    expect(end.phase).toBe('over');
    expect(end.match.totals).toEqual([-440, 0, 0]);
  });

  it.each([
    ['version 2, whose states carry the rows', 'fighting-cards-3p-rules2.json'],
    ['version 3, whose rows come from the earlier hands of the file', 'fighting-cards-3p-rules3.json'],
  ])('a whole Fighting Cards match of %s: each hand shows the score table of the match so far', (_what, name) => {
    const replay = new Replay(fixtureText(name));
    expect(replay.view.ok).toBe(true);
    const deals = [0, 1, 2].map((hand) => {
      replay.showHand(hand);
      const start = replay.view.table!.table!.view as { match: { history: { deal: number }[] } };
      replay.stepBy(10_000);
      const end = replay.view.table!.table!.view as { match: { history: { deal: number }[] } };
      return [start.match.history.map((r) => r.deal), end.match.history.map((r) => r.deal)];
    });
    expect(deals).toEqual([
      [[], [1]],
      [[1], [1, 2]],
      [
        [1, 2],
        [1, 2, 3],
      ],
    ]);
  });

  it('steps through a verified hand with every card face up', () => {
    const replay = new Replay(fixtureText('stress-shed-2p.json'));
    const start = replay.view;
    expect(start.ok).toBe(true);
    expect(start.report.at(-1)).toBeDefined();
    expect(start.report.join('\n')).toContain('VERDICT: CLEAN');
    expect(start.hands).toBe(2);
    expect(start.step).toBe(0);
    expect(start.steps).toBeGreaterThan(50);
    // A few moves into play: both seats' hands are known, to the viewer, card by card.
    replay.stepBy(40);
    const mid = replay.view;
    expect(mid.step).toBe(40);
    expect(mid.caption.length).toBeGreaterThan(0);
    const view = mid.table!.table!.view as { seats: { hand: { card: string | null }[] }[] };
    const held = view.seats.flatMap((s) => s.hand);
    expect(held.length).toBeGreaterThan(0);
    expect(held.every((c) => c.card !== null)).toBe(true);
    replay.stepBy(10_000);
    expect(replay.view.step).toBe(replay.view.steps);
    replay.stepBy(-10_000);
    expect(replay.view.step).toBe(0);
    replay.showHand(1);
    expect(replay.view.hand).toBe(1);
    expect(replay.view.table).not.toBeNull();
  });

  it('steps through the states the verifier applied: the rules run no more than for verifying the file', () => {
    const text = fixtureText('pesten-2p.json');
    const runs = rulesVersions('pesten').flatMap(({ rules }) => [vi.spyOn(rules, 'setup'), vi.spyOn(rules, 'reduce')]);
    const counted = (work: () => unknown) => {
      for (const spy of runs) spy.mockClear();
      work();
      return runs.map((spy) => spy.mock.calls.length);
    };
    try {
      const verifying = counted(() => verifyTranscript(text));
      expect(verifying.reduce((a, b) => a + b)).toBeGreaterThan(0);
      let replay: Replay | null = null;
      expect(counted(() => (replay = new Replay(text)))).toEqual(verifying);
      expect(replay!.view.steps).toBe(replay!.report.hands[0]!.inputs.length);
      expect(replay!.report.hands[0]!.states).toHaveLength(replay!.view.steps + 1);
    } finally {
      for (const spy of runs) spy.mockRestore();
    }
  });

  it('a tampered file shows its fault, not a clean verdict', () => {
    const file = firstHand(fixture('fighting-cards-3p.json'));
    const events = file.hands[0]!.events;
    const replay = new Replay(
      transcriptJson(
        withEvents(
          file,
          events.filter((_, k) => k !== 5),
        ),
      ),
    );
    expect(replay.view.ok).toBe(false);
    expect(replay.view.report.join('\n')).toMatch(/NOT CLEAN.*\n.*missing from the file/);
  });

  it('has a route', () => {
    expect(parseRoute('#/replay')).toEqual({ page: 'replay' });
  });
});
