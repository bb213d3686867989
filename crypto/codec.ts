/**
 * Canonical binary encodings and strict decoders for every message and for
 * the secrets a seat persists. Group elements are 32-byte ristretto255
 * encodings decoded canonically (RFC 9496 §4.3.1) and never the identity;
 * scalars are 32-byte little-endian integers in [1, ℓ) (RFC 9496 §4.4
 * convention; as RFC 8032 §5.1.7 rejects S ≥ ℓ), except the responses of the
 * shuffle argument, which are any canonical scalar in [0, ℓ); integers are big-endian;
 * every count is bounded, every enumeration closed, and trailing bytes are
 * rejected, so each value has exactly one encoding (the signed transcript and
 * the Fiat–Shamir challenges rely on it). Malformed input throws `TypeError`
 * (not bytes) or `RangeError` (anything else), naming the field; with an
 * `expect` context, a message bound to another table, hand, packet or seat is
 * rejected the same way.
 *
 * Layout: 'F' 'D' version type tableIdLen tableId handNo:u32 packet:u16 seat:u8 body.
 * Type codes: re-layer 1, lock 3, keys 4, shuffle 5 (with the shuffle
 * argument; 2 was the retired Schnorr-only shuffle step), secrets 16.
 * Version 2, written for the steps (the messages that carry points), ends
 * the body with one decode hint per point in the body's order (32 bytes:
 * the inverse square root of its decoding, group.ts `decodePoint`), so a
 * receiver decodes a step's points with a few multiplications each instead
 * of an exponentiation each; version 1 (keys, secrets, and the steps of
 * transcripts recorded before) has none and is decoded the long way.
 */
import { Reader, Writer, abytes, equalBytes, toHex } from './bytes.js';
import { ALL_SEATS, type Hand, type HandParams, MAX_SEATS } from './cards.js';
import { HINTED, StepPoints, writeHints } from './decode-hints.js';
import { decodeResponse, decodeScalar, encodeScalar } from './group.js';
import { type KeyEntry, type KeyShares } from './keys.js';
import { type Deck, MAX_PACKET, RETIRED_SHUFFLE_CODE, STEP_CODE } from './packet.js';
import { SHUFFLE_T, SHUFFLE_Z } from './shuffle-proof.js';
import { type LockStep, type PacketSecrets, type RelayerStep, type ShuffleStep, type StepHeader } from './steps.js';
import { isPermutation } from './random.js';

const MAGIC0 = 0x46; // 'F'
const MAGIC1 = 0x44; // 'D'
/** Keys and secrets: no points. */
const VERSION = 1;

type MessageType = 'relayer' | 'shuffle' | 'lock' | 'keys' | 'secrets';
const TYPE_NAME: Record<number, MessageType> = {
  [STEP_CODE.relayer]: 'relayer',
  [STEP_CODE.shuffle]: 'shuffle',
  [STEP_CODE.lock]: 'lock',
  [STEP_CODE.keys]: 'keys',
  [STEP_CODE.secrets]: 'secrets',
};
const LABEL: Record<MessageType, string> = {
  relayer: 're-layer step',
  shuffle: 'shuffle step',
  lock: 'lock step',
  keys: 'key shares',
  secrets: 'packet secrets',
};

/** What the receiver expects a message to be bound to. */
export interface Expect {
  readonly hand?: Hand | HandParams;
  readonly packet?: number;
  readonly seat?: number;
}

// ------------------------------------------------------------------ header

function writeHeader(type: MessageType, h: StepHeader, version = VERSION): Writer {
  abytes(h.tableId, 'tableId', [1, 64]);
  return new Writer()
    .u8(MAGIC0)
    .u8(MAGIC1)
    .u8(version)
    .u8(STEP_CODE[type])
    .bytes8(h.tableId)
    .u32(h.handNo)
    .u16(h.packet)
    .u8(h.seat);
}

function readHeader(
  bytes: unknown,
  type: MessageType,
  expect?: Expect,
): { r: Reader; header: StepHeader; version: number } {
  const what = LABEL[type];
  abytes(bytes, what);
  const r = new Reader(bytes as Uint8Array, what);
  if (r.u8('magic') !== MAGIC0 || r.u8('magic') !== MAGIC1)
    throw new RangeError(`${what}: bad magic (not a Fairdeck message)`);
  const version = r.u8('version');
  const steps = type === 'relayer' || type === 'shuffle' || type === 'lock';
  const code = r.u8('type');
  if (code !== STEP_CODE[type]) {
    const got = TYPE_NAME[code];
    if (code === RETIRED_SHUFFLE_CODE)
      throw new RangeError(
        `${what}: message type ${code} (retired shuffle step without a shuffle argument), expected ${STEP_CODE[type]}`,
      );
    throw new RangeError(`${what}: message type ${code}${got ? ` (${LABEL[got]})` : ''}, expected ${STEP_CODE[type]}`);
  }
  if (version !== VERSION && !(steps && version === HINTED))
    throw new RangeError(
      `${what}: unsupported version ${version}, expected ${steps ? `${VERSION} or ${HINTED}` : VERSION}`,
    );
  const tableId = r.bytes8('tableId', 1, 64);
  const handNo = r.u32('handNo');
  const packet = r.u16('packet');
  const seat = r.u8('seat');
  if (seat >= MAX_SEATS) throw new RangeError(`${what}: seat ${seat} out of range 0..${MAX_SEATS - 1}`);
  const header = { tableId, handNo, packet, seat };
  if (expect) checkExpect(what, header, expect);
  return { r, header, version };
}

function checkExpect(what: string, h: StepHeader, expect: Expect): void {
  if (expect.hand) {
    const p = 'params' in expect.hand ? expect.hand.params : expect.hand;
    if (!equalBytes(h.tableId, p.tableId)) {
      throw new RangeError(`${what}: bound to table ${toHex(h.tableId)}, expected table ${toHex(p.tableId)}`);
    }
    if (h.handNo !== p.handNo) throw new RangeError(`${what}: bound to hand ${h.handNo}, expected hand ${p.handNo}`);
    if (h.seat >= p.seats) throw new RangeError(`${what}: seat ${h.seat} is not at this table (${p.seats} seats)`);
  }
  if (expect.packet !== undefined && h.packet !== expect.packet) {
    throw new RangeError(`${what}: bound to packet ${h.packet}, expected packet ${expect.packet}`);
  }
  if (expect.seat !== undefined && h.seat !== expect.seat) {
    throw new RangeError(`${what}: authored by seat ${h.seat}, expected seat ${expect.seat}`);
  }
}

// ------------------------------------------------------------------ fields

function readCount(r: Reader, what: string, field: string, max: number): number {
  const n = r.u16(field);
  if (n < 1 || n > max) throw new RangeError(`${what}: ${field} ${n} outside 1..${max}`);
  return n;
}

function readScalar(r: Reader, what: string, field: string): bigint {
  return decodeScalar(r.raw(32, field), `${what}: ${field}`);
}

/** Σ-protocol responses: canonical, in [0, ℓ) (zero is a valid response). */
function readResponse(r: Reader, what: string, field: string): bigint {
  return decodeResponse(r.raw(32, field), `${what}: ${field}`);
}

function writeScalars(w: Writer, xs: readonly bigint[]): void {
  for (const x of xs) w.raw(encodeScalar(x));
}

function deckLength(w: Deck, n: number, what: string): void {
  if (w.bytes.length !== 32 * n || w.points.length !== n) throw new RangeError(`${what}: expected ${n} points`);
}

// ------------------------------------------------------------------ shuffle

/**
 * Shuffle step (type 5): n deck[n] S, then the shuffle argument
 * c[n] ĉ[n] t[5] t̂[n] z[4] ẑ[n] z'[n] (points canonical and never the
 * identity; responses canonical in [0, ℓ)).
 */
export function encodeShuffleStep(m: ShuffleStep): Uint8Array {
  const n = m.deck.points.length;
  const p = m.proof;
  deckLength(m.deck, n, 'shuffle step deck');
  deckLength(m.layer, 1, 'shuffle step S');
  deckLength(p.c, n, 'shuffle step proof.c');
  deckLength(p.chain, n, 'shuffle step proof.chain');
  deckLength(p.t, SHUFFLE_T, 'shuffle step proof.t');
  deckLength(p.tChain, n, 'shuffle step proof.tChain');
  if (p.z.length !== SHUFFLE_Z || p.zChain.length !== n || p.zPerm.length !== n) {
    throw new RangeError(`shuffle step proof: expected ${SHUFFLE_Z} + 2·${n} responses`);
  }
  const w = writeHeader('shuffle', m.header, HINTED)
    .u16(n)
    .raw(m.deck.bytes)
    .raw(m.layer.bytes)
    .raw(p.c.bytes)
    .raw(p.chain.bytes)
    .raw(p.t.bytes)
    .raw(p.tChain.bytes);
  writeScalars(w, p.z);
  writeScalars(w, p.zChain);
  writeScalars(w, p.zPerm);
  return writeHints(w, [m.deck, m.layer, p.c, p.chain, p.t, p.tChain]).finish();
}

export function decodeShuffleStep(bytes: Uint8Array, expect?: Expect): ShuffleStep {
  const what = LABEL.shuffle;
  const { r, header, version } = readHeader(bytes, 'shuffle', expect);
  const n = readCount(r, what, 'card count', MAX_PACKET);
  const points = new StepPoints(r, what);
  points.deck(n, 'deck');
  points.point('S');
  points.deck(n, 'proof.c');
  points.deck(n, 'proof.chain');
  points.deck(SHUFFLE_T, 'proof.t');
  points.deck(n, 'proof.tChain');
  const z = Array.from({ length: SHUFFLE_Z }, (_, i) => readResponse(r, what, `proof.z[${i}]`));
  const zChain = Array.from({ length: n }, (_, i) => readResponse(r, what, `proof.zChain[${i}]`));
  const zPerm = Array.from({ length: n }, (_, i) => readResponse(r, what, `proof.zPerm[${i}]`));
  const [deck, layer, c, chain, t, tChain] = points.decode(version) as [Deck, Deck, Deck, Deck, Deck, Deck];
  return { kind: 'shuffle', header, deck, layer, proof: { c, chain, t, tChain, z, zChain, zPerm } };
}

// ------------------------------------------------------------------ lock

export function encodeLockStep(m: LockStep): Uint8Array {
  const n = m.deck.points.length;
  deckLength(m.deck, n, 'lock step deck');
  deckLength(m.keys, n, 'lock step keys');
  deckLength(m.proof.A, n, 'lock step proof.A');
  const w = writeHeader('lock', m.header, HINTED)
    .u16(n)
    .raw(m.deck.bytes)
    .raw(m.keys.bytes)
    .raw(m.proof.A.bytes)
    .raw(m.proof.Bbytes);
  writeScalars(w, m.proof.z);
  return writeHints(w, [m.deck, m.keys, m.proof.A, { points: [m.proof.B], bytes: m.proof.Bbytes }]).finish();
}

export function decodeLockStep(bytes: Uint8Array, expect?: Expect): LockStep {
  const what = LABEL.lock;
  const { r, header, version } = readHeader(bytes, 'lock', expect);
  const n = readCount(r, what, 'card count', MAX_PACKET);
  const points = new StepPoints(r, what);
  points.deck(n, 'deck');
  points.deck(n, 'K');
  points.deck(n, 'proof.A');
  points.point('proof.B');
  const z = Array.from({ length: n }, (_, i) => readScalar(r, what, `proof.z[${i}]`));
  const [deck, keys, A, B] = points.decode(version) as [Deck, Deck, Deck, Deck];
  return { kind: 'lock', header, deck, keys, proof: { A, B: B.points[0]!, Bbytes: B.bytes, z } };
}

// ------------------------------------------------------------------ relayer

export function encodeRelayerStep(m: RelayerStep): Uint8Array {
  const n = m.deck.points.length;
  deckLength(m.deck, n, 're-layer step deck');
  deckLength(m.proof.A, n, 're-layer step proof.A');
  const w = writeHeader('relayer', m.header, HINTED)
    .u16(n)
    .raw(m.deck.bytes)
    .raw(m.layer.bytes)
    .raw(m.proof.A.bytes)
    .raw(m.proof.Bbytes);
  writeScalars(w, m.proof.z);
  return writeHints(w, [m.deck, m.layer, m.proof.A, { points: [m.proof.B], bytes: m.proof.Bbytes }]).finish();
}

export function decodeRelayerStep(bytes: Uint8Array, expect?: Expect): RelayerStep {
  const what = LABEL.relayer;
  const { r, header, version } = readHeader(bytes, 'relayer', expect);
  const n = readCount(r, what, 'card count', MAX_PACKET);
  const points = new StepPoints(r, what);
  points.deck(n, 'deck');
  points.point('T');
  points.deck(n, 'proof.A');
  points.point('proof.B');
  const z = Array.from({ length: n }, (_, i) => readScalar(r, what, `proof.z[${i}]`));
  const [deck, layer, A, B] = points.decode(version) as [Deck, Deck, Deck, Deck];
  return { kind: 'relayer', header, deck, layer, proof: { A, B: B.points[0]!, Bbytes: B.bytes, z } };
}

// ------------------------------------------------------------------ keys

const MAX_ENTRIES = MAX_PACKET * MAX_SEATS;

export function encodeKeyShares(m: KeyShares): Uint8Array {
  const w = writeHeader('keys', m.header).u8(m.to).u16(m.entries.length);
  for (const e of m.entries) w.u16(e.position).u8(e.layer).raw(encodeScalar(e.key));
  return w.finish();
}

export function decodeKeyShares(bytes: Uint8Array, expect?: Expect): KeyShares {
  const what = LABEL.keys;
  const { r, header } = readHeader(bytes, 'keys', expect);
  const to = r.u8('to');
  if (to !== ALL_SEATS && to >= MAX_SEATS)
    throw new RangeError(`${what}: recipient ${to} is neither a seat nor ${ALL_SEATS} (everyone)`);
  if (to === header.seat) throw new RangeError(`${what}: seat ${to} sends keys to itself`);
  const n = readCount(r, what, 'entry count', MAX_ENTRIES);
  const entries: KeyEntry[] = [];
  let prev = -1;
  for (let i = 0; i < n; i++) {
    const position = r.u16(`entries[${i}].position`);
    const layer = r.u8(`entries[${i}].layer`);
    if (position >= MAX_PACKET)
      throw new RangeError(`${what}: entries[${i}].position ${position} outside 0..${MAX_PACKET - 1}`);
    if (layer >= MAX_SEATS) throw new RangeError(`${what}: entries[${i}].layer ${layer} outside 0..${MAX_SEATS - 1}`);
    const order = position * 256 + layer;
    if (order <= prev)
      throw new RangeError(`${what}: entries[${i}] not in strictly increasing (position, layer) order`);
    prev = order;
    entries.push({ position, layer, key: readScalar(r, what, `entries[${i}].key`) });
  }
  r.end();
  return { kind: 'keys', header, to, entries };
}

// ------------------------------------------------------------------ secrets

const HAS_RELAYER = 1;
const HAS_SHUFFLE = 2;
const HAS_LOCK = 4;

/** Secrets header carries the table and hand they belong to. */
export function encodePacketSecrets(s: PacketSecrets, hand: Hand | HandParams): Uint8Array {
  const p = 'params' in hand ? hand.params : hand;
  const flags = (s.relayer !== undefined ? HAS_RELAYER : 0) | (s.shuffle ? HAS_SHUFFLE : 0) | (s.lock ? HAS_LOCK : 0);
  const w = writeHeader('secrets', { tableId: p.tableId, handNo: p.handNo, packet: s.packet, seat: s.seat }).u8(flags);
  if (s.relayer !== undefined) w.raw(encodeScalar(s.relayer));
  if (s.shuffle) {
    w.raw(encodeScalar(s.shuffle.s)).u16(s.shuffle.perm.length);
    for (const v of s.shuffle.perm) w.u16(v);
  }
  if (s.lock) {
    w.u16(s.lock.length);
    writeScalars(w, s.lock);
  }
  return w.finish();
}

export function decodePacketSecrets(bytes: Uint8Array, expect?: Expect): PacketSecrets {
  const what = LABEL.secrets;
  const { r, header } = readHeader(bytes, 'secrets', expect);
  const flags = r.u8('flags');
  if (flags & ~(HAS_RELAYER | HAS_SHUFFLE | HAS_LOCK))
    throw new RangeError(`${what}: unknown flags 0x${flags.toString(16)}`);
  let out: PacketSecrets = { packet: header.packet, seat: header.seat };
  if (flags & HAS_RELAYER) out = { ...out, relayer: readScalar(r, what, 'relayer t') };
  if (flags & HAS_SHUFFLE) {
    const s = readScalar(r, what, 'shuffle s');
    const n = readCount(r, what, 'permutation size', MAX_PACKET);
    const perm = Array.from({ length: n }, (_, i) => r.u16(`perm[${i}]`));
    if (!isPermutation(perm, n)) throw new RangeError(`${what}: perm is not a permutation of 0..${n - 1}`);
    out = { ...out, shuffle: { s, perm } };
  }
  if (flags & HAS_LOCK) {
    const n = readCount(r, what, 'key count', MAX_PACKET);
    out = { ...out, lock: Array.from({ length: n }, (_, i) => readScalar(r, what, `lock k[${i}]`)) };
  }
  r.end();
  return out;
}
