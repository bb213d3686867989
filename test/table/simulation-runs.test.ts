/**
 * The simulator (tools/sim/simulation.ts) and the judge of a cheating hand
 * (tools/sim/cheat-run.ts) checked on their own reports, each with the
 * shortest hand that shows the part under test: two seats of stress-shed
 * with fixed seeds. runCheat must say exactly what the honest seat
 * concluded and whether that is what the cheat demands — named with an
 * expected code, named as stalled for an abort, nothing changed for a
 * replay — and, when it is not (F1 played with the shuffle argument off,
 * test-only), say why in words, with the card the cheater could read.
 * simulate() must report a finished hand as every peer holds it (agreed
 * hash, clean audits, the moves counted) and export it for a transcript.
 */
import { afterEach, expect, it, vi } from 'vitest';
import { runCheat } from '../../tools/sim/cheat-run.js';
import { simulate, type HandResult, type SimulationPeer } from '../../tools/sim/simulation.js';
import type { HandToExport } from '../../src/verify/transcript-file.js';
import { shuffleArgument } from '../helpers/shuffle-argument-switch.js';

vi.mock('../../crypto/index.js', async (importOriginal) => {
  const { withSwitchableShuffleArgument } = await import('../helpers/shuffle-argument-switch.js');
  return withSwitchableShuffleArgument(await importOriginal());
});

afterEach(() => {
  shuffleArgument.checked = true;
});

it('runCheat has nothing to play where the game offers no such cheat', async () => {
  expect(await runCheat({ game: 'pesten', players: 2, kind: 'false-claim' })).toBeNull();
  expect(await runCheat({ game: 'stress-speed', players: 2, kind: 'wrong-card' })).toBeNull();
  expect(await runCheat({ game: 'no-such-game' as never, players: 2, kind: 'replay' })).toBeNull();
}, 300_000);

it('a cheat caught as it must be: the honest seat names the cheater with an expected code, and the table is closed after', async () => {
  let seated: SimulationPeer[] = [];
  const report = await runCheat({
    game: 'stress-shed',
    players: 2,
    kind: 'equivocate',
    seed: 3,
    onSeated: (peers) => (seated = peers),
  });
  expect(report).toEqual({
    kind: 'equivocate',
    game: 'stress-shed',
    cheater: 1,
    cheat: expect.objectContaining({ kind: 'equivocate', expect: { caught: 'blame', codes: ['equivocation'] } }),
    committed: true,
    verdicts: [
      {
        seat: 0,
        code: 'equivocation',
        blamed: 1,
        detail: 'sent two different ready events for one purpose (equivocation)',
      },
    ],
    leaks: [],
    honestLeaks: [],
    ok: true,
    why: '',
  });
  expect(seated).toHaveLength(2);
  // Only the honest seat is watched by a knowledge monitor.
  expect(seated[0]!.monitor!()).not.toBeNull();
  expect(seated[1]!.monitor!()).toBeNull();
  expect(seated[0]!.session.current!.session.halt).toMatchObject({ code: 'equivocation', seat: 1 });
  // Both pages were closed (their private flags: nothing public tells a closed page from an idle one).
  for (const peer of seated) {
    expect((peer.session as unknown as { closed: boolean }).closed).toBe(true);
    expect((peer.mesh as unknown as { timers: unknown[] }).timers).toEqual([]);
  }
}, 300_000);

it('a cheat not caught as it must be: the report says why, with the card the cheater could read', async () => {
  shuffleArgument.checked = false;
  const report = (await runCheat({
    game: 'stress-shed',
    players: 2,
    kind: 'shuffle-linear',
    seed: 7,
    monitorCheater: true,
  }))!;
  expect(report.committed).toBe(true);
  expect(report.ok).toBe(false);
  expect(report.verdicts).toEqual([
    {
      seat: 0,
      code: 'crypto-fault',
      blamed: 1,
      detail: expect.stringContaining("found: seat 2's shuffled card 20 is not s·(input 6)"),
    },
  ]);
  expect(report.leaks).toEqual([
    { seat: 1, handle: null, card: 'KH', how: 'read out of the combination at packet 0 position 20 (coefficient 2)' },
  ]);
  // The cheater's own reading is shown but is no failure of the honest peers; the honest seat's mid-hand disclosure
  // (the audit at once, on the cheater's checked evidence of a card that opens to no card) is.
  expect(report.why).toBe(
    `seat 1 concluded crypto-fault blaming seat 2 (${report.verdicts[0]!.detail}), expected bad-step blaming seat 2; ` +
      "seat 1 went to the audit at once, disclosing its secrets mid-hand (seat 2's report: crypto-fault)",
  );
}, 300_000);

it('an abort: the cheater is named as stalled', async () => {
  const report = (await runCheat({ game: 'stress-shed', players: 2, kind: 'forged-signature', seed: 3 }))!;
  expect(report.verdicts).toEqual([
    { seat: 0, code: 'stalled', blamed: 1, detail: 'stalled: to shuffle the deck (2)' },
  ]);
  expect(report.ok).toBe(true);
  expect(report.why).toBe('');
}, 300_000);

it('simulate reports a finished hand as every peer holds it, and exports it', async () => {
  const logs = new Set<number>();
  const exported: HandToExport[] = [];
  const seen: HandResult[] = [];
  const results = await simulate(
    {
      game: 'stress-shed',
      players: 2,
      hands: 1,
      seed: 5,
      options: {},
      onLog: (seat) => logs.add(seat),
      onHandExport: (hand) => exported.push(hand),
    },
    (result) => seen.push(result),
  );
  expect(results).toHaveLength(1);
  expect(seen).toEqual(results);
  const result = results[0]!;
  expect(result.hand).toBe(0);
  expect(result.allClean).toBe(true);
  expect(result.agreedHash).toMatch(/^[0-9a-f]{64}$/);
  expect(result.moves).toBeGreaterThan(10);
  expect(result.reshuffles).toBeGreaterThanOrEqual(0);
  expect(result.peers).toEqual(
    [0, 1].map((seat) => ({ seat, phase: 'done', hash: result.agreedHash, audit: 'clean', blame: null, halt: null })),
  );
  expect(result.ranking.flat().sort()).toEqual([0, 1]);
  expect(result.winner).toBe(result.ranking[0]![0]);
  expect([...logs].sort()).toEqual([0, 1]);
  expect(exported).toHaveLength(1);
  const hand = exported[0]!;
  expect(hand.setup).toMatchObject({ game: 'stress-shed', handNo: 0, seatKeys: expect.any(Array) });
  expect(hand.setup.seatKeys).toHaveLength(2);
  expect(hand.stateHash).toBe(result.agreedHash);
  expect(hand.envelopes.filter((e) => !(e instanceof Uint8Array) && e.body.type === 'act')).toHaveLength(result.moves);
  expect(hand.outcome).toMatchObject({ stateHash: result.agreedHash });
}, 300_000);
