/**
 * The events a table holds for a hand it has not started yet (a rematch
 * another peer started first): bounded per author by the same limits as a
 * hand's pool (hand/event-pool.ts LIMITS), duplicates found by signature in
 * O(1), with the links each came over (whose pages have shown they hold it:
 * table-echo.ts). The table session takes them into the hand when it starts it.
 */
import { encodeEnvelope, keyHex, type EnvelopeOf } from '../net/envelope.js';
import { LIMITS } from './hand/event-pool.js';

export class EarlyEvents {
  readonly events: EnvelopeOf<'table-event'>[] = [];
  private readonly sigs = new Set<string>();
  private readonly perAuthor = new Map<string, { events: number; bytes: number }>();
  /** Per event (signature hex), the peer ids of the links it came over. */
  private readonly vias = new Map<string, Set<string>>();
  add(envelope: EnvelopeOf<'table-event'>, via?: string): 'new' | 'duplicate' | 'over-limit' {
    const sig = keyHex(envelope.sig);
    const known = this.vias.get(sig);
    if (known && via !== undefined && known.size < 16) known.add(via);
    if (this.sigs.has(sig)) return 'duplicate';
    const author = keyHex(envelope.from);
    const held = this.perAuthor.get(author) ?? { events: 0, bytes: 0 };
    const size = encodeEnvelope(envelope).length;
    if (held.events + 1 > LIMITS.eventsPerAuthor || held.bytes + size > LIMITS.bytesPerAuthor) return 'over-limit';
    this.perAuthor.set(author, { events: held.events + 1, bytes: held.bytes + size });
    this.sigs.add(sig);
    this.vias.set(sig, new Set(via === undefined ? [] : [via]));
    this.events.push(envelope);
    return 'new';
  }

  /** The peer ids of the links `envelope` came over. */
  cameOver(envelope: EnvelopeOf<'table-event'>): readonly string[] {
    return [...(this.vias.get(keyHex(envelope.sig)) ?? [])];
  }
}
