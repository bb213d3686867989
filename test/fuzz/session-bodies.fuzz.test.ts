/**
 * Deep fuzzing of the hand session: for every table-event
 * type the codec knows (EVENT_DATA: ready, shuffle, lock, keys, act, commit,
 * reveal, reshuffle, disclose, abandon, fault), PER_KIND mutants (50 in `npm test`, 10,000 in the deep suite) of
 * real events reach the session logic. Each mutant changes the decoded BODY
 * of a recorded event (recorded-hands.ts) — a byte string's bytes, any value
 * in its data replaced by a random one, a key dropped or added, `at`, `n`,
 * `hash` or `type` changed, the data of another event swapped in — and is
 * re-signed with its author's real key, so it passes the mesh (the envelope
 * decoder is applied as the mesh applies it) and the signature and is judged
 * by the follower. It is fed to a spectator follower settled just before the
 * recorded event is consumed (a deep copy of one settled follower per mutant,
 * clone.ts). Nothing may throw or hang; a halt must name the mutant's author
 * (only an abandon ends a hand with no seat, as designed, and a ready that
 * signs other terms than this page's, which calls the hand off before the
 * deal: the creator may have shown that seat another roster, so it is not
 * blamed; hand/setup.ts `termsHash`); an audit at once
 * must come from a named reporter; and a mutant refused without a halt must
 * leave the state exactly as it was (phase, events and bytes held per seat,
 * hashes, inputs, packets, shares, cascade, round). Seeds from the run's seed
 * (test/helpers/depth.ts). A
 * re-signed mutant that is refused always halts (its author is blamed), so
 * "refused and unchanged" is checked separately on replays and events of
 * another hand.
 */
import { createPrivateKey, sign as nodeSign } from 'node:crypto';
import fc from 'fast-check';
import { beforeAll, expect, it } from 'vitest';
import { seededRandom } from '../../crypto/index.js';
import {
  encodeEnvelope,
  parseUnverified,
  signEnvelope,
  verifyEnvelope,
  type EnvelopeOf,
  type Signer,
} from '../../src/net/envelope.js';
import { HandFollower } from '../../src/table/hand/follower.js';
import { EVENT_DATA, type EventType } from '../../src/table/transcript.js';
import { deepClone } from './clone.js';
import { runs, seedFor } from '../helpers/depth.js';
import { mutate, mutations as byteMutations, type Mutation } from './mutate.js';
import { recordCourierHand, recordRaceHand, signedExtra, type RecordedHand } from './recorded-hands.js';

type Event = EnvelopeOf<'table-event'>;
type Body = Event['body'];

const PER_KIND = runs(50, 10_000);
const KINDS = Object.keys(EVENT_DATA) as EventType[];

type BodyMutation =
  | { op: 'bytes'; leaf: number; ms: Mutation[] }
  | { op: 'value'; leaf: number; value: unknown }
  | { op: 'drop'; leaf: number }
  | { op: 'add'; leaf: number; key: string; value: unknown }
  | { op: 'at'; value: number }
  | { op: 'n'; value: number }
  | { op: 'hash'; value: Uint8Array }
  | { op: 'type'; value: EventType }
  | { op: 'data-of'; other: number };

const randomValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.integer(),
  fc.nat({ max: 2 ** 53 - 1 }),
  fc.double(),
  fc.string({ maxLength: 24 }),
  fc.boolean(),
  fc.constant(null),
  fc.uint8Array({ maxLength: 96 }),
  fc.array(fc.nat(300), { maxLength: 4 }),
  fc.dictionary(fc.string({ maxLength: 6 }), fc.nat(), { maxKeys: 3 }),
);

const bodyMutation: fc.Arbitrary<BodyMutation> = fc.oneof(
  { weight: 5, arbitrary: fc.record({ op: fc.constant('bytes' as const), leaf: fc.nat(), ms: byteMutations }) },
  { weight: 3, arbitrary: fc.record({ op: fc.constant('value' as const), leaf: fc.nat(), value: randomValue }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('drop' as const), leaf: fc.nat() }) },
  {
    weight: 1,
    arbitrary: fc.record({
      op: fc.constant('add' as const),
      leaf: fc.nat(),
      key: fc.string({ maxLength: 8 }),
      value: randomValue,
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ op: fc.constant('at' as const), value: fc.oneof(fc.nat(40), fc.nat({ max: 2 ** 53 - 1 })) }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ op: fc.constant('n' as const), value: fc.oneof(fc.nat(60), fc.nat({ max: 2 ** 53 - 1 })) }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ op: fc.constant('hash' as const), value: fc.uint8Array({ minLength: 32, maxLength: 32 }) }),
  },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('type' as const), value: fc.constantFrom(...KINDS) }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('data-of' as const), other: fc.nat() }) },
);

/** Every node of `data` with its parent (containers included), in a fixed order. */
function nodes(
  data: unknown,
): { parent: Record<string | number, unknown> | null; key: string | number; value: unknown }[] {
  const out: { parent: Record<string | number, unknown> | null; key: string | number; value: unknown }[] = [];
  const walk = (parent: Record<string | number, unknown> | null, key: string | number, value: unknown) => {
    out.push({ parent, key, value });
    if (value === null || typeof value !== 'object' || ArrayBuffer.isView(value)) return;
    for (const [k, v] of Object.entries(value))
      walk(value as Record<string, unknown>, Array.isArray(value) ? Number(k) : k, v);
  };
  walk(null, 'data', data);
  return out;
}

/** A structured copy of a body's data (byte strings copied, so mutating never touches the recording). */
function copyData(value: unknown): unknown {
  if (value instanceof Uint8Array) return value.slice();
  if (Array.isArray(value)) return value.map(copyData);
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, copyData(v)]));
  return value;
}

function mutateBody(
  body: Body,
  ms: readonly BodyMutation[],
  pool: readonly Event[],
  encoded: readonly Uint8Array[],
): Body {
  const out = { ...body, data: copyData(body.data) } as { -readonly [K in keyof Body]: Body[K] };
  for (const m of ms) {
    const all = nodes(out.data);
    const pick = (leaf: number) => all[leaf % all.length]!;
    const set = (node: ReturnType<typeof pick>, value: unknown) =>
      node.parent === null ? (out.data = value) : (node.parent[node.key] = value);
    switch (m.op) {
      case 'bytes': {
        const views = all.filter((n) => n.value instanceof Uint8Array);
        if (views.length > 0) {
          const node = views[m.leaf % views.length]!;
          set(node, mutate(node.value as Uint8Array, m.ms, encoded));
        }
        break;
      }
      case 'value':
        set(pick(m.leaf), m.value);
        break;
      case 'drop': {
        const node = pick(m.leaf);
        if (node.parent === null) out.data = undefined as never;
        else if (Array.isArray(node.parent)) (node.parent as unknown[]).splice(node.key as number, 1);
        else delete node.parent[node.key];
        break;
      }
      case 'add': {
        const node = pick(m.leaf);
        if (node.value !== null && typeof node.value === 'object' && !ArrayBuffer.isView(node.value)) {
          if (Array.isArray(node.value)) node.value.push(m.value);
          else (node.value as Record<string, unknown>)[m.key] = m.value;
        }
        break;
      }
      case 'at':
        out.at = m.value;
        break;
      case 'n':
        out.n = m.value;
        break;
      case 'hash':
        out.hash = m.value;
        break;
      case 'type':
        out.type = m.value;
        break;
      case 'data-of':
        out.data = copyData(pool[m.other % pool.length]!.body.data);
        break;
    }
  }
  if (out.data === undefined) out.data = null;
  return out as Body;
}

/** What a refused mutant must leave unchanged. */
function fingerprint(f: HandFollower): string {
  const seats = [...Array(f.players).keys()];
  return JSON.stringify({
    phase: f.phase,
    halt: f.halt,
    cause: f.auditCause,
    events: f.pool.events().length,
    held: seats.map((s) => f.pool.held(s)),
    next: seats.map((s) => f.pool.nextSeq(s)),
    hashes: f.hashes,
    inputs: f.inputs.length,
    packets: f.book.transcripts.length,
    shares: f.book.publicShares.length,
    cascade: f.cascade
      ? [f.cascade.packet, f.cascade.state.phase, f.cascade.state.phase === 'locked' ? -1 : f.cascade.state.next]
      : null,
    round: f.round,
    ordered: f.orderedPending,
    bounces: f.bounces.length,
    audit: f.audit?.clean ?? null,
  });
}

/**
 * The author's real key, signing through node's native Ed25519: the same
 * signature as the app's @noble signer (RFC 8032 signatures are
 * deterministic; checked below), some thirty times faster, which is what lets
 * the deep suite give every kind 10,000 mutants.
 */
function nativeSigner(secretKey: Uint8Array, publicKey: Uint8Array): Signer {
  const der = Buffer.concat([Buffer.from('302e020100300506032b657004220420', 'hex'), Buffer.from(secretKey)]);
  const key = createPrivateKey({ key: der, format: 'der', type: 'pkcs8' });
  return { publicKey, sign: (message) => new Uint8Array(nodeSign(null, message, key)) };
}

/**
 * The recorded event a mutant is made of. A mutant of the last disclosure
 * that passes the schema runs the whole audit (every step recomputed, some
 * 20 ms): one disclosure mutant in ten is made of it, the rest of the first.
 */
function pickTarget(kind: EventType, list: readonly Target[], pick: number): Target {
  if (kind !== 'disclose' || list.length !== 2) return list[pick % list.length]!;
  return list[pick % 10 === 0 ? 1 : 0]!;
}

interface Target {
  readonly hand: RecordedHand;
  /** The settled follower just before `event` is consumed. */
  readonly base: HandFollower;
  readonly event: Event;
  readonly author: number;
  readonly signer: Signer;
  readonly before: string;
}

/** Held events and packet states (crypto/packet.ts: readonly, every step makes a new one) are never changed: the copies share them. */
const immutable = (value: object): boolean =>
  ('envelope' in value && 'type' in value && 'data' in value) ||
  ('digest' in value && 'deck' in value && 'layers' in value);

function follower(hand: RecordedHand): HandFollower {
  return new HandFollower({ setup: hand.setup, game: hand.game, rng: seededRandom('deep-fuzz-verify') });
}

/** A follower that took every event recorded before `index` (or `prefix` events), and ran. */
function settle(hand: RecordedHand, prefix: readonly Event[]): HandFollower {
  const f = follower(hand);
  for (const e of prefix) f.take(e);
  f.run();
  return f;
}

const targets = new Map<EventType, Target[]>();
const encodedPools = new Map<RecordedHand, Uint8Array[]>();
const encodedOf = (hand: RecordedHand): Uint8Array[] => {
  let out = encodedPools.get(hand);
  if (!out) encodedPools.set(hand, (out = hand.events.map((e) => encodeEnvelope(e))));
  return out;
};

beforeAll(async () => {
  const courier = await recordCourierHand();
  const race = await recordRaceHand();
  const authorOf = (hand: RecordedHand, e: Event) => hand.setup.seatKeys.indexOf(Buffer.from(e.from).toString('hex'));
  const add = (type: EventType, hand: RecordedHand, prefix: readonly Event[], event: Event) => {
    const base = settle(hand, prefix);
    if (base.halt) throw new Error(`the settled ${type} base halted: ${base.halt.detail}`);
    const list = targets.get(type) ?? [];
    const author = authorOf(hand, event);
    const real = hand.signers[author]! as Signer & { secretKey: Uint8Array };
    const signer = nativeSigner(real.secretKey, real.publicKey);
    const probe = Uint8Array.of(type.length, author);
    if (Buffer.compare(signer.sign(probe), real.sign(probe)) !== 0)
      throw new Error('the native signer does not sign as the app does');
    list.push({ hand, base, event, author, signer, before: fingerprint(base) });
    targets.set(type, list);
  };
  for (const hand of [courier, race]) {
    const seen = new Map<EventType, number>();
    hand.events.forEach((event, index) => {
      const type = event.body.type as EventType;
      const count = seen.get(type) ?? 0;
      // Up to three recorded events of each type (different steps and authors), each with its own settled base.
      if (count >= 3 || (hand === race && type !== 'commit' && type !== 'reveal')) return;
      seen.set(type, count + 1);
      add(type, hand, hand.events.slice(0, index), event);
    });
  }
  // An abandon and a fault report in the middle of play (after the courier deal), by seat 2.
  const firstAct = courier.events.findIndex((e) => e.body.type === 'act');
  const prefix = courier.events.slice(0, firstAct);
  const nextN = Math.max(...prefix.filter((e) => authorOf(courier, e) === 1).map((e) => e.body.n)) + 1;
  add('abandon', courier, prefix, signedExtra(courier, 1, 'abandon', { reason: 'nothing came for too long' }, nextN));
  add(
    'fault',
    courier,
    prefix,
    signedExtra(courier, 1, 'fault', { code: 'wrong-key', seat: 0, detail: 'a report' }, nextN),
  );
}, 1_800_000);

it('every table-event type has recorded targets', () => {
  expect([...targets.keys()].sort()).toEqual([...KINDS].sort());
});

it('refused without a halt means unchanged: replays of held events and events of another hand, at every settled base', () => {
  let checked = 0;
  for (const [type, list] of targets) {
    for (const t of list) {
      const held = t.base.pool.envelopes();
      const other = signEnvelope(t.signer, {
        kind: 'table-event',
        table: t.hand.setup.table,
        seq: t.event.seq,
        to: null,
        body: { ...t.event.body, hand: t.event.body.hand + 2 },
      });
      for (const envelope of [...held.slice(-5), other]) {
        const f = deepClone(t.base, [t.base.game, t.base.book.hand, t.base.setup], immutable);
        expect(f.take(envelope), type).toBe(false);
        f.run();
        expect(fingerprint(f), type).toBe(t.before);
        checked++;
      }
    }
  }
  expect(checked).toBeGreaterThan(100);
});

it.each(KINDS)(
  `%s: ≥${PER_KIND} mutated, re-signed bodies reach the session: no crash, a named author for every halt, no change when refused`,
  (kind) => {
    const list = targets.get(kind)!;
    const stream = fc.sample(fc.tuple(fc.nat(), fc.array(bodyMutation, { minLength: 1, maxLength: 3 })), {
      numRuns: PER_KIND * 2,
      seed: seedFor(4242 + KINDS.indexOf(kind)),
    });
    /** audits: an audit at once started by the mutant, or an unclean end-of-hand audit, each naming its author. */
    const counts = { fed: 0, envelopeRefused: 0, halted: 0, refused: 0, accepted: 0, audits: 0 };
    const codes = new Map<string, number>();
    for (const [pick, ms] of stream) {
      if (counts.fed >= PER_KIND) break;
      const target = pickTarget(kind, list, pick);
      const pool = target.hand.events;
      const body = mutateBody(target.event.body, ms, pool, encodedOf(target.hand));
      let envelope: Event;
      try {
        envelope = signEnvelope(target.signer, {
          kind: 'table-event',
          table: target.hand.setup.table,
          seq: target.event.seq,
          to: null,
          body,
        });
      } catch {
        counts.envelopeRefused++; // a body the CBOR encoder cannot even write (never on the wire)
        continue;
      }
      // What the mesh does before a session sees it: decode the bytes, check the envelope schema.
      const decoded = parseUnverified(encodeEnvelope(envelope), target.hand.setup.table);
      if (!decoded.ok || decoded.value.kind !== 'table-event') {
        counts.envelopeRefused++;
        continue;
      }
      if (counts.fed % 500 === 0) expect(verifyEnvelope(decoded.value)).toBe(true); // the mesh's signature check passes
      counts.fed++;
      const f = deepClone(target.base, [target.base.game, target.base.book.hand, target.base.setup], immutable);
      const took = f.take(decoded.value as Event);
      f.run();

      const halt = f.halt;
      if (halt) {
        counts.halted++;
        codes.set(halt.code, (codes.get(halt.code) ?? 0) + 1);
        if (halt.code === 'abandoned' && body.type === 'ready') expect(halt.detail).toContain('agreed to other terms');
        else if (halt.code === 'abandoned') expect(body.type, halt.detail).toBe('abandon');
        else expect(halt.seat, `${halt.code}: ${halt.detail}`).toBe(target.author);
      } else if (f.auditCause) {
        counts.audits++;
        expect(f.auditCause.reporter, JSON.stringify(f.auditCause)).toBe(target.author);
      } else if (f.audit && !f.audit.clean) {
        counts.audits++;
        expect(f.audit.seat, `${f.audit.code}: ${f.audit.detail}`).toBe(target.author);
      } else if (!took) {
        counts.refused++;
        expect(fingerprint(f)).toBe(target.before);
      } else {
        counts.accepted++;
      }
    }
    // The copies never touched the settled bases.
    for (const t of list) expect(fingerprint(t.base)).toBe(t.before);
    console.log(`${kind}: ${JSON.stringify(counts)} halts ${JSON.stringify(Object.fromEntries(codes))}`);
    expect(counts.fed).toBe(PER_KIND);
  },
  1_800_000,
);
