/**
 * The events a table holds for a hand it has not started yet (a rematch
 * another peer started first, or a later hand of the history an unseated
 * page follows): each key that sits at the table is bounded by the same
 * limits as a hand's pool (hand/limits.ts LIMITS), and every key that
 * does not sit shares one budget (`OUTSIDER_LIMITS`) — an unseated page
 * takes events from anyone (a past hand's seats may have left), so a bound
 * per author alone would let a flood under fresh keys grow without end.
 * Duplicates are found by signature in O(1), with the links each came over
 * (whose pages have shown they hold it: table-echo.ts). The table session
 * takes the events into the hand when it starts it.
 */
import { encodeEnvelope, keyHex, type EnvelopeOf } from '../net/envelope.js';
import { LIMITS } from './hand/limits.js';

/**
 * What all keys that do not sit at the table may have held for one hand,
 * together. The largest honest hand measured (6 seats, 2002 events and
 * 1.4 MB in all) fits twice in events and nearly three times in bytes, so
 * even a hand whose every seat has left since fits.
 */
export const OUTSIDER_LIMITS: OutsiderLimits = { events: 4_000, bytes: 4 * 1024 * 1024 };

export interface OutsiderLimits {
  readonly events: number;
  readonly bytes: number;
}

export type EarlyAdded = 'new' | 'duplicate' | 'over-limit';

export class EarlyEvents {
  readonly events: EnvelopeOf<'table-event'>[] = [];
  private readonly sigs = new Set<string>();
  private readonly perAuthor = new Map<string, { events: number; bytes: number }>();
  /** Per event (signature hex), the peer ids of the links it came over. */
  private readonly vias = new Map<string, Set<string>>();
  private readonly outsiders = { events: 0, bytes: 0 };

  /** `sits`: whether a key (hex) sits at the table now (the roster's seats); default: every key does. */
  constructor(
    private readonly sits: (key: string) => boolean = () => true,
    private readonly outsiderLimits: OutsiderLimits = OUTSIDER_LIMITS,
  ) {}

  add(envelope: EnvelopeOf<'table-event'>, via?: string): EarlyAdded {
    const sig = keyHex(envelope.sig);
    const known = this.vias.get(sig);
    if (known && via !== undefined && known.size < 16) known.add(via);
    if (this.sigs.has(sig)) return 'duplicate';
    const author = keyHex(envelope.from);
    const size = encodeEnvelope(envelope).length;
    if (this.sits(author)) {
      const held = this.perAuthor.get(author) ?? { events: 0, bytes: 0 };
      if (held.events + 1 > LIMITS.eventsPerAuthor || held.bytes + size > LIMITS.bytesPerAuthor) return 'over-limit';
      this.perAuthor.set(author, { events: held.events + 1, bytes: held.bytes + size });
    } else {
      const held = this.outsiders;
      if (held.events + 1 > this.outsiderLimits.events || held.bytes + size > this.outsiderLimits.bytes)
        return 'over-limit';
      held.events++;
      held.bytes += size;
    }
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
