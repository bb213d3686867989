/**
 * One whole hand at a table session (src/table/table-session.ts): this page
 * and a bot it hosts play stress-shed to the end with real crypto — the
 * given bot makes the bot's moves, the log tells the hand from this person's
 * session (the bot's keeps no states for it), the outcome is stored with the hand's result
 * for the score strip (places, the names signed in the readies), a rematch
 * after it starts hand 2, and the page reopened on the same storage reads
 * that result back. It is the only fast-test path to a hand played out (the
 * other table-session tests stop before a deal), and it costs a few seconds,
 * so it is kept out of the per-mutant run of table-session.ts (docs/TESTING.md,
 * session 11) and runs with the rest of `npm test`.
 */
import { afterEach, expect, it, vi } from 'vitest';
import { heuristicBot, type Bot } from '../../src/bots/index.js';
import type { HandSession } from '../../src/table/hand-session.js';
import { closeTables, table, TABLE, until } from '../helpers/table-session-harness.js';

afterEach(closeTables);

it('a whole hand with a hosted bot: the given bot plays, the outcome and result are stored, a rematch starts hand 2, a reload reads the result', async () => {
  let decisions = 0;
  const bot: Bot = (...args) => {
    decisions++;
    return heuristicBot()(...args);
  };
  const t = await table(2, { autoplay: true, botDelayMs: 0, bot });
  await t.session.addBot(1);
  // A whole hand with real crypto: seconds on a quiet machine, tens of seconds under load (a failure guard, not a speed limit).
  await vi.waitFor(() => expect(t.session.current?.session.phase).toBe('done'), { timeout: 150_000, interval: 20 });
  expect(decisions).toBeGreaterThan(0);
  // The log tells the hand in words, from this person's session, which drops the states once told; the bot's session,
  // which nobody narrates, keeps none.
  expect(t.log.filter(([line]) => /^Ann is ready/.test(line))).toHaveLength(1);
  const local = (t.session as unknown as { hands: ReadonlyMap<number, { session: HandSession }> }).hands;
  expect([...local.keys()].sort()).toEqual([0, 1]);
  for (const { session } of local.values()) expect(session.takeApplied()).toEqual([]);
  expect(local.get(1)!.session.loggedInputs().length).toBeGreaterThan(10);
  await vi.waitFor(async () => expect((await t.store.loadHandRecord(TABLE, 0))?.outcome).toBeTruthy());
  const results = t.session.handResults();
  expect(results.map((r) => r.handNo)).toEqual([0]);
  const result = results[0]!.result;
  expect(result.names[0]).toBe('Ann');
  expect(result.seatKeys).toEqual((await t.store.loadHandRecord(TABLE, 0))?.setup.seatKeys);
  expect(result.scores).toBeNull();
  expect(result.ranking.flat().sort()).toEqual([0, 1]);
  expect((await t.store.loadHandRecord(TABLE, 0))?.result).toEqual(result);
  t.session.rematch();
  await until(() => t.session.current!.handNo === 1);
  // Reloaded: a fresh session on the same storage holds nothing in memory, and reads hand 1's result back.
  t.session.close();
  const again = await table(2, { store: t.store });
  await vi.waitFor(() => expect(again.session.handResults()).toEqual(results), { timeout: 30_000, interval: 20 });
}, 180_000);
