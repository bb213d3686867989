/**
 * The cascade cheats of the attacker suite (src/table/cheats-protocol.ts:
 * shuffle-linear, shuffle-substitute, wrong-lock) looked at one rewrite at a
 * time in a live hand: two seats of stress-shed (seed 3) play honestly until
 * the cheating seat is about to sign its shuffle of packet 0 (or publish its
 * lock step); there a probe hands that honest step to the real cheat with the
 * seat's real context (its hand, its kept secrets) — or with one piece of it
 * changed — decodes what the cheat would send instead, and compares it point
 * by point with the honest step: exactly which output point each cheat
 * rewrites and into what, and when it leaves a step alone. The hand itself
 * stays honest (the probe sends the honest step) and is stopped once probed.
 * cheats-played.test.ts plays each cheat to its verdict; cheats-rewrites.test.ts
 * pins the cheats that need no hand.
 */
import { expect, it } from 'vitest';
import {
  cardPoint,
  decodeLockStep,
  decodePacketSecrets,
  decodeShuffleStep,
  encodePacketSecrets,
  encodePoint,
  seededRandom,
  type Point,
} from '../../crypto/index.js';
import type { Awaiting } from '../../src/engine/types.js';
import { verifyEnvelope, type EnvelopeOf } from '../../src/net/envelope.js';
import { makeCheat, type Cheat, type CheatContext, type CheatKind } from '../../src/table/cheats.js';
import type { HandSecrets, HandSession } from '../../src/table/hand-session.js';
import { seatPeers, until } from '../../src/table/simulation.js';

type Event = EnvelopeOf<'table-event'>;
type Body = Event['body'];
type StepData = { packet: number; step: Uint8Array };

const CHEATER = 1;

/** What a probe call gave: the rewritten body (null: left alone), or the error it threw. */
type Outcome = { body: Body | null } | { threw: string };

function tryCall(f: () => Body | null): Outcome {
  try {
    return { body: f() };
  } catch (e) {
    return { threw: String(e) };
  }
}

/** The cheater's context with some pieces replaced (a fresh, fixed rng: the real one is the hand's). */
function ctxFrom(
  real: CheatContext,
  over: Partial<Pick<CheatContext, 'hand' | 'secrets' | 'done'>> = {},
): CheatContext {
  const hand = real.hand();
  const stored = real.secrets();
  return {
    seat: real.seat,
    players: real.players,
    signer: real.signer,
    rng: seededRandom('probe'),
    hand: () => hand,
    secrets: () => stored,
    done: false,
    ...over,
  };
}

/**
 * Plays the hand until `when` picks an event of the cheater (in `sign` for a
 * shuffle body, in `publish` for an envelope); `probe` runs there, synchronously
 * (the hand moves on afterwards), and its result is returned.
 */
async function probeAt<T>(
  at: 'sign' | 'publish',
  when: (body: Body, ctx: CheatContext) => boolean,
  probe: (body: Body, ctx: CheatContext, envelope: Event | null) => T,
): Promise<T> {
  let result: { value: T } | null = null;
  const spy: Cheat = {
    kind: 'shuffle-linear',
    what: 'probe',
    expect: { caught: 'nothing' },
    ...(at === 'sign'
      ? {
          sign(body: Body, ctx: CheatContext) {
            if (result === null && when(body, ctx)) result = { value: probe(body, ctx, null) };
            return null;
          },
        }
      : {
          publish(envelope: Event, ctx: CheatContext) {
            if (result === null && when(envelope.body, ctx)) result = { value: probe(envelope.body, ctx, envelope) };
            return undefined;
          },
        }),
  };
  const { peers } = await seatPeers({
    game: 'stress-shed',
    players: 2,
    hands: 1,
    seed: 3,
    cheat: { seat: CHEATER, cheat: spy },
  });
  try {
    await until(() => result !== null, 10);
  } finally {
    for (const peer of peers) {
      peer.session.close();
      peer.mesh.stop();
    }
  }
  return result!.value;
}

const cheatOf = (kind: CheatKind): Cheat => makeCheat(kind, 'stress-shed')!;
const isFirstShuffle = (body: Body, ctx: CheatContext) =>
  body.type === 'shuffle' &&
  (body.data as StepData).packet === 0 &&
  ctx.hand()?.follower.cascade != null &&
  ctx.secrets() !== undefined;
const hex = (points: readonly Point[]) => points.map((p) => Buffer.from(encodePoint(p)).toString('hex'));
const shufflePoints = (body: Body) => decodeShuffleStep((body.data as StepData).step).deck.points;

/** `hand` whose game awaits `awaiting` (another first deal), all else its own. */
function handAwaiting(hand: HandSession, awaiting: Awaiting): HandSession {
  const game = Object.assign(Object.create(hand.config.game) as object, { awaits: () => awaiting });
  return {
    config: { ...hand.config, game },
    follower: { state: hand.follower.state, cascade: hand.follower.cascade, book: hand.follower.book },
  } as unknown as HandSession;
}

it('shuffle-linear: output point a (the first the deal shows the cheater) becomes Y_a + 2·Y_b (b the first shown to the other seat), nothing else changes', async () => {
  const seen = await probeAt('sign', isFirstShuffle, (body, real) => {
    const hand = real.hand()!;
    const cheat = cheatOf('shuffle-linear');
    const ctx = ctxFrom(real);
    const out = tryCall(() => cheat.sign!(body, ctx));
    // Which handle the first deal shows to whom (what a and b are taken from).
    const awaiting = hand.config.game.awaits(hand.follower.state!);
    // No deal in sight: a = 0, b = 1.
    const noDeal = tryCall(() =>
      cheat.sign!(body, ctxFrom(real, { hand: () => handAwaiting(hand, { kind: 'over' }) })),
    );
    // A deal whose public part comes first and which shows the cheater's a to the other seat too: b is the first other handle the other seat sees.
    const odd = tryCall(() =>
      cheat.sign!(
        body,
        ctxFrom(real, {
          hand: () =>
            handAwaiting(hand, {
              kind: 'crypto',
              requests: [
                { id: 0, kind: 'reveal-all', handles: [4, 5] },
                { id: 1, kind: 'reveal-to', seat: 0, handles: [20, 8] },
                { id: 2, kind: 'reveal-to', seat: CHEATER, handles: [20, 21] },
              ],
            }),
        }),
      ),
    );
    return { body, out, done: ctx.done, awaiting, noDeal, odd };
  });
  expect(seen.awaiting).toEqual({
    kind: 'crypto',
    requests: [
      { id: 0, kind: 'reveal-to', seat: 0, handles: [8, 9, 10, 11] },
      { id: 1, kind: 'reveal-to', seat: CHEATER, handles: [20, 21, 22, 23] },
      { id: 2, kind: 'reveal-all', handles: [4, 5, 6, 7, 16, 17, 18, 19, 24] },
    ],
  });
  const honest = shufflePoints(seen.body);
  expect(honest).toHaveLength(52);
  const linear = (a: number, b: number) => hex(honest.map((p, j) => (j === a ? p.add(honest[b]!.multiply(2n)) : p)));
  expect('body' in seen.out).toBe(true);
  const out = (seen.out as { body: Body }).body;
  expect(out.type).toBe('shuffle');
  expect({ ...out, data: null }).toEqual({ ...seen.body, data: null });
  expect((out.data as StepData).packet).toBe(0);
  const step = decodeShuffleStep((out.data as StepData).step);
  const before = decodeShuffleStep((seen.body.data as StepData).step);
  expect(hex(step.layer.points)).toEqual(hex(before.layer.points));
  expect(hex(step.deck.points)).toEqual(linear(20, 8));
  expect(seen.done).toBe(true);
  expect(seen.noDeal).toEqual({ body: expect.anything() });
  expect(hex(shufflePoints((seen.noDeal as { body: Body }).body))).toEqual(linear(0, 1));
  expect(seen.odd).toEqual({ body: expect.anything() });
  expect(hex(shufflePoints((seen.odd as { body: Body }).body))).toEqual(linear(20, 8));
}, 60_000);

it('the shuffle cheats leave a step alone unless it is their first shuffle of packet 0 with the hand, its cascade and its secrets', async () => {
  const seen = await probeAt('sign', isFirstShuffle, (body, real) => {
    const hand = real.hand()!;
    const stored = real.secrets()!;
    const params = hand.follower.book.hand.params;
    const mine = decodePacketSecrets(stored.packets[0]!);
    // The same secrets, said to be of packet 1 (a later packet, as a reshuffle makes).
    const later: HandSecrets = {
      ...stored,
      packets: [...stored.packets, encodePacketSecrets({ ...mine, packet: 1 }, params)],
    };
    const data = body.data as StepData;
    const cheat = cheatOf('shuffle-linear');
    const call = (b: Body, over: Parameters<typeof ctxFrom>[1]) => tryCall(() => cheat.sign!(b, ctxFrom(real, over)));
    return {
      mine,
      cheats: call(body, {}),
      done: call(body, { done: true }),
      lock: call({ ...body, type: 'lock' }, {}),
      noSecrets: call(body, { secrets: () => undefined }),
      noHand: call(body, { hand: () => null }),
      noCascade: call(body, {
        hand: () =>
          ({
            config: hand.config,
            follower: { state: hand.follower.state, cascade: null, book: hand.follower.book },
          }) as unknown as HandSession,
      }),
      packet1: call({ ...body, data: { ...data, packet: 1 } }, { secrets: () => later }),
      noPacketSecrets: call(body, { secrets: () => ({ ...stored, packets: [] }) }),
      noShuffleSecrets: call(body, {
        secrets: () => ({ ...stored, packets: [encodePacketSecrets({ packet: 0, seat: CHEATER }, params)] }),
      }),
    };
  });
  expect(seen.mine).toMatchObject({ packet: 0, seat: CHEATER, shuffle: { s: expect.any(BigInt) } });
  expect(seen.cheats).toEqual({ body: expect.objectContaining({ type: 'shuffle' }) });
  for (const left of [
    'done',
    'lock',
    'noSecrets',
    'noHand',
    'noCascade',
    'packet1',
    'noPacketSecrets',
    'noShuffleSecrets',
  ] as const) {
    expect([left, seen[left]]).toEqual([left, { body: null }]);
  }
}, 60_000);

it('shuffle-substitute: output point 3 becomes card 0 of hand handNo + 1 times the seat’s own s, nothing else changes', async () => {
  const seen = await probeAt('sign', isFirstShuffle, (body, real) => {
    const hand = real.hand()!;
    const stored = real.secrets()!;
    const params = hand.follower.book.hand.params;
    const mine = decodePacketSecrets(stored.packets[0]!);
    const cheat = cheatOf('shuffle-substitute');
    const ctx = ctxFrom(real);
    const out = tryCall(() => cheat.sign!(body, ctx));
    // Secrets of another packet listed first (with another s): the cheat takes packet 0's.
    const other = encodePacketSecrets(
      { ...mine, packet: 1, shuffle: { ...mine.shuffle!, s: mine.shuffle!.s + 1n } },
      params,
    );
    const reordered = tryCall(() =>
      cheat.sign!(body, ctxFrom(real, { secrets: () => ({ ...stored, packets: [other, ...stored.packets] }) })),
    );
    return { body, out, done: ctx.done, params, s: mine.shuffle!.s, reordered };
  });
  expect(seen.params.handNo).toBe(0);
  const honest = shufflePoints(seen.body);
  const foreign = cardPoint({ ...seen.params, handNo: 1 }, 0).multiply(seen.s);
  const expected = hex(honest.map((p, j) => (j === 3 ? foreign : p)));
  expect(hex([foreign])).not.toEqual(hex([honest[3]!]));
  expect(hex([foreign])).not.toEqual(hex([cardPoint(seen.params, 0).multiply(seen.s)]));
  expect('body' in seen.out).toBe(true);
  const out = (seen.out as { body: Body }).body;
  expect({ ...out, data: null }).toEqual({ ...seen.body, data: null });
  expect((out.data as StepData).packet).toBe(0);
  expect(hex(shufflePoints(out))).toEqual(expected);
  expect(seen.done).toBe(true);
  expect('body' in seen.reordered).toBe(true);
  expect(hex(shufflePoints((seen.reordered as { body: Body }).body))).toEqual(expected);
}, 60_000);

it('wrong-lock: its first lock step with exactly point 2 times 3, re-signed', async () => {
  const seen = await probeAt(
    'publish',
    (body) => body.type === 'lock',
    (_body, real, envelope) => {
      const cheat = cheatOf('wrong-lock');
      const ctx = ctxFrom(real);
      const out = cheat.publish!(envelope!, ctx) as Event;
      return { envelope: envelope!, out, done: ctx.done, again: cheat.publish!(envelope!, ctx) };
    },
  );
  const data = seen.envelope.body.data as StepData;
  const before = decodeLockStep(data.step);
  const after = decodeLockStep((seen.out.body.data as StepData).step);
  expect(before.deck.points).toHaveLength(52);
  expect(hex(after.deck.points)).toEqual(hex(before.deck.points.map((p, j) => (j === 2 ? p.multiply(3n) : p))));
  expect(after.header).toEqual(before.header);
  expect(seen.out).toMatchObject({
    kind: 'table-event',
    table: seen.envelope.table,
    seq: seen.envelope.seq,
    to: seen.envelope.to,
    from: seen.envelope.from,
  });
  expect({ ...seen.out.body, data: null }).toEqual({ ...seen.envelope.body, data: null });
  expect((seen.out.body.data as StepData).packet).toBe(data.packet);
  expect(verifyEnvelope(seen.out)).toBe(true);
  expect(seen.done).toBe(true);
  expect(seen.again).toBeUndefined();
}, 60_000);
