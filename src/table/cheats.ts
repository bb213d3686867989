/**
 * Cheating seats for the simulator and the attacker suite (issue 9): each
 * cheat is one bot peer that rewrites or forges its *own* events and signs
 * them with its own key, so the mesh accepts them and only the table layer
 * can catch the cheat — and must name that seat. A cheat works at one of
 * three places: when the seat signs (its own follower takes the rewritten
 * event too, so it plays on consistently: the shuffle cheats), when it
 * publishes (what the others get differs from what it keeps: equivocation,
 * withheld or forged events), or in its bot (a move the live rules accept
 * as a claim that the audit disproves). Only scripts/ and tests import this
 * module; the app never does.
 */
import {
  cardPoint,
  decodeKeyShares,
  decodePacketSecrets,
  decodeLockStep,
  decodeShuffleStep,
  encodeKeyShares,
  encodeLockStep,
  encodeShuffleStep,
  type RandomSource,
} from '../../crypto/index.js';
import { deckFromPoints } from '../../crypto/packet.js';
import { proveShuffleStep } from '../../crypto/steps.js';
import { x25519 } from '@noble/curves/ed25519.js';
import type { AnyGame, AnyState, PrivateView } from '../engine/index.js';
import type { Bot } from '../bots/index.js';
import { signEnvelope, type EnvelopeOf, type Signer } from '../net/envelope.js';
import { gameModule, type GameId } from '../games/index.js';
import type { HandSecrets, HandSession, HaltCode } from './hand-session.js';
import { roundDigest } from './hand/real-time.js';

type Event = EnvelopeOf<'table-event'>;
type Body = Event['body'];

/** What a cheat sees of its own seat. */
export interface CheatContext {
  readonly seat: number;
  readonly players: number;
  readonly signer: Signer;
  readonly rng: RandomSource;
  /** The cheater's current hand. */
  hand(): HandSession | null;
  /** The secrets the cheater's seat last kept for its current hand. */
  secrets(): HandSecrets | undefined;
  /** Set once the cheat was actually committed. */
  done: boolean;
}

/** How the honest peers must react. */
export type Expectation =
  /** Halt (or an unclean audit) naming the cheater with one of these codes. */
  | { readonly caught: 'blame'; readonly codes: readonly HaltCode[] }
  /** The cheater is named as stalled (an abort; a forged signature is dropped by the mesh). */
  | { readonly caught: 'stall' }
  /** Nothing changes: the hand finishes with a clean audit (a replay). */
  | { readonly caught: 'nothing' };

export interface Cheat {
  readonly kind: CheatKind;
  readonly what: string;
  readonly expect: Expectation;
  /** The disclosure deadline must be driven (`tick` with a simulated clock). */
  readonly needsClock?: boolean;
  /** Rewrites a body the cheater is about to sign (null: leave it). */
  sign?(body: Body, ctx: CheatContext): Body | null;
  /** Rewrites what the cheater sends (undefined: leave it; null: send nothing). */
  publish?(envelope: Event, ctx: CheatContext): Event | Event[] | null | undefined;
  /** Wraps the cheater's bot. */
  bot?(honest: Bot, ctx: CheatContext): Bot;
}

export const CHEAT_KINDS = [
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
] as const;
export type CheatKind = (typeof CHEAT_KINDS)[number];

/** The finding of the attacker review (issue 9) each cheat replays, where it replays one. */
export const FINDING: Partial<Record<CheatKind, string>> = {
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
};

/** Cheats that only show once play is over (a whole hand is played): the slow part of the suite. */
export const WHOLE_HAND_CHEATS: readonly CheatKind[] = ['withhold-disclose', 'abandon-in-disclose', 'false-claim', 'replay'];

export function isCheatKind(kind: string): kind is CheatKind {
  return (CHEAT_KINDS as readonly string[]).includes(kind);
}

export function resign(signer: Signer, envelope: Event, body: Body): Event {
  return signEnvelope(signer, { kind: 'table-event', table: envelope.table, seq: envelope.seq, to: envelope.to, body });
}

/** The seat that cheats: the last one (the last shuffler, and never the dealer's first seat). */
export function cheaterSeat(_kind: CheatKind, players: number): number {
  return players - 1;
}

const isAct = (b: Body): boolean => b.type === 'act';
const blame = (...codes: HaltCode[]): Expectation => ({ caught: 'blame', codes });

/** The handles the first deal shows to `seat` and to other seats (deal packet position = handle). */
function dealtHandles(game: AnyGame, state: AnyState, seat: number): { mine: number[]; theirs: number[] } {
  const awaiting = game.awaits(state);
  const mine: number[] = [];
  const theirs: number[] = [];
  if (awaiting.kind === 'crypto') {
    for (const r of awaiting.requests) {
      if (r.kind !== 'reveal-to') continue;
      (r.seat === seat ? mine : theirs).push(...r.handles);
    }
  }
  return { mine, theirs };
}

/**
 * A shuffle step whose output is rewritten by `mutate`, with the best proof
 * the real prover makes for it: the seat's true (s, π) over the altered deck.
 */
function cheatingShuffle(mutate: (points: ReturnType<typeof decodeShuffleStep>['deck']['points'], ctx: CheatContext, s: bigint) => ReturnType<typeof decodeShuffleStep>['deck']['points'] | null) {
  return (body: Body, ctx: CheatContext): Body | null => {
    if (ctx.done || body.type !== 'shuffle') return null;
    const data = body.data as { packet: number; step: Uint8Array };
    const hand = ctx.hand();
    const cascade = hand?.follower.cascade;
    const stored = ctx.secrets();
    if (!hand || !cascade || data.packet !== 0 || !stored) return null;
    const secrets = stored.packets.map((b) => decodePacketSecrets(b)).find((s) => s.packet === data.packet);
    if (!secrets?.shuffle) return null;
    const msg = decodeShuffleStep(data.step);
    const points = mutate(msg.deck.points, ctx, secrets.shuffle.s);
    if (!points) return null;
    const step = proveShuffleStep(cascade.state, ctx.seat, secrets.shuffle.s, secrets.shuffle.perm, deckFromPoints(points), msg.layer, ctx.rng);
    ctx.done = true;
    return { ...body, data: { ...data, step: encodeShuffleStep(step) } };
  };
}

/** Rewrites a real-time commit and its reveal to carry `actions` (with a digest that matches, where one can be computed). */
function realTimeCheat(actions: () => unknown[]): Pick<Cheat, 'sign'> {
  let round: number | null = null;
  const salt = new Uint8Array(32).fill(5);
  return {
    sign(body, ctx) {
      const hand = ctx.hand();
      if (!hand) return null;
      if (body.type === 'commit' && round === null && !ctx.done) {
        const data = body.data as { round: number; digest: Uint8Array };
        round = data.round;
        let digest: Uint8Array;
        try {
          digest = roundDigest(hand.config.setup.table, hand.config.setup.handNo, data.round, ctx.seat, actions(), salt);
        } catch {
          digest = data.digest; // a move no digest can be computed of: the reveal cannot match anything
        }
        return { ...body, data: { ...data, digest } };
      }
      if (body.type === 'reveal' && (body.data as { round: number }).round === round && !ctx.done) {
        ctx.done = true;
        return { ...body, data: { ...(body.data as object), actions: actions(), salt } };
      }
      return null;
    },
  };
}

/** Drops the last key entry of the first public key shares (an act's or a reveal's) that hold at least two. */
function dropKeyEntry(shares: Uint8Array[]): Uint8Array[] | null {
  const decoded = shares.map((b) => decodeKeyShares(b));
  const total = decoded.reduce((n, m) => n + m.entries.length, 0);
  if (total < 2) return null;
  const last = decoded.length - 1;
  const msg = decoded[last]!;
  if (msg.entries.length === 1) return shares.slice(0, last);
  return [...shares.slice(0, last), encodeKeyShares({ ...msg, entries: msg.entries.slice(0, -1) })];
}

/**
 * A false claim, found without naming any game: a move the seat's rules would
 * allow if it held fewer cards — legal for its view with every hidden card
 * forgotten (a false "no legal play"), or with every card of one suit
 * forgotten (a renege) — that is not legal for what it holds, yet the live
 * rules accept (they cannot see its hand). Only the audit, with every card
 * open, can disprove it.
 */
function falseClaimBot(honest: Bot, ctx: CheatContext): Bot {
  return (g, state, seat, view) => {
    if (!ctx.done) {
      const action = falseClaim(g, state, seat, view);
      if (action !== null) {
        ctx.done = true;
        return action;
      }
    }
    return honest(g, state, seat, view);
  };
}

function falseClaim(game: AnyGame, state: AnyState, seat: number, view: PrivateView): unknown | null {
  const legal = game.legalActions(state, seat, view);
  if (legal.length === 0) return null;
  const honestMoves = new Set(legal.map((a) => JSON.stringify(a)));
  const known = Object.entries(view.known).filter(([h]) => state.cards[Number(h)]?.card === null);
  const suits = [...new Set(known.map(([, card]) => card.slice(-1)))];
  const lesser: PrivateView[] = [{ known: {} }, ...suits.map((suit) => ({ known: Object.fromEntries(known.filter(([, card]) => card.slice(-1) !== suit)) }))];
  for (const fewer of lesser) {
    for (const action of game.legalActions(state, seat, fewer)) {
      if (honestMoves.has(JSON.stringify(action))) continue;
      if (game.reduce(state, { kind: 'act', seat, action }).ok) return action;
    }
  }
  return null;
}

/**
 * The cheat of `kind` for `game`, or null where the game offers no such cheat.
 * `claimsByOptions`: the table's options make moves rest on hidden-card claims
 * although the game's defaults do not (School Blackjack with voluntaryDraw off).
 */
export function makeCheat(kind: CheatKind, game: GameId, claimsByOptions = false): Cheat | null {
  const module = gameModule(game);
  if (!module) return null;
  const realTime = module.timing === 'real-time';
  switch (kind) {
    case 'shuffle-linear':
      return {
        kind,
        what: 'the last shuffler replaces an output point by Y_a + 2·Y_b (a of its own hand, b of a victim) to read the victim’s card',
        expect: blame('bad-step'),
        sign: cheatingShuffle((points, ctx) => {
          const hand = ctx.hand()!;
          const { mine, theirs } = dealtHandles(hand.config.game, hand.follower.state!, ctx.seat);
          const a = mine[0] ?? 0;
          const b = theirs.find((h) => h !== a) ?? (a + 1) % points.length;
          return points.map((p, j) => (j === a ? p.add(points[b]!.multiply(2n)) : p));
        }),
      };
    case 'shuffle-substitute':
      return {
        kind,
        what: 'a shuffler substitutes a card of another hand for one of the deck',
        expect: blame('bad-step'),
        sign: cheatingShuffle((points, ctx, s) => {
          const params = ctx.hand()!.follower.book.hand.params;
          const foreign = cardPoint({ ...params, handNo: params.handNo + 1 }, 0).multiply(s);
          return points.map((p, j) => (j === 3 ? foreign : p));
        }),
      };
    case 'wrong-lock':
      return {
        kind,
        what: 'a lock step with a wrong factor on one card (its proof no longer holds)',
        expect: blame('bad-step'),
        publish(envelope, ctx) {
          const body = envelope.body;
          if (ctx.done || body.type !== 'lock') return undefined;
          const data = body.data as { packet: number; step: Uint8Array };
          const msg = decodeLockStep(data.step);
          const points = msg.deck.points.map((p, j) => (j === 2 ? p.multiply(3n) : p));
          ctx.done = true;
          return resign(ctx.signer, envelope, { ...body, data: { ...data, step: encodeLockStep({ ...msg, deck: deckFromPoints(points) }) } });
        },
      };
    case 'withhold-keys':
      return {
        kind,
        what: 'withholds its key shares (an abort: nothing can be proven, the seat is named as stalled)',
        expect: { caught: 'stall' },
        publish(envelope, ctx) {
          if (envelope.body.type !== 'keys' && !(ctx.done && envelope.body.type !== 'disclose')) return undefined;
          ctx.done = true;
          return null;
        },
      };
    case 'incomplete-keys':
      return {
        kind,
        what: 'key shares that leave out an entry the request needs',
        expect: blame('missing-key'),
        publish(envelope, ctx) {
          const body = envelope.body;
          if (ctx.done) return undefined;
          if (body.type === 'keys' && (body.data as { to: unknown }).to === null) {
            const data = body.data as { shares: Uint8Array[] };
            const shares = dropKeyEntry(data.shares);
            if (!shares) return undefined;
            ctx.done = true;
            return resign(ctx.signer, envelope, { ...body, data: { ...data, shares } });
          }
          if (isAct(body)) {
            const data = body.data as { keys: Uint8Array[] };
            const keys = data.keys.length ? dropKeyEntry(data.keys) : null;
            if (!keys) return undefined;
            ctx.done = true;
            return resign(ctx.signer, envelope, { ...body, data: { ...data, keys } });
          }
          return undefined;
        },
      };
    case 'wrong-key':
      return {
        kind,
        what: 'a wrong key when a card is turned up for everyone (a public reveal, or the card a move plays)',
        expect: blame('wrong-key'),
        publish(envelope, ctx) {
          const body = envelope.body;
          if (ctx.done) return undefined;
          // Games without public reveals (School Blackjack) turn cards up only through the keys a move carries.
          const field = body.type === 'keys' && (body.data as { to: unknown }).to === null ? 'shares' : body.type === 'act' ? 'keys' : null;
          const list = field === null ? [] : ((body.data as Record<string, unknown>)[field] as Uint8Array[]);
          if (field === null || list.length === 0) return undefined;
          const msg = decodeKeyShares(list[0]!);
          const entries = msg.entries.map((e, i) => (i === 0 ? { ...e, key: e.key + 1n } : e));
          ctx.done = true;
          return resign(ctx.signer, envelope, { ...body, data: { ...(body.data as object), [field]: [encodeKeyShares({ ...msg, entries }), ...list.slice(1)] } });
        },
      };
    case 'low-order-seal-key':
      return {
        kind,
        what: 'a low-order X25519 seal key in its ready (every sealed share to it would be readable)',
        expect: blame('bad-seal-key'),
        publish(envelope, ctx) {
          if (ctx.done || envelope.body.type !== 'ready') return undefined;
          ctx.done = true;
          return resign(ctx.signer, envelope, { ...envelope.body, data: { ...(envelope.body.data as object), sealKey: new Uint8Array(32) } });
        },
      };
    case 'audit-junk':
      if (realTime) return { kind, what: 'a real-time reveal whose move is junk', expect: blame('not-a-move', 'bad-event'), ...realTimeCheat(() => [{ type: 'junk', x: [1, 2] }]) };
      return {
        kind,
        what: 'a move that is junk (no move of this game), aimed at the audit’s replay',
        expect: blame('not-a-move', 'bad-event'),
        publish(envelope, ctx) {
          if (ctx.done || !isAct(envelope.body)) return undefined;
          ctx.done = true;
          return resign(ctx.signer, envelope, { ...envelope.body, data: { action: { type: 'play', junk: { deep: [1, 'x'] } }, keys: [] } });
        },
      };
    case 'withhold-disclose':
      return {
        kind,
        what: 'withholds its disclosure after play (the audit would catch it)',
        expect: blame('no-disclosure'),
        needsClock: true,
        publish(envelope, ctx) {
          if (envelope.body.type !== 'disclose') return undefined;
          ctx.done = true;
          return null;
        },
      };
    case 'abandon-in-disclose':
      return {
        kind,
        what: 'ends the hand with an abandon instead of disclosing once play is over',
        expect: blame('no-disclosure'),
        needsClock: true,
        publish(envelope, ctx) {
          if (envelope.body.type !== 'disclose') return undefined;
          ctx.done = true;
          return resign(ctx.signer, envelope, { ...envelope.body, type: 'abandon', data: { reason: 'I would rather not be audited' } });
        },
      };
    case 'far-future-at':
      return {
        kind,
        what: 'an event claiming to be made at engine step 2^52',
        expect: blame('future-step'),
        publish(envelope, ctx) {
          if (ctx.done || envelope.body.type === 'ready') return undefined;
          ctx.done = true;
          return resign(ctx.signer, envelope, { ...envelope.body, at: 2 ** 52 });
        },
      };
    case 'equivocate':
      return {
        kind,
        what: 'sends two different versions of its ready (two seal keys)',
        expect: blame('equivocation'),
        publish(envelope, ctx) {
          if (ctx.done || envelope.body.type !== 'ready') return undefined;
          ctx.done = true;
          const other = x25519.getPublicKey(ctx.rng(32));
          return [envelope, resign(ctx.signer, envelope, { ...envelope.body, data: { ...(envelope.body.data as object), sealKey: other } })];
        },
      };
    case 'false-claim':
      if (realTime || !(module.hiddenClaims || claimsByOptions)) return null;
      return { kind, what: 'a false claim (a move legal only for fewer cards than it holds) the live rules must accept and the audit disproves', expect: blame('rules-fault', 'illegal-move', 'false-claim'), bot: falseClaimBot };
    case 'wrong-card':
      if (realTime) return null;
      return {
        kind,
        what: 'claims to play a card it does not hold (the keys open another)',
        expect: blame('false-claim'),
        publish(envelope, ctx) {
          const body = envelope.body;
          if (ctx.done || !isAct(body)) return undefined;
          const hand = ctx.hand();
          const data = body.data as { action: Record<string, unknown>; keys: Uint8Array[] };
          const claims = hand?.config.game.claimedCards(data.action) ?? [];
          if (!hand || claims.length === 0 || data.keys.length === 0) return undefined;
          const deck = hand.follower.state!.deck;
          const claimed = claims[0]!.card;
          const fake = deck.find((c) => c !== claimed)!;
          const action = JSON.parse(JSON.stringify(data.action).replace(JSON.stringify(claimed), JSON.stringify(fake))) as unknown;
          ctx.done = true;
          return resign(ctx.signer, envelope, { ...body, data: { ...data, action } });
        },
      };
    case 'repeat-move': {
      if (realTime) return null;
      let first: unknown = null;
      return {
        kind,
        what: 'makes its first move again in place of its second (a move the rules refuse now)',
        expect: blame('illegal-move', 'false-claim', 'unknown-handle', 'wrong-key'),
        publish(envelope, ctx) {
          const body = envelope.body;
          if (ctx.done || !isAct(body)) return undefined;
          if (first === null) {
            first = body.data;
            return undefined;
          }
          ctx.done = true;
          return resign(ctx.signer, envelope, { ...body, data: first });
        },
      };
    }
    case 'realtime-bad-reveal':
      if (!realTime) return null;
      return {
        kind,
        what: 'a real-time reveal whose moves hold a CBOR byte string (no digest can even be computed of it)',
        expect: blame('bad-event'),
        // Published as sent (its own follower would refuse to take it in): the others must name it, not crash.
        publish(envelope, ctx) {
          if (ctx.done || envelope.body.type !== 'reveal') return undefined;
          ctx.done = true;
          return resign(ctx.signer, envelope, { ...envelope.body, data: { ...(envelope.body.data as object), actions: [{ type: 'play', bytes: new Uint8Array([1, 2, 3]) }] } });
        },
      };
    case 'replay': {
      let first: Event | null = null;
      return {
        kind,
        what: 'sends its first event again later (a replay)',
        expect: { caught: 'nothing' },
        publish(envelope, ctx) {
          if (!first) {
            first = envelope;
            return undefined;
          }
          if (ctx.done || !(isAct(envelope.body) || envelope.body.type === 'commit')) return undefined;
          ctx.done = true;
          return [envelope, first];
        },
      };
    }
    case 'forged-signature':
      return {
        kind,
        what: 'alters an event without re-signing it (a forged signature): the mesh drops it and the seat stalls',
        expect: { caught: 'stall' },
        publish(envelope, ctx) {
          if (ctx.done || envelope.body.type === 'ready') return undefined;
          ctx.done = true;
          return { ...envelope, sig: new Uint8Array(64).fill(1) };
        },
      };
  }
}
