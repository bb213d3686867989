/**
 * The wire envelope: every message between peers is one signed, versioned
 * envelope `{v, kind, table, from, seq, to, body, sig}`, encoded as
 * deterministic CBOR (RFC 8949 §4.2.1 core deterministic encoding, via cborg)
 * and signed with the author's ed25519 identity (RFC 8032) over a domain tag
 * plus the canonical encoding of everything but `sig`. Signatures make relaying
 * safe: any peer may forward any envelope and nobody can alter it.
 *
 * `decodeEnvelope` is the single gate for bytes from the network. It checks,
 * in order: size, CBOR well-formedness (strict: no indefinite lengths,
 * duplicate keys, undefined, NaN), the envelope shape, the protocol version,
 * the table, the body shape for the kind, and the signature (strict RFC 8032,
 * verify.ts). Nesting is bounded before anything is decoded (cbor-depth.ts:
 * the decoder and the signing bytes' encoder recurse once per level). It
 * never throws, cold or warm: it returns a `Result` whose error says exactly
 * what was wrong, so the caller can log it and drop the message.
 */
import { encode as cborEncode, decode as cborDecode } from 'cborg';
import { bytesToHex, concatBytes, utf8ToBytes } from '@noble/hashes/utils.js';
import * as v from 'valibot';
import { nestingProblem } from './cbor-depth.js';
import { verifyStrict, type SignatureVerifier } from './verify.js';
import type { Result } from '../result.js';
import { BODY_SCHEMAS, bytesOfLength, type BodyOf, type Kind, KINDS } from './messages.js';

export const PROTOCOL_VERSION = 1;
/** Largest envelope accepted from a peer (a 104-card lock step is ~30 KiB). */
export const MAX_ENVELOPE_BYTES = 512 * 1024;
const SIGNING_DOMAIN = utf8ToBytes('fairdeck/envelope/v1\0');

export type { Result } from '../result.js';

export interface EnvelopeOf<K extends Kind> {
  readonly v: typeof PROTOCOL_VERSION;
  readonly kind: K;
  readonly table: string;
  /** The author's ed25519 public key (32 bytes). */
  readonly from: Uint8Array;
  /** Strictly increasing per author (microsecond clock), for dedupe and replay checks. */
  readonly seq: number;
  /** The one recipient's public key, or null for everyone at the table. */
  readonly to: Uint8Array | null;
  readonly body: BodyOf<K>;
  readonly sig: Uint8Array;
}

/** An envelope of one kind; `Envelope` alone is the union over kinds, narrowed by `kind`. */
export type Envelope<K extends Kind = Kind> = K extends Kind ? EnvelopeOf<K> : never;

export type UnsignedEnvelope<K extends Kind> = Omit<EnvelopeOf<K>, 'sig' | 'v' | 'from'>;

/** Something that can sign: the browser's identity, or a test peer's. */
export interface Signer {
  readonly publicKey: Uint8Array;
  sign(message: Uint8Array): Uint8Array;
}

const envelopeSchema = v.strictObject({
  v: v.number('version must be a number'),
  kind: v.picklist(KINDS, 'unknown kind'),
  table: v.pipe(v.string('table must be a string'), v.minLength(1), v.maxLength(64, 'table id too long')),
  from: bytesOfLength(32, 'from'),
  seq: v.pipe(v.number('seq must be a number'), v.safeInteger('seq must be an integer'), v.minValue(0)),
  to: v.nullable(bytesOfLength(32, 'to')),
  body: v.unknown(),
  sig: bytesOfLength(64, 'sig'),
});

/** The exact bytes the author signs: a domain tag plus the canonical CBOR of all fields but `sig`. */
export function signingBytes(envelope: Omit<EnvelopeOf<Kind>, 'sig'>): Uint8Array {
  const { v: version, kind, table, from, seq, to, body } = envelope;
  return concatBytes(SIGNING_DOMAIN, cborEncode({ v: version, kind, table, from, seq, to, body }));
}

export function signEnvelope<K extends Kind>(signer: Signer, unsigned: UnsignedEnvelope<K>): EnvelopeOf<K> {
  const withoutSig = { v: PROTOCOL_VERSION, from: signer.publicKey, ...unsigned } as const;
  return { ...withoutSig, sig: signer.sign(signingBytes(withoutSig as Omit<Envelope, 'sig'>)) };
}

export function encodeEnvelope(envelope: EnvelopeOf<Kind>): Uint8Array {
  const { v: version, kind, table, from, seq, to, body, sig } = envelope;
  return cborEncode({ v: version, kind, table, from, seq, to, body, sig });
}

function describeIssue(issues: readonly v.BaseIssue<unknown>[]): string {
  const issue = issues[0];
  if (!issue) return 'invalid';
  const where = issue.path?.map((p) => String(p.key)).join('.') ?? '';
  return where ? `${where}: ${issue.message}` : issue.message;
}

/**
 * Decodes and verifies bytes from a peer. `table` is the table this peer is
 * at; envelopes for another table are rejected (a message cannot be replayed
 * across tables). `verifier` (the mesh's, with its per-author cache) decides
 * the signature; without one, noble's strict verify does.
 */
export function decodeEnvelope(bytes: unknown, table: string, verifier?: SignatureVerifier): Result<Envelope> {
  const parsed = parseUnverified(bytes, table);
  if (!parsed.ok) return parsed;
  try {
    if (!verifyEnvelope(parsed.value, verifier)) return { ok: false, error: 'bad signature' };
  } catch (error) {
    return { ok: false, error: `signature could not be checked: ${errorText(error)}` };
  }
  return parsed;
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** True when `sig` is the author's strict RFC 8032 signature over the envelope's signing bytes. */
export function verifyEnvelope(envelope: Envelope, verifier?: SignatureVerifier): boolean {
  const message = signingBytes(envelope);
  return verifier
    ? verifier.verify(envelope.sig, message, envelope.from)
    : verifyStrict(envelope.sig, message, envelope.from);
}

/**
 * Every check of `decodeEnvelope` but the signature. The mesh uses it to look
 * at an envelope before deciding whether it must verify it; anything it
 * returns is untrusted until `verifyEnvelope` says otherwise.
 */
export function parseUnverified(bytes: unknown, table: string): Result<Envelope> {
  try {
    return parse(bytes, table);
  } catch (error) {
    // Not reached by any input we know of (nesting is bounded first); the gate still never throws.
    return { ok: false, error: `could not be read: ${errorText(error)}` };
  }
}

function parse(bytes: unknown, table: string): Result<Envelope> {
  if (!(bytes instanceof Uint8Array)) return { ok: false, error: 'not binary data' };
  if (bytes.length > MAX_ENVELOPE_BYTES) {
    return { ok: false, error: `oversized: ${bytes.length} bytes > ${MAX_ENVELOPE_BYTES}` };
  }
  const nesting = nestingProblem(bytes);
  if (nesting) return { ok: false, error: nesting };
  let raw: unknown;
  try {
    raw = cborDecode(bytes, {
      strict: true,
      rejectDuplicateMapKeys: true,
      allowIndefinite: false,
      allowUndefined: false,
      allowInfinity: false,
      allowNaN: false,
      allowBigInt: false,
    });
  } catch (error) {
    return { ok: false, error: `not canonical CBOR: ${errorText(error)}` };
  }
  const shape = v.safeParse(envelopeSchema, raw);
  if (!shape.success) return { ok: false, error: `bad envelope: ${describeIssue(shape.issues)}` };
  const envelope = shape.output;
  if (envelope.v !== PROTOCOL_VERSION) {
    return { ok: false, error: `unsupported protocol version ${envelope.v} (this peer speaks ${PROTOCOL_VERSION})` };
  }
  if (envelope.table !== table) return { ok: false, error: `for another table (${envelope.table})` };
  const body = v.safeParse(BODY_SCHEMAS[envelope.kind], envelope.body);
  if (!body.success) return { ok: false, error: `bad ${envelope.kind} body: ${describeIssue(body.issues)}` };
  return { ok: true, value: { ...envelope, v: PROTOCOL_VERSION, body: body.output } as Envelope };
}

/** Hex of a public key: how peers name each other in logs and maps. */
export function keyHex(key: Uint8Array): string {
  return bytesToHex(key);
}
