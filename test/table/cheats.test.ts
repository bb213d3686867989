/**
 * The cheats of the attacker suite (src/table/cheats.ts, cheats-protocol.ts,
 * cheats-moves.ts) looked at one rewrite at a time, without playing a hand:
 * the registry (which kinds exist, which finding of the issue 9 review each
 * replays, which game offers which cheat, what each cheat says it does and
 * how the honest peers must react), and what each `publish` cheat does to
 * an envelope it is handed — which event it waits for, what it sends in its
 * place (re-signed with the cheater's own key, so the mesh accepts it), and
 * that it cheats once only. cheats-played.test.ts plays each cheat in a real
 * hand; this file pins the exact rewrite in milliseconds (the cascade cheats,
 * which need a live hand's secrets, in cheats-shuffle-rewrites.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { ALL_SEATS, decodeKeyShares, encodeKeyShares, seededRandom, type KeyEntry } from '../../crypto/index.js';
import { verifyEnvelope, type EnvelopeOf } from '../../src/net/envelope.js';
import { signEnvelope } from '../../src/net/envelope.js';
import { gameModules } from '../../src/games/index.js';
import { CHEAT_KINDS, makeCheat, type Cheat, type CheatContext, type CheatKind } from '../../src/table/cheats.js';
import type { GameId } from '../../src/games/index.js';
import { loadedNow } from '../helpers/loaded-now.js';
import { testSigner } from '../helpers/signers.js';

type Event = EnvelopeOf<'table-event'>;
type Body = Event['body'];

const cheater = testSigner(41);
const TABLE = 'cheats-0011223344556677';

function ctxOf(): CheatContext {
  return {
    seat: 1,
    players: 2,
    signer: cheater,
    rng: seededRandom('cheat-rewrites'),
    hand: () => null,
    secrets: () => undefined,
    done: false,
  };
}

function event(type: Body['type'], data: unknown, n = 3): Event {
  const body = { type, n, at: 7, hash: new Uint8Array(32).fill(9), data } as unknown as Body;
  return signEnvelope(cheater, { kind: 'table-event', table: TABLE, seq: 1000 + n, to: null, body });
}

const tableId = new Uint8Array(16).fill(4);
function shares(to: number, entries: KeyEntry[]): Uint8Array {
  return encodeKeyShares({ kind: 'keys', header: { tableId, handNo: 0, packet: 0, seat: 1 }, to, entries });
}
const entry = (position: number, key: bigint): KeyEntry => ({ position, layer: 1, key });

/** The registry loaded afresh (its tables are built when the module loads). */
async function cheats() {
  return loadedNow(() => import('../../src/table/cheats.js'));
}
async function cheatOf(kind: CheatKind, game: GameId = 'stress-shed'): Promise<Cheat> {
  return makeCheat(kind, game)!;
}

/** Checks `out` is `original` re-signed by the cheater with `body`. */
function resigned(out: unknown, original: Event, body: unknown): void {
  const e = out as Event;
  expect(e).toMatchObject({ kind: 'table-event', table: TABLE, seq: original.seq, to: null, from: cheater.publicKey });
  expect(e.body).toEqual(body);
  expect(verifyEnvelope(e)).toBe(true);
}

describe('the registry', () => {
  it('lists the cheat kinds, the findings they replay and the whole-hand ones', async () => {
    const m = await cheats();
    expect(m.CHEAT_KINDS).toEqual([
      'shuffle-linear',
      'shuffle-substitute',
      'wrong-lock',
      'incomplete-keys',
      'withhold-keys',
      'wrong-key',
      'low-order-seal-key',
      'audit-junk',
      'withhold-disclose',
      'abandon-in-disclose',
      'far-future-at',
      'equivocate',
      'false-claim',
      'wrong-card',
      'repeat-move',
      'realtime-bad-reveal',
      'replay',
      'forged-signature',
    ]);
    expect(m.FINDING).toEqual({
      'shuffle-linear': 'F1',
      'shuffle-substitute': 'F2',
      'wrong-lock': 'F2',
      'incomplete-keys': 'F3',
      'low-order-seal-key': 'F4',
      'audit-junk': 'F5',
      'withhold-disclose': 'F5',
      'abandon-in-disclose': 'F5',
      'far-future-at': 'F6',
      'realtime-bad-reveal': 'F7',
    });
    expect(m.WHOLE_HAND_CHEATS).toEqual(['withhold-disclose', 'abandon-in-disclose', 'false-claim', 'replay']);
    expect(m.isCheatKind('replay')).toBe(true);
    expect(m.isCheatKind('forged-signature')).toBe(true);
    expect(m.isCheatKind('replays')).toBe(false);
    expect(m.isCheatKind('')).toBe(false);
    expect(m.cheaterSeat('replay', 2)).toBe(1);
    expect(m.cheaterSeat('wrong-key', 5)).toBe(4);
    expect(m.makeCheat('replay', 'no-such-game' as never)).toBeNull();
  });

  it('offers each game the cheats its timing and its claims allow', () => {
    const m = { makeCheat, CHEAT_KINDS };
    const offered = Object.fromEntries(
      gameModules.map((g) => [g.id, m.CHEAT_KINDS.filter((k) => m.makeCheat(k, g.id) !== null)]),
    );
    const protocol = m.CHEAT_KINDS.filter(
      (k) => !['false-claim', 'wrong-card', 'repeat-move', 'realtime-bad-reveal'].includes(k),
    );
    const turns = protocol.filter((k) => k !== 'replay' && k !== 'forged-signature');
    const tail = ['replay', 'forged-signature'];
    expect(offered).toEqual({
      'fighting-cards': [...turns.slice(0, 12), 'false-claim', 'wrong-card', 'repeat-move', ...tail],
      pesten: [...turns.slice(0, 12), 'wrong-card', 'repeat-move', ...tail],
      'school-blackjack': [...turns.slice(0, 12), 'wrong-card', 'repeat-move', ...tail],
      'stress-shed': [...turns.slice(0, 12), 'false-claim', 'wrong-card', 'repeat-move', ...tail],
      'stress-speed': [...turns.slice(0, 12), 'realtime-bad-reveal', ...tail],
    });
    // School Blackjack with voluntaryDraw off: its moves rest on hidden-card claims.
    expect(m.makeCheat('false-claim', 'school-blackjack', true)?.kind).toBe('false-claim');
    expect(m.makeCheat('false-claim', 'pesten', true)?.kind).toBe('false-claim');
    expect(m.makeCheat('false-claim', 'stress-speed', true)).toBeNull();
  });

  it('says what each cheat does and how the honest peers must react', () => {
    const m = { makeCheat, CHEAT_KINDS };
    const described = (game: Parameters<typeof m.makeCheat>[1]) =>
      Object.fromEntries(
        m.CHEAT_KINDS.map((k) => m.makeCheat(k, game))
          .filter((c) => c !== null)
          .map((c) => [c!.kind, { what: c!.what, expect: c!.expect, clock: c!.needsClock ?? false }]),
      );
    const blame = (...codes: string[]) => ({ caught: 'blame', codes });
    expect(described('stress-shed')).toEqual({
      'shuffle-linear': {
        what: 'the last shuffler replaces an output point by Y_a + 2·Y_b (a of its own hand, b of a victim) to read the victim’s card',
        expect: blame('bad-step'),
        clock: false,
      },
      'shuffle-substitute': {
        what: 'a shuffler substitutes a card of another hand for one of the deck',
        expect: blame('bad-step'),
        clock: false,
      },
      'wrong-lock': {
        what: 'a lock step with a wrong factor on one card (its proof no longer holds)',
        expect: blame('bad-step'),
        clock: false,
      },
      'incomplete-keys': {
        what: 'key shares that leave out an entry the request needs',
        expect: blame('missing-key'),
        clock: false,
      },
      'withhold-keys': {
        what: 'withholds its key shares (an abort: nothing can be proven, the seat is named as stalled)',
        expect: { caught: 'stall' },
        clock: false,
      },
      'wrong-key': {
        what: 'a wrong key when a card is turned up for everyone (a public reveal, or the card a move plays)',
        expect: blame('wrong-key'),
        clock: false,
      },
      'low-order-seal-key': {
        what: 'a low-order X25519 seal key in its ready (every sealed share to it would be readable)',
        expect: blame('bad-seal-key'),
        clock: false,
      },
      'audit-junk': {
        what: 'a move that is junk (no move of this game), aimed at the audit’s replay',
        expect: blame('not-a-move', 'bad-event'),
        clock: false,
      },
      'withhold-disclose': {
        what: 'withholds its disclosure after play (the audit would catch it)',
        expect: blame('no-disclosure'),
        clock: true,
      },
      'abandon-in-disclose': {
        what: 'ends the hand with an abandon instead of disclosing once play is over',
        expect: blame('no-disclosure'),
        clock: true,
      },
      'far-future-at': {
        what: 'an event claiming to be made at engine step 2^52',
        expect: blame('future-step'),
        clock: false,
      },
      equivocate: {
        what: 'sends two different versions of its ready (two seal keys)',
        expect: blame('equivocation'),
        clock: false,
      },
      'false-claim': {
        what: 'a false claim (a move legal only for fewer cards than it holds) the live rules must accept and the audit disproves',
        expect: blame('rules-fault', 'illegal-move', 'false-claim'),
        clock: false,
      },
      'wrong-card': {
        what: 'claims to play a card it does not hold (the keys open another)',
        expect: blame('false-claim'),
        clock: false,
      },
      'repeat-move': {
        what: 'makes its first move again in place of its second (a move the rules refuse now)',
        expect: blame('illegal-move', 'false-claim', 'unknown-handle', 'wrong-key'),
        clock: false,
      },
      replay: { what: 'sends its first event again later (a replay)', expect: { caught: 'nothing' }, clock: false },
      'forged-signature': {
        what: 'alters an event without re-signing it (a forged signature): the mesh drops it and the seat stalls',
        expect: { caught: 'stall' },
        clock: false,
      },
    });
    const speed = described('stress-speed');
    expect(speed['audit-junk']).toEqual({
      what: 'a real-time reveal whose move is junk',
      expect: blame('not-a-move', 'bad-event'),
      clock: false,
    });
    expect(speed['realtime-bad-reveal']).toEqual({
      what: 'a real-time reveal whose moves hold a CBOR byte string (no digest can even be computed of it)',
      expect: blame('bad-event'),
      clock: false,
    });
  });

  it('has the helpers the cheats share: re-signing, acts, blame', async () => {
    // Loaded afresh: `isAct` and `blame` are made when the module loads.
    const p = await loadedNow(() => import('../../src/table/cheats-protocol.js'));
    const act = event('act', { action: { type: 'play' }, keys: [] });
    expect(p.isAct(act.body)).toBe(true);
    expect(p.isAct(event('commit', {}).body)).toBe(false);
    expect(p.blame('wrong-key', 'bad-step')).toEqual({ caught: 'blame', codes: ['wrong-key', 'bad-step'] });
    const body = { ...act.body, at: 9 };
    resigned(p.resign(cheater, act, body), act, body);
  });
});

describe('what a publish cheat sends', () => {
  it('far-future-at: its first event after the ready, at step 2^52', async () => {
    const cheat = await cheatOf('far-future-at');
    const ctx = ctxOf();
    expect(cheat.publish!(event('ready', { sealKey: new Uint8Array(32).fill(1) }), ctx)).toBeUndefined();
    expect(ctx.done).toBe(false);
    const shuffle = event('shuffle', { packet: 0 });
    resigned(cheat.publish!(shuffle, ctx), shuffle, { ...shuffle.body, at: 2 ** 52 });
    expect(ctx.done).toBe(true);
    expect(cheat.publish!(event('act', {}, 4), ctx)).toBeUndefined();
  });

  it('forged-signature: its first event after the ready, with a signature that is not its own', async () => {
    const cheat = await cheatOf('forged-signature');
    const ctx = ctxOf();
    expect(cheat.publish!(event('ready', {}), ctx)).toBeUndefined();
    const shuffle = event('shuffle', { packet: 0 });
    const out = cheat.publish!(shuffle, ctx) as Event;
    expect(out).toEqual({ ...shuffle, sig: new Uint8Array(64).fill(1) });
    expect(verifyEnvelope(out)).toBe(false);
    expect(ctx.done).toBe(true);
    expect(cheat.publish!(event('act', {}, 4), ctx)).toBeUndefined();
  });

  it('low-order-seal-key: its ready, with the all-zero X25519 key', async () => {
    const cheat = await cheatOf('low-order-seal-key');
    const ctx = ctxOf();
    expect(cheat.publish!(event('shuffle', {}), ctx)).toBeUndefined();
    const ready = event('ready', { sealKey: new Uint8Array(32).fill(1), name: 'x' });
    resigned(cheat.publish!(ready, ctx), ready, { ...ready.body, data: { sealKey: new Uint8Array(32), name: 'x' } });
    expect(ctx.done).toBe(true);
    expect(cheat.publish!(ready, ctx)).toBeUndefined();
  });

  it('equivocate: its ready, and a second ready with another seal key', async () => {
    const cheat = await cheatOf('equivocate');
    const ctx = ctxOf();
    expect(cheat.publish!(event('act', {}), ctx)).toBeUndefined();
    const ready = event('ready', { sealKey: new Uint8Array(32).fill(1), name: 'x' });
    const out = cheat.publish!(ready, ctx) as Event[];
    expect(out).toHaveLength(2);
    expect(out[0]).toBe(ready);
    const other = out[1]!.body.data as { sealKey: Uint8Array; name: string };
    expect(other.name).toBe('x');
    expect(other.sealKey).toHaveLength(32);
    expect(other.sealKey).not.toEqual(new Uint8Array(32).fill(1));
    resigned(out[1], ready, { ...ready.body, data: other });
    expect(ctx.done).toBe(true);
    expect(cheat.publish!(ready, ctx)).toBeUndefined();
  });

  it('withhold-keys: sends nothing from its first keys on but its disclosure', async () => {
    const cheat = await cheatOf('withhold-keys');
    const ctx = ctxOf();
    expect(cheat.publish!(event('shuffle', {}), ctx)).toBeUndefined();
    expect(cheat.publish!(event('disclose', {}), ctx)).toBeUndefined();
    expect(ctx.done).toBe(false);
    expect(cheat.publish!(event('keys', { to: null, shares: [] }), ctx)).toBeNull();
    expect(ctx.done).toBe(true);
    expect(cheat.publish!(event('act', {}), ctx)).toBeNull();
    expect(cheat.publish!(event('keys', { to: 0, shares: [] }), ctx)).toBeNull();
    expect(cheat.publish!(event('disclose', {}), ctx)).toBeUndefined();
  });

  it('withhold-disclose: drops its disclosure only', async () => {
    const cheat = await cheatOf('withhold-disclose');
    const ctx = ctxOf();
    expect(cheat.publish!(event('act', {}), ctx)).toBeUndefined();
    expect(ctx.done).toBe(false);
    expect(cheat.publish!(event('disclose', {}), ctx)).toBeNull();
    expect(ctx.done).toBe(true);
  });

  it('abandon-in-disclose: an abandon in place of its disclosure', async () => {
    const cheat = await cheatOf('abandon-in-disclose');
    const ctx = ctxOf();
    expect(cheat.publish!(event('act', {}), ctx)).toBeUndefined();
    expect(ctx.done).toBe(false);
    const disclose = event('disclose', { secrets: [] });
    resigned(cheat.publish!(disclose, ctx), disclose, {
      ...disclose.body,
      type: 'abandon',
      data: { reason: 'I would rather not be audited' },
    });
    expect(ctx.done).toBe(true);
  });

  it.each(['act', 'commit'] as const)('replay: its first event again, after its first %s', async (type) => {
    const cheat = await cheatOf('replay');
    const ctx = ctxOf();
    const first = event('ready', {}, 0);
    expect(cheat.publish!(first, ctx)).toBeUndefined();
    expect(cheat.publish!(event('keys', {}, 1), ctx)).toBeUndefined();
    expect(ctx.done).toBe(false);
    const move = event(type, {}, 2);
    expect(cheat.publish!(move, ctx)).toEqual([move, first]);
    expect(ctx.done).toBe(true);
    expect(cheat.publish!(event(type, {}, 3), ctx)).toBeUndefined();
  });

  it('repeat-move: its first move again in place of its second', async () => {
    const cheat = await cheatOf('repeat-move');
    const ctx = ctxOf();
    expect(cheat.publish!(event('keys', {}), ctx)).toBeUndefined();
    const one = event('act', { action: { type: 'play', n: 1 }, keys: [] }, 4);
    expect(cheat.publish!(one, ctx)).toBeUndefined();
    expect(ctx.done).toBe(false);
    expect(cheat.publish!(event('keys', {}, 5), ctx)).toBeUndefined();
    const two = event('act', { action: { type: 'play', n: 2 }, keys: [] }, 6);
    resigned(cheat.publish!(two, ctx), two, { ...two.body, data: one.body.data });
    expect(ctx.done).toBe(true);
    expect(cheat.publish!(event('act', {}, 7), ctx)).toBeUndefined();
  });

  it('audit-junk (turns): its first move, made junk', async () => {
    const cheat = await cheatOf('audit-junk');
    const ctx = ctxOf();
    expect(cheat.publish!(event('keys', {}), ctx)).toBeUndefined();
    const act = event('act', { action: { type: 'pickup' }, keys: [new Uint8Array(3)] });
    resigned(cheat.publish!(act, ctx), act, {
      ...act.body,
      data: { action: { type: 'play', junk: { deep: [1, 'x'] } }, keys: [] },
    });
    expect(ctx.done).toBe(true);
    expect(cheat.publish!(act, ctx)).toBeUndefined();
  });

  it('realtime-bad-reveal: its first reveal, with a byte string in its moves', async () => {
    const cheat = await cheatOf('realtime-bad-reveal', 'stress-speed');
    const ctx = ctxOf();
    expect(cheat.publish!(event('commit', {}), ctx)).toBeUndefined();
    const reveal = event('reveal', { round: 2, actions: [], salt: new Uint8Array(32) });
    resigned(cheat.publish!(reveal, ctx), reveal, {
      ...reveal.body,
      data: { round: 2, actions: [{ type: 'play', bytes: new Uint8Array([1, 2, 3]) }], salt: new Uint8Array(32) },
    });
    expect(ctx.done).toBe(true);
    expect(cheat.publish!(reveal, ctx)).toBeUndefined();
  });

  it('wrong-key: the first key of its first public shares plus one', async () => {
    const cheat = await cheatOf('wrong-key');
    const ctx = ctxOf();
    expect(cheat.publish!(event('keys', { to: 0, shares: [shares(0, [entry(1, 5n)])] }), ctx)).toBeUndefined();
    expect(cheat.publish!(event('act', { action: {}, keys: [] }), ctx)).toBeUndefined();
    expect(cheat.publish!(event('shuffle', { packet: 0 }), ctx)).toBeUndefined();
    expect(ctx.done).toBe(false);
    const second = shares(ALL_SEATS, [entry(7, 70n)]);
    const keys = event('keys', {
      request: 2,
      to: null,
      shares: [shares(ALL_SEATS, [entry(3, 30n), entry(4, 40n)]), second],
    });
    const out = cheat.publish!(keys, ctx) as Event;
    resigned(out, keys, {
      ...keys.body,
      data: { request: 2, to: null, shares: [shares(ALL_SEATS, [entry(3, 31n), entry(4, 40n)]), second] },
    });
    expect(ctx.done).toBe(true);
    expect(cheat.publish!(keys, ctx)).toBeUndefined();
  });

  it('wrong-key: or the first key a move carries', async () => {
    const cheat = await cheatOf('wrong-key', 'school-blackjack');
    const ctx = ctxOf();
    const act = event('act', { action: { type: 'stand' }, keys: [shares(ALL_SEATS, [entry(2, 8n)])] });
    resigned(cheat.publish!(act, ctx), act, {
      ...act.body,
      data: { action: { type: 'stand' }, keys: [shares(ALL_SEATS, [entry(2, 9n)])] },
    });
    expect(
      decodeKeyShares(((cheat.publish!(act, { ...ctxOf() }) as Event).body.data as { keys: Uint8Array[] }).keys[0]!)
        .entries[0]!.key,
    ).toBe(9n);
  });

  it('incomplete-keys: the last entry of its first public shares left out', async () => {
    const cheat = await cheatOf('incomplete-keys');
    const ctx = ctxOf();
    expect(
      cheat.publish!(event('keys', { to: 0, shares: [shares(0, [entry(1, 5n), entry(2, 6n)])] }), ctx),
    ).toBeUndefined();
    expect(
      cheat.publish!(event('keys', { to: null, shares: [shares(ALL_SEATS, [entry(1, 5n)])] }), ctx),
    ).toBeUndefined();
    expect(cheat.publish!(event('act', { action: {}, keys: [] }), ctx)).toBeUndefined();
    expect(
      cheat.publish!(event('act', { action: {}, keys: [shares(ALL_SEATS, [entry(1, 5n)])] }), ctx),
    ).toBeUndefined();
    expect(cheat.publish!(event('shuffle', {}), ctx)).toBeUndefined();
    expect(ctx.done).toBe(false);
    const first = shares(ALL_SEATS, [entry(1, 5n)]);
    const keys = event('keys', { to: null, shares: [first, shares(ALL_SEATS, [entry(3, 30n), entry(4, 40n)])] });
    resigned(cheat.publish!(keys, ctx), keys, {
      ...keys.body,
      data: { to: null, shares: [first, shares(ALL_SEATS, [entry(3, 30n)])] },
    });
    expect(ctx.done).toBe(true);
    expect(cheat.publish!(keys, ctx)).toBeUndefined();
  });

  it('incomplete-keys: a whole last message left out, or the last key a move carries', async () => {
    const cheat = await cheatOf('incomplete-keys');
    const first = shares(ALL_SEATS, [entry(1, 5n)]);
    const keys = event('keys', { to: null, shares: [first, shares(ALL_SEATS, [entry(3, 30n)])] });
    resigned(cheat.publish!(keys, ctxOf()), keys, { ...keys.body, data: { to: null, shares: [first] } });
    const act = event('act', { action: { type: 'play' }, keys: [shares(ALL_SEATS, [entry(3, 30n), entry(4, 40n)])] });
    const ctx = ctxOf();
    resigned(cheat.publish!(act, ctx), act, {
      ...act.body,
      data: { action: { type: 'play' }, keys: [shares(ALL_SEATS, [entry(3, 30n)])] },
    });
    expect(ctx.done).toBe(true);
  });

  it('incomplete-keys: only the last entry of the last message, however many it holds', async () => {
    const cheat = await cheatOf('incomplete-keys');
    const keys = event('keys', {
      request: 1,
      to: null,
      shares: [shares(ALL_SEATS, [entry(3, 30n), entry(4, 40n), entry(5, 50n)])],
    });
    resigned(cheat.publish!(keys, ctxOf()), keys, {
      ...keys.body,
      data: { request: 1, to: null, shares: [shares(ALL_SEATS, [entry(3, 30n), entry(4, 40n)])] },
    });
    const act = event('act', {
      action: { type: 'play' },
      keys: [shares(ALL_SEATS, [entry(3, 30n), entry(4, 40n), entry(5, 50n)])],
    });
    resigned(cheat.publish!(act, ctxOf()), act, {
      ...act.body,
      data: { action: { type: 'play' }, keys: [shares(ALL_SEATS, [entry(3, 30n), entry(4, 40n)])] },
    });
  });

  it('incomplete-keys and wrong-key: public shares are those of a keys event, not whatever data says `to: null`', async () => {
    // No honest event but keys carries a `to` (transcript.ts EVENT_DATA): this pins that the cheats go by the event type.
    const odd = event('shuffle', { packet: 0, to: null, shares: [shares(ALL_SEATS, [entry(3, 30n), entry(4, 40n)])] });
    const ctx = ctxOf();
    expect((await cheatOf('incomplete-keys')).publish!(odd, ctx)).toBeUndefined();
    expect((await cheatOf('wrong-key')).publish!(odd, ctx)).toBeUndefined();
    expect(ctx.done).toBe(false);
    // A move that says `to: null` still has the keys it carries made wrong, not its `shares`.
    const act = event('act', {
      action: { type: 'play' },
      keys: [shares(ALL_SEATS, [entry(2, 8n)])],
      to: null,
      shares: [shares(ALL_SEATS, [entry(3, 30n)])],
    });
    const data = act.body.data as object;
    resigned((await cheatOf('wrong-key')).publish!(act, ctx), act, {
      ...act.body,
      data: { ...data, keys: [shares(ALL_SEATS, [entry(2, 9n)])] },
    });
  });

  it('wrong-key: an event with no data at all is left alone', async () => {
    const ctx = ctxOf();
    expect((await cheatOf('wrong-key')).publish!(event('abandon', undefined), ctx)).toBeUndefined();
    expect(ctx.done).toBe(false);
  });

  it('the move cheats that need a hand leave an event alone while there is none', async () => {
    const wrongCard = await cheatOf('wrong-card');
    const ctx = ctxOf();
    expect(wrongCard.publish!(event('keys', {}), ctx)).toBeUndefined();
    expect(
      wrongCard.publish!(event('act', { action: { type: 'play' }, keys: [new Uint8Array(2)] }), ctx),
    ).toBeUndefined();
    expect(ctx.done).toBe(false);
    const shuffle = await cheatOf('shuffle-linear');
    expect(shuffle.sign!(event('shuffle', { packet: 0, step: new Uint8Array(0) }).body, ctx)).toBeNull();
    expect(shuffle.sign!(event('lock', { packet: 0 }).body, ctx)).toBeNull();
    const junk = await cheatOf('audit-junk', 'stress-speed');
    expect(junk.sign!(event('commit', { round: 0, digest: new Uint8Array(32) }).body, ctx)).toBeNull();
    expect(ctx.done).toBe(false);
  });
});
