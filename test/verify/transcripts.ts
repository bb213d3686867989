/**
 * Helpers for the transcript tests: the checked-in fixtures (whole hands
 * recorded by `npm run simulate -- --transcript` with fixed seeds), a file
 * cut down to one hand, the simulator's seat signers (derived from the seed
 * exactly as tools/sim/simulation.ts derives them, so a test can re-sign an
 * event as its seat), and editing one envelope of a file.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ed25519 } from '@noble/curves/ed25519.js';
import { seededRandom } from '../../crypto/index.js';
import {
  decodeEnvelope,
  encodeEnvelope,
  keyHex,
  signEnvelope,
  type EnvelopeOf,
  type Signer,
} from '../../src/net/envelope.js';
import {
  base64ToBytes,
  bytesToBase64,
  parseTranscriptFile,
  type TranscriptFile,
} from '../../src/verify/transcript-file.js';

export const FIXTURES = path.resolve(import.meta.dirname, '../fixtures/transcripts');
/** Fixture file → the seed the simulator recorded it with. */
export const FIXTURE_SEEDS: Record<string, number> = {
  'stress-shed-2p.json': 7,
  /** Format 3: the readies sign the seats' names, and the file carries the creator's signed roster. */
  'stress-shed-2p-v3.json': 7,
  'stress-speed-2p.json': 2,
  'fighting-cards-3p.json': 1,
  /** Recorded (seed 1) under Fighting Cards rules version 1, before the match carried the score table's rows (git 5f1bcda^). */
  'fighting-cards-3p-rules1.json': 1,
  /** A whole match of three deals (seed 1) under Fighting Cards rules version 2, whose carry holds the score table's rows (format 3). */
  'fighting-cards-3p-rules2.json': 1,
  /** The same match (seed 1) under rules version 3, whose carry holds only the deals counted and the totals. */
  'fighting-cards-3p-rules3.json': 1,
  'pesten-2p.json': 3,
  /** Recorded (seed 3) under Pesten rules version 1, which kept the last move in the board (format 1: before names were signed). */
  'pesten-2p-rules1.json': 3,
  'school-blackjack-2p.json': 4,
};

export function fixtureText(name: string): string {
  return readFileSync(path.join(FIXTURES, name), 'utf8');
}

export function fixture(name: string): TranscriptFile {
  const parsed = parseTranscriptFile(fixtureText(name));
  if (!parsed.ok) throw new Error(`fixture ${name}: ${parsed.error}`);
  return parsed.value;
}

/** The file with only its hand `index`'s events replaced. */
export function withEvents(file: TranscriptFile, events: string[], index = 0): TranscriptFile {
  return { ...file, hands: file.hands.map((hand, i) => (i === index ? { ...hand, events } : hand)) };
}

/** The file cut down to its first hand (without the roster of a format-3 file, which counts the hands cut off). */
export function firstHand(file: TranscriptFile): TranscriptFile {
  return { ...file, hands: file.hands.slice(0, 1), ...(file.roster !== undefined ? { roster: null } : {}) };
}

export function decodeEvent(file: TranscriptFile, text: string): EnvelopeOf<'table-event'> {
  const decoded = decodeEnvelope(base64ToBytes(text), file.table);
  if (!decoded.ok || decoded.value.kind !== 'table-event')
    throw new Error(`fixture event does not decode: ${decoded.ok ? decoded.value.kind : decoded.error}`);
  return decoded.value;
}

/** The seat signers of a simulated table, as tools/sim/simulation.ts derives them from its seed. */
export function simulatorSigners(seed: number, players: number): Signer[] {
  const keyRng = seededRandom(`sim-${seed}-keys`);
  return Array.from({ length: players }, () => {
    const secretKey = ed25519.utils.randomSecretKey(keyRng(32));
    return { publicKey: ed25519.getPublicKey(secretKey), sign: (m: Uint8Array) => ed25519.sign(m, secretKey) };
  });
}

/** `envelope` with a new body (and table), signed again by `signer`: what a seat holding its key can make. */
export function resigned(
  signer: Signer,
  envelope: EnvelopeOf<'table-event'>,
  body: EnvelopeOf<'table-event'>['body'],
  table = envelope.table,
): string {
  if (keyHex(signer.publicKey) !== keyHex(envelope.from)) throw new Error('resigned: not the author of this event');
  return bytesToBase64(
    encodeEnvelope(signEnvelope(signer, { kind: 'table-event', table, seq: envelope.seq, to: envelope.to, body })),
  );
}
