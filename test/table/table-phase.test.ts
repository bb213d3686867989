/**
 * A table's phase (table-phase.ts): each named transition from each phase,
 * as the table in the module's header gives it — what a start does while
 * another is in flight, what a failed start goes back to, and which events a
 * phase refuses.
 */
import { describe, expect, it } from 'vitest';
import type { HandPhase } from '../../src/table/hand/follower.js';
import {
  begin,
  choose,
  chosen,
  fail,
  handOf,
  isStarting,
  noRules,
  SEATING,
  settle,
  stageOf,
  type TablePhase,
} from '../../src/table/table-phase.js';

const choosing: TablePhase = { kind: 'choosing' };
const at = (hand: number): TablePhase => ({ kind: 'at', hand });
const starting = (hand: number, from: TablePhase = SEATING): TablePhase =>
  ({ kind: 'starting', hand, from }) as TablePhase;

describe('table phase', () => {
  it.each<[string, TablePhase, number, boolean]>([
    ['seating', SEATING, -1, false],
    ['choosing', choosing, -1, false],
    ['starting hand 2', starting(2, at(1)), 2, true],
    ['at hand 2', at(2), 2, false],
  ])('%s: is at hand %i, starting %s', (_, phase, hand, startingNow) => {
    expect(handOf(phase)).toBe(hand);
    expect(isStarting(phase)).toBe(startingNow);
  });

  it.each<[string, TablePhase, TablePhase | null]>([
    ['seating picks its first hand', SEATING, choosing],
    ['choosing does not pick twice', choosing, null],
    ['a start in flight is no time to pick', starting(0), null],
    ['a page at a hand has picked', at(0), null],
  ])('choose: %s', (_, phase, next) => {
    expect(choose(phase)).toEqual(next);
  });

  it.each<[string, TablePhase, TablePhase]>([
    ['choosing goes back to seating (its start follows)', choosing, SEATING],
    ['a start begun while choosing no longer fails back to choosing', starting(0, choosing), starting(0, SEATING)],
    ['a start from a hand is left alone', starting(3, at(2)), starting(3, at(2))],
    ['a page at a hand is left alone', at(1), at(1)],
    ['seating is left alone', SEATING, SEATING],
  ])('chosen: %s', (_, phase, next) => {
    expect(chosen(phase)).toEqual(next);
  });

  it.each<[string, TablePhase, number, number | null, TablePhase | null]>([
    ['seating starts the first hand', SEATING, 0, null, starting(0, SEATING)],
    ['seating starts a later hand (a page new to a running table)', SEATING, 3, null, starting(3, SEATING)],
    ['choosing may be overtaken by a Rematch', choosing, 0, null, starting(0, choosing)],
    ['a hand starts the next', at(1), 2, null, starting(2, at(1))],
    ['a hand is not started twice', at(1), 1, null, null],
    ['an older hand is not started again', at(2), 1, null, null],
    ['the hand whose set-up is awaited starts again', at(1), 1, 1, starting(1, at(1))],
    ['an awaited set-up is not a pass for another hand', at(2), 1, 2, null],
    ['a later hand begins while one is starting', starting(1, at(0)), 2, null, starting(2, at(1))],
    ['the hand being started is not started twice', starting(1, at(0)), 1, 1, null],
    ['an earlier hand is not started while one is starting', starting(2, at(1)), 1, null, null],
  ])('begin: %s', (_, phase, hand, awaited, next) => {
    expect(begin(phase, hand, awaited)).toEqual(next);
  });

  it.each<[string, TablePhase, number, TablePhase]>([
    ['seating is at the hand, with no sessions', SEATING, 0, at(0)],
    ['choosing is at the hand', choosing, 2, at(2)],
    ['a hand moves on to it', at(1), 2, at(2)],
    ['a start in flight stays in flight, at the new number', starting(1, at(0)), 2, starting(2, at(0))],
  ])('noRules: %s', (_, phase, hand, next) => {
    expect(noRules(phase, hand)).toEqual(next);
  });

  it.each<[string, TablePhase, TablePhase]>([
    ['a start ends at its hand', starting(1, at(0)), at(1)],
    ['an earlier start ending ends a later one too (one start in flight is tracked)', starting(3, at(2)), at(3)],
    ['no start in flight: left alone', at(2), at(2)],
    ['seating is left alone', SEATING, SEATING],
  ])('settle: %s', (_, phase, next) => {
    expect(settle(phase)).toEqual(next);
  });

  it.each<[string, TablePhase, number, number, TablePhase]>([
    ['a failed first hand goes back to seating', starting(0, SEATING), 0, -1, SEATING],
    ['a failed first hand begun while choosing goes back to choosing', starting(0, choosing), 0, -1, choosing],
    ['a failed next hand goes back to the hand before', starting(2, at(1)), 2, 1, at(1)],
    ['a later start in flight is left alone, but no longer starting', starting(3, at(2)), 2, 1, at(3)],
    ['a start that failed after its sessions were set up goes back too', at(2), 2, 1, at(1)],
    ['a failed first hand that had set up goes back to seating', at(0), 0, -1, SEATING],
    ['a later hand already set up is left alone', at(3), 2, 1, at(3)],
    ['seating stays seating', SEATING, 0, -1, SEATING],
  ])('fail: %s', (_, phase, hand, previous, next) => {
    expect(fail(phase, hand, previous)).toEqual(next);
  });

  it.each<[string, TablePhase, number | null, HandPhase | undefined, ReturnType<typeof stageOf>]>([
    ['seating', SEATING, null, undefined, { kind: 'seating' }],
    ['choosing', choosing, null, undefined, { kind: 'choosing' }],
    ['starting', starting(1, at(0)), null, undefined, { kind: 'starting', hand: 1 }],
    ['a hand whose set-up waits for readies', at(1), 1, undefined, { kind: 'awaiting-setup', hand: 1 }],
    ['a hand being dealt', at(1), null, 'dealing', { kind: 'playing', hand: 1 }],
    ['a hand being played', at(1), null, 'play', { kind: 'playing', hand: 1 }],
    ['a hand played out', at(1), null, 'done', { kind: 'between', hand: 1 }],
    ['a halted hand', at(1), null, 'halted', { kind: 'between', hand: 1 }],
    ['a hand whose rules are not built here', at(1), null, undefined, { kind: 'between', hand: 1 }],
  ])('stage: %s', (_, phase, awaited, session, stage) => {
    expect(stageOf(phase, awaited, session)).toEqual(stage);
  });

  it('walks a table through its first hands: seat, choose, start, play, rematch', () => {
    let phase: TablePhase = SEATING;
    phase = choose(phase)!;
    phase = chosen(phase);
    phase = begin(phase, 0, null)!;
    expect(stageOf(phase, null, undefined)).toEqual({ kind: 'starting', hand: 0 });
    phase = settle(phase);
    expect(stageOf(phase, null, 'play')).toEqual({ kind: 'playing', hand: 0 });
    expect(begin(phase, 0, null)).toBeNull();
    phase = begin(phase, 1, null)!;
    phase = fail(phase, 1, 0);
    expect(phase).toEqual(at(0));
    phase = settle(begin(phase, 1, null)!);
    expect(stageOf(phase, null, 'done')).toEqual({ kind: 'between', hand: 1 });
  });
});
