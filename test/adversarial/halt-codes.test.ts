/**
 * Every halt names a seat: an invariant over every
 * `HaltCode` (HALT_CODES, checked complete at compile time in halt.ts). On a
 * spectator settled in the middle of a recorded courier hand, each code is
 * raised with no seat (through the follower's internal `stop`, the one path
 * every halt takes): apart from `abandoned` (nobody is at fault, by design)
 * every fault with no seat must send the hand to the audit at once, and the
 * audit must end naming a seat — with the recorded disclosures (every secret
 * in order) only the peer's own finding ends `internal`. Raised instead as a
 * signed fault report with no seat and no evidence from seat 2, made at a
 * step this peer has passed, it sends nobody to the audit: its author is
 * named `false-report` at once (hand/faults.ts). A scan of src/table/hand/ lists every place a halt is made
 * with a literal null seat, so a new one cannot slip in unreviewed.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import { seededRandom } from '../../crypto/index.js';
import type { EnvelopeOf } from '../../src/net/envelope.js';
import { HandFollower } from '../../src/table/hand/follower.js';
import { HALT_CODES, type Halt } from '../../src/table/hand/halt.js';
import { deepClone } from '../fuzz/clone.js';
import { recordCourierHand, signedExtra, type RecordedHand } from '../fuzz/recorded-hands.js';

type Event = EnvelopeOf<'table-event'>;

let hand: RecordedHand;
let base: HandFollower;
let disclosures: Event[];
let nextN: number;

beforeAll(async () => {
  hand = await recordCourierHand();
  const firstAct = hand.events.findIndex((e) => e.body.type === 'act');
  const prefix = hand.events.slice(0, firstAct);
  base = new HandFollower({ setup: hand.setup, game: hand.game, rng: seededRandom('halt-codes') });
  for (const e of prefix) base.take(e);
  base.run();
  disclosures = hand.events.filter((e) => e.body.type === 'disclose');
  nextN =
    Math.max(
      ...prefix.filter((e) => e.from.every((b, i) => b === hand.signers[1]!.publicKey[i])).map((e) => e.body.n),
    ) + 1;
}, 300_000);

const copy = () => deepClone(base, [base.game, base.book.hand, base.setup], (v) => 'envelope' in v && 'data' in v);
const stopOf = (f: HandFollower) => (f as unknown as { stop(halt: Halt): boolean }).stop.bind(f);

it('the settled spectator is in play with both disclosures recorded', () => {
  expect(base.phase).toBe('play');
  expect(base.halt).toBeNull();
  expect(disclosures).toHaveLength(2);
});

it.each(HALT_CODES)(
  '%s with no seat: the audit at once, never an unblamed halt (abandoned alone by design)',
  (code) => {
    const f = copy();
    stopOf(f)({ code, seat: null, detail: `injected ${code}` });
    if (code === 'abandoned') {
      expect(f.halt).toMatchObject({ code: 'abandoned', seat: null });
      return;
    }
    expect(f.halt).toBeNull();
    expect(f.phase).toBe('disclose');
    expect(f.auditCause).toEqual({ fault: { code, seat: null, detail: `injected ${code}` }, reporter: null });
    expect(f.waiting()?.seats).toEqual([0, 1]);
    for (const e of disclosures) f.take(e);
    f.run();
    // Every secret checks out: the fault this peer found was its own.
    expect(f.audit?.clean).toBe(true);
    expect(f.halt).toMatchObject({ code: 'internal', seat: null });
  },
);

it.each(HALT_CODES)(
  'a signed report of %s with no seat and no evidence, made at a step this peer has passed: nobody audits, its author is named',
  (code) => {
    const f = copy();
    expect(f.take(signedExtra(hand, 1, 'fault', { code, seat: null, detail: `reported ${code}` }, nextN))).toBe(true);
    f.run();
    expect(f.auditCause).toBeNull();
    if (code === 'abandoned' || code === 'internal') {
      // An abandon is not reported; an internal report is the reporter's own failure: it halts nobody.
      expect(f.halt).toBeNull();
      expect(f.phase).toBe('play');
      return;
    }
    expect(f.halt).toMatchObject({ code: 'false-report', seat: 1 });
  },
);

it('a second fault with no seat during the audit at once halts (no loop back into the audit)', () => {
  const f = copy();
  stopOf(f)({ code: 'crypto-fault', seat: null, detail: 'first' });
  expect(stopOf(f)({ code: 'internal', seat: null, detail: 'second' })).toBe(false);
  expect(f.halt).toMatchObject({ code: 'internal', seat: null, detail: 'second' });
});

it('a disclosure withheld in the audit at once is named at the deadline', () => {
  const f = copy();
  stopOf(f)({ code: 'crypto-fault', seat: null, detail: 'injected' });
  f.take(disclosures.find((e) => e.from.every((b, i) => b === hand.signers[0]!.publicKey[i]))!);
  f.run();
  f.tick(1_000);
  f.tick(60_999);
  expect(f.halt).toBeNull();
  f.tick(61_000);
  expect(f.halt).toMatchObject({ code: 'no-disclosure', seat: 1 });
});

it('every halt made with a literal null seat in src/table/hand/ is one of the reviewed ones', () => {
  const dir = join(import.meta.dirname, '../../src/table/hand');
  const found = new Set<string>();
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.ts'))) {
    const text = readFileSync(join(dir, file), 'utf8');
    for (const m of text.matchAll(/fail\(\s*'([a-z-]+)',\s*null/g)) found.add(`${file}:${m[1]}`);
    for (const m of text.matchAll(/code: '([a-z-]+)',\s*seat: null/g)) found.add(`${file}:${m[1]}`);
  }
  // abandoned: by design (an abandon held, and a ready under other terms); internal: the run loop's exception with no author (goes to the audit at once), this
  // peer's own failure (fault()), and the end of a clean audit at once; the two in packets.ts go to the audit at once.
  expect([...found].sort()).toEqual(
    [
      'cascade.ts:internal',
      'early-audit.ts:internal',
      'follower.ts:abandoned',
      'intake.ts:abandoned',
      'follower.ts:internal',
      'packets.ts:unknown-handle',
      'play.ts:crypto-fault',
    ].sort(),
  );
});
