/**
 * The stage a table session (src/table/table-session.ts) says it is at
 * (table-phase.ts): seating until every seat is taken, playing its first hand,
 * between hands once the hand is ended, starting the next hand the moment
 * Rematch is pressed (a start that fails: table-session-hands.test.ts).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { bo, closeTables, join, table, until } from '../helpers/table-session-harness.js';

afterEach(() => closeTables());

describe('table session stage', () => {
  it('seats, plays hand 1, is between hands after End hand, and starts hand 2 on Rematch', async () => {
    const t = await table(2);
    expect(t.session.stage).toEqual({ kind: 'seating' });
    t.session.receive(join(bo, 'Bo'), 'x');
    await until(() => t.session.current !== null);
    expect(t.session.stage).toEqual({ kind: 'playing', hand: 0 });
    t.session.endHand();
    await until(() => t.session.current!.session.phase === 'halted');
    expect(t.session.stage).toEqual({ kind: 'between', hand: 0 });
    t.session.rematch();
    expect(t.session.stage).toEqual({ kind: 'starting', hand: 1 });
    await until(() => t.session.current?.handNo === 1);
    expect(t.session.stage).toEqual({ kind: 'playing', hand: 1 });
  });
});
