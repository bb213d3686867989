/**
 * The move cheats (src/table/cheats-moves.ts) that read the cheater's hand,
 * each given a stand-in hand that holds just what the cheat reads, so the
 * rewrite shows without playing: the card a move claims swapped for another
 * card of the deck (the keys still open the real one), the real-time commit
 * whose digest is made for a junk move and the reveal that carries it, and
 * the false claim — a move legal only for fewer cards than the seat holds,
 * found by forgetting every hidden card or every card of one suit, that the
 * live rules accept. cheats-played.test.ts plays the same cheats in hands.
 */
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../crypto/index.js';
import type { AnyGame, AnyState, PrivateView } from '../../src/engine/index.js';
import { signEnvelope, verifyEnvelope, type EnvelopeOf } from '../../src/net/envelope.js';
import { makeCheat, type CheatContext } from '../../src/table/cheats.js';
import { moveCheat } from '../../src/table/cheats-moves.js';
import { gameModule } from '../../src/games/index.js';
import type { HandSession } from '../../src/table/hand-session.js';
import { roundDigest } from '../../src/table/hand/real-time.js';
import { testSigner } from '../helpers/signers.js';

type Event = EnvelopeOf<'table-event'>;
const cheater = testSigner(42);
const TABLE = 'moves-8899aabbccddeeff';

function ctxWith(hand: unknown): CheatContext {
  return {
    seat: 1,
    players: 2,
    signer: cheater,
    rng: seededRandom('moves'),
    hand: () => hand as HandSession,
    secrets: () => undefined,
    done: false,
  };
}
function event(type: string, data: unknown): Event {
  return signEnvelope(cheater, {
    kind: 'table-event',
    table: TABLE,
    seq: 77,
    to: null,
    body: { type, n: 5, at: 6, hash: new Uint8Array(32), data } as never,
  });
}

describe('wrong-card', () => {
  const hand = {
    config: { game: { claimedCards: (action: { cards?: { handle: number; card: string }[] }) => action.cards ?? [] } },
    follower: { state: { deck: ['9S', '5H', '7C'] } },
  };
  it('claims another card of the deck than the one its keys open, re-signed', () => {
    const cheat = makeCheat('wrong-card', 'stress-shed')!;
    const ctx = ctxWith(hand);
    const act = event('act', {
      action: { type: 'play', cards: [{ handle: 3, card: '9S' }] },
      keys: [new Uint8Array([1])],
    });
    const out = cheat.publish!(act, ctx) as Event;
    expect(out.body).toEqual({
      ...act.body,
      data: { action: { type: 'play', cards: [{ handle: 3, card: '5H' }] }, keys: [new Uint8Array([1])] },
    });
    expect(out.seq).toBe(77);
    expect(verifyEnvelope(out)).toBe(true);
    expect(ctx.done).toBe(true);
    expect(cheat.publish!(act, ctx)).toBeUndefined();
  });
  it('leaves alone what is no move, a move that claims no card, or one without keys', () => {
    const cheat = makeCheat('wrong-card', 'stress-shed')!;
    const ctx = ctxWith(hand);
    expect(cheat.publish!(event('keys', { to: null, shares: [] }), ctx)).toBeUndefined();
    expect(
      cheat.publish!(event('act', { action: { type: 'pickup' }, keys: [new Uint8Array([1])] }), ctx),
    ).toBeUndefined();
    expect(
      cheat.publish!(event('act', { action: { type: 'play', cards: [{ handle: 3, card: '9S' }] }, keys: [] }), ctx),
    ).toBeUndefined();
    expect(ctx.done).toBe(false);
  });
  it('leaves alone an act the game does not know as a move (no claims at all, not an empty list)', () => {
    const cheat = makeCheat('wrong-card', 'stress-shed')!;
    const notAMove = { ...hand, config: { game: { claimedCards: () => null } } };
    const ctx = ctxWith(notAMove);
    expect(cheat.publish!(event('act', { action: { type: 'odd' }, keys: [new Uint8Array([1])] }), ctx)).toBeUndefined();
    expect(ctx.done).toBe(false);
  });
});

describe('audit-junk in real time', () => {
  const hand = { config: { setup: { table: TABLE, handNo: 4 } } };
  const junk = [{ type: 'junk', x: [1, 2] }];
  const salt = new Uint8Array(32).fill(5);
  it('commits to the digest of a junk move and reveals that move', () => {
    const cheat = makeCheat('audit-junk', 'stress-speed')!;
    const ctx = ctxWith(hand);
    expect(cheat.sign!(event('reveal', { round: 2, actions: [], salt: new Uint8Array(32) }).body, ctx)).toBeNull();
    const commit = event('commit', { round: 2, digest: new Uint8Array(32).fill(8) }).body;
    expect(cheat.sign!(commit, ctx)).toEqual({
      ...commit,
      data: { round: 2, digest: roundDigest(TABLE, 4, 2, 1, junk, salt) },
    });
    expect(ctx.done).toBe(false);
    // Its next commit (another round) and a reveal of another round are left alone.
    expect(cheat.sign!(event('commit', { round: 3, digest: new Uint8Array(32) }).body, ctx)).toBeNull();
    expect(cheat.sign!(event('reveal', { round: 3, actions: [], salt: new Uint8Array(32) }).body, ctx)).toBeNull();
    const reveal = event('reveal', { round: 2, actions: [{ type: 'play' }], salt: new Uint8Array(32) }).body;
    expect(cheat.sign!(reveal, ctx)).toEqual({ ...reveal, data: { round: 2, actions: junk, salt } });
    expect(ctx.done).toBe(true);
    expect(cheat.sign!(reveal, ctx)).toBeNull();
    expect(cheat.sign!(event('act', {}).body, ctx)).toBeNull();
  });
  it('rewrites only a reveal of its round: another event of that round (its commit signed again) is left alone', () => {
    const cheat = makeCheat('audit-junk', 'stress-speed')!;
    const ctx = ctxWith(hand);
    const commit = event('commit', { round: 2, digest: new Uint8Array(32).fill(8) }).body;
    expect(cheat.sign!(commit, ctx)).not.toBeNull();
    expect(cheat.sign!(commit, ctx)).toBeNull();
    expect(ctx.done).toBe(false);
  });
  it('does nothing once the cheat is done elsewhere', () => {
    const cheat = makeCheat('audit-junk', 'stress-speed')!;
    const ctx = { ...ctxWith(hand), done: true };
    expect(cheat.sign!(event('commit', { round: 2, digest: new Uint8Array(32) }).body, ctx)).toBeNull();
  });
});

describe('false-claim', () => {
  /** A game where seat 1 holds AH and 2S (hidden) and sees 3D: it may pick up only when it holds no heart, pass only with nothing in hand. */
  const state = { cards: [{ card: null }, { card: null }, { card: '3D' }] } as unknown as AnyState;
  const view: PrivateView = { known: { 0: 'AH', 1: '2S', 2: '3D' } };
  const game = (accepts: (action: unknown) => boolean) =>
    ({
      legalActions: (_s: AnyState, _seat: number, v: PrivateView) => {
        const known = Object.values(v.known);
        if (known.length === 0) return [{ type: 'pass' }];
        const moves: unknown[] = known.filter((c) => c !== '3D').map((card) => ({ type: 'play', card }));
        if (!known.includes('AH')) moves.push({ type: 'pickup' });
        return moves;
      },
      reduce: (_s: AnyState, input: { action: unknown }) => ({ ok: accepts(input.action) }),
    }) as unknown as AnyGame;
  const honest = () => ({ type: 'honest' });

  it('plays a move legal only with the hidden cards forgotten, once', () => {
    const cheat = makeCheat('false-claim', 'stress-shed')!;
    const ctx = ctxWith(null);
    const bot = cheat.bot!(honest, ctx);
    const g = game(() => true);
    expect(bot(g, state, 1, view)).toEqual({ type: 'pass' });
    expect(ctx.done).toBe(true);
    expect(bot(g, state, 1, view)).toEqual({ type: 'honest' });
  });
  it('falls back to forgetting one suit, and to the honest move when the rules refuse every lesser move', () => {
    const cheat = makeCheat('false-claim', 'stress-shed')!;
    const ctx = ctxWith(null);
    const bot = cheat.bot!(honest, ctx);
    // The rules refuse every lesser move: the honest one is played.
    expect(
      bot(
        game(() => false),
        state,
        1,
        view,
      ),
    ).toEqual({ type: 'honest' });
    expect(ctx.done).toBe(false);
    // "pass" (every hidden card forgotten) is refused; with the hearts forgotten the pickup (a renege) is accepted.
    expect(
      bot(
        game((a) => (a as { type: string }).type === 'pickup'),
        state,
        1,
        view,
      ),
    ).toEqual({ type: 'pickup' });
    expect(ctx.done).toBe(true);
  });
  it('tries the view with every hidden card forgotten, then each hidden suit forgotten in turn (10C is a club); public cards and handles with no card in the state are not hidden', () => {
    // Hidden: AH (0), 2S (1), 10C (3); public: 3D (2); handle 9 is known to the view but no card of the state.
    const wide = { cards: [{ card: null }, { card: null }, { card: '3D' }, { card: null }] } as unknown as AnyState;
    const seen: PrivateView[] = [];
    const tried: unknown[] = [];
    const g = {
      legalActions: (_s: AnyState, _seat: number, v: PrivateView) => {
        seen.push(v);
        return [{ type: 'hold', cards: Object.values(v.known).sort() }];
      },
      reduce: (_s: AnyState, input: unknown) => {
        tried.push(input);
        return { ok: false, error: 'no' };
      },
    } as unknown as AnyGame;
    const full: PrivateView = { known: { 0: 'AH', 1: '2S', 2: '3D', 3: '10C', 9: 'KC' } };
    const ctx = ctxWith(null);
    expect(makeCheat('false-claim', 'stress-shed')!.bot!(honest, ctx)(g, wide, 1, full)).toEqual({ type: 'honest' });
    expect(ctx.done).toBe(false);
    expect(seen).toEqual([
      full,
      { known: {} },
      { known: { 1: '2S', 3: '10C' } },
      { known: { 0: 'AH', 3: '10C' } },
      { known: { 0: 'AH', 1: '2S' } },
    ]);
    // Each lesser move is put to the rules as an act of the seat.
    expect(tried).toEqual(
      [[], ['10C', '2S'], ['10C', 'AH'], ['2S', 'AH']].map((cards) => ({
        kind: 'act',
        seat: 1,
        action: { type: 'hold', cards },
      })),
    );
  });
  it('passes over a lesser view’s moves that are legal for what it holds anyway (no false claim in them)', () => {
    const cheat = makeCheat('false-claim', 'stress-shed')!;
    const ctx = ctxWith(null);
    const g = {
      legalActions: (_s: AnyState, _seat: number, v: PrivateView) =>
        Object.keys(v.known).length === 3 ? [{ type: 'draw' }] : [{ type: 'draw' }, { type: 'pass' }],
      reduce: () => ({ ok: true }),
    } as unknown as AnyGame;
    expect(cheat.bot!(honest, ctx)(g, state, 1, view)).toEqual({ type: 'pass' });
    expect(ctx.done).toBe(true);
  });
  it('claims nothing when the seat has no legal move, even if a lesser view would have one', () => {
    const cheat = makeCheat('false-claim', 'stress-shed')!;
    const ctx = ctxWith(null);
    const g = {
      legalActions: (_s: AnyState, _seat: number, v: PrivateView) =>
        Object.keys(v.known).length === 3 ? [] : [{ type: 'pass' }],
      reduce: () => ({ ok: true }),
    } as unknown as AnyGame;
    expect(cheat.bot!(honest, ctx)(g, state, 1, view)).toEqual({ type: 'honest' });
    expect(ctx.done).toBe(false);
  });
  it('has nothing to claim when the seat has no legal move', () => {
    const cheat = makeCheat('false-claim', 'stress-shed')!;
    const ctx = ctxWith(null);
    const none = { legalActions: () => [], reduce: () => ({ ok: true }) } as unknown as AnyGame;
    expect(cheat.bot!(honest, ctx)(none, state, 1, view)).toEqual({ type: 'honest' });
    expect(ctx.done).toBe(false);
  });
});

describe('moveCheat', () => {
  it('offers no false claim for a game without hidden claims unless told its options make claims (the default is no)', () => {
    const pesten = gameModule('pesten')!;
    expect(moveCheat('false-claim', pesten)).toBeNull();
    expect(moveCheat('false-claim', pesten, true)?.kind).toBe('false-claim');
  });
});
