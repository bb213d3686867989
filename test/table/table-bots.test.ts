/**
 * The bots a table hosts (src/table/table-bots.ts) on scripted hand
 * sessions and fake timers: a bot key adopted signs as that key; each bot
 * seat (and this page's own seat with autoplay) gets its own clock once it
 * may move — in play, with legal actions, nothing of its own pending, not
 * held back while the page catches up — and moves after the think time
 * (600 ms unless set, plus jitter); the move is what the bot chose, and a
 * move taken tells the table the page plays live. Closing stops them. A
 * game's bot code is loaded before its first clock starts; a failed load is
 * said and tried again later.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ed25519 } from '@noble/curves/ed25519.js';
import { HostedBots, type HostedBotsHost } from '../../src/table/table-bots.js';
import { keyHex } from '../../src/net/envelope.js';
import type { HandSession } from '../../src/table/hand-session.js';
import type { AnyGame } from '../../src/engine/index.js';
import type { Result } from '../../src/result.js';
import type { MoveRefusal } from '../../src/table/hand/move-refusal.js';
import type { Seated } from '../../src/table/table-session-types.js';

interface Fake {
  phase: string;
  engineState: unknown;
  legal: unknown[];
  pendingMoves: number;
  privateView: { known: Record<number, string> };
  acted: unknown[];
  actResult: Result<void, MoveRefusal>;
}

function fake(over: Partial<Fake> = {}): Fake & { as: HandSession } {
  const f: Fake = {
    phase: 'play',
    engineState: { s: 1 },
    legal: ['a', 'b'],
    pendingMoves: 0,
    privateView: { known: { 1: 'AS' } },
    acted: [],
    actResult: { ok: true, value: undefined },
    ...over,
  };
  const session = {
    get phase() {
      return f.phase;
    },
    get engineState() {
      return f.engineState;
    },
    get pendingMoves() {
      return f.pendingMoves;
    },
    get privateView() {
      return f.privateView;
    },
    legalActions: () => f.legal,
    act: (action: unknown) => {
      f.acted.push(action);
      return f.actResult;
    },
  };
  return Object.assign(f, { as: session as unknown as HandSession });
}

const GAME = { id: 'g' } as unknown as AnyGame;

function makeBots(seats: [number, Fake & { as: HandSession }, boolean][], over: Partial<HostedBotsHost> = {}) {
  const calls: [unknown, unknown, number, unknown][] = [];
  const state = { closed: false, game: GAME as AnyGame | null, moved: 0, blocked: false, logs: [] as string[] };
  const host: HostedBotsHost = {
    bot: (game, engineState, seat, view) => {
      calls.push([game, engineState, seat, view]);
      return 'b';
    },
    now: {
      get hands() {
        return new Map(seats.map(([seat, f, bot]) => [seat, { session: f.as, bot } as Seated]));
      },
      get game() {
        return state.game;
      },
      get closed() {
        return state.closed;
      },
    },
    autoplay: undefined,
    delayMs: undefined,
    jitterMs: undefined,
    blocked: () => state.blocked,
    moved: () => state.moved++,
    botLoaded: () => true,
    loadBot: async () => {},
    onLog: (line, level) => state.logs.push(`${level ?? 'info'}: ${line}`),
    ...over,
  };
  return { bots: new HostedBots(host), calls, state };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('bot keys', () => {
  it('an adopted key signs as itself and is listed', () => {
    const { bots } = makeBots([]);
    expect(bots.keys()).toEqual([]);
    const secret = new Uint8Array(32).fill(5);
    const signer = bots.adopt(secret);
    const hex = keyHex(ed25519.getPublicKey(secret));
    expect(keyHex(signer.publicKey)).toBe(hex);
    expect(ed25519.verify(signer.sign(new Uint8Array([1, 2])), new Uint8Array([1, 2]), signer.publicKey)).toBe(true);
    bots.adopt(new Uint8Array(32).fill(6));
    expect(bots.keys()).toEqual([hex, keyHex(ed25519.getPublicKey(new Uint8Array(32).fill(6)))]);
    expect(bots.signerFor(hex)).toBe(signer);
    expect(bots.signerFor('00')).toBeUndefined();
  });
});

describe('bot moves', () => {
  it('a bot seat moves after 600 ms with what the bot chose, then goes on', async () => {
    const seat = fake();
    const { bots, calls, state } = makeBots([[2, seat, true]]);
    bots.schedule();
    await vi.advanceTimersByTimeAsync(599);
    expect(seat.acted).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(seat.acted).toEqual(['b']);
    expect(calls).toEqual([[GAME, { s: 1 }, 2, { known: { 1: 'AS' } }]]);
    expect(state.moved).toBe(1);
    // It schedules itself again: one more move 600 ms later.
    await vi.advanceTimersByTimeAsync(600);
    expect(seat.acted).toEqual(['b', 'b']);
    bots.stop();
    await vi.advanceTimersByTimeAsync(5000);
    expect(seat.acted).toEqual(['b', 'b']);
  });

  it('one clock per seat: scheduling again does not double it', async () => {
    const seat = fake();
    const { bots } = makeBots([[1, seat, true]], { delayMs: 100 });
    bots.schedule();
    await vi.advanceTimersByTimeAsync(50);
    bots.schedule();
    await vi.advanceTimersByTimeAsync(50);
    expect(seat.acted).toEqual(['b']);
    await vi.advanceTimersByTimeAsync(99);
    expect(seat.acted).toEqual(['b']);
  });

  it('a refused move does not count as moving live', async () => {
    const seat = fake({ actResult: { ok: false, error: { code: 'rules', rule: 'not-your-turn' } } });
    const { bots, state } = makeBots([[1, seat, true]], { delayMs: 10 });
    bots.schedule();
    await vi.advanceTimersByTimeAsync(10);
    expect(seat.acted).toEqual(['b']);
    expect(state.moved).toBe(0);
  });

  it('a bot that passes makes no move', async () => {
    const seat = fake();
    const { bots, state } = makeBots([[1, seat, true]], { delayMs: 10, bot: () => null });
    bots.schedule();
    await vi.advanceTimersByTimeAsync(10);
    expect(seat.acted).toEqual([]);
    expect(state.moved).toBe(0);
  });

  it('jitter adds a random think time', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
    const seat = fake();
    const { bots } = makeBots([[1, seat, true]], { delayMs: 100, jitterMs: 40 });
    bots.schedule();
    await vi.advanceTimersByTimeAsync(119);
    expect(seat.acted).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(seat.acted).toEqual(['b']);
  });

  it("this page's own seat only with autoplay", async () => {
    const mine = fake();
    const { bots } = makeBots([[0, mine, false]], { delayMs: 10 });
    bots.schedule();
    await vi.advanceTimersByTimeAsync(100);
    expect(mine.acted).toEqual([]);
    const auto = fake();
    const played = makeBots([[0, auto, false]], { delayMs: 10, autoplay: true });
    played.bots.schedule();
    await vi.advanceTimersByTimeAsync(10);
    expect(auto.acted).toEqual(['b']);
  });

  it.each([
    ['not in play', { phase: 'deal' }],
    ['no state', { engineState: null }],
    ['no legal action', { legal: [] }],
    ['a move of its own pending', { pendingMoves: 1 }],
  ])('no clock when %s', async (_what, over) => {
    const seat = fake(over);
    const { bots, calls } = makeBots([[1, seat, true]], { delayMs: 10 });
    bots.schedule();
    await vi.advanceTimersByTimeAsync(100);
    expect(seat.acted).toEqual([]);
    expect(calls).toEqual([]);
    // Once it may move, the next schedule starts its clock.
    Object.assign(seat, { phase: 'play', engineState: { s: 1 }, legal: ['a'], pendingMoves: 0 });
    bots.schedule();
    await vi.advanceTimersByTimeAsync(10);
    expect(seat.acted).toEqual(['b']);
  });

  it.each([
    ['no legal action', { legal: [] }],
    ['a move of its own pending', { pendingMoves: 1 }],
  ])(
    'the clock starts when the seat may move, not while it has %s: the think time counts from then',
    async (_what, over) => {
      const seat = fake(over);
      const { bots } = makeBots([[1, seat, true]], { delayMs: 10 });
      bots.schedule();
      await vi.advanceTimersByTimeAsync(5);
      Object.assign(seat, { legal: ['a'], pendingMoves: 0 });
      bots.schedule();
      // A clock started at the first schedule would run out at 10 ms; the seat's clock started at 5 ms runs out at 15 ms.
      await vi.advanceTimersByTimeAsync(9);
      expect(seat.acted).toEqual([]);
      await vi.advanceTimersByTimeAsync(1);
      expect(seat.acted).toEqual(['b']);
    },
  );

  it('no clock while the table is closed, without a game, or while held back', async () => {
    const seat = fake();
    const { bots, state, calls } = makeBots([[1, seat, true]], { delayMs: 10 });
    state.closed = true;
    bots.schedule();
    state.closed = false;
    state.game = null;
    bots.schedule();
    state.game = GAME;
    state.blocked = true;
    bots.schedule();
    await vi.advanceTimersByTimeAsync(100);
    expect(calls).toEqual([]);
    state.blocked = false;
    bots.schedule();
    await vi.advanceTimersByTimeAsync(10);
    expect(seat.acted).toEqual(['b']);
  });

  it.each([
    ['the table closed', (f: Fake, s: { closed: boolean; game: AnyGame | null }) => (s.closed = true)],
    ['the game is gone', (_f: Fake, s: { closed: boolean; game: AnyGame | null }) => (s.game = null)],
    ['the state is gone', (f: Fake) => (f.engineState = null)],
    ['no legal action is left', (f: Fake) => (f.legal = [])],
    ['a move is pending', (f: Fake) => (f.pendingMoves = 2)],
  ])('no move when, by the time the clock runs out, %s', async (_what, change) => {
    const seat = fake();
    const { bots, state, calls } = makeBots([[1, seat, true]], { delayMs: 10 });
    bots.schedule();
    change(seat, state);
    await vi.advanceTimersByTimeAsync(10);
    expect(calls).toEqual([]);
    expect(seat.acted).toEqual([]);
  });

  it('works without the optional hooks', async () => {
    const seat = fake();
    const host: HostedBotsHost = {
      bot: () => 'x',
      now: { hands: new Map([[1, { session: seat.as, bot: true } as Seated]]), game: GAME, closed: false },
      autoplay: false,
      delayMs: 5,
      jitterMs: 0,
      botLoaded: () => true,
      loadBot: async () => {},
      onLog: () => {},
    };
    const bots = new HostedBots(host);
    bots.schedule();
    await vi.advanceTimersByTimeAsync(5);
    expect(seat.acted).toEqual(['x']);
  });
});

describe("a game's bot code, loaded when first needed", () => {
  it('the clock starts once it is in: one load however often the table changes meanwhile, then the move', async () => {
    const seat = fake();
    let loaded = false;
    let loads = 0;
    let land = () => {};
    const { bots, calls, state } = makeBots([[1, seat, true]], {
      delayMs: 10,
      botLoaded: (id) => id === 'g' && loaded,
      loadBot: (id) => {
        loads++;
        expect(id).toBe('g');
        return new Promise<void>((resolve) => (land = resolve)).then(() => void (loaded = true));
      },
    });
    bots.schedule();
    bots.schedule();
    await vi.advanceTimersByTimeAsync(50);
    expect(loads).toBe(1);
    expect(calls).toEqual([]);
    land();
    await vi.advanceTimersByTimeAsync(10);
    expect(seat.acted).toEqual(['b']);
    expect(state.logs).toEqual([]);
  });

  it('a load that fails is said, with what to do, and tried again no sooner than 10 s later', async () => {
    const seat = fake();
    let loads = 0;
    let fail = true;
    const { bots, state } = makeBots([[1, seat, true]], {
      delayMs: 10,
      botLoaded: () => !fail && loads > 1,
      loadBot: async () => {
        loads++;
        if (fail) throw new Error('Failed to fetch dynamically imported module');
      },
    });
    bots.schedule();
    await vi.advanceTimersByTimeAsync(0);
    expect(state.logs).toEqual([
      "error: the bot's code could not be loaded (Failed to fetch dynamically imported module): check the connection and reload the page",
    ]);
    bots.schedule();
    await vi.advanceTimersByTimeAsync(9_000);
    bots.schedule();
    expect(loads).toBe(1);
    fail = false;
    await vi.advanceTimersByTimeAsync(1_000);
    bots.schedule();
    await vi.advanceTimersByTimeAsync(10);
    expect(loads).toBe(2);
    expect(seat.acted).toEqual(['b']);
  });
});
