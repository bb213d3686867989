/**
 * The stage a table session (src/table/table-session.ts) says it is at
 * (table-phase.ts): seating until every seat is taken, playing its first hand,
 * between hands once the hand is ended, starting the next hand the moment
 * Rematch is pressed, and back between hands when that start fails.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { MemoryTableStore } from '../../tools/sim/memory-store.js';
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

  it('a Rematch whose start fails is between hands again, at the hand before', async () => {
    let failReads = 0;
    class FlakyStore extends MemoryTableStore {
      override async loadHandEvents(tableId: string, hand: number) {
        if (hand === 1 && failReads > 0) {
          failReads--;
          throw new Error('read failed');
        }
        return super.loadHandEvents(tableId, hand);
      }
    }
    const t = await table(2, { store: new FlakyStore() });
    t.session.receive(join(bo, 'Bo'), 'x');
    await until(() => t.session.current !== null);
    t.session.endHand();
    await until(() => t.session.current!.session.phase === 'halted');
    failReads = 1;
    t.session.rematch();
    expect(t.session.stage).toEqual({ kind: 'starting', hand: 1 });
    await until(() => t.session.stage.kind !== 'starting');
    expect(t.session.stage).toEqual({ kind: 'between', hand: 0 });
    expect(t.log).toContainEqual(['hand 2 could not start: read failed', 'error']);
  });
});
