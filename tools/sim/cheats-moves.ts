/**
 * The move cheats of the attacker suite (cheats.ts holds the registry): a
 * seat that breaks its game's rules rather than the cascade — a junk move
 * aimed at the audit's replay, a false claim the live rules must accept and
 * only the audit (every card open) disproves, a card it does not hold, its
 * first move again, a real-time reveal no digest can be computed of, a split
 * view of a move (two legal moves, one to some peers, one to the rest). Which
 * of them a game offers depends on its timing (turns or real time) and on
 * whether its moves rest on hidden-card claims.
 */
import type { AnyGame, AnyState, PrivateView } from '../../src/engine/index.js';
import type { Bot } from '../../src/bots/index.js';
import type { AnyGameModule } from '../../src/games/module.js';
import { roundDigest } from '../../src/table/hand/real-time.js';
import type { Cheat, CheatContext, CheatKind } from './cheats.js';
import { blame, isAct, resign, splitView } from './cheats-protocol.js';

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
          digest = roundDigest(
            hand.config.setup.table,
            hand.config.setup.handNo,
            data.round,
            ctx.seat,
            actions(),
            salt,
          );
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

/**
 * Every round this seat commits to becomes an empty one: whatever its bot
 * queued, its commit and reveal carry no move (the bot queues again, so it
 * opens the next round too). Done once it has opened 20 of them.
 */
function emptyRounds(): Pick<Cheat, 'sign'> {
  const salt = new Uint8Array(32).fill(7);
  let opened = 0;
  return {
    sign(body, ctx) {
      const hand = ctx.hand();
      if (!hand || (body.type !== 'commit' && body.type !== 'reveal')) return null;
      const data = body.data as { round: number };
      if (body.type === 'reveal') return { ...body, data: { round: data.round, actions: [], salt } };
      if (++opened >= 20) ctx.done = true;
      const { table, handNo } = hand.config.setup;
      return {
        ...body,
        data: { round: data.round, digest: roundDigest(table, handNo, data.round, ctx.seat, [], salt) },
      };
    },
  };
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
  const lesser: PrivateView[] = [
    { known: {} },
    ...suits.map((suit) => ({ known: Object.fromEntries(known.filter(([, card]) => card.slice(-1) !== suit)) })),
  ];
  for (const fewer of lesser) {
    for (const action of game.legalActions(state, seat, fewer)) {
      if (honestMoves.has(JSON.stringify(action))) continue;
      if (game.reduce(state, { kind: 'act', seat, action }).ok) return action;
    }
  }
  return null;
}

/** The move cheat of `kind` for a game `module`: null where the game offers no such cheat, undefined when `kind` is a protocol cheat. */
export function moveCheat(kind: CheatKind, module: AnyGameModule, claimsByOptions = false): Cheat | null | undefined {
  const realTime = module.timing === 'real-time';
  switch (kind) {
    case 'audit-junk':
      if (realTime)
        return {
          kind,
          what: 'a real-time reveal whose move is junk',
          expect: blame('not-a-move', 'bad-event'),
          ...realTimeCheat(() => [{ type: 'junk', x: [1, 2] }]),
        };
      return {
        kind,
        what: 'a move that is junk (no move of this game), aimed at the audit’s replay',
        expect: blame('not-a-move', 'bad-event'),
        publish(envelope, ctx) {
          if (ctx.done || !isAct(envelope.body)) return undefined;
          ctx.done = true;
          return resign(ctx.signer, envelope, {
            ...envelope.body,
            data: { action: { type: 'play', junk: { deep: [1, 'x'] } }, keys: [] },
          });
        },
      };
    case 'false-claim':
      if (realTime || !(module.hiddenClaims || claimsByOptions)) return null;
      return {
        kind,
        what: 'a false claim (a move legal only for fewer cards than it holds) the live rules must accept and the audit disproves',
        expect: blame('rules-fault', 'illegal-move', 'false-claim'),
        bot: falseClaimBot,
      };
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
          const action = JSON.parse(
            JSON.stringify(data.action).replace(JSON.stringify(claimed), JSON.stringify(fake)),
          ) as unknown;
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
    case 'split-move':
      if (realTime) return null;
      return {
        kind,
        what: 'a split view of a move: its move to some peers, another legal move (one that shows no card) to the rest',
        expect: blame('equivocation'),
        ...splitView((body, ctx) => {
          const hand = ctx.hand();
          const state = hand?.follower.state;
          if (!hand || !state || !isAct(body)) return null;
          const game = hand.config.game;
          const played = JSON.stringify((body.data as { action: unknown }).action);
          const other = game
            .legalActions(state, ctx.seat, hand.privateView)
            .find((a) => JSON.stringify(a) !== played && game.claimedCards(a)?.length === 0);
          return other === undefined ? null : { ...body, data: { action: other, keys: [] } };
        }),
      };
    case 'empty-rounds':
      if (!realTime) return null;
      return {
        kind,
        what: 'opens real-time round after round with no move in it (each asks every other seat for a commit and a reveal)',
        expect: blame('flood'),
        deep: true,
        // Scaled down (the table's limit is 20,000): an honest seat of a whole hand stays far below.
        limits: { eventsPerAuthor: 400, bytesPerAuthor: 8 << 20 },
        ...emptyRounds(),
      };
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
          return resign(ctx.signer, envelope, {
            ...envelope.body,
            data: { ...(envelope.body.data as object), actions: [{ type: 'play', bytes: new Uint8Array([1, 2, 3]) }] },
          });
        },
      };
    default:
      return undefined;
  }
}
