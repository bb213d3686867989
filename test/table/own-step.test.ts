/**
 * A cascade step this page's seat agent made itself (hand/cascade.ts
 * `presumeStep` with the step as made): its points are taken as made, not
 * decoded from the event's bytes again, and reach the state decoding would;
 * a made step of another kind, packet, seat, hand or table is not taken, and
 * the event's own bytes decide. On the recorded two-seat courier hand.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  decodeLockStep,
  decodeRelayerStep,
  decodeShuffleStep,
  seededRandom,
  type Step as CryptoStep,
} from '../../crypto/index.js';
import { checkProofs, isLocked, presumeStep, startDeal, takeStepUnchecked } from '../../src/table/hand/cascade.js';
import type { StepType } from '../../src/table/hand/event-pool.js';
import { HandFollower } from '../../src/table/hand/follower.js';
import { PacketBook } from '../../src/table/hand/packets.js';
import type { TableEvent } from '../../src/table/transcript.js';
import { courierFixture, fixtureGame, freshBook as bookFor, stateBytes, type CourierFixture } from './plumb-fixture.js';

let fx: CourierFixture;
let deal: TableEvent<StepType>[];
const rng = seededRandom('own-step');

beforeAll(() => {
  fx = courierFixture();
  const f = new HandFollower({
    setup: fx.setup,
    game: fixtureGame,
    rng,
    presumeProofs: () => true,
    presumeKey: () => true,
  });
  for (const e of fx.events.filter((e) => e.body.type !== 'disclose')) f.take(e);
  f.run();
  deal = f.pool
    .events()
    .filter(
      (e) => (e.type === 'shuffle' || e.type === 'lock') && (e as TableEvent<StepType>).data.packet === 0,
    ) as TableEvent<StepType>[];
});

const freshBook = () => bookFor(fx);
/** The step as its author made it (decoded here from the recorded bytes, as the agent's own object would be). */
function madeOf(book: PacketBook, e: TableEvent<StepType>): CryptoStep {
  const expect = { hand: book.hand, packet: e.data.packet, seat: e.seat };
  if (e.type === 'shuffle') return decodeShuffleStep(e.data.step, expect);
  if (e.type === 'lock') return decodeLockStep(e.data.step, expect);
  return decodeRelayerStep(e.data.step, expect);
}
const noBytes = (e: TableEvent<StepType>): TableEvent<StepType> => ({
  ...e,
  data: { ...e.data, step: new Uint8Array(0) },
});

describe('a step made here', () => {
  it('is applied as made, without decoding the event bytes, to the state decoding reaches', () => {
    const book = freshBook();
    const a = startDeal(book);
    const b = startDeal(freshBook());
    for (const e of deal) {
      // The event's bytes are gone: only the made step can have been applied.
      expect(presumeStep(a, noBytes(e), book, madeOf(book, e))).toEqual({ ok: true, value: null });
      expect(takeStepUnchecked(b, e, book)).toEqual({ ok: true, value: null });
      if (isLocked(b)) expect(checkProofs(b, rng)).toEqual({ ok: true, value: null });
      expect(stateBytes(a.state)).toEqual(stateBytes(b.state));
    }
    expect(a.state.phase).toBe('locked');
  });

  it('is not taken when it is not the awaited step: the event bytes decide', () => {
    const book = freshBook();
    const [s0, s1, l0] = deal as [TableEvent<StepType>, TableEvent<StepType>, TableEvent<StepType>];
    const other = (m: CryptoStep, header: Partial<CryptoStep['header']>): CryptoStep =>
      ({ ...m, header: { ...m.header, ...header } }) as CryptoStep;
    const wrong: CryptoStep[] = [
      madeOf(book, s1), // another seat's
      madeOf(book, l0), // another kind
      other(madeOf(book, s0), { packet: 1 }),
      other(madeOf(book, s0), { handNo: fx.setup.handNo + 1 }),
      other(madeOf(book, s0), { tableId: new TextEncoder().encode('another table') }),
    ];
    for (const made of wrong) {
      const c = startDeal(book);
      const out = presumeStep(c, noBytes(s0), book, made);
      expect(out.ok || out.error).toMatchObject({ code: 'bad-step', seat: 0 });
      expect(c.state.phase === 'shuffle' && c.state.next === 0).toBe(true);
      // With its bytes, the step is decoded and applied as before.
      expect(presumeStep(c, s0, book, made)).toEqual({ ok: true, value: null });
      expect(c.record.shuffle[0]!.header.seat).toBe(0);
    }
  });
});
