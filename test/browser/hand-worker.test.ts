/**
 * The page's hand-crypto worker in Chromium (src/app/hand-worker-client.ts and
 * hand-worker.ts): a real module worker finds that the recorded courier
 * hand's deal and its reshuffle (from the packet's first state as bytes)
 * hold and that ones with a forged or broken lock step do not, makes a
 * seat's shuffle that verifies against the packet it was asked for (and none
 * for a job it cannot make), and finds the hand's cards for its audit as the
 * page does (and none with a forged disclosure); and the client settles as
 * "not held", "not made" or "no cards" (the hand then does the work itself)
 * for a worker that fails to load, one that never answers, and a browser
 * that cannot make one. The patience is the worker's: a job queued behind
 * others gets it whole once its turn comes, a job that says it is still
 * going keeps it, and a worker silent for that long is ended, with a new
 * one for the next job. The same audit asked by two of the page's seats is
 * sent once. Warmed ahead of any job, the client starts its one
 * worker then (a new one for the first job if that one failed).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createHand,
  decodeShuffleStep,
  newPacketSecrets,
  openDeck,
  seededRandom,
  verifyShuffleStep,
} from '../../crypto/index.js';
import { HandWorkerClient } from '../../src/app/hand-worker-client.js';
import { stepJob } from '../../src/table/hand/steps-elsewhere.js';
import { auditedCards, type AuditJob } from '../../src/table/hand/audit-elsewhere.js';
import type { DealProofJob } from '../../src/table/hand/deal-proofs.js';
import { HandFollower } from '../../src/table/hand/follower.js';
import { courierGame } from '../table/courier-game.js';
import raw from '../fixtures/courier-hand-2p.json';
import { courierDeal, decodeStoredHand, type CourierDeal, type StoredHand } from '../helpers/courier-deal.js';

let hand: CourierDeal;
let stored: ReturnType<typeof decodeStoredHand>;
beforeAll(() => {
  stored = decodeStoredHand(raw as StoredHand);
  hand = courierDeal(stored);
});

/** A worker made from `code`, as the client would start its own. */
const workerOf = (code: string) => () => new Worker(URL.createObjectURL(new Blob([code], { type: 'text/javascript' })));

describe('the hand-crypto worker', () => {
  it('finds that every step of a real deal holds, and that a deal with a forged lock does not', async () => {
    const client = new HandWorkerClient();
    const forged = hand.deal.map((e, i) => (i === 3 ? hand.forgedLock() : e));
    // Two jobs at once, on one worker: each answer reaches its own job.
    expect(await Promise.all([client.check(hand.job()), client.check(hand.job(forged))])).toEqual([true, false]);
    expect(await client.check(hand.job(hand.deal.slice(0, 3)))).toBe(false);
  });

  it('finds that a reshuffle holds from its first state as bytes, and not with a broken lock step', async () => {
    // The jobs a follower of the recorded hand asks, each answered with "not held" so it checks them itself and goes on.
    const jobsOf = (events: typeof stored.events) => {
      const asked: DealProofJob[] = [];
      const f = new HandFollower({ setup: stored.setup, game: courierGame, askDealProofs: (job) => asked.push(job) });
      for (const e of events) f.take(e);
      f.run();
      for (let i = 0; i < asked.length; i++) {
        f.dealProofsAnswered(asked[i]!.packet, false);
        f.run();
      }
      return asked;
    };
    const reshuffle = jobsOf(stored.events).find((j) => j.packet === 1)!;
    expect(reshuffle.start).not.toBeNull();
    const client = new HandWorkerClient();
    expect(await client.check(reshuffle)).toBe(true);
    const forged = {
      ...reshuffle,
      steps: reshuffle.steps.map((s, i) =>
        i === reshuffle.steps.length - 1 ? { ...s, data: { step: s.data.step.slice(0, -1) } } : s,
      ),
    };
    expect(await client.check(forged)).toBe(false);
  });

  it('makes a seat’s shuffle that verifies against its packet, and none for a job it cannot make', async () => {
    const state = openDeck(createHand({ tableId: new Uint8Array(16), handNo: 0, seats: 2, deckSize: 52 }));
    const client = new HandWorkerClient();
    const made = await client.make(stepJob(state, 0, newPacketSecrets(0, 0), () => undefined));
    expect(made).not.toBeNull();
    expect(made!.secrets.shuffle?.perm).toHaveLength(52);
    expect(verifyShuffleStep(state, decodeShuffleStep(made!.bytes), seededRandom('check')).ok).toBe(true);
    // Seat 1 may not shuffle before seat 0: the worker answers that it made nothing.
    expect(await client.make(stepJob(state, 1, newPacketSecrets(0, 1), () => undefined))).toBeNull();
  });

  it('finds every packet’s cards for the recorded hand’s audit, as the page does, and none with a forged disclosure', async () => {
    const jobs: AuditJob[] = [];
    const f = new HandFollower({ setup: stored.setup, game: courierGame, askAudit: (job) => jobs.push(job) });
    for (const e of stored.events) f.take(e);
    f.run();
    const job = jobs[0]!;
    const forged: AuditJob = {
      ...job,
      disclosures: job.disclosures.map((d, i) =>
        i === 0 ? { ...d, data: { ...d.data, sealSecret: new Uint8Array(32) } } : d,
      ),
    };
    const client = new HandWorkerClient();
    const [cards, none] = await Promise.all([client.audit(job), client.audit(forged)]);
    expect(cards?.length).toBe(job.cascades.length);
    expect(cards).toEqual(auditedCards(job, seededRandom('audit here')));
    expect(none).toBeNull();
  });

  it('asks its worker once for the same check asked by two seats of the page, and again for another', async () => {
    // The worker finds that only the first job it is sent holds.
    const client = new HandWorkerClient(
      workerOf('let n = 0; onmessage = ({ data }) => postMessage({ id: data.id, hold: ++n === 1 })'),
    );
    const asked = [hand.job(), hand.job(), hand.job(undefined, { handNo: 99 })].map((job) => client.check(job));
    expect(await Promise.all(asked)).toEqual([true, true, false]);
  });

  it('asks its worker once for the same audit asked by two seats of the page, and again for another', async () => {
    const jobOf = () => {
      const jobs: AuditJob[] = [];
      const f = new HandFollower({ setup: stored.setup, game: courierGame, askAudit: (job) => jobs.push(job) });
      for (const e of stored.events) f.take(e);
      f.run();
      return jobs[0]!;
    };
    // The worker numbers the jobs it is sent in its answer.
    const counting = workerOf(
      'let n = 0; onmessage = ({ data }) => postMessage({ id: data.id, cards: [{ id: ++n, cards: [] }] })',
    );
    const client = new HandWorkerClient(counting);
    const [one, two] = [jobOf(), jobOf()];
    const other: AuditJob = { ...one, disclosures: one.disclosures.slice(1) };
    const answers = await Promise.all([client.audit(one), client.audit(two), client.audit(other)]);
    expect(answers.map((cards) => cards?.[0]?.id)).toEqual([1, 1, 2]);
  });

  it.each<[string, () => HandWorkerClient]>([
    ['a worker that fails to load', () => new HandWorkerClient(workerOf('throw new Error("no chunk")'))],
    ['a worker that never answers', () => new HandWorkerClient(workerOf('onmessage = () => {}'), 200)],
    [
      'a browser that cannot make one',
      () =>
        new HandWorkerClient(() => {
          throw new DOMException('workers are off', 'SecurityError');
        }),
    ],
  ])('settles as not held, and a step as not made, for %s', async (_, client) => {
    const c = client();
    expect(await c.check(hand.job())).toBe(false);
    const state = openDeck(createHand({ tableId: new Uint8Array(16), handNo: 0, seats: 2, deckSize: 52 }));
    expect(await c.make(stepJob(state, 0, newPacketSecrets(0, 0), () => undefined))).toBeNull();
    expect(await c.audit({ cascades: [], publicShares: [], sealKeys: [], disclosures: [], sealed: [] })).toBeNull();
  });

  it('gives a job queued behind others the whole patience once the worker turns to it', async () => {
    // Each job keeps the worker busy 200 ms: the fourth answers 800 ms after it was sent, with a patience of 500 ms.
    const busy = workerOf(
      'onmessage = ({ data }) => { const end = Date.now() + 200; while (Date.now() < end); postMessage({ id: data.id, hold: true }); }',
    );
    const client = new HandWorkerClient(busy, 500);
    const jobs = [1, 2, 3, 4].map((n) => client.check(hand.job(undefined, { handNo: n })));
    expect(await Promise.all(jobs)).toEqual([true, true, true, true]);
  });

  it('waits for a job that says it is still going, longer than the patience, and takes its answer', async () => {
    // A long audit: the worker says every 100 ms that it is going, and answers after 800 ms, with a patience of 300 ms.
    const long = workerOf(`onmessage = ({ data }) => {
      const start = Date.now();
      let said = start;
      while (Date.now() - start < 800) if (Date.now() - said >= 100) { said = Date.now(); postMessage({ id: data.id, going: true }); }
      postMessage({ id: data.id, hold: true });
    }`);
    expect(await new HandWorkerClient(long, 300).check(hand.job())).toBe(true);
  });

  it('ends a worker that answers nothing for its patience: the jobs waiting on it are done on the page, the next has a new worker', async () => {
    let started = 0;
    const client = new HandWorkerClient(() => {
      started++;
      // The first worker answers one job and then never returns from the next (a job too big for the device).
      return started === 1
        ? workerOf(
            'let n = 0; onmessage = ({ data }) => { if (n++ > 0) for (;;); postMessage({ id: data.id, hold: true }); }',
          )()
        : workerOf('onmessage = ({ data }) => postMessage({ id: data.id, hold: true })')();
    }, 500);
    const jobs = [1, 2, 3].map((n) => client.check(hand.job(undefined, { handNo: n })));
    expect(await Promise.all(jobs)).toEqual([true, false, false]);
    expect(await client.check(hand.job(undefined, { handNo: 4 }))).toBe(true);
    expect(started).toBe(2);
  });

  it('starts its one worker when warmed, before any job, and the jobs after use it', async () => {
    const started: Worker[] = [];
    const client = new HandWorkerClient(() => {
      started.push(new Worker(new URL('../../src/app/hand-worker.ts', import.meta.url), { type: 'module' }));
      return started.at(-1)!;
    });
    client.warm();
    client.warm();
    expect(started).toHaveLength(1);
    expect(await client.check(hand.job())).toBe(true);
    expect(started).toHaveLength(1);
  });

  it('starts a new worker for the first job when the one warmed failed to load', async () => {
    let started = 0;
    let failed: Promise<unknown> | undefined;
    const client = new HandWorkerClient(() => {
      if (++started > 1)
        return new Worker(new URL('../../src/app/hand-worker.ts', import.meta.url), { type: 'module' });
      const worker = workerOf('throw new Error("no chunk")')();
      // Settled a task after the error: the client's own listener runs in the same dispatch, after this one.
      failed = new Promise((resolve) => worker.addEventListener('error', () => setTimeout(resolve)));
      return worker;
    });
    client.warm();
    await failed;
    expect(await client.check(hand.job())).toBe(true);
    expect(started).toBe(2);
  });

  it('starts a new worker for the next job once one failed', async () => {
    let started = 0;
    const client = new HandWorkerClient(() => {
      started++;
      return started === 1
        ? workerOf('throw new Error("no chunk")')()
        : new Worker(new URL('../../src/app/hand-worker.ts', import.meta.url), { type: 'module' });
    });
    expect(await client.check(hand.job())).toBe(false);
    expect(await client.check(hand.job())).toBe(true);
    expect(started).toBe(2);
  });
});
