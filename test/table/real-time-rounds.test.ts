/**
 * The real-time rounds (hand/real-time.ts), with hand-built games and
 * events: a round's commit digest, seeds and coin are the documented
 * hashes; the agreed order interleaves one move per seat from the coin's
 * seat; a reveal that does not match its commit is blamed; a move that lost
 * its race bounces without blame, any other refused move halts naming its
 * seat.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, concatBytes, utf8ToBytes } from '@noble/hashes/utils.js';
import { describe, expect, it } from 'vitest';
import { canonicalJson, type AnyGame, type AnyState } from '../../src/engine/index.js';
import {
  firstSeed,
  nextSeed,
  orderRound,
  playOrdered,
  roundCoin,
  roundDigest,
} from '../../src/table/hand/real-time.js';
import type { EventType, TableEvent } from '../../src/table/transcript.js';

let sigs = 0;
function event<T extends EventType>(seat: number, type: T, data: unknown): TableEvent<T> {
  const sig = ++sigs;
  const envelope = {
    sig: Uint8Array.from({ length: 64 }, (_, i) => (i < 4 ? (sig >> (8 * i)) & 255 : 0)),
    body: { hand: 0, n: sig, at: 0, hash: new Uint8Array(32), type, data },
  };
  return { envelope, seat, type, data } as unknown as TableEvent<T>;
}

const h = (...parts: Uint8Array[]) => sha256(concatBytes(...parts));
const salt = (k: number) => new Uint8Array(32).fill(k);

describe('real-time rounds', () => {
  it('the commit digest, the seeds and the coin are the documented hashes', () => {
    const actions = [{ type: 'claim', onTop: 3 }];
    expect(bytesToHex(roundDigest('tbl', 2, 5, 1, actions, salt(9)))).toBe(
      bytesToHex(
        h(utf8ToBytes('fairdeck/round/v1\0tbl\x002\x005\x001\0'), utf8ToBytes(canonicalJson(actions)), salt(9)),
      ),
    );
    const setup = new Uint8Array(32).fill(4);
    const s0 = firstSeed(setup);
    expect(bytesToHex(s0)).toBe(bytesToHex(h(utf8ToBytes('fairdeck/round-seed/v2\0'), setup)));
    expect(bytesToHex(nextSeed(s0, [salt(1), salt(2)]))).toBe(
      bytesToHex(h(utf8ToBytes('fairdeck/round-seed/v2\0'), s0, salt(1), salt(2))),
    );
    for (const [round, players] of [
      [0, 2],
      [3, 3],
      [7, 5],
    ] as const) {
      expect(roundCoin(s0, round, players)).toBe(
        h(utf8ToBytes(`fairdeck/round-coin/v2\0${round}\0`), s0)[0]! % players,
      );
    }
  });

  const ctx = { table: 'tbl', handNo: 1 };
  function round(r: number, moves: unknown[][]) {
    const commits = moves.map((m, seat) =>
      event(seat, 'commit', { round: r, digest: roundDigest(ctx.table, ctx.handNo, r, seat, m, salt(seat + 1)) }),
    );
    const reveals = moves.map((m, seat) => event(seat, 'reveal', { round: r, actions: m, salt: salt(seat + 1) }));
    return { commits, reveals };
  }
  // A seed whose coin for round 4 among 3 players is 2.
  const seed = (() => {
    for (let k = 0; ; k++) {
      const s = new Uint8Array(32).fill(k);
      if (roundCoin(s, 4, 3) === 2) return s;
    }
  })();

  it('orders a round one move per seat at a time from the coin’s seat, and derives the next seed from the salts', () => {
    const { commits, reveals } = round(4, [['a1', 'a2', 'a3'], [], ['c1']]);
    const out = orderRound(ctx, 4, seed, commits, reveals);
    expect(out.ok).toBe(true);
    if (!out.ok) return;
    expect(out.value.ordered).toEqual([
      { seat: 2, action: 'c1', round: 4 },
      { seat: 0, action: 'a1', round: 4 },
      { seat: 0, action: 'a2', round: 4 },
      { seat: 0, action: 'a3', round: 4 },
    ]);
    expect(bytesToHex(out.value.next)).toBe(bytesToHex(nextSeed(seed, [salt(1), salt(2), salt(3)])));
    const both = orderRound(
      ctx,
      4,
      seed,
      ...(Object.values(round(4, [['a1', 'a2'], ['b1', 'b2'], ['c1']])) as [never, never]),
    );
    expect(both.ok && both.value.ordered.map((o) => o.action)).toEqual(['c1', 'a1', 'b1', 'a2', 'b2']);
    const none = orderRound(ctx, 4, seed, ...(Object.values(round(4, [[], [], []])) as [never, never]));
    expect(none.ok && none.value.ordered).toEqual([]);
  });

  it('a reveal that does not match its commit is blamed on its seat', () => {
    const { commits, reveals } = round(4, [['a1'], ['b1'], []]);
    reveals[1] = event(1, 'reveal', { round: 4, actions: ['b2'], salt: salt(2) });
    expect(orderRound(ctx, 4, seed, commits, reveals)).toEqual({
      ok: false,
      error: {
        code: 'reveal-mismatch',
        seat: 1,
        detail: 'revealed moves for round 4 that do not match its commit (equivocation)',
      },
    });
    // Another salt, or the commit of another round, does not match either.
    const again = round(4, [['a1'], ['b1'], []]);
    again.reveals[0] = event(0, 'reveal', { round: 4, actions: ['a1'], salt: salt(7) });
    expect(orderRound(ctx, 4, seed, again.commits, again.reveals)).toMatchObject({
      ok: false,
      error: { code: 'reveal-mismatch', seat: 0 },
    });
    const other = round(4, [['a1'], ['b1'], []]);
    expect(orderRound(ctx, 5, seed, other.commits, other.reveals)).toMatchObject({
      ok: false,
      error: { code: 'reveal-mismatch', seat: 0 },
    });
  });

  const game = {
    claimedCards: (action: unknown) =>
      action === 'junk' ? null : action === 'show' ? [{ handle: 1, card: 'AS' }] : [],
    reduce: (state: { n: number }, input: { action: unknown }) =>
      input.action === 'late'
        ? { ok: false, error: 'top-changed' }
        : input.action === 'bad'
          ? { ok: false, error: 'not-your-card' }
          : { ok: true, value: { n: state.n + 1 } },
    raceErrors: ['top-changed'],
  } as unknown as AnyGame;
  const state = { n: 1 } as unknown as AnyState;

  it.each([
    ['good', { ok: true, value: { state: { n: 2 } } }],
    ['late', { ok: true, value: { bounce: { round: 3, seat: 1, action: 'late', error: 'top-changed' } } }],
    ['bad', { ok: false, error: { code: 'illegal-move', seat: 1, detail: 'an illegal move: not-your-card' } }],
    [
      'junk',
      { ok: false, error: { code: 'not-a-move', seat: 1, detail: 'sent a move that is not a move of this game' } },
    ],
    [
      'show',
      { ok: false, error: { code: 'illegal-move', seat: 1, detail: 'a real-time move cannot reveal hidden cards' } },
    ],
  ])('playOrdered %s', (action, expected) => {
    expect(playOrdered(game, state, { seat: 1, action, round: 3 })).toEqual(expected);
  });

  it('playOrdered hands the rules the move as an act of its seat (kind "act", the seat, the action)', () => {
    const inputs: unknown[] = [];
    const recording = {
      ...game,
      reduce: (s: AnyState, input: unknown) => (inputs.push(input), game.reduce(s, input as never)),
    } as unknown as AnyGame;
    expect(playOrdered(recording, state, { seat: 2, action: 'good', round: 0 })).toEqual({
      ok: true,
      value: { state: { n: 2 } },
    });
    expect(inputs).toEqual([{ kind: 'act', seat: 2, action: 'good' }]);
  });
});
