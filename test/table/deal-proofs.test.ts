/**
 * A cascade's proofs checked on another thread (hand/deal-proofs.ts), on the
 * recorded two-seat courier hand: `dealHolds` takes the deal's steps again
 * from their bytes and holds only for the whole deal with every proof good
 * (but for the steps the page took as its own, taken as made there too),
 * and takes a reshuffle's from its first state as bytes; a follower that
 * asks for the check opens no card of the deal or of the reshuffle until its
 * own answer, goes on as it would have when every step held, and otherwise
 * checks the proofs itself, naming a forger as a follower without a worker
 * does, also when the hand stops for another cause while it waits.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { seededRandom } from '../../crypto/index.js';
import type { EnvelopeOf } from '../../src/net/envelope.js';
import { sameData, sameJob } from '../../src/app/hand-worker-client.js';
import { dealHolds, type DealProofJob } from '../../src/table/hand/deal-proofs.js';
import { HandFollower } from '../../src/table/hand/follower.js';
import { courierDeal, type CourierDeal } from '../helpers/courier-deal.js';
import { courierFixture, fixtureGame, type CourierFixture } from './plumb-fixture.js';

type Event = EnvelopeOf<'table-event'>;
const rng = seededRandom('deal-proofs');
let fx: CourierFixture;
let hand: CourierDeal;
let events: readonly Event[];
let deal: readonly Event[];

beforeAll(() => {
  fx = courierFixture();
  hand = courierDeal(fx);
  ({ events, deal } = hand);
});

const jobOf = (steps: readonly Event[], change: Partial<DealProofJob> = {}) => hand.job(steps, change);
const forgedLock = () => hand.forgedLock();

describe('dealHolds', () => {
  it('holds for the whole deal, every proof good', () => {
    expect(deal.map((e) => e.body.type)).toEqual(['shuffle', 'shuffle', 'lock', 'lock']);
    expect(dealHolds(jobOf(deal), rng)).toBe(true);
  });

  const [s0, s1, l0] = [0, 1, 2];
  it.each<[string, () => DealProofJob]>([
    ['a lock step whose proof no longer holds', () => jobOf(deal.map((e, i) => (i === 3 ? forgedLock() : e)))],
    ['a step left out', () => jobOf(deal.filter((_, i) => i !== s1))],
    ['the last step left out (the deck is not locked)', () => jobOf(deal.slice(0, 3))],
    ['a step too many', () => jobOf([...deal, deal[l0]!])],
    ['two steps swapped', () => jobOf([deal[s1]!, deal[s0]!, ...deal.slice(2)])],
    ['the steps of another hand', () => jobOf(deal, { handNo: fx.setup.handNo + 1 })],
    ['another table', () => jobOf(deal, { table: `${fx.setup.table}x` })],
    ['a deck size no deal has', () => jobOf(deal, { deckSize: 7 as DealProofJob['deckSize'] })],
    ['a step of no bytes', () => ({ ...jobOf(deal), steps: [{ seat: 0, data: { step: new Uint8Array(0) } }] })],
  ])('does not hold for %s', (_, job) => {
    expect(dealHolds(job(), rng)).toBe(false);
  });

  it('takes a step the page marks as its own as made, as the page does: only the other steps’ proofs are summed', () => {
    const forged = jobOf(deal.map((e, i) => (i === 3 ? forgedLock() : e)));
    const marked = { ...forged, steps: forged.steps.map((s, i) => (i === 3 ? { ...s, presumed: true } : s)) };
    expect(dealHolds(marked, rng)).toBe(true);
    // Marked or not, a step that does not decode, or comes out of turn, still fails.
    const noBytes = {
      ...marked,
      steps: marked.steps.map((s, i) => (i === 3 ? { ...s, data: { step: new Uint8Array(3) } } : s)),
    };
    expect(dealHolds(noBytes, rng)).toBe(false);
    const early = { ...marked, steps: [marked.steps[3]!, ...marked.steps.slice(0, 3)] };
    expect(dealHolds(early, rng)).toBe(false);
  });
});

describe('a follower that has the deal checked elsewhere', () => {
  function follower(asked: DealProofJob[]) {
    return new HandFollower({ setup: fx.setup, game: fixtureGame, rng, askDealProofs: (job) => asked.push(job) });
  }
  /** The follower after every event up to the disclosures: where a follower that checks the deal itself gets. */
  function checkedHere(all: readonly Event[]) {
    const f = new HandFollower({ setup: fx.setup, game: fixtureGame, rng });
    for (const e of all) f.take(e);
    f.run();
    return f;
  }

  /** Answers each question as it is asked, with what `answer` makes of its job, until the follower asks no more. */
  function answerEach(f: HandFollower, asked: DealProofJob[], answer: (job: DealProofJob) => boolean) {
    for (let done = 0; done < asked.length; done++) {
      f.dealProofsAnswered(asked[done]!.packet, answer(asked[done]!));
      f.run();
    }
  }

  it('asks once when the deck locks, opens nothing until the answer, and then goes on as without it', () => {
    const asked: DealProofJob[] = [];
    const f = follower(asked);
    for (const e of events) f.take(e);
    f.run();
    expect(asked).toEqual([jobOf(deal)]);
    expect(f.phase).toBe('dealing');
    expect(f.run()).toBe(false);
    // The deal, then each of the courier hand's reshuffles from its first state: each waits for its own answer.
    answerEach(f, asked, (job) => dealHolds(job, rng));
    const here = checkedHere(events);
    expect(here.inputs.length).toBeGreaterThan(0);
    expect({ phase: f.phase, hash: f.hash, inputs: f.inputs.length }).toEqual({
      phase: here.phase,
      hash: here.hash,
      inputs: here.inputs.length,
    });
    expect(asked.map((j) => [j.packet, j.start === null])).toEqual([
      [0, true],
      [1, false],
      [2, false],
    ]);
  });

  it('the followers of two seats of one page ask the same jobs, reshuffles included (the page asks its worker once)', () => {
    // Each of the page's followers takes its own seat's steps as made; otherwise their jobs are the same data.
    const [one, two] = [0, 1].map((own) => {
      const asked: DealProofJob[] = [];
      const f = new HandFollower({
        setup: fx.setup,
        game: fixtureGame,
        rng,
        askDealProofs: (job) => asked.push(job),
        presumeProofs: (_, e) => e.seat === own,
      });
      for (const e of events) f.take(e);
      f.run();
      answerEach(f, asked, () => true);
      return asked;
    });
    expect(one!.length).toBe(3);
    expect(one!.map((job, i) => [sameData(job, two![i]), sameJob(job, two![i])])).toEqual([
      [false, true],
      [false, true],
      [false, true],
    ]);
    expect(sameJob(one![1], one![2])).toBe(false);
    const deal = one![0]!;
    const otherBytes = {
      ...deal,
      steps: deal.steps.map((s, i) => (i === 1 ? { ...s, data: { step: s.data.step.slice(1) } } : s)),
    };
    expect(sameJob(deal, otherBytes)).toBe(false);
  });

  it('checks the proofs itself when the answer is not "every step holds", and goes on when they do', () => {
    const asked: DealProofJob[] = [];
    const f = follower(asked);
    for (const e of events) f.take(e);
    f.run();
    answerEach(f, asked, () => false);
    expect({ phase: f.phase, hash: f.hash }).toEqual({
      phase: checkedHere(events).phase,
      hash: checkedHere(events).hash,
    });
  });

  const forged = () => events.map((e) => (e === deal[3] ? forgedLock() : e));
  it('names the forger of a step whose proof fails, as a follower that checks them itself does', () => {
    const f = follower([]);
    for (const e of forged()) f.take(e);
    f.run();
    expect(f.halt).toBeNull();
    f.dealProofsAnswered(0, false);
    f.run();
    const here = checkedHere(forged()).halt;
    expect(here).toMatchObject({ code: 'bad-step', seat: 1 });
    expect(f.halt).toEqual(here);
  });

  it('asks about a later reshuffle too: the other thread finds its forged lock, and the follower checks it itself and names its forger', () => {
    const lock = events.find(
      (e) => e.body.type === 'lock' && (e.body.data as { packet: number }).packet === 1 && hand.seatOf(e) === 1,
    );
    const reshuffleForged = events.map((e) => (e === lock ? hand.forgedLock(1) : e));
    const asked: DealProofJob[] = [];
    const f = follower(asked);
    for (const e of reshuffleForged) f.take(e);
    f.run();
    f.dealProofsAnswered(0, true);
    f.run();
    expect(asked.map((j) => j.packet)).toEqual([0, 1]);
    expect(f.halt).toBeNull();
    // An answer about another packet changes nothing; the reshuffle still waits for its own.
    f.dealProofsAnswered(0, true);
    expect(f.run()).toBe(false);
    const hold = dealHolds(asked[1]!, rng);
    expect(hold).toBe(false);
    f.dealProofsAnswered(1, hold);
    f.run();
    expect(f.halt).toMatchObject({ code: 'bad-step', seat: 1 });
    expect(f.halt).toEqual(checkedHere(reshuffleForged).halt);
  });

  it('names the forger when the hand stops for another cause while the answer is awaited', () => {
    const f = follower([]);
    for (const e of forged()) f.take(e);
    f.run();
    f.fault('this page failed');
    expect(f.halt).toMatchObject({ code: 'bad-step', seat: 1 });
    f.dealProofsAnswered(0, true);
    f.run();
    expect(f.halt).toMatchObject({ code: 'bad-step', seat: 1 });
  });
});
