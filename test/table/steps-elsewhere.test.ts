/**
 * A seat's cascade steps made on another thread
 * (src/table/hand/steps-elsewhere.ts). The other thread's half makes, from
 * the job's bytes, exactly the step this thread would (same state, secrets
 * and random source: the same bytes; test/crypto/packet-bytes.test.ts checks
 * the state's trip). Whole courier hands whose seats ask for every re-layer,
 * shuffle and lock elsewhere (answered later, as a worker does; each
 * cascade's proofs checked there too) publish the steps made there and end
 * clean, their audit holding every step against the
 * secrets the seats disclosed; and when the other side does not answer,
 * rejects, throws, or answers with bytes that are no step or with secrets of
 * another seat or packet, each step is made here and the hand ends clean as
 * well.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createHand, newPacketSecrets, openDeck, seededRandom } from '../../crypto/index.js';
import {
  makeOwnStep,
  makeStepOf,
  stepJob,
  type StepJob,
  type StepMade,
  type StepMaker,
} from '../../src/table/hand/steps-elsewhere.js';
import { dealHolds, type DealProofCheck } from '../../src/table/hand/deal-proofs.js';
import { courierScript, handTable, play, type HandTable } from '../helpers/hand-table.js';
import { courierGame } from './courier-game.js';

const hand = createHand({ tableId: new TextEncoder().encode('elsewhere'), handNo: 0, seats: 3, deckSize: 52 });

describe('the other thread’s half', () => {
  it('makes the same step, byte for byte, as this thread from the same state, secrets and random source', () => {
    const state = openDeck(hand);
    const secrets = newPacketSecrets(0, 0);
    const here = makeOwnStep(state, 0, secrets, () => undefined, seededRandom('same'));
    const job = structuredClone(stepJob(state, 0, secrets, () => undefined));
    const there = makeStepOf(job, seededRandom('same'));
    expect(there.bytes).toEqual(here.bytes);
    expect(there.secrets).toEqual(here.secrets);
    expect(here.message.kind).toBe('shuffle');
  });
});

describe('whole courier hands whose seats make their steps elsewhere', () => {
  let open: HandTable | null = null;
  afterEach(() => {
    open?.stop();
    open = null;
  });

  /** Plays the courier script (flip, mix: a reshuffle, secret, show, end) with `maker`; returns each seat's audit. */
  async function handWith(maker: StepMaker, dealProofs?: DealProofCheck) {
    const table = (open = await handTable({
      game: courierGame,
      players: 2,
      seed: 'elsewhere',
      stepMaker: maker,
      ...(dealProofs ? { dealProofs } : {}),
    }));
    await play(table, courierScript());
    return table.sessions.map((s) => [s.phase, s.halt, s.auditResult?.clean]);
  }
  const clean = [
    ['done', null, true],
    ['done', null, true],
  ];
  /** Answers later, as a worker does, with what `answer` makes of the job (none when it throws, as the worker's client). */
  const later =
    (answer: (job: StepJob) => StepMade | null): StepMaker =>
    (job) =>
      new Promise((resolve) =>
        setTimeout(() => {
          try {
            resolve(answer(job));
          } catch {
            resolve(null);
          }
        }, 1),
      );

  it('made there, every re-layer, shuffle and lock is published as made and the audit holds it', async () => {
    const answered: StepMade[] = [];
    const made = later((job) => {
      const step = makeStepOf(job, seededRandom(`${job.seat}`));
      answered.push(step);
      return step;
    });
    // As a page with its worker: every cascade's proofs are checked there too (the deal and both reshuffles).
    const checked: number[] = [];
    const check: DealProofCheck = async (job) => (checked.push(job.packet), dealHolds(job, seededRandom('check')));
    expect(await handWith(made, check)).toEqual(clean);
    expect(checked.sort()).toEqual([0, 0, 1, 1, 2, 2]);
    const steps = open!.sessions[0]!.events().filter((e) => ['reshuffle', 'shuffle', 'lock'].includes(e.body.type));
    // Two seats, three packets (the deal and the script's two reshuffles): a shuffle and a lock each per packet, and
    // a re-layer each per reshuffle, every one of them the bytes the other side answered.
    const count = (type: string) => steps.filter((e) => e.body.type === type).length;
    expect([count('shuffle'), count('lock'), count('reshuffle')]).toEqual([6, 6, 4]);
    const there = new Set(answered.map((a) => Buffer.from(a.bytes).toString('hex')));
    for (const e of steps)
      expect(there.has(Buffer.from((e.body.data as { step: Uint8Array }).step).toString('hex'))).toBe(true);
  }, 120_000);

  const rng = seededRandom('other');
  it.each<[string, StepMaker]>([
    ['no answer', later(() => null)],
    ['a rejected promise', () => Promise.reject(new Error('worker gone'))],
    [
      'a maker that throws',
      () => {
        throw new Error('no worker here');
      },
    ],
    ['bytes that are no step', later((job) => ({ ...makeStepOf(job, rng), bytes: new Uint8Array(40) }))],
    [
      'secrets that are another seat’s',
      later((job) => {
        const made = makeStepOf(job, rng);
        return { ...made, secrets: { ...made.secrets, seat: 1 - job.seat } };
      }),
    ],
    [
      'the secrets of another packet',
      later((job) => ({ ...makeStepOf(job, rng), secrets: newPacketSecrets(99, job.seat) })),
    ],
  ])(
    'with %s, each step is made here and the hand ends clean',
    async (_, maker) => {
      expect(await handWith(maker)).toEqual(clean);
    },
    120_000,
  );
});
