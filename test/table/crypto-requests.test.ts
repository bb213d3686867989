/**
 * Every crypto request of the engine works through the table, driven by the
 * courier toy game over the in-memory transport: reveal-to (the deal),
 * forward (the pass), reveal-all (a flip), a reshuffle of public and hidden
 * cards followed by the draw that needed it, and a secret choice (a reshuffle
 * of one seat's hand, revealed to that seat alone, then a discard by handle).
 * Every seat and a seatless spectator agree; the spectator holds no secret
 * and learns only public cards. A peer that cheats in any of these is caught
 * and named with a code — by the spectator too when the cheat is public.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { decodeKeyShares, decodeRelayerStep, encodeKeyShares } from '../../crypto/index.js';
import { census, type CryptoRequest } from '../../src/engine/index.js';
import type { EnvelopeOf } from '../../src/net/envelope.js';
import type { HaltCode, HandSession } from '../../src/table/hand-session.js';
import { courierScript, handTable, play, resign, type HandTable } from '../helpers/hand-table.js';
import { courierGame, type CourierAction, type CourierBoard } from './courier-game.js';
import { refusal } from '../helpers/refusal.js';

type Event = EnvelopeOf<'table-event'>;
let open: HandTable | null = null;
afterEach(() => {
  open?.stop();
  open = null;
});

const board = (s: HandSession) => s.engineState!.board as CourierBoard;

describe.each([2, 3])('courier with %i seats', (players) => {
  it('every request kind completes; seats and a seatless spectator agree on the hash and a clean audit', async () => {
    const table = (open = await handTable({ game: courierGame, players, seed: `courier-${players}` }));
    await play(table, courierScript());
    await until(() => table.spectator.phase === 'done');
    const all = [...table.sessions, table.spectator];
    expect(all.map((s) => s.halt)).toEqual(all.map(() => null));
    expect(all.map((s) => s.auditResult?.clean)).toEqual(all.map(() => true));
    expect(new Set(all.map((s) => s.hash)).size).toBe(1);
    const kinds = new Set(table.spectator.loggedInputs().map((i) => i.kind));
    expect([...kinds].sort()).toEqual(['act', 'delivered', 'reshuffled', 'revealed']);
    expect(census(courierGame, table.spectator.engineState!)).toEqual([]);
    // The spectator holds no secret and knows only public cards.
    expect(table.spectator.privateView.known).toEqual({});
    expect(table.spectator.legalActions()).toEqual([]);
  }, 120_000);
});

it('a secret choice: the chooser sees its reshuffled hand, the others cannot tell which card it discarded', async () => {
  const table = (open = await handTable({ game: courierGame, players: 2, seed: 'secret' }));
  let discarded: number | null = null;
  const script = courierScript(1);
  await play(table, (seat, legal, session) => {
    const action = script(seat, legal, session) as CourierAction | null;
    if (action?.type === 'discard') discarded = action.handle;
    return action;
  });
  expect(table.sessions.map((s) => s.halt)).toEqual([null, null]);
  expect(discarded).not.toBeNull();
  const [chooser, other] = table.sessions as [HandSession, HandSession];
  const state = other.engineState!;
  // Seat 1 chose; its new handles were revealed to it alone.
  const fresh = [...board(other).hands[0]!, discarded!];
  expect(fresh.every((h) => chooser.privateView.known[h] !== undefined)).toBe(true);
  for (const h of fresh) {
    expect(state.cards[h]?.seen).toEqual([0]);
    expect(state.cards[h]?.card).toBeNull();
    expect(other.privateView.known[h]).toBeUndefined();
    expect(table.spectator.privateView.known[h]).toBeUndefined();
  }
  // The old handles were retired by the reshuffle: knowing them says nothing about the new order.
  expect(fresh.every((h) => h >= 32)).toBe(true);
  expect(other.auditResult?.clean).toBe(true);
}, 120_000);

interface Cheat {
  readonly name: string;
  /** The request kind (or event type) whose event of the cheater is rewritten. */
  readonly matches: (body: Event['body'], request: CryptoRequest | undefined) => boolean;
  readonly rewrite: (body: Event['body'], envelope: Event) => Event;
  readonly code: HaltCode;
  /** The spectator, holding no secret, sees this cheat too (it is public). */
  readonly public: boolean;
  /** Seat 2 unless given; the other seat is the victim. */
  readonly cheater?: number;
}

const keysOf = (body: Event['body']) => body.data as { request: number; shares: Uint8Array[]; to: number | null };
const CHEATER = 1;

const cheats: Cheat[] = [
  {
    name: 'seals garbage in a reveal-to (the deal)',
    matches: (b, r) => b.type === 'keys' && r?.kind === 'reveal-to',
    rewrite: (body, env) => {
      const data = keysOf(body);
      const broken = data.shares[0]!.slice();
      broken[broken.length - 1]! ^= 1;
      return resign(CHEATER, env, { ...body, data: { ...data, shares: [broken] } });
    },
    code: 'unsealable',
    public: false,
  },
  {
    name: 'seals garbage when forwarding its passed card',
    matches: (b, r) => b.type === 'keys' && r?.kind === 'forward',
    rewrite: (body, env) => {
      const data = keysOf(body);
      const broken = data.shares[0]!.slice();
      broken[40]! ^= 1;
      return resign(CHEATER, env, { ...body, data: { ...data, shares: [broken] } });
    },
    code: 'unsealable',
    public: false,
  },
  {
    name: 'publishes a wrong key when a card is flipped (reveal-all)',
    matches: (b, r) => b.type === 'keys' && r?.kind === 'reveal-all',
    rewrite: (body, env) => {
      const data = keysOf(body);
      const msg = decodeKeyShares(data.shares[0]!);
      const entries = msg.entries.map((e) => ({ ...e, key: e.key + 1n }));
      return resign(CHEATER, env, { ...body, data: { ...data, shares: [encodeKeyShares({ ...msg, entries })] } });
    },
    code: 'wrong-key',
    public: true,
  },
  {
    name: 'leaves one layer out of the keys of a card it plays (F3: an incomplete share is blamed, not thrown)',
    matches: (b) => b.type === 'act' && (b.data as { action: CourierAction }).action.type === 'show',
    rewrite: (body, env) => {
      const data = body.data as { action: CourierAction; keys: Uint8Array[] };
      const msg = decodeKeyShares(data.keys[0]!);
      return resign(CHEATER, env, {
        ...body,
        data: { ...data, keys: [encodeKeyShares({ ...msg, entries: msg.entries.slice(1) })] },
      });
    },
    code: 'missing-key',
    public: true,
  },
  {
    name: 'sends a re-layer step with a broken proof in a reshuffle of public and hidden cards',
    matches: (b) => b.type === 'reshuffle',
    rewrite: (body, env) => {
      const data = body.data as { packet: number; step: Uint8Array };
      const msg = decodeRelayerStep(data.step);
      const step = data.step.slice();
      step[step.length - 1]! ^= 1;
      expect(msg.kind).toBe('relayer');
      return resign(CHEATER, env, { ...body, data: { ...data, step } });
    },
    code: 'bad-step',
    public: true,
  },
  {
    name: 'discards, after a secret choice, a card it does not hold',
    cheater: 0,
    matches: (b) => b.type === 'act' && (b.data as { action: CourierAction }).action.type === 'discard',
    rewrite: (body, env) => resign(0, env, { ...body, data: { action: { type: 'discard', handle: 31 }, keys: [] } }),
    code: 'illegal-move',
    public: true,
  },
];

it.each(cheats.map((c) => [c.name, c] as const))(
  'a peer that %s is caught and named',
  async (_name, cheat) => {
    const cheater = cheat.cheater ?? CHEATER;
    const victim = 1 - cheater;
    let done = false;
    const table = (open = await handTable({
      game: courierGame,
      players: 2,
      seed: `cheat-${cheat.name}`,
      tamper: (seat, envelope, t) => {
        if (seat !== cheater || done) return envelope;
        const id = (envelope.body.data as { request?: number }).request;
        const request = t.sessions[cheater]!.engineState?.requests.find((r) => r.id === id);
        if (!cheat.matches(envelope.body, request)) return envelope;
        done = true;
        return cheat.rewrite(envelope.body, envelope);
      },
    }));
    await play(table, courierScript());
    await until(() => table.sessions[victim]!.halt !== null);
    expect(done).toBe(true);
    const halt = table.sessions[victim]!.halt!;
    expect(halt.code, halt.detail).toBe(cheat.code);
    expect(halt.seat).toBe(cheater);
    if (cheat.public) {
      await until(() => table.spectator.halt !== null);
      expect(table.spectator.halt).toMatchObject({ code: cheat.code, seat: cheater });
    }
  },
  120_000,
);

it('the seat agent refuses its own discard of a card it does not hold', async () => {
  const table = (open = await handTable({ game: courierGame, players: 2, seed: 'bad-discard' }));
  const script = courierScript();
  let refused: string | null = null;
  await play(table, (seat, legal, session) => {
    const action = script(seat, legal, session) as CourierAction | null;
    if (action?.type === 'discard' && refused === null)
      refused = refusal(session.act({ type: 'discard', handle: board(session).pile[0]! }));
    return action;
  });
  expect(refused).toBe('rules:not-yours');
  expect(table.sessions.map((s) => s.halt)).toEqual([null, null]);
}, 120_000);

async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 2));
}
