/**
 * What a table (table-session.ts) keeps of each hand when it ends, beyond its
 * events: the outcome, stored with the hand's set-up (the next hand's set-up
 * derives from it, from storage only: hand/setup.ts), and a halted local
 * seat's verdict, signed and sent once as a `fault` event so every screen
 * shows it.
 */
import { handOutcome } from '../games/index.js';
import type { EnvelopeOf, Signer } from '../net/envelope.js';
import type { HandSession } from './hand-session.js';
import { faultData } from './hand/faults.js';
import { hashBytes } from './hand/seat-agent.js';
import { outcomeOf, type HandRecord } from './hand/setup.js';
import type { TableStore } from './table-outbox.js';

export interface HandRecordsHost {
  readonly store: TableStore;
  readonly table: () => string;
  readonly closed: () => boolean;
  readonly signAs: (signer: Signer, body: EnvelopeOf<'table-event'>['body']) => EnvelopeOf<'table-event'>;
  readonly publish: (envelope: EnvelopeOf<'table-event'>) => void;
}

export class HandRecords {
  /** The last write of a hand record: a next hand's set-up is read only after it. */
  private recordSaved: Promise<unknown> = Promise.resolve();
  private outcomeKept: HandSession | null = null;
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
    const outcome = outcomeOf(
      handOutcome(session.config.game.id, session.engineState, session.auditResult?.rules ?? null),
      session.hash,
    );
    const record: HandRecord = { setup: session.config.setup, outcome };
    this.recordSaved = this.recordSaved.then(() =>
      this.host.store.saveHandRecord(this.host.table(), session.config.setup.handNo, record),
    );
  }

  /** A seat of ours whose hand halted signs and sends its verdict once (a `fault` event), so every screen shows it. */
  reportFault(seat: number, { session, signer }: { readonly session: HandSession; readonly signer: Signer }): void {
    const halt = session.halt;
    if (
      !halt ||
      halt.code === 'abandoned' ||
      session.agent === null ||
      this.reported.has(session) ||
      this.host.closed()
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
