/**
 * What a table keeps of each hand when it ends (table-hand-records.ts): a
 * finished hand's outcome stored once with its set-up (the next hand's set-up
 * is derived from that record, so it must be the outcome of the audited state
 * and be written before `saved` settles) with its result for the score
 * strip (places, scores, the names signed in the readies, the score table
 * row of a game that gives one), read back by a
 * reloaded table; and a halted local seat's verdict
 * signed and sent once as a `fault` event — never for an abandoned hand, a
 * watcher, a second time, or after the table closed. The game's outcome is
 * stubbed (vi.mock of handOutcome) so the test sees what the record is made
 * of; the hand sessions are fakes.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { EnvelopeOf, Signer } from '../../src/net/envelope.js';
import type { HandSession } from '../../src/table/hand-session.js';
import { MemoryTableStore } from '../../tools/sim/memory-store.js';
import { HandRecords } from '../../src/table/table-hand-records.js';

const outcomeCalls: unknown[][] = [];
let outcomeResult: { ranking: number[][]; scores: number[] | null; nextDealer: number; carry: unknown } | null = null;
vi.mock('../../src/games/index.js', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/games/index.js')>()),
  handOutcome: (...args: unknown[]) => {
    outcomeCalls.push(args);
    return outcomeResult;
  },
}));

const TABLE = 'abcdefgh-0123456789abcdef';
const setup = {
  table: TABLE,
  handNo: 3,
  game: 'stress-shed',
  options: {},
  seatKeys: ['aa', 'bb'],
  dealer: 1,
  carry: null,
  previous: null,
};

function finished(
  over: Partial<{ phase: string; engineState: unknown; hash: string | null; auditResult: unknown }> = {},
): HandSession {
  return {
    phase: 'done',
    engineState: { board: 1 },
    hash: 'cd'.repeat(32),
    auditResult: null,
    config: { setup, game: { id: 'stress-shed' } },
    // The names the seats signed in their readies.
    follower: { pool: { ready: (seat: number) => ({ data: { name: ['Ann', 'Bob'][seat] } }) } },
    ...over,
  } as unknown as HandSession;
}

function harness() {
  const store = new MemoryTableStore();
  const state = { closed: false, take: true };
  const signed: [Signer, EnvelopeOf<'table-event'>['body']][] = [];
  const published: unknown[] = [];
  const records = new HandRecords({
    store,
    now: {
      table: TABLE,
      get closed() {
        return state.closed;
      },
    },
    signAs: (signer, body) => {
      signed.push([signer, body]);
      return { signedBody: body } as unknown as EnvelopeOf<'table-event'>;
    },
    publish: (envelope) => published.push(envelope),
  });
  return { records, store, state, signed, published };
}

beforeEach(() => {
  outcomeCalls.length = 0;
  outcomeResult = null;
});

describe('a finished hand’s record', () => {
  it('holds the set-up and the outcome of the final state, stored once before `saved` settles', async () => {
    const h = harness();
    outcomeResult = { ranking: [[1], [0]], scores: [3, 1], nextDealer: 0, carry: { scores: [3, 1] } };
    const session = finished();
    h.records.keepOutcome(session);
    h.records.keepOutcome(session);
    await h.records.saved;
    expect(outcomeCalls).toEqual([['stress-shed', { board: 1 }, null]]);
    const result = {
      ranking: [[1], [0]],
      scores: [3, 1],
      matchOver: false,
      names: ['Ann', 'Bob'],
      seatKeys: ['aa', 'bb'],
    };
    expect(await h.store.loadHandRecord(TABLE, 3)).toEqual({
      setup,
      outcome: { stateHash: 'cd'.repeat(32), nextDealer: 0, carry: { scores: [3, 1] } },
      result,
    });
    expect(h.records.results()).toEqual([{ handNo: 3, result }]);
  });

  it('keeps the hand’s result for the score strip, which a reloaded table reads back from storage', async () => {
    const h = harness();
    outcomeResult = { ranking: [[0], [1]], scores: [2, 0], nextDealer: 1, carry: null };
    h.records.keepOutcome(finished());
    await h.records.saved;
    const reloaded = new HandRecords({
      store: h.store,
      now: { table: TABLE, closed: false },
      signAs: () => {
        throw new Error('nothing to sign');
      },
      publish: () => undefined,
    });
    expect(reloaded.results()).toEqual([]);
    expect(await reloaded.loadResults(3)).toBe(false);
    expect(await reloaded.loadResults(4)).toBe(true);
    expect(reloaded.results()).toEqual([
      {
        handNo: 3,
        // No carry with scores: the match ended with this hand.
        result: { ranking: [[0], [1]], scores: [2, 0], matchOver: true, names: ['Ann', 'Bob'], seatKeys: ['aa', 'bb'] },
      },
    ]);
  });

  it('keeps the outcome’s score table row with the result, read back by a reloaded table; none when it has none', async () => {
    const h = harness();
    const row = { deal: 2, declarer: 1, scores: [0, 142, 0] };
    outcomeResult = { ranking: [[1], [0]], scores: [0, 142], nextDealer: 0, carry: { played: 2 }, row } as never;
    h.records.keepOutcome(finished());
    await h.records.saved;
    expect(h.records.results()[0]?.result.row).toEqual(row);
    expect((await h.store.loadHandRecord(TABLE, 3))?.result?.row).toEqual(row);
    for (const none of [null, undefined]) {
      const again = harness();
      outcomeResult = { ranking: [[1], [0]], scores: [0, 0], nextDealer: 0, carry: { played: 1 }, row: none } as never;
      again.records.keepOutcome(finished());
      await again.records.saved;
      expect(again.records.results()[0]?.result).not.toHaveProperty('row');
    }
  });

  it('names a seat that signed no name with "" (the strip names it as it can)', async () => {
    const h = harness();
    outcomeResult = { ranking: [[0], [1]], scores: null, nextDealer: 1, carry: null };
    h.records.keepOutcome(
      finished({ follower: { pool: { ready: (seat: number) => (seat === 0 ? { data: {} } : undefined) } } } as never),
    );
    await h.records.saved;
    expect(h.records.results()[0]?.result).toMatchObject({ names: ['', ''], matchOver: false });
  });

  it('scores with the audit’s rules report when the audit is in', async () => {
    const h = harness();
    const rules = { reneges: [] };
    h.records.keepOutcome(finished({ auditResult: { rules } }));
    await h.records.saved;
    expect(outcomeCalls).toEqual([['stress-shed', { board: 1 }, rules]]);
    expect(await h.store.loadHandRecord(TABLE, 3)).toEqual({ setup, outcome: null });
    expect(h.records.results()).toEqual([]);
  });

  it.each([
    ['not done', { phase: 'halted' }],
    ['no final state', { engineState: null }],
    ['no hash', { hash: null }],
  ])('is not written for a hand with %s', async (_, over) => {
    const h = harness();
    h.records.keepOutcome(finished(over));
    await h.records.saved;
    expect(outcomeCalls).toEqual([]);
    expect(await h.store.loadHandRecord(TABLE, 3)).toBeUndefined();
  });

  it('`saved` waits for the last write, one after the other', async () => {
    const h = harness();
    const order: number[] = [];
    const save = h.store.saveHandRecord.bind(h.store);
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    h.store.saveHandRecord = async (table, hand, record) => {
      if (hand === 3) await gate;
      await save(table, hand, record);
      order.push(hand);
    };
    h.records.keepOutcome(finished());
    const first = h.records.saved;
    h.records.keepOutcome({
      ...finished(),
      config: { setup: { ...setup, handNo: 4 }, game: { id: 'stress-shed' } },
    } as unknown as HandSession);
    const second = h.records.saved;
    expect(second).not.toBe(first);
    let settled = false;
    void second.then(() => (settled = true));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(settled).toBe(false);
    expect(order).toEqual([]);
    release();
    await second;
    expect(order).toEqual([3, 4]);
  });
});

describe('a halted local seat’s verdict', () => {
  const signer = { publicKey: new Uint8Array(32) } as unknown as Signer;
  const hashes = ['11'.repeat(32), '22'.repeat(32) + 'ff'];
  function halted(
    halt: { code: string; seat: number | null; detail: string } | null,
    over: Partial<{ agent: unknown; take: boolean }> = {},
  ) {
    const taken: unknown[] = [];
    const seqAsked: number[] = [];
    const session = {
      halt,
      agent: 'agent' in over ? over.agent : {},
      follower: {
        setup: { handNo: 6 },
        hashes,
        pool: { nextSeq: (seat: number) => (seqAsked.push(seat), 9) },
        take: (envelope: unknown) => (taken.push(envelope), over.take ?? true),
      },
    } as unknown as HandSession;
    return { session, taken, seqAsked };
  }

  it('is signed as a fault event of the hand, chained to the last hash, sent once', () => {
    const h = harness();
    const { session, taken, seqAsked } = halted({ code: 'bad-proof', seat: 2, detail: 'x'.repeat(400) });
    h.records.reportFault(1, { session, signer });
    h.records.reportFault(1, { session, signer });
    expect(seqAsked).toEqual([1]);
    expect(h.signed).toEqual([
      [
        signer,
        {
          hand: 6,
          n: 9,
          at: 1,
          hash: new Uint8Array(32).fill(0x22),
          type: 'fault',
          data: { code: 'bad-proof', seat: 2, detail: 'x'.repeat(300), evidence: null },
        },
      ],
    ]);
    expect(taken).toEqual([{ signedBody: h.signed[0]![1] }]);
    expect(h.published).toEqual(taken);
  });

  it('is not published when the hand does not take it', () => {
    const h = harness();
    const { session } = halted({ code: 'bad-proof', seat: 2, detail: 'd' }, { take: false });
    h.records.reportFault(0, { session, signer });
    expect(h.signed).toHaveLength(1);
    expect(h.published).toEqual([]);
  });

  it.each([
    ['a hand not halted', null, {}],
    ['an abandoned hand', { code: 'abandoned', seat: null, detail: 'gone' }, {}],
    ['a watcher (no seat agent)', { code: 'bad-proof', seat: 2, detail: 'd' }, { agent: null }],
  ])('is not sent for %s', (_, halt, over) => {
    const h = harness();
    h.records.reportFault(0, { session: halted(halt, over).session, signer });
    expect(h.signed).toEqual([]);
    expect(h.published).toEqual([]);
  });

  it('is not sent after the table closed', () => {
    const h = harness();
    h.state.closed = true;
    const { session } = halted({ code: 'bad-proof', seat: 2, detail: 'd' });
    h.records.reportFault(0, { session, signer });
    expect(h.signed).toEqual([]);
    // Not counted as reported: once open again (a test-only turn) the same hand's verdict goes out.
    h.state.closed = false;
    h.records.reportFault(0, { session, signer });
    expect(h.signed).toHaveLength(1);
  });
});
