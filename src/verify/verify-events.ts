/**
 * A hand's events as a transcript file lists them, before the offline
 * verifier replays them (verify-transcript.ts): each one through the decode
 * gate the mesh uses (`parseUnverified`, then the signature: canonical CBOR,
 * shape, table, strict ed25519), signed by one of the hand's seats, for this
 * hand, and held once; every seat's events without a gap; and a set-up in
 * the file that the seats' readies commit to. Every fault here is the
 * file's, so none blames a seat.
 */
import { keyHex, parseUnverified, type Envelope, type EnvelopeOf } from '../net/envelope.js';
import { err, ok, type Result } from '../result.js';
import { seatName } from '../table/hand/halt.js';
import { setupHash, type HandSetup } from '../table/hand/setup.js';
import { base64ToBytes, type TranscriptHand } from './transcript-file.js';
import type { TranscriptFault, VerifyOptions } from './verify-transcript.js';

/** The envelope gate of the mesh (`decodeEnvelope`: parse, then the signature), with the signature decided by `signature`. */
function decodeEvent(bytes: Uint8Array, table: string, signature: (envelope: Envelope) => boolean): Result<Envelope> {
  const parsed = parseUnverified(bytes, table);
  if (!parsed.ok) return parsed;
  return signature(parsed.value) ? parsed : { ok: false, error: 'bad signature' };
}

/** Hand `index`'s table events in the file's order, each through the envelope gate, by a seat, for this hand, held once. */
export function handEnvelopes(
  hand: TranscriptHand,
  index: number,
  signature: NonNullable<VerifyOptions['signature']>,
  cache: VerifyOptions['decodeCache'],
): Result<EnvelopeOf<'table-event'>[], TranscriptFault> {
  const { setup } = hand;
  const fault = (code: TranscriptFault['code'], event: number, detail: string) =>
    err({ code, seat: null, hand: index, event, detail });
  const envelopes: EnvelopeOf<'table-event'>[] = [];
  const seen = new Map<string, number>();
  for (const [k, text] of hand.events.entries()) {
    // `cache` keeps the decoded envelopes by their text (a pure function of the bytes and the table).
    let decoded = cache?.get(text);
    if (!decoded) {
      const bytes = base64ToBytes(text);
      if (!bytes) return fault('bad-file', k, `event #${k + 1} is not canonical base64`);
      decoded = decodeEvent(bytes, setup.table, (envelope) => signature(envelope, index, k));
      cache?.set(text, decoded);
    }
    if (!decoded.ok)
      return fault(
        'bad-envelope',
        k,
        `event #${k + 1} is refused by the envelope check: ${decoded.error} — it is not what a seat signed`,
      );
    const envelope = decoded.value;
    if (envelope.kind !== 'table-event')
      return fault('bad-envelope', k, `event #${k + 1} is a ${envelope.kind} message, not a table event`);
    const seat = setup.seatKeys.indexOf(keyHex(envelope.from));
    if (seat < 0)
      return fault(
        'not-a-seat',
        k,
        `event #${k + 1} is signed by ${keyHex(envelope.from).slice(0, 16)}…, who has no seat at this table`,
      );
    if (envelope.body.hand !== setup.handNo)
      return fault(
        'wrong-hand',
        k,
        `event #${k + 1} (by ${seatName(seat)}) belongs to hand ${envelope.body.hand + 1}, not to hand ${setup.handNo + 1}`,
      );
    const sig = keyHex(envelope.sig);
    const first = seen.get(sig);
    if (first !== undefined)
      return fault(
        'duplicate',
        k,
        `event #${k + 1} is a second copy of event #${first + 1} (${seatName(seat)}'s ${envelope.body.type} n=${envelope.body.n})`,
      );
    seen.set(sig, k);
    envelopes.push(envelope);
  }
  return ok(envelopes);
}

/** The first gap in a seat's numbered events of hand `index` (`envelopes`, every one by a seat of `setup`), or null. */
export function missingEvent(
  setup: HandSetup,
  envelopes: readonly EnvelopeOf<'table-event'>[],
  index: number,
): TranscriptFault | null {
  const numbers = setup.seatKeys.map(() => new Set<number>());
  for (const envelope of envelopes) numbers[setup.seatKeys.indexOf(keyHex(envelope.from))]!.add(envelope.body.n);
  for (const [seat, held] of numbers.entries()) {
    const top = Math.max(-1, ...held);
    for (let n = 0; n <= top; n++) {
      if (!held.has(n))
        return {
          code: 'missing-event',
          seat: null,
          hand: index,
          event: null,
          detail: `${seatName(seat)}'s event n=${n} is missing from the file (it holds that seat's events up to n=${top})`,
        };
    }
  }
  return null;
}

/** Whether the seats agreed to the file's set-up of hand `index`: 'agreed', 'called-off', or the fault that it was changed. */
export function setupAgreement(
  setup: HandSetup,
  envelopes: readonly EnvelopeOf<'table-event'>[],
  index: number,
): 'agreed' | 'called-off' | TranscriptFault {
  // Every seat's ready commits to the set-up's hash: if none commits to the file's set-up, the file's set-up was changed.
  const digest = keyHex(setupHash(setup));
  const readies = envelopes.filter((e) => e.body.type === 'ready');
  const agreed = readies.some((e) => {
    const data = e.body.data as { setup?: unknown };
    return data.setup instanceof Uint8Array && keyHex(data.setup) === digest;
  });
  if (readies.length === 0 || agreed) return 'agreed';
  // Only readies and abandons, none for this set-up: the seats saw other terms, and the hand was called off.
  if (envelopes.every((e) => e.body.type === 'ready' || e.body.type === 'abandon')) return 'called-off';
  return {
    code: 'bad-file',
    seat: null,
    hand: index,
    event: null,
    detail: `hand ${index + 1}'s set-up in the file is not the one the seats agreed to: no seat's ready commits to its hash`,
  };
}
