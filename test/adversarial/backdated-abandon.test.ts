/**
 * F5, a dodge still open after the fix: an abandon counts
 * once play is over only if it was made before the last step, which a peer
 * judged by the `at` the abandon carries — so a seat that would lose the
 * audit could date its abandon at step 0 and end the hand unblamed. An
 * abandon dated before steps its author had already signed events at is
 * proof of backdating (honest code dates every event by the step it has
 * reached) and is blamed on its author; an honest abandon made during play
 * still ends the hand. An abandon dated at a step no hand can reach (2^52)
 * is refused at once (`future-step`), one dated past the step at which play
 * ended is refused once play ends — before, either waited unjudged for
 * ever — and an abandon that waits for its step does not hold back another
 * seat's. An abandon dated at the very step where play ended is judged the
 * same whether a peer holds it before it takes that step or only after.
 * Spectator followers over a recorded courier hand.
 */
import { beforeAll, expect, it } from 'vitest';
import { seededRandom } from '../../crypto/index.js';
import { signEnvelope, type EnvelopeOf } from '../../src/net/envelope.js';
import { HandFollower } from '../../src/table/hand/follower.js';
import { recordCourierHand, signedExtra, type RecordedHand } from '../fuzz/recorded-hands.js';

type Event = EnvelopeOf<'table-event'>;
let hand: RecordedHand;
const bySeat1 = (e: Event) => e.from.every((b, i) => b === hand.signers[1]!.publicKey[i]);

beforeAll(async () => {
  hand = await recordCourierHand();
}, 300_000);

function settled(prefix: readonly Event[]): HandFollower {
  const f = new HandFollower({ setup: hand.setup, game: hand.game, rng: seededRandom('backdated') });
  for (const e of prefix) f.take(e);
  f.run();
  return f;
}

it('a backdated abandon sent once play is over is blamed on its author, not counted', () => {
  const played = hand.events.filter((e) => e.body.type !== 'disclose');
  const f = settled(played);
  expect(f.phase).toBe('disclose');
  const n = Math.max(...played.filter(bySeat1).map((e) => e.body.n)) + 1;
  expect(f.take(signedExtra(hand, 1, 'abandon', { reason: 'dated at step 0' }, n))).toBe(true);
  f.run();
  expect(f.halt).toMatchObject({ code: 'bad-event', seat: 1 });
  expect(f.halt!.detail).toMatch(/backdated/);
});

it('an abandon made during play, dated by the step its author reached, still ends the hand without a result', () => {
  const firstAct = hand.events.findIndex((e) => e.body.type === 'act');
  const prefix = hand.events.slice(0, firstAct);
  const f = settled(prefix);
  expect(f.phase).toBe('play');
  const n = Math.max(...prefix.filter(bySeat1).map((e) => e.body.n)) + 1;
  // Seat 2's events so far were all made at step 0 (the deal): an abandon at step 0 is honest here.
  expect(prefix.filter(bySeat1).every((e) => e.body.at === 0)).toBe(true);
  f.take(signedExtra(hand, 1, 'abandon', { reason: 'a player ended the hand' }, n));
  f.run();
  expect(f.halt).toMatchObject({ code: 'abandoned', seat: null });
});

/** An abandon by `seat` dated at step `at`, numbered after every event of that seat in the recorded hand. */
function datedAbandon(seat: number, at: number, reason: string): Event {
  const mine = hand.events.filter((e) => e.from.every((b, i) => b === hand.signers[seat]!.publicKey[i]));
  const n = Math.max(...mine.map((e) => e.body.n)) + 1;
  const extra = signedExtra(hand, seat, 'abandon', { reason }, n);
  return signEnvelope(hand.signers[seat]!, {
    kind: 'table-event',
    table: hand.setup.table,
    seq: extra.seq,
    to: null,
    body: { ...extra.body, at },
  });
}

it('an abandon dated step 2^52 is refused at once (future-step), naming its author', () => {
  const firstAct = hand.events.findIndex((e) => e.body.type === 'act');
  const f = settled(hand.events.slice(0, firstAct));
  expect(f.phase).toBe('play');
  f.take(datedAbandon(1, 2 ** 52, 'from the far future'));
  f.run();
  expect(f.halt).toMatchObject({ code: 'future-step', seat: 1 });
  expect(f.halt!.detail).toContain(`step ${2 ** 52}, beyond any step a hand can reach`);
  // Judged the same whenever it arrives: before the deal too.
  const early = settled(hand.events.slice(0, 1));
  early.take(datedAbandon(1, 2 ** 52, 'from the far future'));
  early.run();
  expect(early.halt).toMatchObject({ code: 'future-step', seat: 1 });
});

it('an abandon dated a step play never reaches waits while play runs, and is refused once play ends', () => {
  const firstAct = hand.events.findIndex((e) => e.body.type === 'act');
  const f = settled(hand.events.slice(0, firstAct));
  f.take(datedAbandon(1, 1_000, 'a step ahead'));
  f.run();
  expect(f.halt).toBeNull();
  expect(f.phase).toBe('play');
  for (const e of hand.events.slice(firstAct)) if (e.body.type !== 'disclose') f.take(e);
  f.run();
  const last = f.hashes.length - 1;
  expect(f.halt).toMatchObject({ code: 'future-step', seat: 1 });
  expect(f.halt!.detail).toBe(`dated its abandon at step 1000, but play ended at step ${last}`);
});

it("a waiting abandon of one seat does not keep another seat's abandon from ending the hand", () => {
  const firstAct = hand.events.findIndex((e) => e.body.type === 'act');
  const f = settled(hand.events.slice(0, firstAct));
  f.take(datedAbandon(0, 1_000, 'a step ahead'));
  f.take(datedAbandon(1, 0, 'a player ended the hand'));
  f.run();
  expect(f.halt).toMatchObject({ code: 'abandoned', seat: null });
  expect(f.halt!.detail).toContain('a player ended the hand');
});

it('an abandon dated at the step where play ended never counts, whether it arrives before that step is taken or after', () => {
  const played = hand.events.filter((e) => e.body.type !== 'disclose');
  const last = settled(played).hashes.length - 1;
  const abandon = () => datedAbandon(1, last, 'instead of its disclosure');
  // After: the disclosure round is open when the abandon is judged.
  const after = settled(played);
  after.take(abandon());
  after.run();
  // Before: the abandon is held when the last move is taken, and is judged at that step before the round opens —
  // as a page on a faster link from the abandon's author than from the last mover's takes them.
  const before = new HandFollower({ setup: hand.setup, game: hand.game, rng: seededRandom('backdated') });
  for (const e of played) before.take(e);
  before.take(abandon());
  before.run();
  for (const f of [after, before]) {
    expect(f.halt).toBeNull();
    expect(f.phase).toBe('disclose');
    expect(f.abandonWaiting).toBeNull();
  }
  // The disclosures are owed all the same: with them in, the audit runs.
  for (const e of hand.events) if (e.body.type === 'disclose') before.take(e);
  before.run();
  expect(before.phase).toBe('done');
});
