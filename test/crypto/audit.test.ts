/**
 * The end-of-hand audit (crypto/audit.ts) on one small hand built once: two
 * seats, a 32-card deck shuffled and locked (packet 0), key shares sealed to
 * a seat and published to all, and a 4-card reshuffle of three hidden cards
 * and one public card (packet 1, with its re-layer cascade). Each test
 * changes the transcript or the disclosed secrets in one way and checks the
 * exact fault the audit returns: its code, the seat it names, the packet,
 * step and position, and the reason. Most run with the proofs skipped
 * (verifyProofs: false), which is fast and shows that the recomputation from
 * the disclosed secrets alone catches and names each lie; a few check that
 * the proofs are (or are not) re-verified under each option.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import {
  type AuditOptions,
  type AuditResult,
  type HandTranscript,
  type PacketTranscript,
  audit,
} from '../../crypto/audit.js';
import type { Fault } from '../../crypto/fault.js';
import { Fn } from '../../crypto/group.js';
import { type KeyRing, type KeyShares, openCards, revealToSeat, withOwnKeys } from '../../crypto/keys.js';
import { type Deck, type PacketInput, type StepKind, deckFromPoints } from '../../crypto/packet.js';
import { seededRandom } from '../../crypto/random.js';
import type { LockStep, PacketSecrets, RelayerStep, ShuffleStep } from '../../crypto/steps.js';
import { SimTable } from './sim.js';

const ALL = 255;

let sim: SimTable;
let base: HandTranscript;
let secrets: PacketSecrets[];
/** cards[packet][position], opened with every seat's keys (independently of the audit). */
let cards: number[][];
let inputs: PacketInput[];

function openAll(id: number): number[] {
  const state = sim.packets.get(id)!;
  let ring: KeyRing = new Map();
  for (let seat = 0; seat < sim.n; seat++) ring = withOwnKeys(ring, sim.secrets[seat]!.get(id)!);
  const opened = openCards(
    state,
    Array.from({ length: state.size }, (_, c) => c),
    ring,
  );
  if (!opened.ok) throw new Error(opened.error.reason);
  return opened.value;
}

function share(packet: number, seat: number, positions: number[], to: number): KeyShares {
  return revealToSeat(sim.packets.get(packet)!, seat, sim.secrets[seat]!.get(packet)!, positions, to);
}

beforeAll(() => {
  sim = new SimTable(
    { tableId: new TextEncoder().encode('audit-unit'), handNo: 1, seats: 2, deckSize: 32 },
    seededRandom('audit-unit'),
  );
  expect(sim.runPacket(0, null)).toBeNull();
  expect(sim.send(share(0, 1, [0, 1], 0)).fault).toBeNull();
  expect(sim.send(share(0, 0, [4], ALL)).fault).toBeNull();
  expect(sim.send(share(0, 1, [4], ALL)).fault).toBeNull();
  const deck = openAll(0);
  inputs = [
    { kind: 'hidden', packet: 0, position: 10 },
    { kind: 'public', card: deck[4]! },
    { kind: 'hidden', packet: 0, position: 11 },
    { kind: 'hidden', packet: 0, position: 12 },
  ];
  expect(sim.runPacket(1, inputs)).toBeNull();
  expect(sim.send(share(1, 0, [2], 1)).fault).toBeNull();
  base = { params: sim.hand.params, packets: sim.transcript, keyShares: sim.keyShares };
  secrets = sim.allSecrets();
  cards = [deck, openAll(1)];
});

const FAST: AuditOptions = { verifyProofs: false };

function run(
  tr: HandTranscript = base,
  sec: readonly PacketSecrets[] = secrets,
  opts: AuditOptions = FAST,
): AuditResult {
  return audit(tr, sec, { rng: sim.rng, hand: sim.hand, ...opts });
}

function faultOf(tr: HandTranscript = base, sec: readonly PacketSecrets[] = secrets, opts: AuditOptions = FAST): Fault {
  const r = run(tr, sec, opts);
  if (r.verdict !== 'fault') throw new Error('the audit was clean');
  return r.fault;
}

type Steps = { relayer: RelayerStep; shuffle: ShuffleStep; lock: LockStep };

/** The transcript with seat `seat`'s step of `kind` in packet `id` rewritten (undefined: dropped). */
function withStep<K extends StepKind>(
  id: number,
  kind: K,
  seat: number,
  change: (msg: Steps[K]) => Steps[K] | RelayerStep | ShuffleStep | LockStep | undefined,
): HandTranscript {
  return withPacket(id, (pt) => {
    const list = [...(pt[kind] as readonly Steps[K][])];
    const next = change(list[seat]!);
    if (next === undefined) list.splice(seat, 1);
    else list[seat] = next as Steps[K];
    return { ...pt, [kind]: list };
  });
}

function withPacket(id: number, change: (pt: PacketTranscript) => PacketTranscript): HandTranscript {
  return { ...base, packets: base.packets.map((pt) => (pt.id === id ? change(pt) : pt)) };
}

/** The secrets with seat `seat`'s set for `packet` rewritten (undefined: withheld). */
function withSecrets(
  packet: number,
  seat: number,
  change: (s: PacketSecrets) => PacketSecrets | undefined,
): PacketSecrets[] {
  return secrets.flatMap((s) => (s.packet === packet && s.seat === seat ? (change(s) ?? []) : [s]));
}

function secretOf(packet: number, seat: number): PacketSecrets {
  return secrets.find((s) => s.packet === packet && s.seat === seat)!;
}

/** A deck with the point at `position` replaced by its double (not a card of the step, not a duplicate). */
function doubled(deck: Deck, position: number): Deck {
  return deckFromPoints(deck.points.map((p, j) => (j === position ? p.double() : p)));
}

function step<K extends StepKind>(id: number, kind: K, seat: number): Steps[K] {
  return (base.packets.find((pt) => pt.id === id)![kind] as readonly Steps[K][])[seat]!;
}

describe('an honest hand', () => {
  test('audits clean, recovering the card at every position and every seat’s permutation', () => {
    const r = run(base, secrets, {});
    expect(r).toEqual({
      verdict: 'clean',
      packets: [0, 1].map((id) => ({
        id,
        cards: cards[id],
        perms: [0, 1].map((seat) => secretOf(id, seat).shuffle!.perm),
      })),
    });
    // The reshuffle holds the three hidden cards and the public one, in its inputs' order before the shuffles.
    const before = [cards[0]![10], cards[0]![4], cards[0]![11], cards[0]![12]];
    const [p0, p1] = [secretOf(1, 0).shuffle!.perm, secretOf(1, 1).shuffle!.perm];
    expect(cards[1]).toEqual([0, 1, 2, 3].map((c) => before[p0[p1[c]!]!]));
    expect(inputs[1]).toEqual({ kind: 'public', card: cards[0]![4] });
  });

  test.each<[string, AuditOptions]>([
    ['proofs skipped (verifyProofs: false)', { verifyProofs: false }],
    ['proofs and public shares verified live', { verified: { proofs: true, publicShares: true } }],
    ['public shares verified live', { verified: { publicShares: true } }],
  ])('audits to the same result with %s', (_, opts) => {
    expect(run(base, secrets, opts)).toEqual(run(base, secrets, {}));
  });

  test('audits clean with the defaults (platform randomness, the hand derived from the params)', () => {
    expect(audit(base, secrets)).toEqual(run(base, secrets, FAST));
  });

  test('audits clean without any key shares', () => {
    const { keyShares: _, ...bare } = base;
    expect(run(bare).verdict).toBe('clean');
  });

  test('bad hand params are a programming error: thrown, not a fault', () => {
    expect(() => audit({ params: { ...base.params, seats: 1 }, packets: [] }, [])).toThrow(RangeError);
  });
});

describe('proofs are re-verified unless the caller verified them live', () => {
  // Seat 1's step carries the other seat's proof: the step itself is right, its proof is not.
  const cases: [StepKind, number, string][] = [
    [
      'shuffle',
      0,
      'shuffle argument of seat 1 does not verify (its deck is not a permutation of the input times the s_1 of S_1)',
    ],
    ['lock', 0, 'Chaum–Pedersen batch of seat 1 does not verify (a lock factor does not match S_1 → K_1c)'],
    ['relayer', 1, 'Chaum–Pedersen batch of seat 1 does not verify (a re-layer factor does not match K → T_1)'],
  ];
  const swapped = (kind: StepKind, id: number) =>
    withStep(id, kind, 1, (msg) => ({ ...msg, proof: step(id, kind, 0).proof }) as typeof msg);

  test.each(cases)('a %s step with a wrong proof is named by the full audit (packet %i)', (kind, id, reason) => {
    expect(faultOf(swapped(kind, id), secrets, {})).toEqual({ seat: 1, packet: id, step: kind, code: 'proof', reason });
  });

  test.each(cases)(
    'a %s step with a wrong proof audits clean when the proofs were verified live (packet %i)',
    (kind, id) => {
      expect(run(swapped(kind, id), secrets, FAST).verdict).toBe('clean');
    },
  );

  test.each<[string, AuditOptions, boolean]>([
    ['verifyProofs: true', { verifyProofs: true }, true],
    ['verified.proofs: true (not re-verified)', { verified: { proofs: true } }, false],
    ['verified.proofs: false over verifyProofs: false', { verified: { proofs: false }, verifyProofs: false }, true],
    ['verified.publicShares only', { verified: { publicShares: true } }, true],
    [
      'verified.publicShares with verifyProofs: false (not re-verified)',
      { verified: { publicShares: true }, verifyProofs: false },
      false,
    ],
  ])('with %s, a wrong lock proof is named only if the proofs are re-verified', (_, opts, reverified) => {
    const r = run(swapped('lock', 0), secrets, opts);
    expect(r.verdict).toBe(reverified ? 'fault' : 'clean');
    if (r.verdict === 'fault') expect(r.fault).toMatchObject({ seat: 1, packet: 0, step: 'lock', code: 'proof' });
  });

  test('a duplicated card is refused by the proofs’ deck check and by the recomputation', () => {
    const dup = withStep(0, 'shuffle', 1, (msg) => ({
      ...msg,
      deck: deckFromPoints(msg.deck.points.map((p, j) => (j === 5 ? msg.deck.points[2]! : p))),
    }));
    expect(faultOf(dup, secrets, {})).toEqual({
      seat: 1,
      packet: 0,
      step: 'shuffle',
      position: 5,
      code: 'duplicate',
      reason: 'shuffled deck: positions 2 and 5 hold the same point',
    });
    const perm = secretOf(0, 1).shuffle!.perm;
    expect(faultOf(dup)).toEqual({
      seat: 1,
      packet: 0,
      step: 'shuffle',
      position: 5,
      code: 'recompute',
      reason: `seat 1's shuffled card 5 is not s·(input ${perm[5]}): a card was replaced, duplicated or re-masked`,
    });
  });
});

describe('missing steps, packets and secrets', () => {
  test.each<[StepKind, number]>([
    ['relayer', 1],
    ['shuffle', 0],
    ['shuffle', 1],
    ['lock', 0],
    ['lock', 1],
  ])('a missing %s step of packet %i names the seat that did not send it', (kind, id) => {
    const name = kind === 'relayer' ? 're-layer' : kind;
    expect(faultOf(withStep(id, kind, 1, () => undefined))).toEqual({
      seat: 1,
      packet: id,
      step: kind,
      code: 'missing',
      reason: `${name} step of seat 1 is missing`,
    });
  });

  test('a reshuffle of a packet that is not in the transcript cannot be formed (nobody named)', () => {
    expect(faultOf({ ...base, packets: [base.packets[1]!] })).toEqual({
      seat: null,
      packet: 1,
      code: 'missing',
      reason: 'packet 1 cannot be formed: inputs[0]: unknown packet 0',
    });
  });

  test('a re-layer step on a fresh deck names its author', () => {
    const tr = withPacket(0, (pt) => ({ ...pt, relayer: [step(1, 'relayer', 1)] }));
    expect(faultOf(tr)).toEqual({
      seat: 1,
      packet: 0,
      step: 'relayer',
      code: 'turn',
      reason: 're-layer step on a fresh deck',
    });
  });

  test.each<[number, number, StepKind]>([
    [0, 0, 'shuffle'],
    [0, 1, 'shuffle'],
    [1, 0, 'relayer'],
    [1, 1, 'relayer'],
  ])('withheld secrets of packet %i are blamed on seat %i at its first step (%s)', (packet, seat, kind) => {
    expect(
      faultOf(
        base,
        withSecrets(packet, seat, () => undefined),
      ),
    ).toEqual({
      seat,
      packet,
      step: kind,
      code: 'missing',
      reason: `seat ${seat} did not disclose its secrets for packet ${packet}`,
    });
  });

  test.each<[string, number, number, (s: PacketSecrets) => PacketSecrets, StepKind, string]>([
    ['t', 1, 1, ({ relayer: _, ...s }) => s, 'relayer', 'seat 1 did not disclose t for packet 1'],
    [
      's and the permutation',
      0,
      1,
      ({ shuffle: _, ...s }) => s,
      'shuffle',
      'seat 1 did not disclose s and its permutation for packet 0',
    ],
    [
      's and the permutation (reshuffle)',
      1,
      0,
      ({ shuffle: _, ...s }) => s,
      'shuffle',
      'seat 0 did not disclose s and its permutation for packet 1',
    ],
    ['the lock keys', 0, 0, ({ lock: _, ...s }) => s, 'lock', 'seat 0 did not disclose its 32 lock keys for packet 0'],
    [
      'all lock keys',
      0,
      1,
      (s) => ({ ...s, lock: s.lock!.slice(1) }),
      'lock',
      'seat 1 did not disclose its 32 lock keys for packet 0',
    ],
    [
      'all lock keys (reshuffle)',
      1,
      1,
      (s) => ({ ...s, lock: [...s.lock!, 1n] }),
      'lock',
      'seat 1 did not disclose its 4 lock keys for packet 1',
    ],
  ])('withholding %s of packet %i names seat %i', (_, packet, seat, change, kind, reason) => {
    expect(faultOf(base, withSecrets(packet, seat, change))).toEqual({
      seat,
      packet,
      step: kind,
      code: 'missing',
      reason,
    });
  });

  test('two secret sets of one seat for one packet are refused', () => {
    expect(faultOf(base, [...secrets, secretOf(1, 0)])).toEqual({
      seat: 0,
      packet: 1,
      step: 'secrets',
      code: 'secret',
      reason: 'seat 0 disclosed two different secret sets for packet 1',
    });
  });
});

describe('disclosed secrets that do not match the transcript', () => {
  const withPerm = (packet: number, seat: number, change: (perm: number[]) => number[]) =>
    withSecrets(packet, seat, (s) => ({ ...s, shuffle: { ...s.shuffle!, perm: change([...s.shuffle!.perm]) } }));

  test.each<[string, number, number, (perm: number[]) => number[], number]>([
    ['a repeated input', 0, 1, (p) => p.map((v, j) => (j === 1 ? p[0]! : v)), 32],
    ['one input short', 0, 0, (p) => p.slice(1), 32],
    ['an input out of range', 1, 1, (p) => p.map((v, j) => (j === 3 ? 4 : v)), 4],
  ])('a permutation with %s (packet %i, seat %i) is not a permutation', (_, packet, seat, change, m) => {
    expect(faultOf(base, withPerm(packet, seat, change))).toEqual({
      seat,
      packet,
      step: 'shuffle',
      code: 'permutation',
      reason: `seat ${seat}'s disclosed permutation is not a permutation of ${m} cards`,
    });
  });

  test('a t that does not match T names the seat', () => {
    const sec = withSecrets(1, 1, (s) => ({ ...s, relayer: Fn.add(s.relayer!, 1n) }));
    expect(faultOf(base, sec)).toEqual({
      seat: 1,
      packet: 1,
      step: 'relayer',
      code: 'secret',
      reason: "seat 1's disclosed t does not match T_1",
    });
  });

  test.each<[number, number]>([
    [0, 0],
    [0, 1],
    [1, 0],
    [1, 1],
  ])('an s that does not match S (packet %i, seat %i) names the seat', (packet, seat) => {
    const sec = withSecrets(packet, seat, (s) => ({ ...s, shuffle: { ...s.shuffle!, s: Fn.add(s.shuffle!.s, 1n) } }));
    expect(faultOf(base, sec)).toEqual({
      seat,
      packet,
      step: 'shuffle',
      code: 'secret',
      reason: `seat ${seat}'s disclosed s does not match S_${seat} (mismatched S_i)`,
    });
  });

  test.each<[string, number, number, number, (k: bigint) => bigint]>([
    ['a wrong key', 0, 1, 5, (k) => Fn.add(k, 1n)],
    ['a wrong key (reshuffle)', 1, 0, 2, (k) => Fn.add(k, 1n)],
    ['a zero key', 0, 0, 3, () => 0n],
    ['a zero key at the first position', 0, 1, 0, () => 0n],
  ])('%s (packet %i, seat %i, position %i) does not match its K', (_, packet, seat, position, change) => {
    const sec = withSecrets(packet, seat, (s) => ({
      ...s,
      lock: s.lock!.map((k, c) => (c === position ? change(k) : k)),
    }));
    expect(faultOf(base, sec)).toEqual({
      seat,
      packet,
      step: 'lock',
      position,
      code: 'secret',
      reason: `seat ${seat}'s disclosed key for position ${position} does not match K_${seat},${position}`,
    });
  });

  test('a key commitment K that is not the disclosed key’s (the locked deck is right) names the seat and card', () => {
    const tr = withStep(0, 'lock', 1, (msg) => ({ ...msg, keys: doubled(msg.keys, 6) }));
    expect(faultOf(tr)).toEqual({
      seat: 1,
      packet: 0,
      step: 'lock',
      position: 6,
      code: 'secret',
      reason: "seat 1's disclosed key for position 6 does not match K_1,6",
    });
  });
});

describe('steps that are not what the disclosed secrets give', () => {
  test.each<[number, number]>([
    [0, 0],
    [1, 2],
  ])('a re-layered card (seat %i, position %i) is recomputed and named', (seat, position) => {
    const tr = withStep(1, 'relayer', seat, (msg) => ({ ...msg, deck: doubled(msg.deck, position) }));
    expect(faultOf(tr)).toEqual({
      seat,
      packet: 1,
      step: 'relayer',
      position,
      code: 'recompute',
      reason: `seat ${seat}'s re-layered card ${position} is not (t/k)·before with its disclosed secrets`,
    });
  });

  test.each<[number, number, number]>([
    [0, 0, 0],
    [0, 1, 3],
    [1, 1, 1],
  ])('a shuffled card (packet %i, seat %i, position %i) is recomputed and named', (packet, seat, position) => {
    const tr = withStep(packet, 'shuffle', seat, (msg) => ({ ...msg, deck: doubled(msg.deck, position) }));
    const perm = secretOf(packet, seat).shuffle!.perm;
    expect(faultOf(tr)).toEqual({
      seat,
      packet,
      step: 'shuffle',
      position,
      code: 'recompute',
      reason: `seat ${seat}'s shuffled card ${position} is not s·(input ${perm[position]}): a card was replaced, duplicated or re-masked`,
    });
  });

  test('a disclosed permutation other than the one applied is named at its first wrong card', () => {
    const sec = withSecrets(0, 0, (s) => {
      const perm = [...s.shuffle!.perm];
      [perm[0], perm[7]] = [perm[7]!, perm[0]!];
      return { ...s, shuffle: { ...s.shuffle!, perm } };
    });
    expect(faultOf(base, sec)).toEqual({
      seat: 0,
      packet: 0,
      step: 'shuffle',
      position: 0,
      code: 'recompute',
      reason: `seat 0's shuffled card 0 is not s·(input ${secretOf(0, 0).shuffle!.perm[7]}): a card was replaced, duplicated or re-masked`,
    });
  });

  test.each<[number, number, number]>([
    [0, 0, 0],
    [0, 1, 9],
    [1, 0, 3],
  ])('a locked card (packet %i, seat %i, position %i) is recomputed and named', (packet, seat, position) => {
    const tr = withStep(packet, 'lock', seat, (msg) => ({ ...msg, deck: doubled(msg.deck, position) }));
    expect(faultOf(tr)).toEqual({
      seat,
      packet,
      step: 'lock',
      position,
      code: 'recompute',
      reason: `seat ${seat}'s locked card ${position} is not (k/s)·before (wrong lock factor)`,
    });
  });
});

describe('with the proofs skipped, each step is still checked for its place and size', () => {
  const other = new TextEncoder().encode('audit-other');
  test.each<[string, (h: ShuffleStep['header']) => ShuffleStep['header'], number, string]>([
    ['another table', (h) => ({ ...h, tableId: other }), 1, '(hand 1, packet 0, seat 1)'],
    ['another hand', (h) => ({ ...h, handNo: 2 }), 1, '(hand 2, packet 0, seat 1)'],
    ['another packet', (h) => ({ ...h, packet: 1 }), 1, '(hand 1, packet 1, seat 1)'],
    ['the seat whose turn it is not', (h) => ({ ...h, seat: 0 }), 0, '(hand 1, packet 0, seat 0)'],
  ])('a shuffle step bound to %s is out of place', (_, change, seat, where) => {
    const tr = withStep(0, 'shuffle', 1, (msg) => ({ ...msg, header: change(msg.header) }));
    expect(faultOf(tr)).toEqual({
      seat,
      packet: 0,
      step: 'shuffle',
      code: 'context',
      reason: `shuffle step out of place ${where}`,
    });
  });

  test('a lock step sent in the shuffle cascade is out of place', () => {
    const tr = withStep(0, 'shuffle', 1, () => step(0, 'lock', 1));
    expect(faultOf(tr)).toEqual({
      seat: 1,
      packet: 0,
      step: 'lock',
      code: 'context',
      reason: 'lock step out of place (hand 1, packet 0, seat 1)',
    });
  });

  const twice = (d: Deck) => deckFromPoints([...d.points, d.points[0]!.double()]);
  const short = (d: Deck) => deckFromPoints(d.points.slice(1));
  test.each<[string, () => HandTranscript, StepKind, number, number, string]>([
    [
      'a shuffled deck one card short',
      () => withStep(0, 'shuffle', 1, (m) => ({ ...m, deck: short(m.deck) })),
      'shuffle',
      0,
      1,
      'shuffle step has 31 cards, expected 32',
    ],
    [
      'an S of two points',
      () => withStep(0, 'shuffle', 0, (m) => ({ ...m, layer: twice(m.layer) })),
      'shuffle',
      0,
      0,
      'shuffle step has 32 cards, expected 32',
    ],
    [
      'a locked deck one card long',
      () => withStep(0, 'lock', 1, (m) => ({ ...m, deck: twice(m.deck) })),
      'lock',
      0,
      1,
      'lock step has 33 cards, expected 32',
    ],
    [
      'one key commitment short',
      () => withStep(0, 'lock', 0, (m) => ({ ...m, keys: short(m.keys) })),
      'lock',
      0,
      0,
      'lock step has 32 cards, expected 32',
    ],
    [
      'a re-layered deck one card short',
      () => withStep(1, 'relayer', 1, (m) => ({ ...m, deck: short(m.deck) })),
      'relayer',
      1,
      1,
      'relayer step has 3 cards, expected 4',
    ],
    [
      'a T of two points',
      () => withStep(1, 'relayer', 0, (m) => ({ ...m, layer: twice(m.layer) })),
      'relayer',
      1,
      0,
      'relayer step has 4 cards, expected 4',
    ],
  ])('%s is refused by its size', (_, tr, kind, packet, seat, reason) => {
    expect(faultOf(tr())).toEqual({ seat, packet, step: kind, code: 'size', reason });
  });
});

describe('key shares', () => {
  const lying = (packet: number, seat: number, position: number, to: number): KeyShares => {
    const honest = share(packet, seat, [position], to);
    return { ...honest, entries: [{ ...honest.entries[0]!, key: Fn.add(honest.entries[0]!.key, 1n) }] };
  };
  const withShare = (ks: KeyShares): HandTranscript => ({ ...base, keyShares: [...base.keyShares!, ks] });
  const keyFault = (packet: number, seat: number, position: number) => ({
    seat,
    packet,
    step: 'keys',
    position,
    code: 'key',
    reason: `seat ${seat} sent a key for position ${position} (layer of seat ${seat}) that does not match K_${seat},${position}`,
  });

  test.each<[string, () => KeyShares, AuditOptions, number, number, number]>([
    ['sealed to a seat', () => lying(0, 0, 9, 1), FAST, 0, 0, 9],
    [
      'sealed to a seat, public shares verified live',
      () => lying(0, 1, 7, 0),
      { verifyProofs: false, verified: { publicShares: true } },
      0,
      1,
      7,
    ],
    ['to all', () => lying(0, 1, 20, ALL), FAST, 0, 1, 20],
    ['to all, of the reshuffle', () => lying(1, 1, 3, ALL), FAST, 1, 1, 3],
    [
      'sealed to a seat, of the reshuffle',
      () => lying(1, 0, 1, 1),
      { verifyProofs: false, verified: { publicShares: true } },
      1,
      0,
      1,
    ],
  ])('a wrong key %s names its sender', (_, ks, opts, packet, seat, position) => {
    expect(faultOf(withShare(ks()), secrets, opts)).toEqual(keyFault(packet, seat, position));
  });

  test('a wrong key to all is not checked again when the public shares were verified live', () => {
    expect(
      run(withShare(lying(0, 1, 20, ALL)), secrets, { verifyProofs: false, verified: { publicShares: true } }).verdict,
    ).toBe('clean');
  });

  test('key shares for a packet that is not in the transcript name their sender', () => {
    const ks = share(0, 1, [3], 0);
    expect(faultOf(withShare({ ...ks, header: { ...ks.header, packet: 7 } }))).toEqual({
      seat: 1,
      packet: 7,
      step: 'keys',
      code: 'context',
      reason: 'key shares for packet 7, which is not in the transcript',
    });
  });
});
