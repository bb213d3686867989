/**
 * The judge of a cheating hand (runCheat, tools/sim/cheat-run.ts) checked on
 * its whole report — each honest peer's verdict (code, blamed seat, detail),
 * whether the cheat was committed, ok, and the `why` it words — for the
 * parts simulation-runs.test.ts does not reach: the cheats that need the
 * simulated clock (a withheld disclosure, an abandon instead of one, the
 * rule that the clock moves only while nothing new arrives, and the page's
 * own once-a-second tick reading that clock too, even when it comes first
 * in the disclosure phase; a cheat that needs no clock is never ticked by
 * the judge), the stall timers each page gets and
 * how soon a verdict is trusted (a halt at once, an abort's stall 2 s after
 * it), three seats (two honest verdicts: the judge waits for the later one;
 * on a replay they must agree on the final state),
 * a false claim that only table options make possible (claimsByOptions),
 * a cheat that never happens, and how the judge words a verdict that is not
 * the one the cheat demands for each kind of expectation (blame, stall,
 * nothing), a stall naming several seats and a leak seen by an honest
 * peer. Those last ones cannot come out of an honest table, so a test
 * swaps the cheat's expectation (a mocked makeCheat) or rewrites what one
 * peer shows the judge (its current hand, its knowledge monitor) through
 * onSeated. Each test is the smallest hand that shows its point (two or
 * three seats of stress-shed, School Blackjack for claims), with seed 3.
 */
import { afterEach, expect, it, vi } from 'vitest';
import { runCheat } from '../../tools/sim/cheat-run.js';
import type { Expectation } from '../../tools/sim/cheats.js';
import type { KnowledgeMonitor, Leak } from '../../tools/sim/knowledge-monitor.js';
import { SLOW_TURN_TIMERS } from '../../src/table/gone-seats.js';
import type { SimulationPeer } from '../../tools/sim/simulation.js';
import type { HandSummary } from '../../src/table/table-session-types.js';

/** When set, every cheat made demands this instead of its own expectation. */
const relabel = vi.hoisted(() => ({ expect: null as Expectation | null }));

vi.mock('../../tools/sim/cheats.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../tools/sim/cheats.js')>();
  return {
    ...real,
    makeCheat: (...args: Parameters<typeof real.makeCheat>) => {
      const cheat = real.makeCheat(...args);
      return cheat && relabel.expect ? { ...cheat, expect: relabel.expect } : cheat;
    },
  };
});

afterEach(() => {
  relabel.expect = null;
});

const EQUIVOCATION = 'sent two different ready events for one purpose (equivocation)';

/** Peer `seat` as the judge reads it from now on: its current hand passed through `patch`. */
function rewriteCurrent(
  peers: SimulationPeer[],
  seat: number,
  patch: (current: HandSummary) => HandSummary | null,
): void {
  const peer = peers[seat]!;
  const session = new Proxy(peer.session, {
    get(target, key) {
      if (key === 'current') {
        const current = target.current;
        return current && patch(current);
      }
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
  peers[seat] = { ...peer, session };
}

/** `current` with its hand's `key` answered by `value` (the hand's own methods still run on the hand). */
function withHand(current: HandSummary, key: string, value: unknown): HandSummary {
  const hand = new Proxy(current.session, {
    get(target, k) {
      if (k === key) return value;
      const v: unknown = Reflect.get(target, k, target);
      return typeof v === 'function' ? (v as (...args: unknown[]) => unknown).bind(target) : v;
    },
  });
  return { ...current, session: hand };
}

/** The turn timer peer `seat`'s page was given (private: a page names an awaited seat as stalled after SLOW_TURN_TIMERS of them). */
const turnTimerOf = (peers: SimulationPeer[], seat: number): number | undefined =>
  (peers[seat]!.session as unknown as { options: { stallMs?: number } }).options.stallMs;

/** Events held by every peer now, counted as the judge counts them. */
const heldBy = (peers: SimulationPeer[]): number =>
  peers.reduce((n, peer) => n + (peer.session.current?.session.events().length ?? 0), 0);

it('withhold-disclose: the simulated clock, moving only while nothing new arrives, names the seat that withholds its disclosure', async () => {
  const ticks: { clock: number; held: number; phase: string }[] = [];
  const report = await runCheat({
    game: 'stress-shed',
    players: 2,
    kind: 'withhold-disclose',
    seed: 3,
    onSeated: (peers) => {
      rewriteCurrent(peers, 0, (current) =>
        withHand(current, 'tick', (clock: number) => {
          ticks.push({ clock, held: heldBy(peers), phase: current.session.phase });
          current.session.tick(clock);
        }),
      );
    },
  });
  expect(report).toEqual({
    kind: 'withhold-disclose',
    game: 'stress-shed',
    cheater: 1,
    cheat: expect.objectContaining({
      kind: 'withhold-disclose',
      needsClock: true,
      expect: { caught: 'blame', codes: ['no-disclosure'] },
    }),
    committed: true,
    verdicts: [
      { seat: 0, code: 'no-disclosure', blamed: 1, detail: 'did not disclose its secrets for the audit in time' },
    ],
    leaks: [],
    honestLeaks: [],
    ok: true,
    why: '',
  });
  // One tick a poll once the hand is there: the clock steps 1 s exactly when no peer got a new event since the last poll.
  for (let i = 1; i < ticks.length; i++)
    expect(ticks[i]!.clock - ticks[i - 1]!.clock).toBe(ticks[i]!.held === ticks[i - 1]!.held ? 1000 : 0);
  // The deadline, 60 s by that clock since the disclosures were owed, was what named the seat.
  expect(ticks.at(-1)!.clock - ticks.find((t) => t.phase === 'disclose')!.clock).toBe(60_000);
}, 120_000);

it("abandon-in-disclose: an abandon instead of the disclosure is named as no disclosure by the clock, even when the page's own once-a-second tick comes first in the disclosure phase", async () => {
  let pageTicked = false;
  const report = await runCheat({
    game: 'stress-shed',
    players: 2,
    kind: 'abandon-in-disclose',
    seed: 3,
    onSeated: (peers) => {
      // The page's own tick (table-session.ts \`watch\`, on its real setInterval) runs just before the judge's first
      // tick of the disclosure phase: whichever tick comes first there starts the deadline.
      const page = peers[0]!.session as unknown as { watch(): void };
      rewriteCurrent(peers, 0, (current) =>
        withHand(current, 'tick', (clock: number) => {
          if (!pageTicked && current.session.phase === 'disclose') {
            pageTicked = true;
            page.watch();
          }
          current.session.tick(clock);
        }),
      );
    },
  });
  expect(pageTicked).toBe(true);
  expect(report).toEqual({
    kind: 'abandon-in-disclose',
    game: 'stress-shed',
    cheater: 1,
    cheat: expect.objectContaining({
      kind: 'abandon-in-disclose',
      needsClock: true,
      expect: { caught: 'blame', codes: ['no-disclosure'] },
    }),
    committed: true,
    verdicts: [
      { seat: 0, code: 'no-disclosure', blamed: 1, detail: 'did not disclose its secrets for the audit in time' },
    ],
    leaks: [],
    honestLeaks: [],
    ok: true,
    why: '',
  });
}, 120_000);

it('replay, three seats: both honest peers end with a clean audit and the same final state', async () => {
  const report = await runCheat({ game: 'stress-shed', players: 3, kind: 'replay', seed: 3 });
  expect(report).toEqual({
    kind: 'replay',
    game: 'stress-shed',
    cheater: 2,
    cheat: expect.objectContaining({ kind: 'replay', expect: { caught: 'nothing' } }),
    committed: true,
    verdicts: [
      { seat: 0, code: 'clean', blamed: null, detail: 'audit clean' },
      { seat: 1, code: 'clean', blamed: null, detail: 'audit clean' },
    ],
    leaks: [],
    honestLeaks: [],
    ok: true,
    why: '',
  });
}, 120_000);

it('equivocate, three seats: both honest peers name the cheater; the judge waits for a page with no hand yet and for the later verdict, stops as soon as it has it, and minds no disagreement on the final state', async () => {
  let seated: SimulationPeer[] = [];
  let firstAt: number | null = null;
  let shownAt: number | null = null;
  const report = await runCheat({
    game: 'stress-shed',
    players: 3,
    kind: 'equivocate',
    seed: 3,
    onSeated: (peers) => {
      seated = [...peers];
      const seatedAt = Date.now();
      // Seat 1's page shows no hand yet for 300 ms (as a page that has not started it): no verdict, nothing to read.
      rewriteCurrent(peers, 0, (current) => (Date.now() - seatedAt < 300 ? null : current));
      // Seat 2 shows its halt only 1 s after seat 1 has its own (both halt at about the same time otherwise), and
      // another final state than seat 1's: only a replay's peers must agree on it.
      rewriteCurrent(peers, 1, (current) => {
        if (firstAt === null && seated[0]!.session.current?.session.halt) firstAt = Date.now();
        const other = withHand(current, 'hash', 'another state');
        if (firstAt === null || Date.now() - firstAt < 1000) return withHand(other, 'halt', null);
        shownAt ??= Date.now();
        return other;
      });
    },
  });
  const returnedAt = Date.now();
  expect(report).toEqual({
    kind: 'equivocate',
    game: 'stress-shed',
    cheater: 2,
    cheat: expect.objectContaining({ kind: 'equivocate', expect: { caught: 'blame', codes: ['equivocation'] } }),
    committed: true,
    verdicts: [
      { seat: 0, code: 'equivocation', blamed: 2, detail: EQUIVOCATION },
      { seat: 1, code: 'equivocation', blamed: 2, detail: EQUIVOCATION },
    ],
    leaks: [],
    honestLeaks: [],
    ok: true,
    why: '',
  });
  expect(shownAt).not.toBeNull();
  // A halt is a verdict at once: the judge returns as soon as the later page shows it, not after the stall timer
  // (15 s after the cheat) it would take to trust a stall. Timed from the verdict, not from the start: under load
  // the set-up alone can take longer than the stall timer.
  expect(returnedAt - shownAt!).toBeLessThan(5_000);
  // Every page names a silent seat as stalled after 15 s (SLOW_TURN_TIMERS turn timers), as a page does by default.
  for (const seat of [0, 1, 2]) expect(turnTimerOf(seated, seat)).toBe(15_000 / SLOW_TURN_TIMERS);
}, 120_000);

it('forged-signature, three seats: the cheater is named as stalled soon after, and a stall naming several seats names nobody', async () => {
  let seated: SimulationPeer[] = [];
  /** When each honest page first showed its stall (the verdict the judge reads). */
  const stalledAt: (number | null)[] = [null, null];
  const report = await runCheat({
    game: 'stress-shed',
    players: 3,
    kind: 'forged-signature',
    seed: 3,
    // Seat 1 is shown a stall that also names seat 2 (an honest table does not make one here).
    onSeated: (peers) => {
      seated = [...peers];
      rewriteCurrent(peers, 0, (current) => {
        if (!current.stalled) return current;
        stalledAt[0] ??= Date.now();
        return { ...current, stalled: { ...current.stalled, seats: [1, 2] } };
      });
      rewriteCurrent(peers, 1, (current) => {
        if (current.stalled) stalledAt[1] ??= Date.now();
        return current;
      });
    },
  });
  const returnedAt = Date.now();
  expect(report).toEqual({
    kind: 'forged-signature',
    game: 'stress-shed',
    cheater: 2,
    cheat: expect.objectContaining({ kind: 'forged-signature', expect: { caught: 'stall' } }),
    committed: true,
    verdicts: [
      { seat: 0, code: 'stalled', blamed: null, detail: 'stalled: to shuffle the deck (2, 3)' },
      { seat: 1, code: 'stalled', blamed: 2, detail: 'stalled: to shuffle the deck (3)' },
    ],
    leaks: [],
    honestLeaks: [],
    ok: false,
    why: 'seat 1 concluded stalled (stalled: to shuffle the deck (2, 3)), expected seat 3 named as stalled',
  });
  // An abort is trusted after its short stall timer (1.5 s), not the 15 s of any other cheat: every page runs that
  // timer, and the judge returns as soon as both honest pages show their stall. Timed from the verdicts, not the
  // start: under load the set-up alone can take longer than 15 s.
  for (const seat of [0, 1, 2]) expect(turnTimerOf(seated, seat)).toBe(1_500 / SLOW_TURN_TIMERS);
  expect(stalledAt.every((t) => t !== null)).toBe(true);
  expect(returnedAt - Math.max(...(stalledAt as number[]))).toBeLessThan(5_000);
}, 120_000);

it('claimsByOptions: School Blackjack with voluntaryDraw off, a false "cannot play" is disproved by the audit — a whole hand the judge never ticks, as the cheat needs no clock', async () => {
  const ticks: number[] = [];
  const report = await runCheat({
    game: 'school-blackjack',
    players: 2,
    kind: 'false-claim',
    seed: 3,
    options: { voluntaryDraw: false },
    claimsByOptions: true,
    onSeated: (peers) =>
      rewriteCurrent(peers, 0, (current) => withHand(current, 'tick', (clock: number) => ticks.push(clock))),
  });
  expect(report).toEqual({
    kind: 'false-claim',
    game: 'school-blackjack',
    cheater: 1,
    cheat: expect.objectContaining({
      kind: 'false-claim',
      expect: { caught: 'blame', codes: ['rules-fault', 'illegal-move', 'false-claim'] },
    }),
    committed: true,
    verdicts: [
      {
        seat: 0,
        code: 'rules-fault',
        blamed: 1,
        detail: 'rules: has-legal-play: false claim "seat 1 holds no card that may be played on 4D" (input 4)',
      },
    ],
    leaks: [],
    honestLeaks: [],
    ok: true,
    why: '',
  });
  expect(ticks).toEqual([]);
}, 120_000);

it('claimsByOptions without the option that makes claims: the cheat never happens, and the report says so and why the clean audit is no catch', async () => {
  const report = await runCheat({
    game: 'school-blackjack',
    players: 2,
    kind: 'false-claim',
    seed: 3,
    claimsByOptions: true,
  });
  expect(report).toEqual({
    kind: 'false-claim',
    game: 'school-blackjack',
    cheater: 1,
    cheat: expect.objectContaining({ kind: 'false-claim' }),
    committed: false,
    verdicts: [{ seat: 0, code: 'clean', blamed: null, detail: 'audit clean' }],
    leaks: [],
    honestLeaks: [],
    ok: false,
    why: 'the cheat never happened in this hand; seat 1 concluded clean blaming nobody (audit clean), expected rules-fault or illegal-move or false-claim blaming seat 2',
  });
}, 120_000);

it('a halt with the expected code that names another seat is no catch, in words', async () => {
  const report = await runCheat({
    game: 'stress-shed',
    players: 2,
    kind: 'equivocate',
    seed: 3,
    // Seat 1 is shown its halt naming seat 1 itself.
    onSeated: (peers) =>
      rewriteCurrent(peers, 0, (current) =>
        withHand(current, 'halt', current.session.halt && { ...current.session.halt, seat: 0 }),
      ),
  });
  expect(report).toEqual({
    kind: 'equivocate',
    game: 'stress-shed',
    cheater: 1,
    cheat: expect.objectContaining({ kind: 'equivocate' }),
    committed: true,
    verdicts: [{ seat: 0, code: 'equivocation', blamed: 0, detail: EQUIVOCATION }],
    leaks: [],
    honestLeaks: [],
    ok: false,
    why: `seat 1 concluded equivocation blaming seat 1 (${EQUIVOCATION}), expected equivocation blaming seat 2`,
  });
}, 120_000);

it('a halt where the cheat demands a stall is no catch, in words', async () => {
  relabel.expect = { caught: 'stall' };
  const report = await runCheat({ game: 'stress-shed', players: 2, kind: 'equivocate', seed: 3 });
  expect(report).toEqual({
    kind: 'equivocate',
    game: 'stress-shed',
    cheater: 1,
    cheat: expect.objectContaining({ kind: 'equivocate', expect: { caught: 'stall' } }),
    committed: true,
    verdicts: [{ seat: 0, code: 'equivocation', blamed: 1, detail: EQUIVOCATION }],
    leaks: [],
    honestLeaks: [],
    ok: false,
    why: `seat 1 concluded equivocation (${EQUIVOCATION}), expected seat 2 named as stalled`,
  });
}, 120_000);

it('a halt where the cheat demands that nothing change is no catch, nor are honest peers that disagree on the final state', async () => {
  relabel.expect = { caught: 'nothing' };
  const report = await runCheat({
    game: 'stress-shed',
    players: 3,
    kind: 'equivocate',
    seed: 3,
    // Seat 2 is shown holding another final state than seat 1.
    onSeated: (peers) => rewriteCurrent(peers, 1, (current) => withHand(current, 'hash', 'another state')),
  });
  expect(report).toEqual({
    kind: 'equivocate',
    game: 'stress-shed',
    cheater: 2,
    cheat: expect.objectContaining({ kind: 'equivocate', expect: { caught: 'nothing' } }),
    committed: true,
    verdicts: [
      { seat: 0, code: 'equivocation', blamed: 2, detail: EQUIVOCATION },
      { seat: 1, code: 'equivocation', blamed: 2, detail: EQUIVOCATION },
    ],
    leaks: [],
    honestLeaks: [],
    ok: false,
    why: [
      `seat 1 concluded equivocation (${EQUIVOCATION}), expected a clean hand`,
      `seat 2 concluded equivocation (${EQUIVOCATION}), expected a clean hand`,
      'the honest peers disagree on the final state',
    ].join('; '),
  });
}, 120_000);

it("leaks: what an honest peer's monitor saw fails the hand, a spectator's or a seat's, with its handle, unless its ledger says the cheater has seen that card (the cheater may always give away what it knows); the cheater's own is shown only with monitorCheater and never fails it", async () => {
  const leak = (seat: number | null, handle: number | null, card: string): Leak => ({
    seat,
    handle,
    card,
    how: `read ${card}`,
  });
  // Seat 1's ledger: handle 7 seen by seat 1 alone, handle 9 seen by the cheater (seat 2).
  const ledger = { cards: { 7: { card: null, seen: [0] }, 9: { card: null, seen: [1] } } };
  const seen = [leak(null, null, 'AS'), leak(0, 7, 'KH'), leak(1, null, '2C'), leak(0, 9, 'JC')];
  const monitorOf = (leaks: Leak[]) => () => ({ observe: () => {}, leaks }) as unknown as KnowledgeMonitor;
  for (const monitorCheater of [false, true]) {
    const report = await runCheat({
      game: 'stress-shed',
      players: 2,
      kind: 'equivocate',
      seed: 3,
      monitorCheater,
      onSeated: (peers) => {
        peers[0] = { ...peers[0]!, monitor: monitorOf(seen) };
        peers[1] = { ...peers[1]!, monitor: monitorOf([leak(1, 3, 'QD')]) };
        rewriteCurrent(peers, 0, (current) => withHand(current, 'engineState', ledger));
      },
    });
    expect(report).toEqual({
      kind: 'equivocate',
      game: 'stress-shed',
      cheater: 1,
      cheat: expect.objectContaining({ kind: 'equivocate' }),
      committed: true,
      verdicts: [{ seat: 0, code: 'equivocation', blamed: 1, detail: EQUIVOCATION }],
      leaks: monitorCheater ? [...seen, leak(1, 3, 'QD')] : seen,
      honestLeaks: [leak(null, null, 'AS'), leak(0, 7, 'KH')],
      ok: false,
      why: 'a spectator could read AS: read AS; seat 1 could read KH (handle 7): read KH',
    });
  }
}, 120_000);
