/**
 * The end-of-hand audit's card part on another thread (hand/audit-elsewhere.ts),
 * on the recorded two-seat courier hand (a deal, two reshuffles, public and
 * sealed key shares, both disclosures): `auditedCards` takes every locked
 * packet again and finds the cards the follower's own audit opens, and none
 * for a job altered where the card audit reads it; a follower that asks
 * gives no verdict until its answer, then the verdict a follower that
 * audits itself gives, with the cards found there or, on any other answer,
 * on its own.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { seededRandom } from '../../crypto/index.js';
import type { OpenCards } from '../../src/engine/index.js';
import { sameData } from '../../src/app/hand-worker-client.js';
import { auditedCards, type AuditJob } from '../../src/table/hand/audit-elsewhere.js';
import { HandFollower } from '../../src/table/hand/follower.js';
import { courierFixture, fixtureGame, type CourierFixture } from './plumb-fixture.js';

const rng = seededRandom('audit-elsewhere');
let fx: CourierFixture;
beforeAll(() => {
  fx = courierFixture();
});

/** A follower given every event of the hand, disclosures included; `askAudit` as given. */
function followed(askAudit?: (job: AuditJob) => void): HandFollower {
  const f = new HandFollower({ setup: fx.setup, game: fixtureGame, rng, ...(askAudit ? { askAudit } : {}) });
  for (const e of fx.events) f.take(e);
  f.run();
  return f;
}

/** A follower that asks for the card part, and the one job it asked. */
function asking(): { f: HandFollower; job: AuditJob } {
  const jobs: AuditJob[] = [];
  const f = followed((job) => jobs.push(job));
  expect(jobs).toHaveLength(1);
  return { f, job: jobs[0]! };
}

describe('auditedCards', () => {
  it('finds every packet’s cards: the ones the follower’s own audit opens', () => {
    const here = followed();
    expect(here.audit?.clean).toBe(true);
    const { job } = asking();
    // The deal from a fresh deck, then each reshuffle from its first state.
    expect(job.cascades.map((c) => [c.packet, c.start === null])).toEqual([
      [0, true],
      [1, false],
      [2, false],
    ]);
    expect(job.sealed.length).toBeGreaterThan(0);
    const cards = auditedCards(job, rng);
    const open: OpenCards = {};
    for (const packet of cards ?? [])
      packet.cards.forEach(
        (card, position) => (open[here.book.handleOf(packet.id, position)] = here.state!.deck[card]!),
      );
    expect(Object.keys(open).length).toBeGreaterThan(0);
    expect(open).toEqual(here.audit!.open);
  });

  const flipped = (bytes: Uint8Array) => bytes.map((b, i) => (i === bytes.length - 1 ? b ^ 1 : b));
  it('says it is still going as it takes each packet again and audits it (a long audit tells its page it is not stuck)', () => {
    const { job } = asking();
    let calls = 0;
    const cards = auditedCards(job, rng, () => calls++);
    expect(cards).toEqual(auditedCards(job, rng));
    // Three packets (the deal and two reshuffles): each taken again, then each audited.
    expect(calls).toBe(2 * job.cascades.length);
  });

  it('two followers of one hand ask with equal jobs (the page asks its worker once), and a changed one is not equal', () => {
    const [one, two] = [asking().job, asking().job];
    expect(one).not.toBe(two);
    expect(sameData(one, two)).toBe(true);
    const sealed = one.sealed[0]!;
    const changedByte = Uint8Array.from(sealed.shares[0]!);
    changedByte[changedByte.length - 1]! ^= 1;
    const changed = {
      ...one,
      sealed: [{ ...sealed, shares: [changedByte, ...sealed.shares.slice(1)] }, ...one.sealed.slice(1)],
    };
    expect(sameData(one, changed)).toBe(false);
    expect(sameData(one, { ...one, disclosures: one.disclosures.slice(1) })).toBe(false);
  });

  it.each<[string, (job: AuditJob) => AuditJob]>([
    [
      'a seal secret that is not the one announced',
      (job) => ({
        ...job,
        disclosures: job.disclosures.map((d, i) =>
          i === 0 ? { ...d, data: { ...d.data, sealSecret: flipped(d.data.sealSecret) } } : d,
        ),
      }),
    ],
    [
      'malformed secrets',
      (job) => ({
        ...job,
        disclosures: job.disclosures.map((d, i) =>
          i === 1 ? { ...d, data: { ...d.data, secrets: [new Uint8Array(5), ...d.data.secrets.slice(1)] } } : d,
        ),
      }),
    ],
    [
      'a seat’s secrets of the deal left out',
      (job) => ({
        ...job,
        disclosures: job.disclosures.map((d, i) => (i === 0 ? { ...d, data: { ...d.data, secrets: [] } } : d)),
      }),
    ],
    [
      'the two seats’ disclosures swapped',
      (job) => ({ ...job, disclosures: job.disclosures.map((d) => ({ ...d, seat: 1 - d.seat })) }),
    ],
    [
      'a sealed share that does not open',
      (job) => ({
        ...job,
        sealed: job.sealed.map((s, i) => (i === 0 ? { ...s, shares: s.shares.map(flipped) } : s)),
      }),
    ],
    [
      'the deal’s last step left out',
      (job) => ({
        ...job,
        cascades: job.cascades.map((c, i) => (i === 0 ? { ...c, steps: c.steps.slice(0, -1) } : c)),
      }),
    ],
    ['the reshuffle before the deal', (job) => ({ ...job, cascades: [...job.cascades].reverse() })],
    ['no packet at all', (job) => ({ ...job, cascades: [] })],
  ])('finds none for a job with %s', (_, change) => {
    const { job } = asking();
    expect(auditedCards(job, rng)).not.toBeNull();
    expect(auditedCards(change(job), rng)).toBeNull();
  });
});

describe('a follower that has the card part run elsewhere', () => {
  it('gives no verdict until the answer, then the verdict of a follower that audits itself', () => {
    const { f, job } = asking();
    expect(f.phase).toBe('disclose');
    expect(f.audit).toBeNull();
    expect(f.run()).toBe(false);
    f.auditAnswered(auditedCards(job, rng));
    f.run();
    const here = followed();
    expect(here.phase).toBe('done');
    expect({ phase: f.phase, audit: f.audit, hash: f.hash }).toEqual({
      phase: here.phase,
      audit: here.audit,
      hash: here.hash,
    });
  });

  it('audits on its own for any other answer, to the same verdict', () => {
    const { f } = asking();
    f.auditAnswered(null);
    f.run();
    expect(f.phase).toBe('done');
    expect(f.audit).toEqual(followed().audit);
  });

  it('takes no answer it did not ask for, and asks once', () => {
    const jobs: AuditJob[] = [];
    const f = new HandFollower({ setup: fx.setup, game: fixtureGame, rng, askAudit: (job) => jobs.push(job) });
    // An answer before anything was asked changes nothing: the follower still asks, and waits, once disclosed.
    f.auditAnswered([]);
    for (const e of fx.events) f.take(e);
    f.run();
    f.run();
    expect(jobs).toHaveLength(1);
    expect(f.audit).toBeNull();
  });
});
