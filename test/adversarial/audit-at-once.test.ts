/**
 * F2 at table level: a card that opens to "not-a-card" names
 * no seat by itself, so it must send the hand to the audit at once — every
 * seat discloses under the usual deadline — and the audit names the author
 * of the bad step. With the shuffle argument in force such a card is refused
 * at its shuffle step (the `shuffle-substitute` cheat, `bad-step`), so here
 * the argument is switched off (test only: vi.mock of the verifier the
 * follower imports, as in knowledge-monitor.test.ts) and the last shuffler
 * puts a card point of another hand at one position: opened publicly (every
 * peer finds the fault itself) or privately (only the recipient can: its
 * signed fault report sends every peer to the audit). Also: a seat that
 * withholds its disclosure in that audit is named `no-disclosure`, and a
 * seat that reports an unattributed fault in an honest hand with no evidence
 * is named `false-report` before anyone discloses (a report cannot dodge a
 * hand, nor open anyone's cards). The finder's report of a card sealed to it
 * carries its proven pair keys and its own keys for that card
 * (src/table/hand/faults.ts), which the other peer checks before it audits.
 */
import { afterEach, expect, it, vi } from 'vitest';
import { cardPoint, decodePacketSecrets, decodeShuffleStep, encodeShuffleStep } from '../../crypto/index.js';
import { deckFromPoints } from '../../crypto/packet.js';
import { proveShuffleStep } from '../../crypto/steps.js';
import type { GameId } from '../../src/games/index.js';
import { signEnvelope, type EnvelopeOf } from '../../src/net/envelope.js';
import type { Cheat, CheatContext } from '../../tools/sim/cheats.js';
import { hashBytes } from '../../src/table/hand/seat-agent.js';
import { seatPeers, until, type SimulationPeer } from '../../tools/sim/simulation.js';
import { shuffleArgument } from '../helpers/shuffle-argument-switch.js';
import { closeAll } from '../helpers/table-page.js';

vi.mock('../../crypto/index.js', async (importOriginal) => {
  const { withSwitchableShuffleArgument } = await import('../helpers/shuffle-argument-switch.js');
  return withSwitchableShuffleArgument(await importOriginal());
});

type Body = EnvelopeOf<'table-event'>['body'];

let running: SimulationPeer[] = [];
afterEach(() => {
  closeAll(running);
  running = [];
  shuffleArgument.checked = true;
});

/** The last shuffler (seat players−1) puts a card point of the next hand at output `position` of the deal packet, with the real prover's proof for its true (s, π). */
function substituteAt(position: number, dropDisclose = false): Cheat {
  return {
    kind: 'shuffle-substitute',
    what: `a card of another hand at position ${position}`,
    expect: { caught: 'blame', codes: ['crypto-fault'] },
    sign(body: Body, ctx: CheatContext): Body | null {
      if (ctx.done || body.type !== 'shuffle') return null;
      const data = body.data as { packet: number; step: Uint8Array };
      const hand = ctx.hand();
      const cascade = hand?.follower.cascade;
      const secrets = ctx
        .secrets()
        ?.packets.map((b) => decodePacketSecrets(b))
        .find((s) => s.packet === data.packet);
      if (!hand || !cascade || data.packet !== 0 || !secrets?.shuffle) return null;
      const msg = decodeShuffleStep(data.step);
      const params = hand.follower.book.hand.params;
      const foreign = cardPoint({ ...params, handNo: params.handNo + 1 }, 0).multiply(secrets.shuffle.s);
      const points = msg.deck.points.map((p, j) => (j === position ? foreign : p));
      const step = proveShuffleStep(
        cascade.state,
        ctx.seat,
        secrets.shuffle.s,
        secrets.shuffle.perm,
        deckFromPoints(points),
        msg.layer,
        ctx.rng,
      );
      ctx.done = true;
      return { ...body, data: { ...data, step: encodeShuffleStep(step) } };
    },
    ...(dropDisclose
      ? { publish: (envelope: EnvelopeOf<'table-event'>) => (envelope.body.type === 'disclose' ? null : undefined) }
      : {}),
  };
}

/** After its first move, the seat also signs a fault report naming nobody (a fault that is not there). */
const falseReport: Cheat = {
  kind: 'shuffle-substitute',
  what: 'a report of a fault with no seat in an honest hand',
  expect: { caught: 'blame', codes: ['false-report'] },
  publish(envelope, ctx) {
    if (ctx.done || envelope.body.type !== 'act') return undefined;
    const f = ctx.hand()!.follower;
    const body = {
      hand: f.setup.handNo,
      n: f.pool.nextSeq(ctx.seat),
      ...hashBytes(f.hashes),
      type: 'fault',
      data: { code: 'crypto-fault', seat: null, detail: 'a card opened to no card' },
    } as Body;
    const report = signEnvelope(ctx.signer, {
      kind: 'table-event',
      table: envelope.table,
      seq: envelope.seq + 1,
      to: envelope.to,
      body,
    });
    expect(f.take(report)).toBe(true);
    ctx.done = true;
    return [envelope, report];
  },
};

async function play(game: GameId, cheat: Cheat, seed = 3) {
  const cheater = 1;
  const { peers, cheat: ctx } = await seatPeers({
    game,
    players: 2,
    hands: 1,
    seed,
    cheat: { seat: cheater, cheat },
    // The deadlines go by the ticks a test gives: the pages' own once-a-second tick reads this clock too, where the
    // real clock could start the disclosure deadline at today's time, which those ticks would never reach.
    handClock: () => 0,
  });
  running = peers;
  const hands = () => peers.map((p) => p.session.current?.session);
  return { peers, ctx: ctx!, cheater, hands };
}

const halted = (hands: () => ({ halt: unknown } | undefined)[], seats: number[]) => () =>
  seats.every((s) => hands()[s]?.halt);

// Pesten, two seats: the deal reveals handles 0–4 to seat 1 (index 0), 5–9 to seat 2 (the cheater) and 10 to everyone.
it.each([
  { where: 'a card revealed to everyone (every peer finds it)', position: 10, finder: null },
  { where: 'a card sealed to the honest seat (only it can find it)', position: 0, finder: 0 },
  { where: 'a card sealed to the cheater itself', position: 5, finder: 1 },
])(
  'F2: $where that opens to no card goes to the audit at once, which names the last shuffler',
  async ({ position, finder }) => {
    shuffleArgument.checked = false;
    const { ctx, cheater, hands } = await play('pesten', substituteAt(position));
    await until(halted(hands, [0, 1]), 10);
    expect(ctx.done).toBe(true);
    for (const hand of hands()) {
      const f = hand!.follower;
      // The fault named nobody; it sent the hand to the disclosure round instead of halting it unblamed.
      expect(f.auditCause).not.toBeNull();
      expect(f.auditCause!.fault).toMatchObject({ code: 'crypto-fault', seat: null });
      expect(f.audit?.clean).toBe(false);
      expect(f.pool.events().filter((e) => e.type === 'disclose')).toHaveLength(2);
      expect(hand!.halt).toMatchObject({ code: 'crypto-fault', seat: cheater });
      expect(hand!.halt!.detail).toMatch(/audit at once/);
    }
    const [honest] = hands();
    if (finder === null) {
      expect(honest!.follower.auditCause!.reporter).toBeNull();
    } else {
      // Only the finder could see it: its signed report (fault, seat null), checked by its evidence, sent the other peer to the audit.
      const other = hands()[1 - finder]!.follower;
      expect(other.auditCause!.reporter).toBe(finder);
      const report = other.pool.faultReports().find((e) => e.seat === finder)!;
      expect(report.data.evidence).toMatchObject({ kind: 'sealed', openings: [{ from: 1 - finder }] });
      expect(hands()[finder]!.follower.auditCause!.reporter).toBeNull();
    }
  },
  180_000,
);

it('F2: a seat that withholds its disclosure in the audit at once is named at the disclosure deadline', async () => {
  shuffleArgument.checked = false;
  const { ctx, cheater, hands } = await play('pesten', substituteAt(10, true));
  const honest = () => hands()[0]!;
  await until(() => honest()?.follower.auditCause !== null && honest()?.follower.auditCause !== undefined, 10);
  expect(ctx.done).toBe(true);
  expect(honest().phase).toBe('disclose');
  expect(honest().waiting()?.seats).toEqual([cheater]);
  honest().tick(0);
  honest().tick(59_999);
  expect(honest().halt).toBeNull();
  honest().tick(60_000);
  expect(honest().halt).toMatchObject({ code: 'no-disclosure', seat: cheater });
}, 180_000);

it('a fault report naming nobody, with no evidence, in an honest hand: the reporter is named false-report and nobody discloses', async () => {
  const { ctx, cheater, hands } = await play('pesten', falseReport);
  await until(halted(hands, [0, 1]), 10);
  expect(ctx.done).toBe(true);
  for (const hand of hands()) {
    expect(hand!.follower.auditCause).toBeNull();
    expect(hand!.halt).toMatchObject({ code: 'false-report', seat: cheater });
    expect(hand!.follower.pool.events().filter((e) => e.type === 'disclose')).toEqual([]);
  }
}, 180_000);

it('with the shuffle argument in force the same substitution is refused at its step (bad-step), before any card opens', async () => {
  const { ctx, cheater, hands } = await play('pesten', substituteAt(10));
  await until(halted(hands, [0]), 10);
  expect(ctx.done).toBe(true);
  expect(hands()[0]!.halt).toMatchObject({ code: 'bad-step', seat: cheater });
  expect(hands()[0]!.follower.auditCause).toBeNull();
}, 180_000);
