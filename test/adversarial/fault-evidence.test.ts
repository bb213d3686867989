/**
 * Fault reports carry their evidence (src/table/hand/faults.ts), at three
 * seats over the in-memory mesh with bot peers and the real cryptography.
 * A signed report of a fault with no seat used to make whoever received it
 * disclose every secret mid-hand (sent to one seat: that seat alone, and the
 * cheater read its hidden cards; sent to all: every seat); now it names its
 * author `false-report` on every honest screen — one addressed to one seat
 * reaches the others too, since every page passes a table event on whatever
 * its `to` says, and it takes effect only once every seat holds it — and
 * nobody discloses anything. Key shares
 * sealed wrong to one seat used to halt that seat alone while the third seat
 * named it as stalled; now the recipient proves its pair key
 * (crypto/seal-proof.ts) and every seat names the sender. A recipient that
 * accuses an honest sender with a real proof is named instead.
 */
import { afterEach, expect, it } from 'vitest';
import { keyHex } from '../../src/net/envelope.js';
import { cheaterSeat, makeCheat, type CheatKind } from '../../tools/sim/cheats.js';
import { seatPeers, until, type SimulationPeer } from '../../tools/sim/simulation.js';
import { buildTranscriptFile } from '../../src/verify/transcript-file.js';
import { verifyTranscript } from '../../src/verify/verify-transcript.js';
import { closeAll } from '../helpers/table-page.js';

let running: SimulationPeer[] = [];
afterEach(() => {
  closeAll(running);
  running = [];
});

const PLAYERS = 3;

async function play(kind: CheatKind, seed = 5) {
  const cheat = makeCheat(kind, 'stress-shed')!;
  const cheater = cheaterSeat(kind, PLAYERS);
  const { peers, cheat: ctx } = await seatPeers({
    game: 'stress-shed',
    players: PLAYERS,
    hands: 1,
    seed,
    cheat: { seat: cheater, cheat },
    monitor: 'all',
  });
  running = peers;
  const honest = [...Array(PLAYERS).keys()].filter((seat) => seat !== cheater);
  const hand = (seat: number) => peers[seat]!.session.current!.session;
  await until(() => honest.every((seat) => peers[seat]!.session.current?.session.halt), 10);
  expect(ctx!.done, 'the cheat happened').toBe(true);
  return { peers, cheater, honest, hand };
}

/** No honest seat disclosed (every pool it holds lacks an honest seat's disclose), and the cheater's monitor read no hidden card. */
function nothingDisclosed(peers: SimulationPeer[], cheater: number, honest: number[]) {
  const hand = (seat: number) => peers[seat]!.session.current!.session;
  for (const seat of [...honest, cheater]) {
    const disclosed = hand(seat)
      .follower.pool.events()
      .filter((e) => e.type === 'disclose' && e.seat !== cheater);
    expect(disclosed, `seat ${seat + 1} holds an honest disclosure`).toEqual([]);
  }
  const monitor = peers[cheater]!.monitor?.();
  monitor?.observe();
  expect(monitor?.leaks ?? []).toEqual([]);
}

it.each([
  { kind: 'false-report-one' as const, to: 'one seat over its direct link' },
  { kind: 'false-report-all' as const, to: 'everyone' },
])(
  'a fault report naming nobody, with no evidence, sent to $to: every honest seat names its author false-report and nobody discloses',
  async ({ kind }) => {
    const { peers, cheater, honest, hand } = await play(kind);
    for (const seat of honest) {
      expect(hand(seat).halt).toMatchObject({ code: 'false-report', seat: cheater });
      expect(hand(seat).follower.auditCause).toBeNull();
    }
    if (kind === 'false-report-one') {
      // Addressed to seat 1 alone, the report still reached seat 2: seat 1 passed it on (a table event is public, its
      // `to` is not honoured), so it took effect on both and each refuted it itself.
      const [victim, other] = honest as [number, number];
      const report = hand(victim)
        .follower.pool.faultReports()
        .find((e) => e.seat === cheater);
      expect(report?.envelope.to && keyHex(report.envelope.to)).toBe(hand(victim).config.setup.seatKeys[victim]);
      expect(
        hand(other)
          .follower.pool.faultReports()
          .find((e) => e.seat === cheater)?.envelope.sig,
      ).toEqual(report?.envelope.sig);
    }
    nothingDisclosed(peers, cheater, honest);
  },
  120_000,
);

it.each([
  { kind: 'sealed-missing-key' as const, code: 'missing-key' },
  { kind: 'sealed-wrong-key' as const, code: 'wrong-key' },
  { kind: 'sealed-garbage' as const, code: 'unsealable' },
])(
  'key shares sealed wrong to one seat ($kind): the recipient proves its pair key and every honest seat names the sender $code',
  async ({ kind, code }) => {
    const { peers, cheater, honest, hand } = await play(kind);
    const recipient = honest.find((seat) =>
      hand(seat)
        .follower.pool.faultReports()
        .some((e) => e.seat === seat && e.data.evidence?.kind === 'sealed'),
    );
    expect(recipient, 'the recipient sent a report with its proven pair key').toBeDefined();
    for (const seat of honest) expect(hand(seat).halt).toMatchObject({ code, seat: cheater });
    const third = honest.find((seat) => seat !== recipient)!;
    expect(hand(third).halt!.detail).toMatch(/shown by seat \d's proof/);
    nothingDisclosed(peers, cheater, honest);
    // The offline verifier (npm run verify) replays the third seat's events, the recipient's report among them, and checks its evidence.
    const file = buildTranscriptFile([
      {
        setup: hand(third).config.setup,
        envelopes: hand(third).follower.pool.envelopes(),
        stateHash: null,
        outcome: null,
      },
    ]);
    expect(verifyTranscript(file).fault).toMatchObject({ code, seat: cheater });
  },
  120_000,
);

it('a recipient that accuses an honest sender, with a real proof of their pair key, is named false-report', async () => {
  const { peers, cheater, honest, hand } = await play('sealed-false-accusation');
  for (const seat of honest) {
    expect(hand(seat).halt).toMatchObject({ code: 'false-report', seat: cheater });
    expect(hand(seat).halt!.detail).toMatch(/open and check out/);
  }
  nothingDisclosed(peers, cheater, honest);
}, 120_000);
