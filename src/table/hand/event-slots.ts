/**
 * Where an event pool (event-pool.ts) keeps its events by the slot each
 * fills (transcript.ts): a seat's ready, disclosure, abandon and fault
 * report; a cascade step per packet, kind and seat; key shares per request
 * and seat; commits and reveals per round and seat; acts per seat by
 * sequence number. It stores and finds; the pool decides what may go in and
 * when an event takes effect.
 */
import type { EventType, TableEvent } from '../transcript.js';
import type { StepType } from './event-pool.js';

/** One event per (number, seat): a slot family such as "keys of request 3". */
class Slots<T extends EventType> {
  private readonly map = new Map<number, (TableEvent<T> | undefined)[]>();
  get(key: number, seat: number): TableEvent<T> | undefined {
    return this.map.get(key)?.[seat];
  }
  set(key: number, seat: number, event: TableEvent<T>): void {
    let row = this.map.get(key);
    if (!row) this.map.set(key, (row = []));
    row[seat] = event;
  }
}

/** Every slot of one hand's events. */
export class EventSlots {
  readonly readies: (TableEvent<'ready'> | undefined)[] = [];
  readonly disclosures: (TableEvent<'disclose'> | undefined)[] = [];
  readonly abandons: (TableEvent<'abandon'> | undefined)[] = [];
  readonly faults: (TableEvent<'fault'> | undefined)[] = [];
  readonly steps = {
    shuffle: new Slots<'shuffle'>(),
    lock: new Slots<'lock'>(),
    reshuffle: new Slots<'reshuffle'>(),
  };
  readonly keys = new Slots<'keys'>();
  readonly commits = new Slots<'commit'>();
  readonly reveals = new Slots<'reveal'>();
  /** Per seat, its acts by sequence number. */
  readonly actBySeq: Map<number, TableEvent<'act'>>[];

  constructor(players: number) {
    this.actBySeq = Array.from({ length: players }, () => new Map());
  }

  step(type: StepType, packet: number, seat: number): TableEvent<StepType> | undefined {
    return (this.steps[type] as Slots<StepType>).get(packet, seat);
  }

  /** The event held in a slot of `type` (any but an act), for `key` (packet, request or round) and `seat`. */
  get(type: Exclude<EventType, 'act'>, key: number, seat: number): TableEvent | undefined {
    switch (type) {
      case 'ready':
        return this.readies[seat];
      case 'disclose':
        return this.disclosures[seat];
      case 'abandon':
        return this.abandons[seat];
      case 'fault':
        return this.faults[seat];
      case 'shuffle':
      case 'lock':
      case 'reshuffle':
        return this.steps[type].get(key, seat);
      case 'keys':
        return this.keys.get(key, seat);
      case 'commit':
        return this.commits.get(key, seat);
      case 'reveal':
        return this.reveals.get(key, seat);
    }
  }

  /** The event held in the slot `event` would fill (an act's slot is its sequence number, which the pool checks). */
  of(event: TableEvent): TableEvent | undefined {
    const s = event.seat;
    switch (event.type) {
      case 'ready':
        return this.readies[s];
      case 'disclose':
        return this.disclosures[s];
      case 'abandon':
        return this.abandons[s];
      case 'fault':
        return this.faults[s];
      case 'shuffle':
      case 'lock':
      case 'reshuffle':
        return this.steps[event.type].get((event as TableEvent<StepType>).data.packet, s);
      case 'keys':
        return this.keys.get((event as TableEvent<'keys'>).data.request, s);
      case 'commit':
        return this.commits.get((event as TableEvent<'commit'>).data.round, s);
      case 'reveal':
        return this.reveals.get((event as TableEvent<'reveal'>).data.round, s);
      case 'act':
        return undefined; // an act's slot is its sequence number, checked by the caller
    }
  }

  /** Puts `event` in its slot (the pool has checked that the slot is free). */
  place(event: TableEvent): void {
    const s = event.seat;
    switch (event.type) {
      case 'ready':
        this.readies[s] = event as TableEvent<'ready'>;
        return;
      case 'disclose':
        this.disclosures[s] = event as TableEvent<'disclose'>;
        return;
      case 'abandon':
        this.abandons[s] = event as TableEvent<'abandon'>;
        return;
      case 'fault':
        this.faults[s] = event as TableEvent<'fault'>;
        return;
      case 'shuffle':
      case 'lock':
      case 'reshuffle': {
        const e = event as TableEvent<StepType>;
        (this.steps[event.type] as Slots<StepType>).set(e.data.packet, s, e);
        return;
      }
      case 'keys':
        this.keys.set((event as TableEvent<'keys'>).data.request, s, event as TableEvent<'keys'>);
        return;
      case 'commit':
        this.commits.set((event as TableEvent<'commit'>).data.round, s, event as TableEvent<'commit'>);
        return;
      case 'reveal':
        this.reveals.set((event as TableEvent<'reveal'>).data.round, s, event as TableEvent<'reveal'>);
        return;
      case 'act':
        this.actBySeq[s]!.set(event.envelope.body.n, event as TableEvent<'act'>);
        return;
    }
  }
}
