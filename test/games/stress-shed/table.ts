/**
 * A hand-built Stress (shedding) position for fast rule tests: the seats'
 * hand, face-up and face-down cards, the stack, the draw stack and the
 * cemetery named by card, each given a handle in that order. The ledger says
 * what the public knows (face-up, stack and cemetery cards; hand cards only
 * when `handPublic`), and `know` knows every card, like the audit.
 */
import { stressShed, type StressState } from '../../../src/games/stress-shed/index.js';
import type { CardId, Handle, Knowledge, Seat } from '../../../src/engine/index.js';

export interface SeatSpec {
  hand?: CardId[];
  faceUp?: CardId[];
  faceDown?: CardId[];
}

export interface TableSpec {
  seats: SeatSpec[];
  stack?: CardId[];
  draw?: CardId[];
  cemetery?: CardId[];
  options?: Record<string, unknown>;
  phase?: 'swap' | 'play' | 'over';
  turn?: Seat;
  dealer?: Seat;
  out?: Seat[];
  /** Hand cards that are public (picked up from the stack). */
  handPublic?: CardId[];
}

export interface Table {
  state: StressState;
  /** Every card, by handle (the audit's knowledge). */
  know: Knowledge;
  /** The handle of a card. */
  h: (card: CardId) => Handle;
  /** The cards of handles. */
  ids: (handles: readonly Handle[]) => CardId[];
}

export function table(spec: TableSpec): Table {
  const players = spec.seats.length;
  const setup = stressShed.setup({ players, options: spec.options ?? {}, dealer: spec.dealer ?? 0 });
  if (!setup.ok) throw new Error(setup.error);
  const state = structuredClone(setup.value);
  const deck: CardId[] = [];
  const take = (cards: CardId[] | undefined): Handle[] => (cards ?? []).map((card) => deck.push(card) - 1);
  const seats = spec.seats.map((s) => {
    const hand = take(s.hand);
    const faceUp = take(s.faceUp);
    const faceDown = take(s.faceDown);
    return { hand, faceUp, faceDown };
  });
  const stack = take(spec.stack);
  const draw = take(spec.draw);
  const cemetery = take(spec.cemetery);
  const all = Array.from({ length: players }, (_, s) => s);
  const publicHandles = new Set([...seats.flatMap((s) => s.faceUp), ...stack, ...cemetery]);
  for (const card of spec.handPublic ?? []) publicHandles.add(deck.indexOf(card));
  state.cards = deck.map((card, h) => {
    if (publicHandles.has(h)) return { card, seen: [...all], gone: false };
    const owner = seats.findIndex((s) => s.hand.includes(h));
    return { card: null, seen: owner >= 0 ? [owner] : [], gone: false };
  });
  state.deck = [...deck];
  state.requests = [];
  state.nextRequest = 0;
  state.claims = [];
  state.board = {
    phase: spec.phase ?? 'play',
    seats,
    ready: seats.map(() => (spec.phase === 'swap' ? null : [])),
    draw,
    stack,
    cemetery,
    flipping: null,
    turn: spec.turn ?? 0,
    out: [...(spec.out ?? [])],
    loser: null,
    positions: [],
    endless: null,
  };
  const h = (card: CardId): Handle => {
    const handle = deck.indexOf(card);
    if (handle < 0) throw new Error(`no card ${card}`);
    return handle;
  };
  return { state, know: (handle) => deck[handle] ?? null, h, ids: (handles) => handles.map((x) => deck[x] ?? '?') };
}
