/**
 * The protocol cheats of the attacker suite (cheats.ts holds the registry):
 * a seat that breaks the mental-poker cascade or the event protocol rather
 * than a game's rules — a shuffle or lock step that is not what its proof
 * claims (a linear relation between points, a substituted card, a wrong lock
 * factor), key shares that are wrong, incomplete or withheld, a low-order
 * seal key, a withheld or abandoned disclosure, an event from the far future,
 * equivocation (to everyone, or a split view: one valid shuffle step to some
 * peers, another valid one to the rest), a replay, a forged signature, a
 * relay that drops another seat's disclosure. Each rewrites the cheater's
 * own events, re-signed with its own key (`resign`), or its own relaying, so
 * that only the table layer can catch it.
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
} from '../../crypto/index.js';
import { deckFromPoints } from '../../crypto/packet.js';
import { makeShuffleStep, newPacketSecrets, proveShuffleStep } from '../../crypto/steps.js';
import { x25519 } from '@noble/curves/ed25519.js';
import type { AnyGame, AnyState } from '../../src/engine/index.js';
import { keyHex, signEnvelope, type Envelope, type EnvelopeOf, type Signer } from '../../src/net/envelope.js';
import type { HaltCode } from '../../src/table/hand-session.js';
import type { Cheat, CheatContext, CheatKind, Expectation } from './cheats.js';
import { evidenceCheat } from './cheats-evidence.js';

type Event = EnvelopeOf<'table-event'>;
type Body = Event['body'];

export function resign(signer: Signer, envelope: Event, body: Body): Event {
  return signEnvelope(signer, { kind: 'table-event', table: envelope.table, seq: envelope.seq, to: envelope.to, body });
}

export const isAct = (b: Body): boolean => b.type === 'act';
export const blame = (...codes: HaltCode[]): Expectation => ({ caught: 'blame', codes });

/** The handles the first deal shows to `seat` and to other seats (deal packet position = handle). */
export function dealtHandles(game: AnyGame, state: AnyState, seat: number): { mine: number[]; theirs: number[] } {
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
 * the real prover makes for it: the seat's true (s, π) over the altered deck
 * (exported for tests that try other rewrites than the registered cheats').
 */
export function cheatingShuffle(
  mutate: (
    points: ReturnType<typeof decodeShuffleStep>['deck']['points'],
    ctx: CheatContext,
    s: bigint,
  ) => ReturnType<typeof decodeShuffleStep>['deck']['points'] | null,
) {
  return (body: Body, ctx: CheatContext): Body | null => {
    if (ctx.done || body.type !== 'shuffle') return null;
    const data = body.data as { packet: number; step: Uint8Array };
    const cascade = ctx.hand()?.follower.cascade;
    const stored = ctx.secrets();
    if (!cascade || data.packet !== 0 || !stored) return null;
    const secrets = stored.packets.map((b) => decodePacketSecrets(b)).find((s) => s.packet === data.packet);
    if (!secrets?.shuffle) return null;
    const msg = decodeShuffleStep(data.step);
    const points = mutate(msg.deck.points, ctx, secrets.shuffle.s);
    if (!points) return null;
    const step = proveShuffleStep(
      cascade.state,
      ctx.seat,
      secrets.shuffle.s,
      secrets.shuffle.perm,
      deckFromPoints(points),
      msg.layer,
      ctx.rng,
    );
    ctx.done = true;
    return { ...body, data: { ...data, step: encodeShuffleStep(step) } };
  };
}

/**
 * The last shuffler's combination (F1): its output at a, a position of its
 * own first deal, becomes Y_a + Σ c_i·Y_{b_i}, b_i positions dealt to other
 * seats (one per coefficient, in deal order), so that opening its own card
 * shows it the victims' cards. The relation is recorded in `ctx.relations`
 * (the exponents the cheater knows), from which the knowledge monitor of its
 * peer reads exactly what it can. Exported for tests that try other
 * coefficients than the registered cheat's 2.
 */
export function linearShuffle(coeffs: readonly bigint[]) {
  return cheatingShuffle((points, ctx) => {
    const hand = ctx.hand()!;
    const { mine, theirs } = dealtHandles(hand.config.game, hand.follower.state!, ctx.seat);
    const a = mine[0] ?? 0;
    const others = theirs.filter((h) => h !== a);
    const victims = coeffs.map((_, i) => others[i] ?? (a + 1 + i) % points.length);
    ctx.relations?.push({
      packet: 0,
      position: a,
      terms: [{ position: a, coeff: 1n }, ...victims.map((position, i) => ({ position, coeff: coeffs[i]! }))],
    });
    return points.map((p, j) =>
      j === a ? victims.reduce((sum, b, i) => sum.add(points[b]!.multiply(coeffs[i]!)), p) : p,
    );
  });
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
 * A split view of one event: `alternative` makes, at sign time (before the
 * cheater's own follower takes the event in), another valid body for the
 * same slot; the cheater then sends the original to some peers and the
 * other version to the rest.
 */
export function splitView(alternative: (body: Body, ctx: CheatContext) => Body | null): Pick<Cheat, 'sign' | 'split'> {
  let pending: { n: number; body: Body } | null = null;
  return {
    sign(body, ctx) {
      if (ctx.done || pending) return null;
      const other = alternative(body, ctx);
      if (other) pending = { n: body.n, body: other };
      return null;
    },
    split(envelope, ctx) {
      if (ctx.done || !pending || envelope.body.n !== pending.n) return undefined;
      ctx.done = true;
      return [envelope, resign(ctx.signer, envelope, pending.body)];
    },
  };
}

/**
 * Drops its relaying of seat 0's disclosure to every peer (and its fetch answers with it), and its word for it: its
 * `holds` frames (the mesh applies this filter to them) and any echo that names it.
 */
function dropsDisclosure(envelope: Envelope, ctx: CheatContext): boolean {
  if (envelope.kind === 'echo') {
    const hand = ctx.hand();
    const names = envelope.body.events.some((sig) => {
      const event = hand?.follower.pool.bySignature(keyHex(sig));
      return event?.type === 'disclose' && event.seat === 0;
    });
    if (names) ctx.done = true;
    return !names;
  }
  const body = envelope.kind === 'table-event' ? (envelope.body as Body) : null;
  if (!body || body.type !== 'disclose') return true;
  const hand = ctx.hand();
  if (!hand || hand.config.setup.seatKeys.indexOf(keyHex(envelope.from)) !== 0) return true;
  ctx.done = true;
  return false;
}

/** The protocol cheat of `kind`, or undefined when `kind` is a move cheat (cheats-moves.ts). */
export function protocolCheat(kind: CheatKind): Cheat | undefined {
  switch (kind) {
    case 'shuffle-linear':
      return {
        kind,
        what: 'the last shuffler replaces an output point by Y_a + 2·Y_b (a of its own hand, b of a victim) to read the victim’s card',
        expect: blame('bad-step'),
        sign: linearShuffle([2n]),
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
          return resign(ctx.signer, envelope, {
            ...body,
            data: { ...data, step: encodeLockStep({ ...msg, deck: deckFromPoints(points) }) },
          });
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
          const field =
            body.type === 'keys' && (body.data as { to: unknown }).to === null
              ? 'shares'
              : body.type === 'act'
                ? 'keys'
                : null;
          if (field === null) return undefined;
          const list = (body.data as Record<string, unknown>)[field] as Uint8Array[];
          if (list.length === 0) return undefined;
          const msg = decodeKeyShares(list[0]!);
          const entries = msg.entries.map((e, i) => (i === 0 ? { ...e, key: e.key + 1n } : e));
          ctx.done = true;
          return resign(ctx.signer, envelope, {
            ...body,
            data: { ...(body.data as object), [field]: [encodeKeyShares({ ...msg, entries }), ...list.slice(1)] },
          });
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
          return resign(ctx.signer, envelope, {
            ...envelope.body,
            data: { ...(envelope.body.data as object), sealKey: new Uint8Array(32) },
          });
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
          return resign(ctx.signer, envelope, {
            ...envelope.body,
            type: 'abandon',
            data: { reason: 'I would rather not be audited' },
          });
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
          return [
            envelope,
            resign(ctx.signer, envelope, {
              ...envelope.body,
              data: { ...(envelope.body.data as object), sealKey: other },
            }),
          ];
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
    case 'split-shuffle':
      return {
        kind,
        what: 'a split view of its shuffle step: one valid step (own secret and permutation) to some peers, another valid one to the rest',
        expect: blame('equivocation'),
        ...splitView((body, ctx) => {
          if (body.type !== 'shuffle') return null;
          const data = body.data as { packet: number; step: Uint8Array };
          const cascade = ctx.hand()?.follower.cascade;
          if (!cascade || cascade.packet !== data.packet || cascade.state.phase !== 'shuffle') return null;
          const made = makeShuffleStep(cascade.state, ctx.seat, newPacketSecrets(data.packet, ctx.seat), ctx.rng);
          return { ...body, data: { ...data, step: encodeShuffleStep(made.message) } };
        }),
      };
    case 'drop-relay':
      return {
        kind,
        what: 'relays everything but seat 1’s disclosure (its own relaying and its fetch answers), and gives no word for it',
        expect: blame('no-disclosure'),
        needsClock: true,
        relay: (envelope, _to, ctx) => dropsDisclosure(envelope, ctx),
      };
    default:
      return evidenceCheat(kind);
  }
}
