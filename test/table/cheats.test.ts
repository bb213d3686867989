/**
 * The cheats of the attacker suite (tools/sim/cheats.ts, cheats-protocol.ts,
 * cheats-moves.ts), one rewrite at a time: the registry (which kinds exist,
 * which finding of the protocol review each replays, which game offers which
 * cheat, what each cheat says it does and how the honest peers must react);
 * what each `publish` cheat does to an envelope it is handed — which event it
 * waits for, what it sends in its place (re-signed with the cheater's own
 * key, so the mesh accepts it), and that it cheats once only; the cascade
 * cheats (shuffle-linear, shuffle-substitute, wrong-lock) probed in a live
 * hand with the seat's real context, point by point against the honest step;
 * and the move cheats that read the cheater's hand, each given a stand-in
 * hand that holds just what the cheat reads. cheats-played.test.ts plays the
 * cheats that need a hand to their verdicts.
 */
import { describe, expect, it } from 'vitest';
import {
  ALL_SEATS,
  cardPoint,
  decodeKeyShares,
  decodeLockStep,
  decodePacketSecrets,
  decodeShuffleStep,
  encodeKeyShares,
  encodePacketSecrets,
  encodePoint,
  seededRandom,
  type KeyEntry,
  type Point,
} from '../../crypto/index.js';
import type { AnyGame, AnyState, PrivateView } from '../../src/engine/index.js';
import type { Awaiting } from '../../src/engine/types.js';
import { verifyEnvelope, type EnvelopeOf } from '../../src/net/envelope.js';
import { signEnvelope } from '../../src/net/envelope.js';
import { gameModule, gameModules } from '../../src/games/index.js';
import { CHEAT_KINDS, makeCheat, type Cheat, type CheatContext, type CheatKind } from '../../tools/sim/cheats.js';
import { moveCheat } from '../../tools/sim/cheats-moves.js';
import type { GameId } from '../../src/games/index.js';
import type { HandSecrets, HandSession } from '../../src/table/hand-session.js';
import { roundDigest } from '../../src/table/hand/real-time.js';
import { seatPeers, until } from '../../tools/sim/simulation.js';
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
  return loadedNow(() => import('../../tools/sim/cheats.js'));
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
      'false-report-one',
      'false-report-all',
      'sealed-missing-key',
      'sealed-wrong-key',
      'sealed-garbage',
      'sealed-false-accusation',
      'split-shuffle',
      'split-move',
      'drop-relay',
      'empty-rounds',
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
    expect(m.WHOLE_HAND_CHEATS).toEqual([
      'withhold-disclose',
      'abandon-in-disclose',
      'false-claim',
      'replay',
      'drop-relay',
    ]);
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
      (k) =>
        !['false-claim', 'wrong-card', 'repeat-move', 'realtime-bad-reveal', 'split-move', 'empty-rounds'].includes(k),
    );
    const evidence = [
      'false-report-one',
      'false-report-all',
      'sealed-missing-key',
      'sealed-wrong-key',
      'sealed-garbage',
      'sealed-false-accusation',
    ];
    const turns = protocol.filter((k) => k !== 'replay' && k !== 'forged-signature' && !evidence.includes(k));
    // A split view of a move needs moves (acts): turn-based games only.
    const tail = ['replay', 'forged-signature', ...evidence, 'split-shuffle', 'split-move', 'drop-relay'];
    expect(offered).toEqual({
      'fighting-cards': [...turns.slice(0, 12), 'false-claim', 'wrong-card', 'repeat-move', ...tail],
      pesten: [...turns.slice(0, 12), 'wrong-card', 'repeat-move', ...tail],
      'school-blackjack': [...turns.slice(0, 12), 'wrong-card', 'repeat-move', ...tail],
      'stress-shed': [...turns.slice(0, 12), 'false-claim', 'wrong-card', 'repeat-move', ...tail],
      'stress-speed': [
        ...turns.slice(0, 12),
        'realtime-bad-reveal',
        ...tail.filter((k) => k !== 'split-move'),
        'empty-rounds',
      ],
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
      'false-report-one': {
        what: 'a signed fault report naming nobody, sent over one direct link to one seat only (it would make that seat disclose every secret)',
        expect: blame('false-report'),
        clock: false,
      },
      'false-report-all': {
        what: 'a signed fault report naming nobody, sent to everyone (it would make every seat disclose mid-hand)',
        expect: blame('false-report'),
        clock: false,
      },
      'sealed-missing-key': {
        what: 'key shares sealed to one seat that leave out an entry (only the recipient can see it)',
        expect: blame('missing-key'),
        clock: false,
      },
      'sealed-wrong-key': {
        what: 'a wrong key in key shares sealed to one seat (only the recipient can see it)',
        expect: blame('wrong-key'),
        clock: false,
      },
      'sealed-garbage': {
        what: 'garbage instead of key shares sealed to one seat (only the recipient can see it)',
        expect: blame('unsealable'),
        clock: false,
      },
      'sealed-false-accusation': {
        what: 'reports a wrong sealed key by an honest seat, with a valid proof of their pair key (the shares are right)',
        expect: blame('false-report'),
        clock: false,
      },
      'split-shuffle': {
        what: 'a split view of its shuffle step: one valid step (own secret and permutation) to some peers, another valid one to the rest',
        expect: blame('equivocation'),
        clock: false,
      },
      'split-move': {
        what: 'a split view of a move: its move to some peers, another legal move (one that shows no card) to the rest',
        expect: blame('equivocation'),
        clock: false,
      },
      'drop-relay': {
        what: 'relays everything but seat 1’s disclosure (its own relaying and its fetch answers), and gives no word for it',
        expect: blame('no-disclosure'),
        clock: true,
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
    const p = await loadedNow(() => import('../../tools/sim/cheats-protocol.js'));
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

/**
 * The cascade cheats in a live hand: two seats of stress-shed (seed 3) play
 * honestly until the cheating seat is about to sign its shuffle of packet 0
 * (or publish its lock step); there a probe hands that honest step to the
 * real cheat with the seat's real context (its hand, its kept secrets) — or
 * with one piece of it changed — decodes what the cheat would send instead,
 * and compares it point by point with the honest step: exactly which output
 * point each cheat rewrites and into what, and when it leaves a step alone.
 * The hand itself stays honest (the probe sends the honest step) and is
 * stopped once probed.
 */
describe('the cascade cheats, probed in a live hand', () => {
  type StepData = { packet: number; step: Uint8Array };

  const CHEATER = 1;

  /** What a probe call gave: the rewritten body (null: left alone), or the error it threw. */
  type Outcome = { body: Body | null } | { threw: string };

  function tryCall(f: () => Body | null): Outcome {
    try {
      return { body: f() };
    } catch (e) {
      return { threw: String(e) };
    }
  }

  /** The cheater's context with some pieces replaced (a fresh, fixed rng: the real one is the hand's). */
  function ctxFrom(
    real: CheatContext,
    over: Partial<Pick<CheatContext, 'hand' | 'secrets' | 'done'>> = {},
  ): CheatContext {
    const hand = real.hand();
    const stored = real.secrets();
    return {
      seat: real.seat,
      players: real.players,
      signer: real.signer,
      rng: seededRandom('probe'),
      hand: () => hand,
      secrets: () => stored,
      done: false,
      ...over,
    };
  }

  /**
   * Plays the hand until `when` picks an event of the cheater (in `sign` for a
   * shuffle body, in `publish` for an envelope); `probe` runs there, synchronously
   * (the hand moves on afterwards), and its result is returned.
   */
  async function probeAt<T>(
    at: 'sign' | 'publish',
    when: (body: Body, ctx: CheatContext) => boolean,
    probe: (body: Body, ctx: CheatContext, envelope: Event | null) => T,
  ): Promise<T> {
    let result: { value: T } | null = null;
    const spy: Cheat = {
      kind: 'shuffle-linear',
      what: 'probe',
      expect: { caught: 'nothing' },
      ...(at === 'sign'
        ? {
            sign(body: Body, ctx: CheatContext) {
              if (result === null && when(body, ctx)) result = { value: probe(body, ctx, null) };
              return null;
            },
          }
        : {
            publish(envelope: Event, ctx: CheatContext) {
              if (result === null && when(envelope.body, ctx)) result = { value: probe(envelope.body, ctx, envelope) };
              return undefined;
            },
          }),
    };
    const { peers } = await seatPeers({
      game: 'stress-shed',
      players: 2,
      hands: 1,
      seed: 3,
      cheat: { seat: CHEATER, cheat: spy },
    });
    try {
      await until(() => result !== null, 10);
    } finally {
      for (const peer of peers) {
        peer.session.close();
        peer.mesh.stop();
      }
    }
    return result!.value;
  }

  const cascadeCheat = (kind: CheatKind): Cheat => makeCheat(kind, 'stress-shed')!;
  const isFirstShuffle = (body: Body, ctx: CheatContext) =>
    body.type === 'shuffle' &&
    (body.data as StepData).packet === 0 &&
    ctx.hand()?.follower.cascade != null &&
    ctx.secrets() !== undefined;
  const hex = (points: readonly Point[]) => points.map((p) => Buffer.from(encodePoint(p)).toString('hex'));
  const shufflePoints = (body: Body) => decodeShuffleStep((body.data as StepData).step).deck.points;

  /** `hand` whose game awaits `awaiting` (another first deal), all else its own. */
  function handAwaiting(hand: HandSession, awaiting: Awaiting): HandSession {
    const game = Object.assign(Object.create(hand.config.game) as object, { awaits: () => awaiting });
    return {
      config: { ...hand.config, game },
      follower: { state: hand.follower.state, cascade: hand.follower.cascade, book: hand.follower.book },
    } as unknown as HandSession;
  }

  it('shuffle-linear: output point a (the first the deal shows the cheater) becomes Y_a + 2·Y_b (b the first shown to the other seat), nothing else changes', async () => {
    const seen = await probeAt('sign', isFirstShuffle, (body, real) => {
      const hand = real.hand()!;
      const cheat = cascadeCheat('shuffle-linear');
      const ctx = ctxFrom(real);
      const out = tryCall(() => cheat.sign!(body, ctx));
      // Which handle the first deal shows to whom (what a and b are taken from).
      const awaiting = hand.config.game.awaits(hand.follower.state!);
      // No deal in sight: a = 0, b = 1.
      const noDeal = tryCall(() =>
        cheat.sign!(body, ctxFrom(real, { hand: () => handAwaiting(hand, { kind: 'over' }) })),
      );
      // A deal whose public part comes first and which shows the cheater's a to the other seat too: b is the first other handle the other seat sees.
      const odd = tryCall(() =>
        cheat.sign!(
          body,
          ctxFrom(real, {
            hand: () =>
              handAwaiting(hand, {
                kind: 'crypto',
                requests: [
                  { id: 0, kind: 'reveal-all', handles: [4, 5] },
                  { id: 1, kind: 'reveal-to', seat: 0, handles: [20, 8] },
                  { id: 2, kind: 'reveal-to', seat: CHEATER, handles: [20, 21] },
                ],
              }),
          }),
        ),
      );
      return { body, out, done: ctx.done, awaiting, noDeal, odd };
    });
    expect(seen.awaiting).toEqual({
      kind: 'crypto',
      requests: [
        { id: 0, kind: 'reveal-to', seat: 0, handles: [8, 9, 10, 11] },
        { id: 1, kind: 'reveal-to', seat: CHEATER, handles: [20, 21, 22, 23] },
        { id: 2, kind: 'reveal-all', handles: [4, 5, 6, 7, 16, 17, 18, 19, 24] },
      ],
    });
    const honest = shufflePoints(seen.body);
    expect(honest).toHaveLength(52);
    const linear = (a: number, b: number) => hex(honest.map((p, j) => (j === a ? p.add(honest[b]!.multiply(2n)) : p)));
    expect('body' in seen.out).toBe(true);
    const out = (seen.out as { body: Body }).body;
    expect(out.type).toBe('shuffle');
    expect({ ...out, data: null }).toEqual({ ...seen.body, data: null });
    expect((out.data as StepData).packet).toBe(0);
    const step = decodeShuffleStep((out.data as StepData).step);
    const before = decodeShuffleStep((seen.body.data as StepData).step);
    expect(hex(step.layer.points)).toEqual(hex(before.layer.points));
    expect(hex(step.deck.points)).toEqual(linear(20, 8));
    expect(seen.done).toBe(true);
    expect(seen.noDeal).toEqual({ body: expect.anything() });
    expect(hex(shufflePoints((seen.noDeal as { body: Body }).body))).toEqual(linear(0, 1));
    expect(seen.odd).toEqual({ body: expect.anything() });
    expect(hex(shufflePoints((seen.odd as { body: Body }).body))).toEqual(linear(20, 8));
  }, 60_000);

  it('the shuffle cheats leave a step alone unless it is their first shuffle of packet 0 with the hand, its cascade and its secrets', async () => {
    const seen = await probeAt('sign', isFirstShuffle, (body, real) => {
      const hand = real.hand()!;
      const stored = real.secrets()!;
      const params = hand.follower.book.hand.params;
      const mine = decodePacketSecrets(stored.packets[0]!);
      // The same secrets, said to be of packet 1 (a later packet, as a reshuffle makes).
      const later: HandSecrets = {
        ...stored,
        packets: [...stored.packets, encodePacketSecrets({ ...mine, packet: 1 }, params)],
      };
      const data = body.data as StepData;
      const cheat = cascadeCheat('shuffle-linear');
      const call = (b: Body, over: Parameters<typeof ctxFrom>[1]) => tryCall(() => cheat.sign!(b, ctxFrom(real, over)));
      return {
        mine,
        cheats: call(body, {}),
        done: call(body, { done: true }),
        lock: call({ ...body, type: 'lock' }, {}),
        noSecrets: call(body, { secrets: () => undefined }),
        noHand: call(body, { hand: () => null }),
        noCascade: call(body, {
          hand: () =>
            ({
              config: hand.config,
              follower: { state: hand.follower.state, cascade: null, book: hand.follower.book },
            }) as unknown as HandSession,
        }),
        packet1: call({ ...body, data: { ...data, packet: 1 } }, { secrets: () => later }),
        noPacketSecrets: call(body, { secrets: () => ({ ...stored, packets: [] }) }),
        noShuffleSecrets: call(body, {
          secrets: () => ({ ...stored, packets: [encodePacketSecrets({ packet: 0, seat: CHEATER }, params)] }),
        }),
      };
    });
    expect(seen.mine).toMatchObject({ packet: 0, seat: CHEATER, shuffle: { s: expect.any(BigInt) } });
    expect(seen.cheats).toEqual({ body: expect.objectContaining({ type: 'shuffle' }) });
    for (const left of [
      'done',
      'lock',
      'noSecrets',
      'noHand',
      'noCascade',
      'packet1',
      'noPacketSecrets',
      'noShuffleSecrets',
    ] as const) {
      expect([left, seen[left]]).toEqual([left, { body: null }]);
    }
  }, 60_000);

  it('shuffle-substitute: output point 3 becomes card 0 of hand handNo + 1 times the seat’s own s, nothing else changes', async () => {
    const seen = await probeAt('sign', isFirstShuffle, (body, real) => {
      const hand = real.hand()!;
      const stored = real.secrets()!;
      const params = hand.follower.book.hand.params;
      const mine = decodePacketSecrets(stored.packets[0]!);
      const cheat = cascadeCheat('shuffle-substitute');
      const ctx = ctxFrom(real);
      const out = tryCall(() => cheat.sign!(body, ctx));
      // Secrets of another packet listed first (with another s): the cheat takes packet 0's.
      const other = encodePacketSecrets(
        { ...mine, packet: 1, shuffle: { ...mine.shuffle!, s: mine.shuffle!.s + 1n } },
        params,
      );
      const reordered = tryCall(() =>
        cheat.sign!(body, ctxFrom(real, { secrets: () => ({ ...stored, packets: [other, ...stored.packets] }) })),
      );
      return { body, out, done: ctx.done, params, s: mine.shuffle!.s, reordered };
    });
    expect(seen.params.handNo).toBe(0);
    const honest = shufflePoints(seen.body);
    const foreign = cardPoint({ ...seen.params, handNo: 1 }, 0).multiply(seen.s);
    const expected = hex(honest.map((p, j) => (j === 3 ? foreign : p)));
    expect(hex([foreign])).not.toEqual(hex([honest[3]!]));
    expect(hex([foreign])).not.toEqual(hex([cardPoint(seen.params, 0).multiply(seen.s)]));
    expect('body' in seen.out).toBe(true);
    const out = (seen.out as { body: Body }).body;
    expect({ ...out, data: null }).toEqual({ ...seen.body, data: null });
    expect((out.data as StepData).packet).toBe(0);
    expect(hex(shufflePoints(out))).toEqual(expected);
    expect(seen.done).toBe(true);
    expect('body' in seen.reordered).toBe(true);
    expect(hex(shufflePoints((seen.reordered as { body: Body }).body))).toEqual(expected);
  }, 60_000);

  it('wrong-lock: its first lock step with exactly point 2 times 3, re-signed', async () => {
    const seen = await probeAt(
      'publish',
      (body) => body.type === 'lock',
      (_body, real, envelope) => {
        const cheat = cascadeCheat('wrong-lock');
        const ctx = ctxFrom(real);
        const out = cheat.publish!(envelope!, ctx) as Event;
        return { envelope: envelope!, out, done: ctx.done, again: cheat.publish!(envelope!, ctx) };
      },
    );
    const data = seen.envelope.body.data as StepData;
    const before = decodeLockStep(data.step);
    const after = decodeLockStep((seen.out.body.data as StepData).step);
    expect(before.deck.points).toHaveLength(52);
    expect(hex(after.deck.points)).toEqual(hex(before.deck.points.map((p, j) => (j === 2 ? p.multiply(3n) : p))));
    expect(after.header).toEqual(before.header);
    expect(seen.out).toMatchObject({
      kind: 'table-event',
      table: seen.envelope.table,
      seq: seen.envelope.seq,
      to: seen.envelope.to,
      from: seen.envelope.from,
    });
    expect({ ...seen.out.body, data: null }).toEqual({ ...seen.envelope.body, data: null });
    expect((seen.out.body.data as StepData).packet).toBe(data.packet);
    expect(verifyEnvelope(seen.out)).toBe(true);
    expect(seen.done).toBe(true);
    expect(seen.again).toBeUndefined();
  }, 60_000);
});

/** The move cheats that read the cheater's hand, each given a stand-in hand that holds just what the cheat reads. */
describe('the move cheats, on stand-in hands', () => {
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
      config: {
        game: { claimedCards: (action: { cards?: { handle: number; card: string }[] }) => action.cards ?? [] },
      },
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
      expect(
        cheat.publish!(event('act', { action: { type: 'odd' }, keys: [new Uint8Array([1])] }), ctx),
      ).toBeUndefined();
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
});
