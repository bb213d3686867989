/**
 * What a table (table-session.ts) keeps of each hand when it ends, beyond its
 * events: the outcome, stored with the hand's set-up (the next hand's set-up
 * derives from it, from storage only: hand/setup.ts) together with the hand's
 * result for the score strip (places, scores, the names signed in the
 * readies); the results of earlier hands read back from storage when a hand
 * starts (so a reloaded page shows the same strip); and a halted local
 * seat's verdict, signed and sent once as a `fault` event so every screen
 * shows it.
 */
import { handOutcome } from '../games/index.js';
import type { EnvelopeOf, Signer } from '../net/envelope.js';
import type { HandSession } from './hand-session.js';
import { faultData, hashBytes } from './hand/fault-report.js';
import { outcomeOf, resultOf, type HandRecord, type HandResult } from './hand/setup.js';
import type { TableStore } from './table-outbox.js';
import type { TableNow } from './table-now.js';

export interface HandRecordsHost {
  readonly store: TableStore;
  /** The table's id, and whether the page closed it. */
  readonly now: Pick<TableNow, 'table' | 'closed'>;
  readonly signAs: (signer: Signer, body: EnvelopeOf<'table-event'>['body']) => EnvelopeOf<'table-event'>;
  readonly publish: (envelope: EnvelopeOf<'table-event'>) => void;
}

export class HandRecords {
  /** The last write of a hand record: a next hand's set-up is read only after it. */
  private recordSaved: Promise<unknown> = Promise.resolve();
  private outcomeKept: HandSession | null = null;
  /** Finished hands' results by hand number, as stored (`loadResults`) or just kept (`keepOutcome`). */
  private readonly resultsByHand = new Map<number, HandResult>();
  private readonly reported = new Set<HandSession>();

  constructor(private readonly host: HandRecordsHost) {}

  /** Settles once the last outcome written is stored: a next hand's set-up is read from storage only after it. */
  get saved(): Promise<unknown> {
    return this.recordSaved;
  }

  /** A finished hand's outcome is stored with its set-up: the next hand's set-up derives from it. */
  keepOutcome(session: HandSession): void {
    if (this.outcomeKept === session || session.phase !== 'done' || !session.engineState || !session.hash) return;
    this.outcomeKept = session;
    const scored = handOutcome(session.config.game.id, session.engineState, session.auditResult?.rules ?? null);
    const outcome = outcomeOf(scored, session.hash);
    const f = session.follower;
    const signed = session.config.setup.seatKeys.map((_, seat) => f.pool.ready(seat)?.data.name ?? '');
    const result = resultOf(scored, signed, session.config.setup.seatKeys);
    const handNo = session.config.setup.handNo;
    if (result) this.resultsByHand.set(handNo, result);
    const record: HandRecord = { setup: session.config.setup, outcome, ...(result ? { result } : {}) };
    this.recordSaved = this.recordSaved.then(() => this.host.store.saveHandRecord(this.host.now.table, handNo, record));
  }

  /** Finished hands' results, oldest first, each with its hand number. */
  results(): { handNo: number; result: HandResult }[] {
    return [...this.resultsByHand].sort(([a], [b]) => a - b).map(([handNo, result]) => ({ handNo, result }));
  }

  /** Reads the stored results of hands 0..before−1 not held yet; true when any was found. */
  async loadResults(before: number): Promise<boolean> {
    let found = false;
    for (let hand = 0; hand < before; hand++) {
      if (this.resultsByHand.has(hand)) continue;
      const result = (await this.host.store.loadHandRecord(this.host.now.table, hand))?.result;
      if (result) {
        this.resultsByHand.set(hand, result);
        found = true;
      }
    }
    return found;
  }

  /** A seat of ours whose hand halted signs and sends its verdict once (a `fault` event), so every screen shows it. */
  reportFault(seat: number, { session, signer }: { readonly session: HandSession; readonly signer: Signer }): void {
    const halt = session.halt;
    if (
      !halt ||
      halt.code === 'abandoned' ||
      session.agent === null ||
      this.reported.has(session) ||
      this.host.now.closed
    )
      return;
    this.reported.add(session);
    const f = session.follower;
    const envelope = this.host.signAs(signer, {
      hand: f.setup.handNo,
      n: f.pool.nextSeq(seat),
      ...hashBytes(f.hashes),
      type: 'fault',
      data: faultData(halt),
    });
    if (f.take(envelope)) this.host.publish(envelope);
  }
}
