/**
 * The transcript file: a whole match (every hand of one table) as one
 * versioned JSON document that anyone can check offline (docs/TRANSCRIPT.md
 * is its schema in words). Per hand it holds the agreed set-up
 * (hand/setup.ts) and every signed `table-event` envelope exactly as it
 * travelled (deterministic CBOR, base64); the disclosed secrets are inside
 * the `disclose` events, so nothing secret is added and nothing needs to be
 * trusted: `verify-transcript.ts` re-checks every byte. The `names` list and
 * each hand's `claimed` outcome are what the exporting peer recorded; the
 * verifier shows the names each seat signed in its ready instead, and
 * compares the claim (which must be there) with its own replay.
 *
 * `parseTranscriptFile` reads every version ever written (a switch on
 * `version`) and returns a `Result` whose error says which field is wrong.
 * Version 1 did not say which version of the game's rules the hands were
 * played under; version 2 adds `rules` (src/games/rules-versions.ts);
 * version 3 adds `roster`, the creator's signed roster the exporting page
 * held (its hand count shows a match cut short), and is what
 * `buildTranscriptFile` writes.
 */
import * as v from 'valibot';
import type { Json } from '../engine/index.js';
import { currentRulesVersion } from '../games/rules-versions.js';
import { encodeEnvelope, type EnvelopeOf, type Result } from '../net/envelope.js';
import type { HandOutcome, HandSetup } from '../table/hand/setup.js';

export const TRANSCRIPT_FORMAT = 'fairdeck-transcript';
/** The version this code writes; it reads every version from 1 up. */
export const TRANSCRIPT_VERSION = 3;

const hex = (bytes: number) =>
  v.pipe(v.string(), v.regex(new RegExp(`^[0-9a-f]{${bytes * 2}}$`), `must be ${bytes} bytes of lower-case hex`));
const uint = v.pipe(v.number(), v.safeInteger(), v.minValue(0));
const json = v.custom<Json>(() => true);

const setupSchema = v.strictObject({
  table: v.pipe(v.string(), v.minLength(1), v.maxLength(64)),
  handNo: uint,
  game: v.pipe(v.string(), v.maxLength(32)),
  options: json,
  // None: a hand called off whose seats the exporting page never learnt (a newcomer's), which carries no events.
  seatKeys: v.pipe(
    v.array(hex(32)),
    v.maxLength(8),
    v.check((keys) => keys.length === 0 || keys.length >= 2, 'a hand has 2 to 8 seats, or none (called off)'),
  ),
  dealer: uint,
  carry: v.nullable(json),
  previous: v.nullable(hex(32)),
});

const outcomeSchema = v.strictObject({
  stateHash: v.pipe(v.string(), v.regex(/^[0-9a-f]{64,}$/)),
  nextDealer: uint,
  carry: v.nullable(json),
});

const handSchemaV1 = v.strictObject({
  setup: setupSchema,
  /** Every signed table-event envelope of the hand, base64 of its CBOR bytes, in any order. */
  events: v.pipe(v.array(v.pipe(v.string(), v.maxLength(1_000_000))), v.maxLength(100_000)),
  /** What the exporting peer recorded as the hand's end: its last state hash and outcome (null: none). */
  claimed: v.nullable(v.strictObject({ stateHash: v.nullable(v.string()), outcome: v.nullable(outcomeSchema) })),
});

const fileSchemaV1 = v.strictObject({
  format: v.literal(TRANSCRIPT_FORMAT),
  version: v.literal(1),
  table: v.pipe(v.string(), v.minLength(1), v.maxLength(64)),
  game: v.pipe(v.string(), v.maxLength(32)),
  /** Informational: the names the exporting peer showed (never verified). */
  names: v.pipe(v.array(v.pipe(v.string(), v.maxLength(64))), v.maxLength(8)),
  hands: v.pipe(v.array(handSchemaV1), v.minLength(1, 'the file holds no hand')),
});

/** Version 2: version 1 and the version of the game's rules every hand was played under. */
const fileSchemaV2 = v.strictObject({
  ...fileSchemaV1.entries,
  version: v.literal(2),
  rules: v.pipe(uint, v.minValue(1)),
});

/** Version 3: version 2 and the newest roster the exporting page held, as the table's creator signed it (or null). */
const fileSchemaV3 = v.strictObject({
  ...fileSchemaV2.entries,
  version: v.literal(3),
  /** Standard base64 of the creator's signed `roster` envelope: its `hands` says how many hands the table started. */
  roster: v.nullable(v.pipe(v.string(), v.maxLength(100_000))),
});

export interface TranscriptHand {
  readonly setup: HandSetup;
  readonly events: readonly string[];
  readonly claimed: { readonly stateHash: string | null; readonly outcome: HandOutcome | null } | null;
}
export interface TranscriptFile {
  readonly format: typeof TRANSCRIPT_FORMAT;
  readonly version: 1 | 2 | 3;
  readonly table: string;
  readonly game: string;
  /** The version of the game's rules the hands were played under (src/games/rules-versions.ts); absent in version 1, which did not say. */
  readonly rules?: number;
  readonly names: readonly string[];
  readonly hands: readonly TranscriptHand[];
  /** (Version 3) the creator's signed roster envelope, base64, or null; absent before version 3. */
  readonly roster?: string | null;
}

/** One hand as a peer holds it: the set-up, the envelopes, and what it recorded at the end. */
export interface HandToExport {
  readonly setup: HandSetup;
  readonly envelopes: readonly (EnvelopeOf<'table-event'> | Uint8Array)[];
  readonly stateHash: string | null;
  readonly outcome: HandOutcome | null;
}

/** Builds the file of a match; hands in hand order. */
export function buildTranscriptFile(
  hands: readonly HandToExport[],
  names: readonly string[] = [],
  roster: EnvelopeOf<'roster'> | null = null,
): TranscriptFile {
  const first = hands[0];
  if (!first) throw new RangeError('buildTranscriptFile: no hand to export');
  return {
    format: TRANSCRIPT_FORMAT,
    version: TRANSCRIPT_VERSION,
    table: first.setup.table,
    game: first.setup.game,
    rules: currentRulesVersion(first.setup.game) ?? 1,
    names: [...names],
    hands: [...hands]
      .sort((a, b) => a.setup.handNo - b.setup.handNo)
      .map((hand) => ({
        setup: hand.setup,
        events: hand.envelopes.map((e) => bytesToBase64(e instanceof Uint8Array ? e : encodeEnvelope(e))),
        claimed:
          hand.stateHash === null && hand.outcome === null
            ? null
            : { stateHash: hand.stateHash, outcome: hand.outcome },
      })),
    roster: roster ? bytesToBase64(encodeEnvelope(roster)) : null,
  };
}

/** The file as text (what is saved and downloaded). */
export function transcriptJson(file: TranscriptFile): string {
  return `${JSON.stringify(file, null, 1)}\n`;
}

/** Reads a transcript file of any version written so far. */
export function parseTranscriptFile(text: string): Result<TranscriptFile> {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    return { ok: false, error: `not JSON: ${error instanceof Error ? error.message : String(error)}` };
  }
  if (typeof raw !== 'object' || raw === null || (raw as { format?: unknown }).format !== TRANSCRIPT_FORMAT) {
    return { ok: false, error: `not a Fairdeck transcript (the "format" field must be "${TRANSCRIPT_FORMAT}")` };
  }
  const version = (raw as { version?: unknown }).version;
  switch (version) {
    case 1:
      return checked(v.safeParse(fileSchemaV1, raw), 1);
    case 2:
      return checked(v.safeParse(fileSchemaV2, raw), 2);
    case 3:
      return checked(v.safeParse(fileSchemaV3, raw), 3);
    default:
      return {
        ok: false,
        error: `unknown transcript version ${JSON.stringify(version)} (this verifier reads versions 1 to ${TRANSCRIPT_VERSION}: a newer Fairdeck wrote it)`,
      };
  }
}

function checked(
  parsed: v.SafeParseResult<typeof fileSchemaV1 | typeof fileSchemaV2 | typeof fileSchemaV3>,
  version: number,
): Result<TranscriptFile> {
  if (parsed.success) return { ok: true, value: parsed.output as TranscriptFile };
  const issue = parsed.issues[0];
  const where = issue?.path?.map((p) => String(p.key)).join('.') ?? '';
  return {
    ok: false,
    error: `bad transcript (version ${version}): ${where ? `${where}: ` : ''}${issue?.message ?? 'invalid'}`,
  };
}

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
/** Value of each base64 character by its code (−1: not one). */
const B64_VALUE = new Int8Array(128).fill(-1);
for (let i = 0; i < B64.length; i++) B64_VALUE[B64.charCodeAt(i)] = i;
const PAD = '='.charCodeAt(0);

/** Standard base64 (RFC 4648 §4) with padding. */
export function bytesToBase64(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const a = bytes[i]!,
      b = bytes[i + 1],
      c = bytes[i + 2];
    const n = (a << 16) | ((b ?? 0) << 8) | (c ?? 0);
    out +=
      B64[(n >> 18) & 63]! +
      B64[(n >> 12) & 63]! +
      (b === undefined ? '=' : B64[(n >> 6) & 63]!) +
      (c === undefined ? '=' : B64[n & 63]!);
  }
  return out;
}

/**
 * Strict base64 (RFC 4648 §4), or null: padded to a multiple of 4, only the
 * alphabet, '=' only as the last one or two characters, and canonical (§3.5:
 * the bits the padding leaves unused are zero), so each byte string has
 * exactly one text.
 */
export function base64ToBytes(text: string): Uint8Array | null {
  if (text.length % 4 !== 0) return null;
  const pad =
    text.length > 0 && text.charCodeAt(text.length - 1) === PAD
      ? text.charCodeAt(text.length - 2) === PAD
        ? 2
        : 1
      : 0;
  const body = text.length - pad;
  const out = new Uint8Array((text.length / 4) * 3 - pad);
  const value = (i: number): number => {
    const code = text.charCodeAt(i);
    return code < 128 ? B64_VALUE[code]! : -1;
  };
  let o = 0;
  for (let i = 0; i < body; i += 4) {
    const a = value(i),
      b = value(i + 1);
    const c = i + 2 < body ? value(i + 2) : 0;
    const d = i + 3 < body ? value(i + 3) : 0;
    if ((a | b | c | d) < 0) return null;
    const n = (a << 18) | (b << 12) | (c << 6) | d;
    out[o++] = n >> 16;
    if (o < out.length) out[o++] = (n >> 8) & 255;
    if (o < out.length) out[o++] = n & 255;
    // The last group: the bits the padding leaves unused must be zero.
    if (i + 4 >= body && ((pad === 1 && (c & 3) !== 0) || (pad === 2 && (b & 15) !== 0))) return null;
  }
  return out;
}
