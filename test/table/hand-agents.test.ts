/**
 * A hand between its agents, step by step: two seat agents on their
 * followers and a spectator follower joined synchronously
 * (helpers/agent-duo.ts), with no network and no fresh deal — seats are
 * restored after the deal of a recorded courier or race hand
 * (test/fixtures/agent-duo/, recorded by helpers/record-agent-duo.ts), their
 * secrets taken from their recorded disclosures. Checked: what each seat
 * publishes and keeps (ready, key shares, moves with their keys, real-time
 * commits and reveals, disclosure), the words a player sees when a move is
 * refused, which halt code and seat each fault names on every peer (false
 * claims, illegal moves, non-moves, future steps, desync, unsealable keys,
 * faults with no seat, exceptions), real-time rounds and bounces, abandons,
 * deadlines and stalled hands, and a whole hand to a clean audit. How one
 * follower takes events in is in follower.test.ts, the seat agent's own
 * guards in seat-agent.test.ts, the play phase's in play.test.ts.
 */
import { x25519 } from '@noble/curves/ed25519.js';
import { describe, expect, it } from 'vitest';
import { stateHash } from '../../src/engine/index.js';
import { keyHex } from '../../src/net/envelope.js';
import { HandFollower } from '../../src/table/hand/follower.js';
import { faultData } from '../../src/table/hand/faults.js';
import type { Halt } from '../../src/table/hand/halt.js';
import { hashBytes, SeatAgent } from '../../src/table/hand/seat-agent.js';
import { seededRandom } from '../../crypto/index.js';
import { deepClone } from '../fuzz/clone.js';
import { agentDuo, playDuo, type Duo, type Event } from '../helpers/agent-duo.js';
import { type RaceBoard } from '../helpers/race.js';
import { courierGame, type CourierAction, type CourierBoard } from './courier-game.js';
import { COURIER, courierDeal, courier, race } from '../helpers/recorded-duos.js';
import { refusal } from '../helpers/refusal.js';

const deepCopy = (f: HandFollower) =>
  deepClone(f, [f.game, f.book.hand, f.setup], (v) => 'envelope' in v && 'data' in v);
const board = (duo: Duo, seat = 0) => duo.followers[seat]!.state!.board as CourierBoard;
const types = (events: readonly Event[]) => events.map((e) => e.body.type);
const bySeat = (seat: number) => (e: Event) => keyHex(e.from) === keyHex(courierDeal[seat]!.from);
/** The body of a new event by `seat`, made now at the follower's step (what honest code would sign). */
function bodyNow(f: HandFollower, seat: number, type: Event['body']['type'], data: unknown): Event['body'] {
  return { hand: 0, n: f.pool.nextSeq(seat), ...hashBytes(f.hashes), type, data } as Event['body'];
}

/** Plays the courier script: pass the first card, flip, secret choice (discard the first), show a known card, end. */
function courierScript() {
  const script: CourierAction['type'][] = ['flip', 'secret', 'show', 'end'];
  let next = 0;
  return (_seat: number, legal: unknown[], duo: Duo): unknown => {
    const actions = legal as CourierAction[];
    const b = board(duo);
    if (b.phase === 'pass' || b.phase === 'discard') return actions[0]!;
    const pick = actions.find((a) => a.type === script[Math.min(next, script.length - 1)]);
    if (!pick) return null;
    next++;
    return pick;
  };
}

describe('the ready round (nothing delivered)', () => {
  const readyDuo = () => agentDuo({ game: courierGame, seed: 'ready', hold: () => true });

  it('each seat publishes one ready with its seal key, the set-up digest and the terms it agrees to, after keeping its seal secret', () => {
    const duo = readyDuo();
    duo.pump();
    expect(types(duo.sent)).toEqual(['ready', 'ready']);
    expect(duo.log).toEqual([
      ['keep', 'ready'],
      ['keep', 'ready'],
    ]);
    for (const seat of [0, 1]) {
      const f = duo.followers[seat]!;
      const ready = duo.sent[seat]!;
      expect(duo.kept[seat]).toHaveLength(1);
      const kept = duo.kept[seat]![0]!;
      expect(kept.packets).toEqual([]);
      expect(kept.committed).toBeNull();
      expect(ready.body).toMatchObject({ hand: 0, n: 0, at: 0, type: 'ready' });
      expect(ready.body.data).toEqual({
        sealKey: x25519.getPublicKey(kept.sealSecret),
        setup: f.setupDigest,
        terms: f.termsDigest,
      });
      expect(f.seatOf(ready)).toBe(seat);
      expect(f.phase).toBe('ready');
      expect(f.pool.ready(seat)).toBeDefined();
      // Owes nothing more until the other ready is in.
      expect(duo.agents[seat]!.produce()).toBe(false);
    }
  });

  it('before play: no legal actions, a move is refused with "the hand is not in play"', () => {
    const duo = readyDuo();
    duo.pump();
    expect(duo.agents[0]!.legalActions()).toEqual([]);
    expect(refusal(duo.agents[0]!.act({ type: 'end' }))).toBe('not-in-play');
    expect(duo.agents[0]!.pendingMoves).toBe(0);
  });

  it('a disposed agent makes nothing', () => {
    const duo = readyDuo();
    duo.agents[1]!.dispose();
    duo.pump();
    expect(types(duo.sent)).toEqual(['ready']);
    expect(duo.agents[1]!.produce()).toBe(false);
    expect(duo.agents[1]!.abandon('gone')).toBe(false);
  });

  it('an abandon in the ready round ends every hand without a result, naming nobody, with the reason shown', () => {
    const duo = agentDuo({ game: courierGame, seed: 'ready', hold: (_to, e) => e.body.type === 'ready' });
    duo.pump();
    const halted: Halt[] = [];
    duo.followers[1]!.hooks = { ...duo.followers[1]!.hooks, halted: (h) => halted.push(h) };
    expect(duo.agents[0]!.abandon('x'.repeat(310))).toBe(true);
    duo.pump();
    const detail = `seat 1 ended the hand without a result: ${'x'.repeat(300)}`;
    for (const f of [...duo.followers, duo.spectator])
      expect(f.halt).toEqual({ code: 'abandoned', seat: null, detail });
    expect(halted).toEqual([{ code: 'abandoned', seat: null, detail }]);
    expect(duo.followers[0]!.phase).toBe('halted');
    // Once halted: no second abandon, no moves, nothing produced.
    expect(duo.agents[1]!.abandon('too')).toBe(false);
    expect(refusal(duo.agents[1]!.act({ type: 'end' }))).toBe('stopped');
    expect(duo.agents[1]!.produce()).toBe(false);
    expect(duo.agents[1]!.legalActions()).toEqual([]);
  });
});

describe('a courier hand restored after the deal', () => {
  it('a pass waits for the other seat: the passer has no legal action and a second pass is refused before it is signed', () => {
    const duo = courier('pass');
    const [a, b] = duo.agents as [NonNullable<Duo['agents'][0]>, NonNullable<Duo['agents'][1]>];
    expect(a.legalActions()).toEqual([0, 1, 2].map((handle) => ({ type: 'pass', handle })));
    expect(b.legalActions()).toEqual([3, 4, 5].map((handle) => ({ type: 'pass', handle })));
    expect(refusal(a.act({ type: 'fly' }))).toBe('not-a-move');
    expect(refusal(a.act({ type: 'pass', handle: 4 }))).toBe('rules:not-yours');
    expect(refusal(a.act({ type: 'flip' }))).toBe('rules:wrong-phase');
    const before = duo.sent.length;
    expect(refusal(a.act({ type: 'pass', handle: 1 }))).toBeNull();
    expect(duo.sent.length).toBe(before + 1);
    expect(duo.sent.at(-1)!.body).toMatchObject({
      type: 'act',
      data: { action: { type: 'pass', handle: 1 }, keys: [] },
    });
    expect(duo.followers[0]!.pendingActs(0).map((e) => e.data.action)).toEqual([{ type: 'pass', handle: 1 }]);
    expect(duo.followers[0]!.pendingAct(0)?.data.action).toEqual({ type: 'pass', handle: 1 });
    expect(a.legalActions()).toEqual([]);
    expect(refusal(a.act({ type: 'pass', handle: 1 }))).toBe('rules:not-your-turn');
    expect(duo.sent.length).toBe(before + 1);
    duo.pump();
    expect(board(duo).phase).toBe('pass');
    expect(refusal(b.act({ type: 'pass', handle: 5 }))).toBeNull();
    duo.pump();
    // Both passes applied in seat order, then both forwards delivered: each seat knows the card passed to it.
    expect(board(duo).hands).toEqual([
      [0, 2, 5],
      [3, 4, 1],
    ]);
    expect(duo.agents[0]!.privateView.known[5]).toBe(duo.agents[1]!.privateView.known[5]);
    expect(duo.agents[1]!.privateView.known[1]).toBe(duo.agents[0]!.privateView.known[1]);
    expect(duo.followers[1]!.pendingActs(0)).toEqual([]);
    expect(types(duo.sent.slice(before))).toEqual(['act', 'act', 'keys', 'keys']);
    // The forwards' shares are sealed to their recipient (to: the other seat).
    expect(duo.sent.slice(before + 2).map((e) => (e.body.data as { to: number | null }).to)).toEqual([1, 0]);
    expect(board(duo).turn).toBe(0);
    expect(b.legalActions()).toEqual([]);
    expect(refusal(b.act({ type: 'flip' }))).toBe('rules:not-your-turn');
  });

  it('a shown card carries the keys that open it', () => {
    const duo = courier('show');
    duo.agents[0]!.act({ type: 'pass', handle: 0 });
    duo.agents[1]!.act({ type: 'pass', handle: 3 });
    duo.pump();
    const a = duo.agents[0]!;
    const card = a.privateView.known[1]!;
    const n = duo.sent.length;
    expect(refusal(a.act({ type: 'show', handle: 1, card }))).toBeNull();
    const act = duo.sent[n]!;
    expect((act.body.data as { keys: Uint8Array[] }).keys).toHaveLength(1);
    duo.pump();
    expect(duo.spectator.state!.cards[1]?.card).toBe(card);
    expect(board(duo, 1).table).toEqual([1]);
    expect(board(duo).turn).toBe(1);
  });

  it('a card claimed that its keys do not open to: false-claim naming the claimant, on every other peer', () => {
    const duo = courier('false-claim');
    duo.agents[0]!.act({ type: 'pass', handle: 0 });
    duo.agents[1]!.act({ type: 'pass', handle: 3 });
    duo.pump();
    const card = duo.agents[0]!.privateView.known[1]!;
    expect(refusal(duo.agents[0]!.act({ type: 'show', handle: 1, card: card === 'AS' ? 'KS' : 'AS' }))).toBeNull();
    duo.pump();
    expect(duo.spectator.halt).toMatchObject({ code: 'false-claim', seat: 0 });
    expect(duo.followers[1]!.halt).toMatchObject({ code: 'false-claim', seat: 0 });
  });

  /** Seat 1 has passed (its act waits for seat 2's): the spectator then takes a forged event of seat 2. */
  function afterFirstPass(seed: string): Duo {
    const duo = courier(seed);
    duo.agents[0]!.act({ type: 'pass', handle: 0 });
    duo.pump();
    expect(duo.spectator.pendingAct(0)).toBeDefined();
    return duo;
  }

  it("a move the rules refuse, signed anyway: illegal-move naming its author, with the engine's error", () => {
    const duo = afterFirstPass('illegal');
    const f = duo.spectator;
    f.take(duo.signAs(1, bodyNow(f, 1, 'act', { action: { type: 'flip' }, keys: [] })));
    f.run();
    expect(f.halt).toEqual({ code: 'illegal-move', seat: 1, detail: 'an illegal move: wrong-phase' });
  });

  it('a move of no game: not-a-move naming its author', () => {
    const duo = afterFirstPass('nonmove');
    const f = duo.spectator;
    f.take(duo.signAs(1, bodyNow(f, 1, 'act', { action: { type: 'fly' }, keys: [] })));
    f.run();
    expect(f.halt).toEqual({ code: 'not-a-move', seat: 1, detail: 'sent a move that is not a move of this game' });
  });

  it('an event made at a step that does not exist yet: future-step; at a step whose hash differs: desync — both naming the author', () => {
    const duo = afterFirstPass('steps');
    const f = duo.spectator;
    f.take(duo.signAs(1, { ...bodyNow(f, 1, 'act', { action: { type: 'pass', handle: 3 }, keys: [] }), at: 5 }));
    f.run();
    expect(f.halt).toEqual({
      code: 'future-step',
      seat: 1,
      detail: 'made its act at step 5, which does not exist yet (now 3)',
    });
    const g = duo.followers[0]!;
    g.take(
      duo.signAs(1, {
        ...bodyNow(g, 1, 'act', { action: { type: 'pass', handle: 3 }, keys: [] }),
        hash: new Uint8Array(32).fill(7),
      }),
    );
    g.run();
    expect(g.halt).toEqual({ code: 'desync', seat: 1, detail: 'desync at step 2: seat 2 computed a different state' });
  });

  it('key shares sealed to a seat that do not open: unsealable naming the sender, seen by the recipient alone, whose proof shows every peer', () => {
    const duo = courier('unsealable', {
      tamper: (seat, e) => {
        if (seat !== 0 || e.body.type !== 'keys') return e;
        const data = e.body.data as { request: number; shares: Uint8Array[]; to: number | null };
        const shares = data.shares.map((s) => {
          const t = s.slice();
          t[t.length - 1]! ^= 1;
          return t;
        });
        return duo0.signAs(0, { ...e.body, data: { ...data, shares } } as Event['body']);
      },
    });
    const duo0 = duo;
    duo.agents[0]!.act({ type: 'pass', handle: 0 });
    duo.agents[1]!.act({ type: 'pass', handle: 3 });
    duo.pump();
    const halt = duo.followers[1]!.halt!;
    expect(halt).toMatchObject({
      code: 'unsealable',
      seat: 0,
      detail: 'keys sealed to seat 2 do not open',
      evidence: { kind: 'sealed', openings: [{ from: 0 }], own: [] },
    });
    expect(duo.followers[0]!.halt).toBeNull();
    // The spectator saw nothing wrong; the recipient's signed report with its proven pair key shows it the fault.
    const spectator = duo.spectator;
    expect(spectator.halt).toBeNull();
    const f1 = duo.followers[1]!;
    const report = duo.signAs(1, {
      hand: 0,
      n: f1.pool.nextSeq(1),
      ...hashBytes(f1.hashes),
      type: 'fault',
      data: faultData(halt),
    } as Event['body']);
    expect(spectator.take(report)).toBe(true);
    spectator.run();
    expect(spectator.halt).toMatchObject({ code: 'unsealable', seat: 0 });
    expect(spectator.halt!.detail).toMatch(/proven pair key/);
  });

  it('an abandon during play ends the hand; once play is over it is refused (the disclosures are owed)', () => {
    const duo = courier('abandon');
    expect(duo.agents[1]!.abandon('bored')).toBe(true);
    duo.pump();
    expect(duo.spectator.halt).toEqual({
      code: 'abandoned',
      seat: null,
      detail: 'seat 2 ended the hand without a result: bored',
    });
    expect(duo.followers[0]!.halt).toEqual(duo.spectator.halt);
  });

  it('a seat that never discloses is named no-disclosure at the deadline, and by endStalled', () => {
    const duo = courier('stall', { hold: (_to, e) => e.body.type === 'disclose' && bySeat(1)(e), spectator: false });
    duo.agents[0]!.act({ type: 'pass', handle: 0 });
    duo.agents[1]!.act({ type: 'pass', handle: 3 });
    duo.pump();
    duo.agents[0]!.act({ type: 'end' });
    duo.pump();
    const f = duo.followers[0]!;
    expect(f.phase).toBe('disclose');
    expect(f.waiting()?.seats).toEqual([1]);
    expect(duo.agents[0]!.abandon('no')).toBe(false);
    // The default deadline: 60 s by the table's clock from the first tick once play is over.
    f.tick(5_000);
    expect(f.halt).toBeNull();
    f.tick(64_999);
    expect(f.halt).toBeNull();
    f.tick(65_000);
    expect(f.halt).toMatchObject({ code: 'no-disclosure', seat: 1 });
    f.tick(7_000);
    const g = new HandFollower({
      setup: duo.setup,
      game: courierGame,
      presumeProofs: () => true,
      presumeKey: () => true,
    });
    for (const e of [...courierDeal, ...duo.sent.filter((e) => !(e.body.type === 'disclose' && bySeat(1)(e)))])
      g.take(e);
    g.run();
    expect(g.phase).toBe('disclose');
    expect(g.endStalled()).toBe(true);
    expect(g.halt).toMatchObject({ code: 'no-disclosure', seat: 1 });
  });
});

describe('waiting and stalls (courier, restored after the deal)', () => {
  it('while a move or a choice is owed an abandon is the way out: endStalled names nobody; the waiting seats are listed', () => {
    const duo = courier('waiting');
    const f = duo.spectator;
    expect(f.waiting()?.seats).toEqual([0, 1]);
    expect(f.endStalled()).toBe(false);
    f.tick(1_000);
    f.tick(1_000_000);
    expect(f.halt).toBeNull();
    duo.agents[0]!.act({ type: 'pass', handle: 0 });
    duo.pump();
    expect(f.waiting()?.seats).toEqual([1]);
  });

  it('while the table owes crypto (the forwards), no seat has a legal action and a move is refused', () => {
    const duo = courier('crypto-wait', { hold: (to, e) => to === 0 && e.body.type === 'keys' });
    duo.agents[0]!.act({ type: 'pass', handle: 0 });
    duo.agents[1]!.act({ type: 'pass', handle: 3 });
    duo.pump();
    const f = duo.followers[0]!;
    expect(f.game.awaits(f.state!).kind).toBe('crypto');
    expect(duo.agents[0]!.legalActions()).toEqual([]);
    expect(refusal(duo.agents[0]!.act({ type: 'end' }))).toBe('rules:awaiting-crypto');
    // Seat 1 made its shares for the one forward it contributes to (its card to seat 2; seat 2's card comes to it with seat 2's keys), and nothing more.
    expect(duo.agents[0]!.produce()).toBe(false);
    const mine = duo.sent.filter((e) => e.body.type === 'keys' && bySeat(0)(e));
    expect(mine).toHaveLength(1);
    expect((mine[0]!.body.data as { to: number }).to).toBe(1);
  });

  it('once play is over, an abandon dated at the last step does not end the hand (the disclosures are owed); one dated earlier does', () => {
    const duo = courier('late-abandon', { hold: (_to, e) => e.body.type === 'disclose', spectator: false });
    duo.agents[0]!.act({ type: 'pass', handle: 0 });
    duo.agents[1]!.act({ type: 'pass', handle: 3 });
    duo.pump();
    const before = duo.followers[0]!.hashes.length - 1;
    const early = duo.signAs(1, bodyNow(duo.followers[0]!, 1, 'abandon', { reason: 'early' }));
    duo.agents[0]!.act({ type: 'end' });
    duo.pump();
    const f = duo.followers[0]!;
    expect(f.phase).toBe('disclose');
    const g = deepCopy(f);
    expect(f.take(duo.signAs(1, bodyNow(f, 1, 'abandon', { reason: 'late' })))).toBe(true);
    f.run();
    expect(f.halt).toBeNull();
    expect(f.phase).toBe('disclose');
    expect(early.body.at).toBe(before);
    expect(g.take(early)).toBe(true);
    g.run();
    expect(g.halt).toEqual({ code: 'abandoned', seat: null, detail: 'seat 2 ended the hand without a result: early' });
  });
});

describe('faults with no seat and exceptions (courier, restored after the deal)', () => {
  it('a fault a seat finds with no seat to name and no evidence to show: it audits and reports it; the others, past that step, name it false-report and disclose nothing', () => {
    const duo = courier('audit-at-once');
    const own = duo.followers[0]!;
    own.hooks = {
      ...own.hooks,
      delivered: (request) => (request.kind === 'forward' ? { code: 'crypto-fault', seat: null, detail: 'X' } : null),
    };
    duo.agents[0]!.act({ type: 'pass', handle: 0 });
    duo.agents[1]!.act({ type: 'pass', handle: 3 });
    duo.pump();
    const report = duo.sent.find((e) => e.body.type === 'fault')!;
    expect(bySeat(0)(report)).toBe(true);
    expect(report.body.data).toEqual({ code: 'crypto-fault', seat: null, detail: 'X', evidence: null });
    expect(duo.sent.filter((e) => e.body.type === 'fault' && bySeat(0)(e))).toHaveLength(1);
    // Only the finder discloses (it went to the audit on its own finding); nobody does on its word.
    expect(duo.sent.filter((e) => e.body.type === 'disclose').map(bySeat(0))).toEqual([true]);
    expect(own.phase).toBe('disclose');
    expect(own.auditCause).toEqual({ fault: { code: 'crypto-fault', seat: null, detail: 'X' }, reporter: null });
    for (const f of [duo.followers[1]!, duo.spectator]) {
      expect(f.auditCause).toBeNull();
      expect(f.halt).toMatchObject({ code: 'false-report', seat: 0, evidence: { kind: 'report' } });
      expect(f.halt!.detail).toMatch(/no evidence/);
    }
  });

  it("an exception once the events are checked is the table's own (internal, to the audit at once); before, it blames the author (bad-event)", () => {
    const duo = courier('throws');
    duo.spectator.hooks = {
      delivered: () => {
        throw new Error('boom');
      },
    };
    duo.agents[0]!.act({ type: 'pass', handle: 0 });
    duo.agents[1]!.act({ type: 'pass', handle: 3 });
    duo.pump();
    expect(duo.spectator.auditCause).toEqual({
      fault: { code: 'internal', seat: null, detail: 'internal error: boom' },
      reporter: null,
    });
    expect(duo.spectator.phase).toBe('disclose');
    const g = new HandFollower({
      setup: duo.setup,
      game: courierGame,
      presumeProofs: () => {
        throw new Error('bang');
      },
    });
    for (const e of courierDeal) g.take(e);
    g.run();
    expect(g.halt).toEqual({ code: 'bad-event', seat: 0, detail: 'an event that could not be taken in: bang' });
  });

  it('an abandon dated at a step this peer has not reached is judged only once there', () => {
    const duo = courier('abandon-later');
    const f = duo.spectator;
    expect(f.take(duo.signAs(1, { ...bodyNow(f, 1, 'abandon', { reason: 'later' }), at: 9 }))).toBe(true);
    f.run();
    expect(f.halt).toBeNull();
    expect(f.phase).toBe('play');
  });
});

describe('a race hand restored after the deal (real time)', () => {
  const claim = (duo: Duo, seat: number) =>
    refusal(duo.agents[seat]!.act({ type: 'claim', onTop: (duo.followers[seat]!.state!.board as RaceBoard).value }));

  it('moves are queued, committed to, revealed and ordered; two claims of one value: one bounces, blamed on nobody', () => {
    const duo = race('round');
    const [a, b] = duo.agents as [NonNullable<Duo['agents'][0]>, NonNullable<Duo['agents'][1]>];
    expect(a.legalActions()).toEqual([{ type: 'claim', onTop: 0 }]);
    expect(claim(duo, 0)).toBeNull();
    expect(a.pendingMoves).toBe(1);
    expect(claim(duo, 0)).toBeNull();
    expect(a.pendingMoves).toBe(2);
    expect(refusal(a.act({ type: 'claim', onTop: 0.5 }))).toBe('not-a-move');
    expect(claim(duo, 1)).toBeNull();
    duo.pump();
    // Round 0: both committed, both revealed; three claims of value 0: one fits, two bounce.
    expect(types(duo.sent)).toEqual(['commit', 'commit', 'reveal', 'reveal']);
    const f = duo.spectator;
    expect(f.round).toBe(1);
    expect(f.realTimeStarted).toBe(true);
    expect(f.orderedPending).toBe(0);
    expect((f.state!.board as RaceBoard).value).toBe(1);
    expect(f.bounces).toHaveLength(2);
    expect(f.inputs).toHaveLength(1);
    expect(a.pendingMoves).toBe(0);
    expect(duo.followers[0]!.hash).toBe(f.hash);
    expect(duo.followers[1]!.hash).toBe(f.hash);
    // Seat 1 kept its commitment (round, moves, salt) before it sent it.
    const commit0 = duo.kept[0]!.find((k) => k.committed)!.committed!;
    expect(commit0.round).toBe(0);
    expect(commit0.actions).toEqual([
      { type: 'claim', onTop: 0 },
      { type: 'claim', onTop: 0 },
    ]);
    expect(duo.sent.find((e) => e.body.type === 'reveal' && bySeat(0)(e))!.body.data).toEqual({
      round: 0,
      actions: commit0.actions,
      salt: commit0.salt,
    });
    expect(b.pendingMoves).toBe(0);
  });

  it('a seat with nothing queued commits to nothing once the other opened the round; nobody commits with nothing to do', () => {
    const duo = race('empty');
    duo.pump();
    expect(duo.sent).toEqual([]);
    expect(claim(duo, 1)).toBeNull();
    duo.pump();
    expect(types(duo.sent)).toEqual(['commit', 'commit', 'reveal', 'reveal']);
    const reveal0 = duo.sent.find((e) => e.body.type === 'reveal' && bySeat(0)(e))!;
    expect((reveal0.body.data as { actions: unknown[] }).actions).toEqual([]);
    expect(duo.spectator.bounces).toEqual([]);
    expect((duo.spectator.state!.board as RaceBoard).wins).toEqual([0, 1]);
  });

  it('a reveal that does not match its commit: reveal-mismatch naming the seat', () => {
    const duo = race('mismatch', {
      tamper: (seat, e) =>
        seat === 1 && e.body.type === 'reveal'
          ? duo.signAs(1, {
              ...e.body,
              data: { ...(e.body.data as object), actions: [{ type: 'claim', onTop: 7 }] },
            } as Event['body'])
          : e,
    });
    claim(duo, 0);
    claim(duo, 1);
    duo.pump();
    expect(duo.followers[0]!.halt).toEqual({
      code: 'reveal-mismatch',
      seat: 1,
      detail: 'revealed moves for round 0 that do not match its commit (equivocation)',
    });
    expect(duo.spectator.halt).toEqual(duo.followers[0]!.halt);
  });

  it('after a reload, a seat reveals the moves it kept as committed; one that lost them cannot reveal (its own failure)', () => {
    let held = true;
    const duo = race('reload', { hold: (to) => held && to === 0, spectator: false });
    claim(duo, 0);
    claim(duo, 0);
    duo.pump();
    // Seat 1 committed to its two claims; seat 2 saw that commit and committed to nothing; seat 1 has not seen seat 2's yet.
    expect(types(duo.sent)).toEqual(['commit', 'commit', 'reveal']);
    const kept = duo.kept[0]!.at(-1)!;
    expect(kept.committed?.actions).toHaveLength(2);
    expect(duo.log).toEqual([
      ['keep', 'commit'],
      ['keep', 'commit', 'reveal'],
    ]);
    const f = duo.followers[0]!;
    const io = { sign: (body: Event['body']) => duo.signAs(0, body), keepSecrets: () => {}, publish: () => {} };
    const reloaded = new SeatAgent(f, 0, io, seededRandom('reload'), kept);
    expect(reloaded.pendingMoves).toBe(2);
    const lost = new SeatAgent(deepCopy(f), 0, io, seededRandom('lost'), { ...kept, committed: null });
    expect(lost.pendingMoves).toBe(0);
    held = false;
    for (const e of duo.inboxes[0]!.splice(0)) f.take(e);
    f.run();
    const g = (lost as unknown as { follower: HandFollower }).follower;
    for (const e of duo.sent.filter(bySeat(1))) g.take(e);
    g.run();
    expect(() => lost.produce()).toThrow('lost the moves committed for round 0');
    expect(reloaded.produce()).toBe(true);
    expect(f.pool.reveal(0, 0)?.data).toEqual({
      round: 0,
      actions: kept.committed!.actions,
      salt: kept.committed!.salt,
    });
  });

  it('a reveal withheld: the seat is named no-reveal at the deadline', () => {
    const duo = race('withheld', { hold: (_to, e) => e.body.type === 'reveal' && bySeat(1)(e), spectator: false });
    claim(duo, 0);
    duo.pump();
    const f = duo.followers[0]!;
    // The default deadline: 30 s by the table's clock once every commit of the round is in.
    f.tick(10);
    f.tick(30_009);
    expect(f.halt).toBeNull();
    f.tick(30_010);
    expect(f.halt).toMatchObject({ code: 'no-reveal', seat: 1 });
  });

  it('the real-time move of a closed round that lost its race is not refused before it is sent (the round may make it fit)', () => {
    const duo = race('stale');
    expect(refusal(duo.agents[0]!.act({ type: 'claim', onTop: 5 }))).toBeNull();
    expect(duo.agents[0]!.pendingMoves).toBe(1);
  });
});

// Last: the costliest test (a whole hand, with a reshuffle), so the targeted ones above fail first.
describe('a whole courier hand restored after the deal', () => {
  it('the seats finish it: each seat learns its own cards only, every follower ends done on one hash with a clean audit', () => {
    const duo = courier('whole');
    for (const f of [...duo.followers, duo.spectator]) {
      expect(f.phase).toBe('play');
      expect(f.sealKeys).toEqual(
        [courierDeal[0]!.body.data, courierDeal[1]!.body.data].map((d) => (d as { sealKey: Uint8Array }).sealKey),
      );
      expect(f.hash).toBe(stateHash(f.state!));
    }
    expect(duo.agents.map((a) => Object.keys(a.privateView.known))).toEqual([
      ['0', '1', '2'],
      ['3', '4', '5'],
    ]);
    playDuo(duo, courierScript());
    const all = [...duo.followers, duo.spectator];
    expect(all.map((f) => f.halt)).toEqual([null, null, null]);
    expect(all.map((f) => f.phase)).toEqual(['done', 'done', 'done']);
    expect(new Set(all.map((f) => f.hash)).size).toBe(1);
    expect(all.map((f) => f.audit?.clean)).toEqual([true, true, true]);
    expect(types(duo.sent)).toEqual(types(COURIER.slice(8)));
    // Seat 1 was passed handle 3; seat 2 handle 0, and after its secret choice it holds fresh handles revealed to it alone.
    expect(Object.keys(duo.agents[0]!.privateView.known).sort()).toEqual(['0', '1', '2', '3']);
    expect(Object.keys(duo.agents[1]!.privateView.known).sort()).toEqual(['0', '3', '32', '33', '34', '4', '5']);
    // Both disclosed every packet's secrets and their seal secret, which they kept before.
    for (const seat of [0, 1]) {
      const disclose = duo.sent.find((e) => e.body.type === 'disclose' && bySeat(seat)(e))!;
      const kept = duo.kept[seat]!.at(-1)!;
      expect(disclose.body.data).toEqual({ secrets: kept.packets, sealSecret: kept.sealSecret });
      expect(kept.packets).toHaveLength(2);
    }
    expect(duo.agents[0]!.abandon('late')).toBe(false);
    expect(duo.agents[0]!.legalActions()).toEqual([]);
    // Secrets are kept before the event that depends on them is published: each reshuffle step comes right after a keep.
    for (const seat of [0, 1]) {
      const log = duo.log[seat]!;
      log.forEach((what, i) => {
        if (what === 'shuffle' || what === 'lock' || what === 'reshuffle')
          expect(log[i - 1], `${what} at ${i} of seat ${seat + 1}`).toBe('keep');
      });
      expect(log.filter((w) => w === 'keep').length).toBe(
        log.filter((w) => w === 'shuffle' || w === 'lock' || w === 'reshuffle').length,
      );
    }
  });
});
