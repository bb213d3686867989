/**
 * F5, a dodge still open after the fix (issue 9 item 3): an abandon counts
 * once play is over only if it was made before the last step, which a peer
 * judged by the `at` the abandon carries — so a seat that would lose the
 * audit could date its abandon at step 0 and end the hand unblamed. An
 * abandon dated before steps its author had already signed events at is
 * proof of backdating (honest code dates every event by the step it has
 * reached) and is blamed on its author; an honest abandon made during play
 * still ends the hand. Spectator followers over a recorded courier hand.
 */
import { beforeAll, expect, it } from 'vitest';
import { seededRandom } from '../../crypto/index.js';
import type { EnvelopeOf } from '../../src/net/envelope.js';
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
